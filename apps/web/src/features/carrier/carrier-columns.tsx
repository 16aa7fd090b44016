import type { TCarrier } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusColumn, updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { useCarrierLabels } from './carrier-labels';
import { carrierPath } from './carrier-paths';

/** The carrier list's columns (001 §3 Carrier plus last update). */
export function useCarrierColumns(): DataTableColumn<TCarrier>[] {
  const { t, i18n } = useTranslation('carrier');
  const labels = useCarrierLabels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      {
        key: 'carrier_code',
        title: t('field.carrier_code'),
        sortable: true,
        alwaysVisible: true,
        width: 130,
        render: (_, c) => (
          <Link to={carrierPath(c.id)} data-testid={`carrier-link-${c.carrier_code}`}>
            {c.carrier_code}
          </Link>
        ),
      },
      { key: 'scac', title: t('field.scac'), sortable: true, width: 90 },
      { key: 'cbsa', title: t('field.cbsa'), width: 115 },
      { key: 'naccs', title: t('field.naccs'), width: 115 },
      { key: 'display_name', title: t('field.display_name'), sortable: true, width: 180 },
      { key: 'full_name', title: t('field.full_name'), sortable: true, width: 240 },
      {
        key: 'alliance',
        title: t('field.alliance'),
        sortable: true,
        width: 150,
        render: (_, c) => labels.alliance(c.alliance),
      },
      {
        key: 'carrier_type',
        title: t('field.carrier_type'),
        sortable: true,
        width: 120,
        render: (_, c) => labels.type(c.carrier_type),
      },
      { key: 'effective_from', title: t('field.effective_from'), sortable: true, width: 120 },
      { key: 'effective_to', title: t('field.effective_to'), sortable: true, width: 120 },
      statusColumn(t('field.status'), labels.status),
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
}
