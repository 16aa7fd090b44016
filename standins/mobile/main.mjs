// Runs the mobile site stand-in on MOBILE_STANDIN_PORT (default 9191) until SIGTERM/SIGINT. Development and
// tests only. Demo mode: any SO number of the portal's default SO rule is "on the mobile site"
// (MOBILE_STANDIN_SO_PATTERN overrides the pattern; "off" knows only registered shipments).
import { DEFAULT_SO_PATTERN, startMobileStandIn } from './mobile-stand-in.mjs';

const port = Number(process.env.MOBILE_STANDIN_PORT ?? 9191);
const patternSetting = process.env.MOBILE_STANDIN_SO_PATTERN;
const soPattern =
  patternSetting === 'off' ? null : patternSetting ? new RegExp(patternSetting) : DEFAULT_SO_PATTERN;
const standIn = await startMobileStandIn({
  port,
  host: process.env.MOBILE_STANDIN_HOST ?? '127.0.0.1',
  apiKey: process.env.MOBILE_STANDIN_API_KEY ?? '',
  soPattern,
});
console.log(`[mobile stand-in] listening on ${standIn.url}`);
const stop = () => standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started through a launcher, a signal may reach only the launcher: stop when our parent is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();
