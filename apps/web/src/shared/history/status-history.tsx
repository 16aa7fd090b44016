import { ArrowRightOutlined } from '@ant-design/icons';
import { DATETIME_FORMAT, type TStatusHistoryEntry } from '@portal/contracts';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text';
import { StaticTable, type StaticTableColumn } from '../list/static-table';
import { PlainAlert } from '../plain/plain-alert';
import { Typography } from '../plain/typography';

/**
 * Who made a history entry: the acting user, and in a Change User session also the real super user,
 * e.g. "Oscar Ops (by Sue Super)". `t` must have the 'list' namespace.
 */
export function historyActor(t: TFunction, e: TStatusHistoryEntry): string {
  const user = e.actor_name ?? t('list:history.system');
  return e.real_actor_name ? t('list:history.byRealUser', { user, realUser: e.real_actor_name }) : user;
}

export interface StatusHistoryProps {
  entries: TStatusHistoryEntry[] | undefined;
  loading?: boolean;
  error?: unknown;
  /** Label of a status code, e.g. 'A' → 'Active'. Default: the code. */
  statusLabel?: (status: string) => string;
  /** Label of a changed field, e.g. 'carrier_code' → 'Carrier code'. Default: the field name. */
  fieldLabel?: (field: string) => string;
  /** How a changed value reads, e.g. a status code as its label. Default: text, or "(empty)". */
  formatValue?: (field: string, value: unknown) => string;
}

/** Who changed a record, when, from which status to which, why, and which fields (newest first). */
export function StatusHistory({
  entries,
  loading,
  error,
  statusLabel,
  fieldLabel,
  formatValue,
}: StatusHistoryProps) {
  const { t } = useTranslation('list');
  const empty = t('history.emptyValue');
  const status = (s: string | null) => (s ? (statusLabel?.(s) ?? s) : null);
  const value = (field: string, v: unknown) => {
    if (formatValue) return formatValue(field, v);
    if (v === null || v === undefined || v === '') return empty;
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const arrow = <ArrowRightOutlined aria-label={t('history.to')} style={{ marginInline: 4, fontSize: 11 }} />;

  const columns: StaticTableColumn<TStatusHistoryEntry>[] = [
    {
      key: 'created_at',
      title: t('history.when'),
      width: 160,
      render: (_, e) => dayjs(e.created_at).format(DATETIME_FORMAT),
    },
    {
      key: 'actor',
      title: t('history.who'),
      width: 200,
      render: (_, e) => historyActor(t, e),
    },
    {
      key: 'action',
      title: t('history.action'),
      width: 120,
      render: (_, e) => t(`history.actions.${e.action}`, { defaultValue: e.action }),
    },
    {
      key: 'status',
      title: t('history.status'),
      width: 180,
      render: (_, e): ReactNode => {
        const from = status(e.from_status);
        const to = status(e.to_status);
        if (!from && !to) return null;
        if (!from || from === to) return to;
        return (
          <span>
            {from}
            {arrow}
            {to ?? empty}
          </span>
        );
      },
    },
    { key: 'reason', title: t('history.reason'), width: 180, render: (_, e) => e.reason },
    {
      key: 'changes',
      title: t('history.changes'),
      render: (_, e) =>
        e.changes && Object.keys(e.changes).length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {Object.entries(e.changes).map(([field, c]) => (
              <li key={field}>
                <Typography.Text strong>{fieldLabel?.(field) ?? field}</Typography.Text>
                {': '}
                <Typography.Text delete type="secondary">
                  {value(field, c.from)}
                </Typography.Text>
                {arrow}
                <span>{value(field, c.to)}</span>
              </li>
            ))}
          </ul>
        ) : null,
    },
  ];

  if (error) return <PlainAlert type="error" title={errorText(t, error)} />;
  return (
    <StaticTable<TStatusHistoryEntry>
      data-testid="status-history"
      rowKey="id"
      columns={columns}
      rows={entries ?? []}
      loading={loading}
      pageSize={20}
      showTotal={false}
      empty={<p>{t('history.empty')}</p>}
    />
  );
}
