import { PlusOutlined } from '@ant-design/icons';
import type { TCarrier } from '@portal/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { type CarrierFilter, useCarrierList } from './carrier-api';
import { useCarrierColumns } from './carrier-columns';
import { useCarrierLabels } from './carrier-labels';
import { CARRIER_LIST_PATH, carrierPath } from './carrier-paths';

/** /BMS/carrier_maintenance: search, filter, sort, page and export carriers; open or create one. */
export default function CarrierListPage() {
  const { t } = useTranslation('carrier');
  const navigate = useNavigate();
  const list = useCarrierList();
  const columns = useCarrierColumns();
  const labels = useCarrierLabels();

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('listTitle')}
      </Typography.Title>
      <SearchBar
        list={list}
        placeholder={t('searchPlaceholder')}
        customFilterFields={labels.customFilterFields}
        filters={[
          { name: 'alliance', label: t('field.alliance'), options: labels.allianceOptions, width: 180 },
          { name: 'carrier_type', label: t('field.carrier_type'), options: labels.typeOptions },
          { name: 'status', label: t('field.status'), options: labels.statusOptions, width: 130 },
        ]}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(carrierPath('new'))}
            data-testid="carrier-new"
          >
            {t('newCarrier')}
          </Button>
        }
      />
      <DataTable<TCarrier, CarrierFilter>
        tableId="carrier.list"
        viewsUrl={CARRIER_LIST_PATH}
        columns={columns}
        list={list}
        rowKey="id"
        onRowOpen={(c) => navigate(carrierPath(c.id))}
        toolbar={<ExportButton path="/Carrier/export" query={list.exportQuery} />}
        data-testid="carrier-table"
      />
    </Flex>
  );
}
