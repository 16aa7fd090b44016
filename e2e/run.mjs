// npm run test:e2e: chooses the run's ports once, then runs `playwright test` with the arguments given.
//
// Every port of the run (the portal, its embedded PostgreSQL, each stand-in, clamd) is one the kernel has free
// right now, unless its variable is already set: a running `npm start` demo (8080, 54329, 8181, 9191-9195, 3310)
// or another run never collides with the journeys. Chosen here and not in playwright.config.ts, because
// Playwright evaluates the config in the runner and again in every worker, and each would choose other ports.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The variables playwright.config.ts and e2e/support read their ports from. */
const PORT_VARS = [
  'E2E_PORT',
  'E2E_PG_PORT',
  'E2E_SIS_PORT',
  'E2E_MOBILE_PORT',
  'E2E_CARGO_PORT',
  'E2E_WEBHOOK_PORT',
  'E2E_LEDGER_PORT',
  'E2E_CARRIER_DCSA_PORT',
  'E2E_CLAMD_PORT',
];

/** `count` distinct ports free on 127.0.0.1: all held open together (so none repeats), then released. */
async function freePorts(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const srv = createServer();
      servers.push(srv);
      await new Promise((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

const unset = PORT_VARS.filter((name) => !process.env[name]);
const ports = await freePorts(unset.length);
const env = { ...process.env };
unset.forEach((name, i) => {
  env[name] = String(ports[i]);
});
// playwright.config.ts keeps ./test-results for ports chosen here (E2E_OUTPUT_DIR for runs side by side).
if (unset.length) env.E2E_PORTS_PICKED = unset.join(',');
console.log(`[e2e] ports: ${PORT_VARS.map((n) => `${n}=${env[n]}`).join(' ')}`);

const dir = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(dir, 'node_modules/.bin/playwright');
const root = path.join(dir, '../node_modules/.bin/playwright');
const child = spawn(existsSync(bin) ? bin : root, ['test', ...process.argv.slice(2)], {
  cwd: dir,
  env,
  stdio: 'inherit',
});
// Ctrl-C and CI's SIGTERM go to Playwright, which stops its web servers before it exits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
