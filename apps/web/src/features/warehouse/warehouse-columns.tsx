import type { TWarehouse } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusColumn, updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { useWarehouseLabels } from './warehouse-labels';
import { warehousePath } from './warehouse-paths';

const joined = (...v: (string | null)[]) => v.filter(Boolean).join(', ');

/** The warehouse list's columns (001 §3 Warehouse plus last update). */
export function useWarehouseColumns(): DataTableColumn<TWarehouse>[] {
  const { t, i18n } = useTranslation('warehouse');
  const labels = useWarehouseLabels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      {
        key: 'warehouse_code',
        title: t('field.warehouse_code'),
        sortable: true,
        alwaysVisible: true,
        width: 150,
        render: (_, w) => (
          <Link to={warehousePath(w.party_code_id)} data-testid={`warehouse-link-${w.warehouse_code}`}>
            {w.warehouse_code}
          </Link>
        ),
      },
      { key: 'warehouse_name', title: t('field.warehouse_name'), sortable: true, kind: 'name' },
      {
        key: 'address1',
        title: t('field.address'),
        kind: 'name',
        render: (_, w) => joined(w.address1, w.address2, w.address3, w.address4),
      },
      {
        key: 'local_address1',
        title: t('field.local_address'),
        width: 200,
        render: (_, w) => joined(w.local_address1, w.local_address2, w.local_address3, w.local_address4),
      },
      { key: 'tel', title: t('field.tel'), width: 130 },
      { key: 'contact_person', title: t('field.contact_person'), sortable: true, width: 150 },
      { key: 'contact_email', title: t('field.contact_email'), width: 200 },
      statusColumn(t('field.status'), labels.status),
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
}
