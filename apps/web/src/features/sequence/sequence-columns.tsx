import type { TSequenceRule } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusColumn, updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { useSequenceLabels } from './sequence-labels';
import { sequenceRulePath } from './sequence-paths';

/** The sequence rule list's columns. */
export function useSequenceColumns(): DataTableColumn<TSequenceRule>[] {
  const { t, i18n } = useTranslation('sequence');
  const labels = useSequenceLabels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      {
        key: 'doc_type',
        title: t('field.doc_type'),
        sortable: true,
        alwaysVisible: true,
        width: 190,
        render: (_, r) => (
          <Link
            to={sequenceRulePath(r.mst_seq_rule_id)}
            data-testid={`sequence-link-${r.doc_type}-${r.office_code ?? 'ALL'}`}
          >
            {labels.docType(r.doc_type)}
          </Link>
        ),
      },
      {
        key: 'office_code',
        title: t('field.office_code'),
        sortable: true,
        width: 110,
        render: (_, r) => r.office_code ?? t('allOffices'),
      },
      { key: 'prefix', title: t('field.prefix'), sortable: true, width: 90 },
      {
        key: 'date_format',
        title: t('field.date_format'),
        sortable: true,
        width: 110,
        render: (_, r) => labels.dateFormat(r.date_format),
      },
      { key: 'seq_width', title: t('field.seq_width'), width: 100 },
      {
        key: 'reset_period',
        title: t('field.reset_period'),
        sortable: true,
        width: 120,
        render: (_, r) => labels.reset(r.reset_period),
      },
      { key: 'next_number', title: t('field.next_number'), width: 110 },
      {
        key: 'preview',
        title: t('field.preview'),
        width: 200,
        // A plain <code> (styled in data-table.css): antd's Typography is not needed on the list's first load.
        render: (_, r) => <code>{r.preview}</code>,
      },
      { key: 'description', title: t('field.description'), width: 220 },
      statusColumn(t('field.status'), labels.status),
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
}
