// Runs the SIS stand-in on SIS_STANDIN_PORT (default 8181) until SIGTERM/SIGINT. Development and tests only.
import { startSisStandIn } from './sis-stand-in.mjs';

const port = Number(process.env.SIS_STANDIN_PORT ?? 8181);
const standIn = await startSisStandIn({ port, host: process.env.SIS_STANDIN_HOST ?? '127.0.0.1' });
console.log(`[SIS stand-in] listening on ${standIn.url}`);
const stop = () => standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started through a launcher (npm's node shim, a script), a signal may reach only the launcher: stop when the
// process that started us is gone (we are then re-parented), so the stand-in never outlives the portal.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();
