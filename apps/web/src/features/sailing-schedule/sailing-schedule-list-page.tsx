import type { TSailingSchedule } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LaneFilters } from '../../shared/list/lane-filters';
import { ListScreen } from '../../shared/list/list-screen';
import { PlainDateRange } from '../../shared/plain/plain-date-range';
import { type SailingFilter, useSailingCrossTab, useSailingList } from './sailing-schedule-api';
import { useSailingColumns } from './sailing-schedule-columns';
import { useSailingLabels } from './sailing-schedule-labels';
import { SAILING_LIST_PATH, sailingPath } from './sailing-schedule-paths';

/** /BMS/sailing_schedule_maintenance: filter by carrier, POL, POD and ETD range; export; open or create. */
export default function SailingScheduleListPage() {
  const { t } = useTranslation('sailing-schedule');
  const navigate = useNavigate();
  const list = useSailingList();
  useSailingCrossTab();
  const columns = useSailingColumns();
  const labels = useSailingLabels();
  const f = list.state.filters;

  return (
    <ListScreen<TSailingSchedule, SailingFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="sailing_schedule_id"
      onRowOpen={(s) => navigate(sailingPath(s.sailing_schedule_id))}
      tableId="sailing-schedule.list"
      viewsUrl={SAILING_LIST_PATH}
      exportPath="/SailingSchedule/export"
      filters={[
        { name: 'is_tbc', label: t('field.is_tbc'), options: labels.tbcOptions, width: 140 },
        { name: 'status', label: t('field.status'), options: labels.statusOptions, width: 130 },
      ]}
      customFilterFields={labels.customFilterFields}
      create={{ label: t('newSailing'), onClick: () => navigate(sailingPath('new')), testId: 'sailing-new' }}
      moreFilters={
        <>
          <LaneFilters
            list={list}
            labels={{ carrier: t('field.carrier_code'), pol: t('field.pol'), pod: t('field.pod') }}
            testIdPrefix="filter-"
          />
          <PlainDateRange
            allowEmpty
            label={t('field.etd')}
            from={f.etd_from ?? ''}
            to={f.etd_to ?? ''}
            onChange={(from, to) =>
              list.setState({ filters: { etd_from: from || undefined, etd_to: to || undefined } })
            }
            testId="filter-etd"
          />
        </>
      }
      data-testid="sailing-table"
    />
  );
}
