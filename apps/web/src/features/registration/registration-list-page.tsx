import {
  DATETIME_FORMAT,
  REGISTRATION_FILTER_FIELDS,
  REGISTRATION_KINDS,
  REGISTRATION_STATUSES,
  type TRegistrationRow,
} from '@portal/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { updatedAtColumn } from '../../shared/list/common-columns';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';
import type { DataTableColumn } from '../../shared/list/data-table';
import { ListScreen } from '../../shared/list/list-screen';
import { type RegistrationFilter, useRegistrationList } from './registration-api';
import { REGISTRATION_LIST_PATH, registrationPath } from './registration-paths';

const STATUS_COLOR: Record<string, string> = { P: 'gold', A: 'green', R: 'red' };

/** /BMS/user_registration_maintenance: pending registrations and applications, with status and path filters. */
export default function RegistrationListPage() {
  const { t, i18n } = useTranslation('registration');
  const navigate = useNavigate();
  const list = useRegistrationList();
  const c = (k: string) => t(`admin.col.${k}`);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const columns = useMemo<DataTableColumn<TRegistrationRow>[]>(
    () => [
      { key: 'user_registration_id', title: c('user_registration_id'), sortable: true, width: 80 },
      {
        key: 'login_id',
        title: c('login_id'),
        sortable: true,
        alwaysVisible: true,
        width: 260,
        render: (_, r) => (
          <Link
            to={registrationPath(r.user_registration_id)}
            data-testid={`registration-link-${r.user_registration_id}`}
          >
            {r.login_id}
          </Link>
        ),
      },
      { key: 'name', title: c('name'), width: 180, render: (_, r) => `${r.given_name} ${r.family_name}` },
      { key: 'company', title: c('company'), sortable: true, width: 220 },
      { key: 'kind', title: c('kind'), width: 120, render: (_, r) => t(`admin.kind.${r.kind}`) },
      { key: 'user_type_id', title: c('user_type_id'), width: 110 },
      {
        key: 'status',
        title: c('status'),
        width: 110,
        render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`admin.status.${r.status}`)}</Tag>,
      },
      {
        key: 'activated_at',
        title: c('activated_at'),
        width: 160,
        render: (_, r) =>
          r.activated_at ? dayjs(r.activated_at).format(DATETIME_FORMAT) : t('admin.notActivated'),
      },
      {
        key: 'created_at',
        title: c('created_at'),
        sortable: true,
        width: 160,
        render: (_, r) => dayjs(r.created_at).format(DATETIME_FORMAT),
      },
      updatedAtColumn<TRegistrationRow>(c('updated_at')),
    ],
    [i18n.language],
  );
  return (
    <ListScreen<TRegistrationRow, RegistrationFilter>
      title={t('admin.listTitle')}
      searchPlaceholder={t('admin.searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="user_registration_id"
      onRowOpen={(r) => navigate(registrationPath(r.user_registration_id))}
      tableId="user-registration.list"
      viewsUrl={REGISTRATION_LIST_PATH}
      exportPath="/admin/UserRegistration/export"
      filters={[
        {
          name: 'status',
          label: c('status'),
          options: REGISTRATION_STATUSES.map((s) => ({ value: s, label: t(`admin.status.${s}`) })),
        },
        {
          name: 'kind',
          label: c('kind'),
          options: REGISTRATION_KINDS.map((k) => ({ value: k, label: t(`admin.kind.${k}`) })),
        },
      ]}
      customFilterFields={customFilterFieldsOf(REGISTRATION_FILTER_FIELDS, c, {
        kind: { options: REGISTRATION_KINDS.map((k) => ({ value: k, label: t(`admin.kind.${k}`) })) },
      })}
      data-testid="registration-table"
    />
  );
}
