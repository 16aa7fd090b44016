import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { DATETIME_FORMAT, type TAccountGroup } from '@portal/contracts';
import { Flex, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../shared/button';
import { DataTable, type DataTableColumn } from '../../shared/list/data-table';
import { SearchBar } from '../../shared/list/search-bar';
import { Typography } from '../../shared/plain/typography';
import { useAccountGroupList } from './party-api';
import { usePartyLabels } from './party-labels';
import { accountGroupPath, PARTY_HOME_PATH } from './party-paths';

/** /BMS/party/account_group_code_maintenance: the account group codes. */
export default function AccountGroupListPage() {
  const { t } = useTranslation('party');
  const labels = usePartyLabels();
  const navigate = useNavigate();
  const list = useAccountGroupList();
  const columns: DataTableColumn<TAccountGroup>[] = [
    {
      key: 'code',
      title: t('group.code'),
      sortable: true,
      alwaysVisible: true,
      width: 160,
      render: (_, g) => (
        <Link to={accountGroupPath(g.customer_id)} data-testid={`account-group-link-${g.code}`}>
          {g.code}
        </Link>
      ),
    },
    { key: 'name', title: t('group.name'), sortable: true, width: 300 },
    {
      key: 'status',
      title: t('group.status'),
      sortable: true,
      width: 100,
      render: (_, g) => <Tag color={g.status === 'A' ? 'green' : 'default'}>{labels.status(g.status)}</Tag>,
    },
    {
      key: 'updated_at',
      title: labels.field('updated_at'),
      sortable: true,
      width: 170,
      render: (_, g) => dayjs(g.updated_at).format(DATETIME_FORMAT),
    },
    { key: 'updated_by', title: labels.field('updated_by'), width: 170 },
  ];
  return (
    <Flex vertical gap={12}>
      <Link to={PARTY_HOME_PATH} data-testid="account-group-back">
        <ArrowLeftOutlined /> {t('title')}
      </Link>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('group.listTitle')}
      </Typography.Title>
      <SearchBar
        list={list}
        placeholder={t('group.searchPlaceholder')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(accountGroupPath('new'))}
            data-testid="account-group-new"
          >
            {t('group.new')}
          </Button>
        }
      />
      <DataTable<TAccountGroup, never>
        tableId="party.account-groups"
        columns={columns}
        list={list}
        rowKey="customer_id"
        onRowOpen={(g) => navigate(accountGroupPath(g.customer_id))}
        data-testid="account-group-table"
      />
    </Flex>
  );
}
