import type { TRate } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusColumn, updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { ratePath } from './rate-paths';

/** The rate list's columns. */
export function useRateColumns(): DataTableColumn<TRate>[] {
  const { t, i18n } = useTranslation('rate');
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      {
        key: 'source_key',
        title: t('field.source_key'),
        sortable: true,
        alwaysVisible: true,
        width: 220,
        render: (_, r) => (
          <Link to={ratePath(r.source_key)} data-testid={`rate-link-${r.source_key}`}>
            {r.source_key}
          </Link>
        ),
      },
      { key: 'carrier_code', title: t('field.carrier_code'), sortable: true, width: 100 },
      { key: 'pol', title: t('field.pol'), sortable: true, width: 90 },
      { key: 'pod', title: t('field.pod'), sortable: true, width: 90 },
      { key: 'service', title: t('field.service'), sortable: true, width: 80 },
      { key: 'currency', title: t('field.currency'), width: 80 },
      {
        key: 'rate_containers',
        title: t('field.rate_containers'),
        width: 260,
        render: (_, r) => r.rate_containers.map((c) => `${c.container_type} ${c.amount}`).join('; '),
      },
      { key: 'valid_from', title: t('field.valid_from'), sortable: true, width: 110 },
      { key: 'valid_to', title: t('field.valid_to'), sortable: true, width: 110 },
      { key: 'transit_days', title: t('field.transit_days'), width: 90 },
      statusColumn(t('field.status'), (s) => t(`status.${s}`), { width: 90 }),
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
}
