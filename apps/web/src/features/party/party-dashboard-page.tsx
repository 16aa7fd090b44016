import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { PARTY_LIST_NAMES, type TPartyList, type TPartyListRow } from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../shared/button';
import { DashboardCard, DashboardListTitle, DashboardTitle } from '../../shared/list/dashboard-card';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { type PartyFilter, usePartyCounts, usePartyList } from './party-api';
import { usePartyColumns } from './party-columns';
import { usePartyLabels } from './party-labels';
import { ACCOUNT_GROUP_LIST_PATH, partyListPath, partyPath } from './party-paths';

const isList = (s: string | undefined): s is TPartyList => !!s && (PARTY_LIST_NAMES as string[]).includes(s);

/** /BMS/party[/{list}]: the 13 lists with their counts, and the chosen list on the shared table. */
export default function PartyDashboardPage() {
  const { search_state } = useParams();
  const list: TPartyList = isList(search_state) ? search_state : 'search_party';
  const { t } = useTranslation('party');
  const navigate = useNavigate();
  const counts = usePartyCounts();

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <DashboardTitle>{t('title')}</DashboardTitle>
        <Flex gap={8}>
          <Button
            icon={<TeamOutlined />}
            onClick={() => navigate(ACCOUNT_GROUP_LIST_PATH)}
            data-testid="party-account-groups"
          >
            {t('accountGroups')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(partyPath('new', list))}
            data-testid="party-new"
          >
            {t('newParty')}
          </Button>
        </Flex>
      </Flex>
      <Flex wrap gap={8} data-testid="party-dashboard" role="list">
        {PARTY_LIST_NAMES.map((name) => {
          const c = counts.data?.counts[name];
          return (
            <DashboardCard
              key={name}
              testIdPrefix="party"
              listKey={name}
              title={t(`lists.${name}`)}
              selected={name === list}
              entry={c && { count: c.total, countCapped: c.totalCapped }}
              width={190}
              onOpen={() => navigate(partyListPath(name))}
            />
          );
        })}
      </Flex>
      <PartyListTable key={list} list={list} />
    </Flex>
  );
}

/** One party list with search, filters, paging and export. */
function PartyListTable({ list }: { list: TPartyList }) {
  const { t } = useTranslation('party');
  const navigate = useNavigate();
  const query = usePartyList(list);
  const columns = usePartyColumns(list);
  const labels = usePartyLabels();
  return (
    <Flex vertical gap={12}>
      <DashboardListTitle testId="party-list-title">{t(`lists.${list}`)}</DashboardListTitle>
      <SearchBar
        list={query}
        placeholder={t('searchPlaceholder')}
        customFilterFields={labels.customFilterFields}
        filters={[
          { name: 'party_type', label: labels.field('party_type'), options: labels.typeOptions, width: 160 },
          { name: 'status', label: labels.field('status'), options: labels.statusOptions, width: 130 },
        ]}
      />
      <DataTable<TPartyListRow, PartyFilter>
        tableId="party.list"
        viewsUrl={partyListPath(list)}
        columns={columns}
        list={query}
        rowKey="party_id"
        onRowOpen={(p) => navigate(partyPath(p.party_id, list))}
        toolbar={<ExportButton path={`/Party/list/${list}/export`} query={query.exportQuery} />}
        data-testid="party-table"
      />
    </Flex>
  );
}
