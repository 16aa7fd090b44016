import type { TRate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListScreen } from '../../shared/list/list-screen';
import { PickerFilter } from '../../shared/list/picker-filter';
import '../../shared/plain/plain.css';
import { type RateFilter, useRateList } from './rate-api';
import { useRateColumns } from './rate-columns';
import { useRateLabels } from './rate-labels';
import { RATE_LIST_PATH, ratePath } from './rate-paths';

/** /BMS/rate_maintenance: filter by carrier, lane, service and validity day; export; open or create. */
export default function RateListPage() {
  const { t } = useTranslation('rate');
  const navigate = useNavigate();
  const list = useRateList();
  const columns = useRateColumns();
  const labels = useRateLabels();
  const validOn = list.state.filters.valid_on;

  return (
    <ListScreen<TRate, RateFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="rate_id"
      onRowOpen={(r) => navigate(ratePath(r.source_key))}
      tableId="rate.list"
      viewsUrl={RATE_LIST_PATH}
      exportPath="/Rate/export"
      filters={[
        { name: 'service', label: t('field.service'), options: labels.serviceOptions },
        { name: 'status', label: t('field.status'), options: labels.statusOptions, width: 130 },
      ]}
      customFilterFields={labels.customFilterFields}
      create={{ label: t('newRate'), onClick: () => navigate(ratePath('new')), testId: 'rate-new' }}
      moreFilters={
        <>
          <PickerFilter
            list={list}
            name="carrier_code"
            fetchOptionKey="carrier"
            label={t('field.carrier_code')}
            testId="rate-filter-carrier"
          />
          <PickerFilter
            list={list}
            name="pol"
            fetchOptionKey="port"
            label={t('field.pol')}
            testId="rate-filter-pol"
          />
          <PickerFilter
            list={list}
            name="pod"
            fetchOptionKey="port"
            label={t('field.pod')}
            testId="rate-filter-pod"
          />
          <input
            type="date"
            className="plain-input"
            style={{ width: 'auto' }}
            value={validOn ?? ''}
            onChange={(e) => list.setState({ filters: { valid_on: e.target.value || undefined } })}
            aria-label={t('validOn')}
            title={t('validOn')}
            data-testid="rate-filter-valid-on"
          />
        </>
      }
      data-testid="rate-table"
    />
  );
}
