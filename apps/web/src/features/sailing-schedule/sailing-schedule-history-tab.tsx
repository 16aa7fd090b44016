import { StatusHistory } from '../../shared/history/status-history';
import { useStatusHistory } from '../../shared/history/use-status-history';
import { sailingHistoryApiPath } from './sailing-schedule-api';
import { useSailingLabels } from './sailing-schedule-labels';

/** A sailing's change history (GET /SailingSchedule/{id}/history), loaded when the tab is first opened. */
export function SailingHistoryTab({ id, active }: { id: number; active: boolean }) {
  const labels = useSailingLabels();
  const history = useStatusHistory(sailingHistoryApiPath(id), active);
  const formatValue = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if (field === 'status') return labels.status(String(v));
    if (typeof v === 'boolean') return labels.yesNo(v);
    return String(v).replace(/^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/, '$1 $2');
  };
  return (
    <StatusHistory
      entries={history.data}
      loading={history.isFetching}
      error={history.error}
      statusLabel={labels.status}
      fieldLabel={labels.field}
      formatValue={formatValue}
    />
  );
}
