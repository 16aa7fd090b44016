import type { TWarehouse } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListScreen } from '../../shared/list/list-screen';
import { useWarehouseList, type WarehouseFilter } from './warehouse-api';
import { useWarehouseColumns } from './warehouse-columns';
import { useWarehouseLabels } from './warehouse-labels';
import { WAREHOUSE_LIST_PATH, warehousePath } from './warehouse-paths';

/** /BMS/warehouse_maintenance: search, filter, sort, page and export warehouses; open or create one. */
export default function WarehouseListPage() {
  const { t } = useTranslation('warehouse');
  const navigate = useNavigate();
  const list = useWarehouseList();
  const columns = useWarehouseColumns();
  const labels = useWarehouseLabels();
  return (
    <ListScreen<TWarehouse, WarehouseFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="party_code_id"
      onRowOpen={(w) => navigate(warehousePath(w.party_code_id))}
      tableId="warehouse.list"
      viewsUrl={WAREHOUSE_LIST_PATH}
      exportPath="/Warehouse/export"
      filters={[{ name: 'status', label: t('field.status'), options: labels.statusOptions, width: 130 }]}
      customFilterFields={labels.customFilterFields}
      create={{
        label: t('newWarehouse'),
        onClick: () => navigate(warehousePath('new')),
        testId: 'warehouse-new',
      }}
      data-testid="warehouse-table"
    />
  );
}
