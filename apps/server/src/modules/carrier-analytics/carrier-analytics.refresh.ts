import { registerJob } from '../../platform/jobs/job-registry';
import { registerBookingAmendmentHook } from '../booking';
import { recordRollover, refreshSailingActuals } from './carrier-actuals.repository';

export { refreshSailingActuals };

const SAILING_CHANGE = ['sailing_id', 'vessel_name', 'voyage'];
const asDay = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

let registered = false;
/** The roll-over hook on booking saves and the actuals job (once, when the routes load). */
export function registerCarrierAnalyticsHooks() {
  if (registered) return;
  registered = true;
  // A roll-over: the booking left a sailing it was on (sailing, vessel or voyage changed from a value) for a
  // later ETD. The carrier is the one it was booked with before the change.
  registerBookingAmendmentHook(async (tx, a) => {
    const c = a.changes;
    if (!SAILING_CHANGE.some((f) => c[f] && c[f].from !== null && c[f].from !== '')) return;
    const fromEtd = asDay(c.etd?.from);
    const toEtd = asDay(c.etd?.to);
    if (!fromEtd || !toEtd || toEtd <= fromEtd) return;
    await recordRollover(tx, {
      soId: a.so_id,
      carrier: typeof c.carrier_code?.from === 'string' ? c.carrier_code.from : null,
      fromSailingId: typeof c.sailing_id?.from === 'number' ? c.sailing_id.from : null,
      fromEtd,
      toEtd,
    });
  });
  registerJob({
    name: 'carrier-actuals',
    cron: '*/15 * * * *',
    retryLimit: 0,
    run: (ctx) => refreshSailingActuals(ctx.db, ctx.today),
  });
}
