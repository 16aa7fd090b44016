// Runs a real clamd with the one-signature EICAR database (clamd-launcher.mjs) on E2E_CLAMD_PORT (default
// 9310) until SIGTERM/SIGINT, for the Playwright run (a webServer entry; the portal gets CLAMD_HOST/PORT).
// Tests only: the product talks to whatever clamd CLAMD_HOST names.
import { startRealClamd } from './clamd-launcher.mjs';

const port = Number(process.env.E2E_CLAMD_PORT ?? 9310);
const clamd = await startRealClamd({ port });
console.log(
  `[clamd] real clamd (pid ${clamd.pid}) with the EICAR test signature on ${clamd.host}:${clamd.port}`,
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await clamd.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('SIGHUP', stop);
// Started through a launcher, a signal may reach only the launcher: stop when our parent is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();
// Keep running while clamd does (the launcher's exit hook kills clamd if we die first).
setInterval(() => {}, 1 << 30);
