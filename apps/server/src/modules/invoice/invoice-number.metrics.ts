import { histogram } from '../../platform/metrics';

/**
 * How long an invoice create waited for its gap-free counter row (`wait`: the counter update's duration) and
 * then held it (`hold`: from the number to the commit). Every create of the same counter queues behind the
 * hold, so it is what limits invoice creation under load (issue 20, docs/performance.md "Write path"); unlike
 * a latency percentile it hardly depends on how busy the machine is. `npm run bench:write` reads it.
 */
export const invoiceNumberLock = histogram(
  'portal_invoice_number_lock_seconds',
  'Invoice creation: time waiting for the number counter row (wait) and holding it until commit (hold)',
  ['phase'],
  [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
);
