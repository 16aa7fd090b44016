import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { PARTY_LIST_NAMES, type TPartyList, type TPartyListRow } from '@portal/contracts';
import { Badge, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { formatTotal } from '../../shared/list/format-total';
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
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
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
      <Flex wrap gap={8} data-testid="party-dashboard">
        {PARTY_LIST_NAMES.map((name) => {
          const c = counts.data?.counts[name];
          return (
            <Card
              key={name}
              size="small"
              hoverable
              onClick={() => navigate(partyListPath(name))}
              style={{ width: 190, borderColor: name === list ? '#1677ff' : undefined }}
              data-testid={`party-list-${name}`}
              aria-current={name === list ? 'page' : undefined}
            >
              <Flex justify="space-between" align="center" gap={6}>
                <Typography.Text style={{ fontSize: 12 }}>{t(`lists.${name}`)}</Typography.Text>
                <Badge
                  count={c ? formatTotal(c.total, c.totalCapped) : '…'}
                  color={name === list ? '#1677ff' : '#8c8c8c'}
                  overflowCount={Number.MAX_SAFE_INTEGER}
                  data-testid={`party-count-${name}`}
                />
              </Flex>
            </Card>
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
      <Typography.Title level={5} style={{ margin: 0 }} data-testid="party-list-title">
        {t(`lists.${list}`)}
      </Typography.Title>
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
