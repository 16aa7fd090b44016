// Ledger stand-in: a small local imitation of the accounting system (the spec's "SUN", a SunSystems-style
// general ledger run by another company) for development, demos and tests only. The portal reaches it solely
// through its adapter (apps/server/src/modules/ledger) at ACCOUNTING_URL; it is never part of the product's
// code paths. It behaves like a strict ledger: every journal is validated whole (balanced in base currency to
// the cent, known accounts, open period, well-formed amounts) and is either posted whole or refused with a list
// of errors; a reference is posted at most once (a replay answers the first journal number).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { defaultChart } from './chart.mjs';

/** The demo bearer token (main.mjs, `npm start` and the e2e setup use it unless told otherwise). */
export const DEMO_TOKEN = 'Demo-Ledger-Token-2026';
/** The ledger's base currency: debit and credit of every line are in it. */
export const BASE_CURRENCY = 'HKD';
/** First journal number handed out by a fresh ledger. */
export const FIRST_JOURNAL_NO = 100001;

const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'];
const MAX_LINES = 999;
const MAX_BODY = 2_000_000;
const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Base amounts: non-negative, at most 2 decimals (cents), at most 15 integer digits. */
const BASE_AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;
/** Transaction amounts: signed, up to 4 decimals (some currencies have 3). */
const TXN_AMOUNT = /^-?\d{1,15}(\.\d{1,4})?$/;
const RATE = /^\d{1,9}(\.\d{1,10})?$/;

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

function readBody(req) {
  return new Promise((resolve) => {
    let raw = '';
    let over = false;
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      if (over) return;
      raw += chunk;
      if (raw.length > MAX_BODY) over = true;
    });
    req.on('end', () => resolve(over ? null : raw));
    req.on('error', () => resolve(null));
  });
}

/** Decimal string → integer cents (BigInt); the string is already checked against BASE_AMOUNT. */
const cents = (s) => {
  const [int, frac = ''] = s.split('.');
  return BigInt(int) * 100n + BigInt(`${frac}00`.slice(0, 2));
};
const fromCents = (c) => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};
const validDate = (s) => {
  if (typeof s !== 'string' || !DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** Reads a chart from JSON text: an array of `{ code, name, type }`. Throws on a malformed chart. */
export function parseChart(text) {
  const list = JSON.parse(text);
  if (!Array.isArray(list)) throw new Error('chart: expected a JSON array of { code, name, type }');
  return list.map((a, i) => {
    if (!a || typeof a.code !== 'string' || !a.code.trim() || a.code.length > 20)
      throw new Error(`chart[${i}]: code must be a non-empty string of at most 20 characters`);
    return {
      code: a.code.trim(),
      name: typeof a.name === 'string' ? a.name : a.code,
      type: ACCOUNT_TYPES.includes(a.type) ? a.type : 'asset',
    };
  });
}

/**
 * Starts the stand-in. Port 0 picks a free port.
 *
 * Options: `token` (bearer token callers must send; default DEMO_TOKEN), `chart` (accounts; default the demo
 * chart, chart.mjs), `extraAccounts` (added to the chart), `closedPeriods` ('YYYY-MM' closed from the start),
 * `dataFile` (a JSON file the journals, periods and added accounts are kept in between runs; unset = memory).
 *
 * Resolves to `{ url, close(), control(mode, delayMs?), failNext(n), reset(), journals(), addAccount(),
 * setPeriod(period, status) }`.
 */
export function startLedgerStandIn({
  port = 0,
  host = '127.0.0.1',
  token = DEMO_TOKEN,
  chart = defaultChart(),
  extraAccounts = [],
  closedPeriods = [],
  dataFile = undefined,
} = {}) {
  const seedChart = [...chart, ...extraAccounts];
  /** @type {Map<string, {code:string,name:string,type:string}>} */
  let accounts;
  /** @type {Map<string, 'open'|'closed'>} */
  let periods;
  /** Journals by reference, in posting order. */
  let journals;
  let nextNo;
  let mode = 'up';
  let delayMs = 0;
  let failures = 0;

  const fresh = () => {
    accounts = new Map(seedChart.map((a) => [a.code, a]));
    periods = new Map(closedPeriods.map((p) => [p, 'closed']));
    journals = new Map();
    nextNo = FIRST_JOURNAL_NO;
  };
  fresh();

  if (dataFile) {
    try {
      const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
      for (const a of saved.accounts ?? []) accounts.set(a.code, a);
      for (const [p, s] of Object.entries(saved.periods ?? {})) periods.set(p, s);
      for (const j of saved.journals ?? []) journals.set(j.reference, j);
      nextNo = Math.max(nextNo, Number(saved.next_no) || 0);
    } catch (e) {
      if (e?.code !== 'ENOENT') throw e;
    }
  }
  // The file is rewritten at most every 200 ms (a batch of thousands of journals must not rewrite it each time),
  // and once more when the stand-in stops.
  let saveTimer = null;
  const flush = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    if (!dataFile) return;
    const seeded = new Set(seedChart.map((a) => a.code));
    const body = JSON.stringify({
      next_no: nextNo,
      accounts: [...accounts.values()].filter((a) => !seeded.has(a.code)),
      periods: Object.fromEntries(periods),
      journals: [...journals.values()],
    });
    writeFileSync(`${dataFile}.tmp`, body);
    renameSync(`${dataFile}.tmp`, dataFile);
  };
  const save = () => {
    if (!dataFile || saveTimer) return;
    saveTimer = setTimeout(flush, 200);
    saveTimer.unref?.();
  };

  const periodStatus = (p) => periods.get(p) ?? 'open';

  /** Validates a journal request; returns `{ errors }` or `{ journal }` (not yet numbered). */
  function validate(body) {
    const errors = [];
    const bad = (message, line) => errors.push({ code: 'BAD_REQUEST', message, ...(line ? { line } : {}) });
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      bad('body must be a JSON object');
      return { errors };
    }
    const { reference, period, journal_date: journalDate, description, lines } = body;
    if (typeof reference !== 'string' || !reference.trim() || reference.length > 60 || /\s/.test(reference))
      bad('reference must be 1–60 characters without spaces');
    const pm = typeof period === 'string' ? PERIOD.exec(period) : null;
    if (!pm) bad('period must be YYYY-MM');
    if (!validDate(journalDate)) bad('journal_date must be a calendar date YYYY-MM-DD');
    if (description !== undefined && (typeof description !== 'string' || description.length > 200))
      bad('description must be a string of at most 200 characters');
    if (!Array.isArray(lines) || lines.length < 2 || lines.length > MAX_LINES) {
      bad(`lines must be an array of 2 to ${MAX_LINES} lines`);
      return { errors };
    }
    let debits = 0n;
    let credits = 0n;
    const clean = [];
    lines.forEach((l, i) => {
      const n = i + 1;
      if (!l || typeof l !== 'object') {
        bad('line must be an object', n);
        return;
      }
      const before = errors.length;
      if (typeof l.account !== 'string' || !l.account) bad('account is required', n);
      else if (!accounts.has(l.account))
        errors.push({
          code: 'UNKNOWN_ACCOUNT',
          message: `account ${l.account} is not in the chart of accounts`,
          line: n,
        });
      const dr = typeof l.debit === 'string' && BASE_AMOUNT.test(l.debit) ? cents(l.debit) : null;
      const cr = typeof l.credit === 'string' && BASE_AMOUNT.test(l.credit) ? cents(l.credit) : null;
      if (dr === null) bad('debit must be a non-negative decimal string with at most 2 decimals', n);
      if (cr === null) bad('credit must be a non-negative decimal string with at most 2 decimals', n);
      if (dr !== null && cr !== null && dr !== 0n && cr !== 0n)
        bad('a line is either a debit or a credit', n);
      if (typeof l.currency !== 'string' || !/^[A-Z]{3}$/.test(l.currency))
        bad('currency must be an ISO code', n);
      if (typeof l.amount_txn !== 'string' || !TXN_AMOUNT.test(l.amount_txn))
        bad('amount_txn must be a signed decimal string', n);
      if (typeof l.rate !== 'string' || !RATE.test(l.rate) || Number(l.rate) <= 0)
        bad('rate must be a positive decimal string', n);
      else if (l.currency === BASE_CURRENCY && Number(l.rate) !== 1)
        bad(`rate of a ${BASE_CURRENCY} line must be 1`, n);
      if (l.description !== undefined && (typeof l.description !== 'string' || l.description.length > 200))
        bad('description must be a string of at most 200 characters', n);
      // An unknown account still counts towards the balance: the caller hears every problem at once.
      if (errors.slice(before).some((e) => e.code === 'BAD_REQUEST')) return;
      debits += dr;
      credits += cr;
      clean.push({
        line: n,
        account: l.account,
        debit: fromCents(dr),
        credit: fromCents(cr),
        currency: l.currency,
        amount_txn: l.amount_txn,
        rate: l.rate,
        description: l.description ?? '',
      });
    });
    if (errors.some((e) => e.code === 'BAD_REQUEST')) return { errors };
    if (debits === 0n) {
      bad('a journal moves an amount: debits and credits are all zero');
      return { errors };
    }
    if (debits !== credits)
      errors.push({
        code: 'UNBALANCED',
        message: `debits ${fromCents(debits)} and credits ${fromCents(credits)} ${BASE_CURRENCY} differ by ${fromCents(debits - credits)}`,
      });
    if (periodStatus(period) === 'closed')
      errors.push({ code: 'PERIOD_CLOSED', message: `period ${period} is closed for posting` });
    if (errors.length) return { errors };
    return {
      journal: {
        reference,
        period,
        journal_date: journalDate,
        description: description ?? '',
        total: fromCents(debits),
        lines: clean,
      },
    };
  }

  const authorised = (req) => {
    const m = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
    return !!m && m[1] === token;
  };

  async function handle(req, url) {
    const path = url.pathname;
    const method = req.method;

    if (method === 'POST' && path === '/journals') {
      const raw = await readBody(req);
      if (raw === null) return [413, { errors: [{ code: 'BAD_REQUEST', message: 'body too large' }] }];
      let body;
      try {
        body = JSON.parse(raw || 'null');
      } catch {
        return [422, { errors: [{ code: 'BAD_REQUEST', message: 'body is not JSON' }] }];
      }
      // Replay first: a journal once posted is answered again even if its period has closed since.
      const held = typeof body?.reference === 'string' ? journals.get(body.reference) : undefined;
      if (held) return [200, { journal_no: held.journal_no, reference: held.reference, replay: true }];
      const { errors, journal } = validate(body);
      if (errors) return [422, { errors }];
      const posted = { journal_no: String(nextNo++), ...journal, posted_at: new Date().toISOString() };
      journals.set(posted.reference, posted);
      save();
      return [201, { journal_no: posted.journal_no, reference: posted.reference }];
    }
    if (method === 'GET' && path === '/journals') {
      const period = url.searchParams.get('period');
      if (period !== null && !PERIOD.test(period))
        return [422, { errors: [{ code: 'BAD_REQUEST', message: 'period must be YYYY-MM' }] }];
      const list = [...journals.values()].filter((j) => period === null || j.period === period);
      return [200, { journals: list }];
    }
    if (method === 'GET' && path.startsWith('/journals/')) {
      const j = journals.get(decodeURIComponent(path.slice('/journals/'.length)));
      return j
        ? [200, j]
        : [404, { errors: [{ code: 'NOT_FOUND', message: 'no journal with this reference' }] }];
    }
    if (method === 'GET' && path === '/accounts') return [200, { accounts: [...accounts.values()] }];
    if (method === 'POST' && path === '/accounts') {
      let a;
      try {
        [a] = parseChart(`[${(await readBody(req)) ?? ''}]`);
      } catch (e) {
        return [422, { errors: [{ code: 'BAD_REQUEST', message: String(e.message ?? e) }] }];
      }
      accounts.set(a.code, a);
      save();
      return [201, a];
    }
    const pm = /^\/periods\/([^/]+)(?:\/(close|open))?$/.exec(path);
    if (pm) {
      const period = decodeURIComponent(pm[1]);
      if (!PERIOD.test(period))
        return [422, { errors: [{ code: 'BAD_REQUEST', message: 'period must be YYYY-MM' }] }];
      if (method === 'GET' && !pm[2]) return [200, { period, status: periodStatus(period) }];
      if (method === 'POST' && pm[2]) {
        periods.set(period, pm[2] === 'close' ? 'closed' : 'open');
        save();
        return [200, { period, status: periodStatus(period) }];
      }
    }
    return [404, { errors: [{ code: 'NOT_FOUND', message: `${method} ${path} is not a ledger call` }] }];
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/health')
      return json(res, 200, { ok: true, name: 'Ledger stand-in', mode });
    if (!authorised(req))
      return json(res, 401, { errors: [{ code: 'UNAUTHORIZED', message: 'bearer token required' }] });
    // Test controls answer even while the ledger is "down", or nobody could bring it back up.
    if (req.method === 'POST' && path === '/_control') {
      let body = {};
      try {
        body = JSON.parse((await readBody(req)) || '{}') ?? {};
      } catch {
        return json(res, 422, { errors: [{ code: 'BAD_REQUEST', message: 'body is not JSON' }] });
      }
      if (!['up', 'down', 'slow'].includes(body.mode) && body.fail_next === undefined)
        return json(res, 422, {
          errors: [{ code: 'BAD_REQUEST', message: "mode is 'up', 'down' or 'slow'" }],
        });
      if (body.mode) control(body.mode, Number(body.delay_ms) || undefined);
      if (body.fail_next !== undefined) failures = Math.max(0, Math.floor(Number(body.fail_next) || 0));
      return json(res, 200, { mode, delay_ms: delayMs, fail_next: failures });
    }
    if (req.method === 'POST' && path === '/_reset') {
      reset();
      return json(res, 200, { ok: true });
    }
    if (mode === 'down') {
      req.resume();
      return json(res, 503, { errors: [{ code: 'UNAVAILABLE', message: 'ledger is down for maintenance' }] });
    }
    if (failures > 0 && req.method === 'POST' && path === '/journals') {
      failures -= 1;
      req.resume();
      return json(res, 503, { errors: [{ code: 'UNAVAILABLE', message: 'ledger is busy, try again' }] });
    }
    let status;
    let body;
    try {
      [status, body] = await handle(req, url);
    } catch (e) {
      [status, body] = [500, { errors: [{ code: 'INTERNAL', message: String(e?.message ?? e) }] }];
    }
    // Slow mode: the work is done (a journal is posted) and only the answer is late, like a ledger whose
    // reply is lost to a timeout; the caller recovers it with GET /journals/{reference}.
    if (mode === 'slow' && delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (!res.destroyed) json(res, status, body);
  });
  server.keepAliveTimeout = 30_000;

  function control(next, delay) {
    if (!['up', 'down', 'slow'].includes(next)) throw new Error(`unknown mode ${next}`);
    mode = next;
    delayMs = next === 'slow' ? (delay ?? 2000) : 0;
  }
  function reset() {
    mode = 'up';
    delayMs = 0;
    failures = 0;
    fresh();
    save();
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actual}`,
        token,
        control,
        failNext: (n) => {
          failures = n;
        },
        reset,
        journals: () => [...journals.values()],
        accounts: () => [...accounts.values()],
        addAccount: (a) => {
          accounts.set(a.code, { type: 'asset', name: a.code, ...a });
        },
        setPeriod: (period, status) => {
          periods.set(period, status);
        },
        close: () =>
          new Promise((done) => {
            if (saveTimer) flush();
            server.closeAllConnections?.();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}
