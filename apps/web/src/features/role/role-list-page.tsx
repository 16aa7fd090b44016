import type { TRoleRecord } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { ListScreen } from '../../shared/list/list-screen';
import { useRoleList } from './role-api';
import { ROLE_LIST_PATH, rolePath } from './role-paths';

/** /BMS/role_maintenance: the function roles and how many function ids each grants. */
export default function RoleListPage() {
  const { t, i18n } = useTranslation('role');
  const navigate = useNavigate();
  const list = useRoleList();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const columns = useMemo<DataTableColumn<TRoleRecord>[]>(
    () => [
      {
        key: 'code',
        title: t('field.code'),
        sortable: true,
        alwaysVisible: true,
        width: 160,
        render: (_, r) => (
          <Link to={rolePath(r.role_id)} data-testid={`role-link-${r.code}`}>
            {r.code}
          </Link>
        ),
      },
      { key: 'name', title: t('field.name'), sortable: true, width: 220 },
      { key: 'func_count', title: t('field.func_count'), width: 120, render: (_, r) => r.func_ids.length },
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
  return (
    <ListScreen<TRoleRecord, never>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="role_id"
      onRowOpen={(r) => navigate(rolePath(r.role_id))}
      tableId="role.list"
      viewsUrl={ROLE_LIST_PATH}
      exportPath="/Role/export"
      filters={[]}
      create={{ label: t('newRole'), onClick: () => navigate(rolePath('new')), testId: 'role-new' }}
      data-testid="role-table"
    />
  );
}
