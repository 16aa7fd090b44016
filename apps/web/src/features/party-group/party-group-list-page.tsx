import { PlusOutlined } from '@ant-design/icons';
import type { TPartyGroupRow } from '@portal/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { usePartyGroupList } from './party-group-api';
import { usePartyGroupColumns } from './party-group-columns';
import { usePartyGroupLabels } from './party-group-labels';
import { partyGroupPath } from './party-group-paths';

/** /BMS/party_group_maintenance: search, filter, sort, page and export party groups; open or create one. */
export default function PartyGroupListPage() {
  const { t } = useTranslation('party-group');
  const navigate = useNavigate();
  const list = usePartyGroupList();
  const columns = usePartyGroupColumns();
  const labels = usePartyGroupLabels();

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('listTitle')}
      </Typography.Title>
      <SearchBar
        list={list}
        placeholder={t('searchPlaceholder')}
        filters={[{ name: 'group_type', label: t('field.group_type'), options: labels.typeOptions }]}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(partyGroupPath('new'))}
            data-testid="party-group-new"
          >
            {t('newPartyGroup')}
          </Button>
        }
      />
      <DataTable<TPartyGroupRow, 'group_type'>
        tableId="party-group.list"
        columns={columns}
        list={list}
        rowKey="party_group_id"
        onRowOpen={(g) => navigate(partyGroupPath(g.party_group_id))}
        toolbar={<ExportButton path="/PartyGroup/export" query={list.exportQuery} />}
        data-testid="party-group-table"
      />
    </Flex>
  );
}
