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

/** "place_of_delivery" → "Place of delivery", "soNo" → "So no": a readable fallback, never a raw key. */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

const ZONED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(\.\d+)?$/;

/**
 * How history words a changed field and value (issue 38): labels from the catalogues, part by part for paths;
 * empty as the translated "(empty)", booleans as Yes/No, timestamps in the local time as DATETIME_FORMAT,
 * lists and objects item by item. `t` must have the 'list' namespace.
 */
export function historyWording(
  t: TFunction,
  fieldLabel?: (field: string) => string,
  formatValue?: (field: string, value: unknown) => string | undefined,
) {
  const one = (key: string) => {
    const l = fieldLabel?.(key);
    return l && l !== key ? l : t(`history.fields.${key}`, { defaultValue: humaniseKey(key) });
  };
  const label = (path: string) =>
    path
      .split('.')
      .reduce<string[]>((out, part) => {
        if (/^\d+$/.test(part) && out.length) out[out.length - 1] += ` ${Number(part) + 1}`;
        else out.push(one(part));
        return out;
      }, [])
      .join(' · ');
  const empty = t('history.emptyValue');
  const plain = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return empty;
    if (typeof v === 'boolean') return v ? t('history.yes') : t('history.no');
    if (typeof v === 'string') {
      if (ZONED.test(v)) return dayjs(v).format(DATETIME_FORMAT);
      const local = LOCAL.exec(v);
      if (local) return `${local[1]} ${local[2]}${local[3] ?? ''}`;
      return v;
    }
    if (Array.isArray(v)) return v.length ? v.map(plain).join(', ') : empty;
    if (typeof v === 'object') {
      const parts = Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== null && x !== undefined && x !== '')
        .map(([k, x]) => `${one(k)}: ${value(k, x)}`);
      return parts.length ? `(${parts.join(', ')})` : empty;
    }
    return String(v);
  };
  const value = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return empty;
    const leaf =
      field
        .split('.')
        .filter((p) => !/^\d+$/.test(p))
        .pop() ?? field;
    for (const f of leaf === field ? [field] : [field, leaf]) {
      const custom = formatValue?.(f, v);
      if (custom !== undefined && custom !== String(v)) return custom;
    }
    return plain(v);
  };
  return { label, value };
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
      render: (_, e) =>
        e.changes && Object.keys(e.changes).length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {Object.entries(e.changes).map(([field, c]) => (
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
