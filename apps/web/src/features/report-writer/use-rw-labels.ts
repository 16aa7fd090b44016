import { rwAggKey, type TRwAggregate, type TRwDatasetInfo, type TRwResultColumn } from '@portal/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Labels of datasets, fields, aggregates and result columns in the user's language. The server sends
 * labelKeys of the `report-writer` namespace; a key without a translation shows the field key itself.
 */
export function useRwLabels(dataset: TRwDatasetInfo | undefined) {
  const { t } = useTranslation('report-writer');
  const field = useCallback(
    (key: string) => {
      if (key === '*') return t('agg.rows');
      const f = dataset?.fields.find((x) => x.key === key);
      return f ? t(f.labelKey, { defaultValue: key }) : key;
    },
    [dataset, t],
  );
  const aggregate = useCallback(
    (a: Pick<TRwAggregate, 'field' | 'fn'>) =>
      a.field === '*' ? t('agg.countRows') : t(`agg.${a.fn}`, { field: field(a.field) }),
    [field, t],
  );
  /** A result key (a column, a group, or an aggregate key such as sum_cbm). */
  const resultKey = useCallback(
    (key: string, aggregates: readonly TRwAggregate[]) => {
      const a = aggregates.find((x) => rwAggKey(x) === key);
      return a ? aggregate(a) : field(key);
    },
    [aggregate, field],
  );
  const column = useCallback(
    (c: TRwResultColumn) => {
      if (c.fieldLabelKey) return t(c.labelKey, { field: t(c.fieldLabelKey, { defaultValue: c.key }) });
      // count(*): no field behind it.
      if (c.labelKey.startsWith('agg.')) return t('agg.countRows');
      return t(c.labelKey, { defaultValue: c.key });
    },
    [t],
  );
  return { field, aggregate, resultKey, column };
}
