import type { TTradelane } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { useTradelaneLabels } from './tradelane-labels';
import { tradelanePath } from './tradelane-paths';

const country = (code: string, name: string | null) => (name ? `${code} - ${name}` : code);

/** The trade lane list's columns (001 §3 Trade lane plus last update). */
export function useTradelaneColumns(): DataTableColumn<TTradelane>[] {
  const { t, i18n } = useTranslation('tradelane');
  const labels = useTradelaneLabels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      { key: 'tradelane_id', title: t('field.tradelane_id'), sortable: true, width: 80 },
      {
        key: 'tradelane_name',
        title: t('field.tradelane_name'),
        sortable: true,
        alwaysVisible: true,
        width: 260,
        render: (_, l) => (
          <Link to={tradelanePath(l.tradelane_id)} data-testid={`tradelane-link-${l.tradelane_id}`}>
            {l.tradelane_name}
          </Link>
        ),
      },
      {
        key: 'tradelane_type',
        title: t('field.tradelane_type'),
        sortable: true,
        width: 120,
        render: (_, l) => labels.type(l.tradelane_type),
      },
      {
        key: 'pol_country',
        title: t('field.pol_country'),
        sortable: true,
        width: 180,
        render: (_, l) => country(l.pol_country, l.pol_country_name),
      },
      {
        key: 'pod_country',
        title: t('field.pod_country'),
        sortable: true,
        width: 180,
        render: (_, l) => country(l.pod_country, l.pod_country_name),
      },
      { key: 'office_code', title: t('field.office_code'), sortable: true, width: 110 },
      { key: 'account_code', title: t('field.account_code'), width: 130 },
      { key: 'effective_date', title: t('field.effective_date'), sortable: true, width: 130 },
      {
        key: 'customer_type',
        title: t('field.customer_type'),
        width: 130,
        render: (_, l) => (l.customer_type ? labels.customerType(l.customer_type) : ''),
      },
      { key: 'customer_code', title: t('field.customer_code'), width: 130 },
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
}
