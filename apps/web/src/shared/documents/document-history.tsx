import { DATETIME_FORMAT, type TStatusHistoryEntry } from '@portal/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { historyActor } from '../history/status-history';
import { errorText } from '../i18n/error-text';
import { StaticTable, type StaticTableColumn } from '../list/static-table';
import { PlainAlert } from '../plain/plain-alert';
import { PlainTag } from '../plain/plain-tag';

/** The value a history entry records for a field (the new one on upload, the old one on removal). */
const recordedValue = (e: TStatusHistoryEntry, field: string) => {
  const c = e.changes?.[field];
  const v = c ? (c.to ?? c.from) : null;
  return v === null || v === undefined ? '' : String(v);
};

/** Document Upload History: who uploaded or removed which file of which type, and when (newest first). */
export function DocumentHistory({
  entries,
  loading,
  error,
  typeLabel,
}: {
  entries: TStatusHistoryEntry[] | undefined;
  loading?: boolean;
  error?: unknown;
  typeLabel: (code: string) => string;
}) {
  const { t } = useTranslation(['documents', 'list']);
  const columns: StaticTableColumn<TStatusHistoryEntry>[] = [
    {
      key: 'when',
      title: t('history.when'),
      width: 170,
      render: (_, e) => dayjs(e.created_at).format(DATETIME_FORMAT),
    },
    { key: 'who', title: t('history.who'), width: 200, render: (_, e) => historyActor(t, e) },
    {
      key: 'action',
      title: t('history.action'),
      width: 110,
      render: (_, e) => (
        <PlainTag colour={e.action === 'document_remove' ? 'red' : 'green'}>
          {t(`history.actions.${e.action}`, { defaultValue: e.action })}
        </PlainTag>
      ),
    },
    {
      key: 'type',
      title: t('history.type'),
      width: 180,
      render: (_, e) => {
        const code = recordedValue(e, 'document_type');
        return code ? typeLabel(code) : null;
      },
    },
    { key: 'file', title: t('history.fileName'), render: (_, e) => recordedValue(e, 'file_name') },
  ];
  if (error) return <PlainAlert type="error" title={errorText(t, error)} />;
  return (
    <StaticTable<TStatusHistoryEntry>
      data-testid="document-history"
      rowKey="id"
      columns={columns}
      rows={entries ?? []}
      loading={loading}
      pageSize={10}
      showTotal={false}
      empty={<p>{t('history.empty')}</p>}
    />
  );
}
