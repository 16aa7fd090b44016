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
import { historyWording } from './history-wording';

/**
 * Who made a history entry: the acting user, and in a Change User session also the real super user,
 * e.g. "Oscar Ops (by Sue Super)". `t` must have the 'list' namespace.
 */
export function historyActor(t: TFunction, e: TStatusHistoryEntry): string {
  const user = e.actor_name ?? t('list:history.system');
  return e.real_actor_name ? t('list:history.byRealUser', { user, realUser: e.real_actor_name }) : user;
}

export { historyWording, humaniseKey } from './history-wording';

export interface StatusHistoryProps {
  entries: TStatusHistoryEntry[] | undefined;
  loading?: boolean;
  error?: unknown;
  /** Label of a status code, e.g. 'A' → 'Active'. Default: the code. */
  statusLabel?: (status: string) => string;
  /**
   * Label of a field, e.g. 'carrier_code' → 'Carrier'. A path is labelled part by part ('containers.0.seal_no'
   * → "Containers 1 · Seal No."); a field the catalogue does not name (the label comes back as the key) reads
   * humanised ('place_of_delivery' → "Place of delivery"), never as a raw key.
   */
  fieldLabel?: (field: string) => string;
  /**
   * A code's word, e.g. a status code as its label. Not asked for empty values (always "(empty)"); answering
   * undefined, or the value's own text, leaves it to the shared wording (Yes/No, dates, lists).
   */
  formatValue?: (field: string, value: unknown) => string | undefined;
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
  const wording = historyWording(t, fieldLabel, formatValue);
  const value = wording.value;
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
      render: (_, e) => {
        const shown = wording.visible(e.changes);
        return shown.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {shown.map(([field, c]) => (
              <li key={field}>
                <Typography.Text strong>{wording.label(field)}</Typography.Text>
                {': '}
                <Typography.Text delete type="secondary">
                  {value(field, c.from)}
                </Typography.Text>
                {arrow}
                <span>{value(field, c.to)}</span>
              </li>
            ))}
          </ul>
        ) : null;
      },
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
