import { StatusHistory } from '../../shared/history/status-history';
import { useStatusHistory } from '../../shared/history/use-status-history';
import { carrierHistoryApiPath } from './carrier-api';
import { useCarrierLabels } from './carrier-labels';

/** A carrier's change history (GET /Carrier/{id}/history), loaded when the tab is first opened. */
export function CarrierHistoryTab({ id, active }: { id: number; active: boolean }) {
  const labels = useCarrierLabels();
  const history = useStatusHistory(carrierHistoryApiPath(id), active);
  const formatValue = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if (field === 'status') return labels.status(String(v));
    if (field === 'alliance') return labels.alliance(String(v));
    if (field === 'carrier_type') return labels.type(String(v));
    return String(v);
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
