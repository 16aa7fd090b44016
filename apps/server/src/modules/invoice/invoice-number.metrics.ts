import { histogram } from '../../platform/metrics';

/**
 * How long an invoice create took to get its number (`wait`) and how long it then kept it until the commit
 * (`hold`). Numbers come from free numbers (issue 40, sequence.service takeConcurrent): `wait` is near zero
 * unless the free numbers ran out and the create locked the counter, and a `hold` blocks no other create then.
 * Under the former counter every create queued behind the one before's hold (issue 20, docs/performance.md
 * "Write path"). `npm run bench:write` reads it.
 */
export const invoiceNumberLock = histogram(
  'portal_invoice_number_lock_seconds',
  'Invoice creation: time taking its number (wait) and from the number to the commit (hold)',
  ['phase'],
  [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
);
