import { PlusOutlined } from '@ant-design/icons';
import type { TWarehouse } from '@portal/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { useWarehouseList } from './warehouse-api';
import { useWarehouseColumns } from './warehouse-columns';
import { useWarehouseLabels } from './warehouse-labels';
import { warehousePath } from './warehouse-paths';

/** /BMS/warehouse_maintenance: search, filter, sort, page and export warehouses; open or create one. */
export default function WarehouseListPage() {
  const { t } = useTranslation('warehouse');
  const navigate = useNavigate();
  const list = useWarehouseList();
  const columns = useWarehouseColumns();
  const labels = useWarehouseLabels();

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('listTitle')}
      </Typography.Title>
      <SearchBar
        list={list}
        placeholder={t('searchPlaceholder')}
        filters={[{ name: 'status', label: t('field.status'), options: labels.statusOptions, width: 130 }]}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(warehousePath('new'))}
            data-testid="warehouse-new"
          >
            {t('newWarehouse')}
          </Button>
        }
      />
      <DataTable<TWarehouse, 'status'>
        tableId="warehouse.list"
        columns={columns}
        list={list}
        rowKey="party_code_id"
        onRowOpen={(w) => navigate(warehousePath(w.party_code_id))}
        toolbar={<ExportButton path="/Warehouse/export" query={list.exportQuery} />}
        data-testid="warehouse-table"
      />
    </Flex>
  );
}
