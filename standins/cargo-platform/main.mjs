// Runs the cargo platform stand-in on CARGO_STANDIN_PORT (default 9192) until SIGTERM/SIGINT. Development and
// tests only. Client credentials: CARGO_STANDIN_CLIENT_ID / CARGO_STANDIN_CLIENT_SECRET (default the demo
// pair the portal's demo mode sends); CARGO_STANDIN_TTL_SECONDS sets the token lifetime (default 3600).
import {
  DEFAULT_TTL_SECONDS,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  startCargoPlatformStandIn,
} from './cargo-platform-stand-in.mjs';

const ttl = Number(process.env.CARGO_STANDIN_TTL_SECONDS);
const standIn = await startCargoPlatformStandIn({
  port: Number(process.env.CARGO_STANDIN_PORT ?? 9192),
  host: process.env.CARGO_STANDIN_HOST ?? '127.0.0.1',
  clientId: process.env.CARGO_STANDIN_CLIENT_ID || DEMO_CLIENT_ID,
  clientSecret: process.env.CARGO_STANDIN_CLIENT_SECRET || DEMO_CLIENT_SECRET,
  ttlSeconds: Number.isFinite(ttl) && ttl > 0 ? ttl : DEFAULT_TTL_SECONDS,
});
console.log(`[cargo platform stand-in] listening on ${standIn.url}`);
const stop = () => standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started through a launcher, a signal may reach only the launcher: stop when our parent is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();
