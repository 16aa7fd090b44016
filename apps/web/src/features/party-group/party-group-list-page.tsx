import type { TPartyGroupRow } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListScreen } from '../../shared/list/list-screen';
import { type PartyGroupFilter, usePartyGroupList } from './party-group-api';
import { usePartyGroupColumns } from './party-group-columns';
import { usePartyGroupLabels } from './party-group-labels';
import { PARTY_GROUP_LIST_PATH, partyGroupPath } from './party-group-paths';

/** /BMS/party_group_maintenance: search, filter, sort, page and export party groups; open or create one. */
export default function PartyGroupListPage() {
  const { t } = useTranslation('party-group');
  const navigate = useNavigate();
  const list = usePartyGroupList();
  const columns = usePartyGroupColumns();
  const labels = usePartyGroupLabels();
  return (
    <ListScreen<TPartyGroupRow, PartyGroupFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="party_group_id"
      onRowOpen={(g) => navigate(partyGroupPath(g.party_group_id))}
      tableId="party-group.list"
      viewsUrl={PARTY_GROUP_LIST_PATH}
      exportPath="/PartyGroup/export"
      filters={[{ name: 'group_type', label: t('field.group_type'), options: labels.typeOptions }]}
      customFilterFields={labels.customFilterFields}
      create={{
        label: t('newPartyGroup'),
        onClick: () => navigate(partyGroupPath('new')),
        testId: 'party-group-new',
      }}
      data-testid="party-group-table"
    />
  );
}
