import { EXPIRY_ALERT_THROTTLE_MS } from '@portal/contracts';

let last = 0;

/**
 * Runs `alert` unless another expiry alert ran in the last 5 s (000 §4: expiry alerts at most once
 * every 5 seconds), so a burst of 401 answers produces one message and one redirect.
 */
export function throttledExpiryAlert(alert: () => void, now: number = Date.now()): boolean {
  if (now - last < EXPIRY_ALERT_THROTTLE_MS) return false;
  last = now;
  alert();
  return true;
}
