import type { TRate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LaneFilters } from '../../shared/list/lane-filters';
import { ListScreen } from '../../shared/list/list-screen';
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
          <LaneFilters
            list={list}
            labels={{ carrier: t('field.carrier_code'), pol: t('field.pol'), pod: t('field.pod') }}
            testIdPrefix="rate-filter-"
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
