import type { TCarrier } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListScreen } from '../../shared/list/list-screen';
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
    <ListScreen<TCarrier, CarrierFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="id"
      onRowOpen={(c) => navigate(carrierPath(c.id))}
      tableId="carrier.list"
      viewsUrl={CARRIER_LIST_PATH}
      exportPath="/Carrier/export"
      filters={[
        { name: 'alliance', label: t('field.alliance'), options: labels.allianceOptions, width: 180 },
        { name: 'carrier_type', label: t('field.carrier_type'), options: labels.typeOptions },
        { name: 'status', label: t('field.status'), options: labels.statusOptions, width: 130 },
      ]}
      customFilterFields={labels.customFilterFields}
      create={{ label: t('newCarrier'), onClick: () => navigate(carrierPath('new')), testId: 'carrier-new' }}
      data-testid="carrier-table"
    />
  );
}
