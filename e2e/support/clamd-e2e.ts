import { findClamd } from './clamd-launcher.mjs';

/** Port of the real clamd the Playwright run starts (clamd-standalone.mjs). */
export const E2E_CLAMD_PORT = Number(process.env.E2E_CLAMD_PORT ?? 9310);

/**
 * Whether the Playwright run scans uploads with a real clamd: always in CI (a missing clamd then fails the
 * run), elsewhere when Debian's clamav-daemon is installed; E2E_CLAMD=off turns it off outside CI.
 */
export const E2E_CLAMD_ENABLED =
  (!!process.env.CI && process.env.CI !== 'false') ||
  (process.env.E2E_CLAMD !== 'off' && findClamd() !== null);
