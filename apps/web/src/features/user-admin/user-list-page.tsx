import { type TAdminUser, USER_STATUSES } from '@portal/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { statusColumn, updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { ListScreen } from '../../shared/list/list-screen';
import { type UserFilter, useUserList } from './user-admin-api';
import { USER_LIST_PATH, userPath } from './user-admin-paths';

/** /BMS/user_maintenance: search users, filter by status, open or create one. */
export default function UserListPage() {
  const { t, i18n } = useTranslation('userAdmin');
  const navigate = useNavigate();
  const list = useUserList();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const columns = useMemo<DataTableColumn<TAdminUser>[]>(
    () => [
      {
        key: 'login_id',
        title: t('field.login_id'),
        sortable: true,
        alwaysVisible: true,
        width: 240,
        render: (_, u) => (
          <Link to={userPath(u.user_uid)} data-testid={`user-link-${u.login_id}`}>
            {u.login_id}
          </Link>
        ),
      },
      { key: 'last_name', title: t('field.last_name'), sortable: true, width: 140 },
      { key: 'first_name', title: t('field.first_name'), sortable: true, width: 140 },
      {
        key: 'profiles',
        title: t('section.profiles'),
        width: 220,
        render: (_, u) =>
          u.profiles.map((p) => <Tag key={p.user_profile_id}>{`${p.profile_type} / ${p.role}`}</Tag>),
      },
      statusColumn(t('field.status'), (s) => t(`status.${s}`)),
      {
        key: 'locked',
        title: t('locked'),
        width: 90,
        render: (_, u) => (u.locked ? <Tag color="orange">{t('locked')}</Tag> : null),
      },
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
  return (
    <ListScreen<TAdminUser, UserFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="user_uid"
      onRowOpen={(u) => navigate(userPath(u.user_uid))}
      tableId="userAdmin.list"
      viewsUrl={USER_LIST_PATH}
      exportPath="/User/export"
      filters={[
        {
          name: 'status',
          label: t('field.status'),
          options: USER_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) })),
          width: 140,
        },
      ]}
      create={{ label: t('newUser'), onClick: () => navigate(userPath('new')), testId: 'user-new' }}
      data-testid="user-table"
    />
  );
}
