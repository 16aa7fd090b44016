// Runs the ledger stand-in on LEDGER_STANDIN_PORT (default 9194) until SIGTERM/SIGINT. Development, demos and
// tests only (README.md). LEDGER_STANDIN_TOKEN: the bearer token callers send (default the demo token);
// LEDGER_STANDIN_CHART_FILE: a JSON chart of accounts replacing the demo chart; LEDGER_STANDIN_EXTRA_ACCOUNTS:
// more accounts as JSON `[{code,name,type}]` or `CODE:Name:type,CODE2:Name2`; LEDGER_STANDIN_CLOSED_PERIODS:
// `2025-12,2026-01` closed from the start; LEDGER_STANDIN_DATA_FILE: keep journals in this JSON file.
import { readFileSync } from 'node:fs';
import { defaultChart } from './chart.mjs';
import { DEMO_TOKEN, parseChart, startLedgerStandIn } from './ledger-stand-in.mjs';

const env = process.env;
const extra = (raw) => {
  if (!raw?.trim()) return [];
  if (raw.trim().startsWith('[')) return parseChart(raw);
  return parseChart(
    JSON.stringify(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => {
          const [code, name, type] = s.split(':');
          return { code, name: name || code, type };
        }),
    ),
  );
};

const standIn = await startLedgerStandIn({
  port: Number(env.LEDGER_STANDIN_PORT ?? 9194),
  host: env.LEDGER_STANDIN_HOST ?? '127.0.0.1',
  token: env.LEDGER_STANDIN_TOKEN || DEMO_TOKEN,
  chart: env.LEDGER_STANDIN_CHART_FILE
    ? parseChart(readFileSync(env.LEDGER_STANDIN_CHART_FILE, 'utf8'))
    : defaultChart(),
  extraAccounts: extra(env.LEDGER_STANDIN_EXTRA_ACCOUNTS),
  closedPeriods: (env.LEDGER_STANDIN_CLOSED_PERIODS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  dataFile: env.LEDGER_STANDIN_DATA_FILE || undefined,
});
console.log(`[ledger stand-in] listening on ${standIn.url} (${standIn.accounts().length} accounts)`);
const stop = () => standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started through a launcher, a signal may reach only the launcher: stop when our parent is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();
