import { StatusHistory } from '../../shared/history/lazy-status-history';
import { useStatusHistory } from '../../shared/history/use-status-history';
import { bookingHistoryApiPath } from './booking-api';
import { useBookingLabels } from './booking-labels';

/** A booking's status history (GET /Booking/{so_no}/history), newest first. */
export function BookingHistoryTab({ soNo, active }: { soNo: string; active: boolean }) {
  const labels = useBookingLabels();
  const history = useStatusHistory(bookingHistoryApiPath(soNo), active);
  return (
    <div data-testid="booking-history">
      <StatusHistory
        entries={history.data?.map((h) => ({ ...h, action: labels.action(h.action) }))}
        loading={history.isFetching}
        error={history.error}
        statusLabel={labels.status}
        fieldLabel={labels.field}
      />
    </div>
  );
}
