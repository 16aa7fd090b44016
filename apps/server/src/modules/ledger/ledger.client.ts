import { type AppConfig, loadConfig } from '../../config';

/** One journal line. Debit and credit in the ledger's base currency (HKD), one of them '0'. */
export interface LedgerLine {
  account: string;
  debit: string;
  credit: string;
  currency: string;
  /** Signed amount in the line currency. */
  amountTxn: string;
  /** Line currency → base currency. */
  rate: string;
  description: string;
}
export interface LedgerJournal {
  /** Our idempotency key: the ledger posts a reference at most once. */
  reference: string;
  /** 'YYYY-MM'. */
  period: string;
  /** 'YYYY-MM-DD'. */
  journalDate: string;
  description: string;
  lines: LedgerLine[];
}
export interface LedgerError {
  code: string;
  message: string;
  line?: number;
}
export type LedgerPostResult =
  | { ok: true; journalNo: string; replay: boolean }
  | { ok: false; kind: 'rejected'; errors: LedgerError[] }
  /** Down, timed out, 5xx, unreachable, not configured: nothing is known to be posted; safe to retry. */
  | { ok: false; kind: 'unavailable'; detail: string };

export interface LedgerClient {
  post(journal: LedgerJournal): Promise<LedgerPostResult>;
  /** The journal posted under a reference (recovery after a lost answer), null when none, or 'unavailable'. */
  find(reference: string): Promise<{ journalNo: string } | null | 'unavailable'>;
  periodStatus(period: string): Promise<'open' | 'closed' | 'unavailable'>;
}

type Answer = { status: number; body: unknown } | { unavailable: string };

const NOT_CONFIGURED = 'accounting system not configured (ACCOUNTING_URL is unset)';
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const journalNoOf = (body: unknown): string | null => {
  const no = isObject(body) ? body.journal_no : undefined;
  return (typeof no === 'string' && no.trim()) || (typeof no === 'number' && Number.isFinite(no))
    ? String(no)
    : null;
};

/** Reads the ledger's error list defensively: another company's answer, any shape. */
function errorsOf(body: unknown, status: number): LedgerError[] {
  const list = isObject(body) && Array.isArray(body.errors) ? body.errors : [];
  const out: LedgerError[] = [];
  for (const e of list.slice(0, 200)) {
    if (!isObject(e)) continue;
    const line = Number(e.line);
    out.push({
      code: typeof e.code === 'string' && e.code ? e.code.slice(0, 40) : 'BAD_REQUEST',
      message: typeof e.message === 'string' ? e.message.slice(0, 500) : '',
      ...(Number.isInteger(line) && line > 0 ? { line } : {}),
    });
  }
  return out.length ? out : [{ code: 'BAD_REQUEST', message: `ledger refused the journal (HTTP ${status})` }];
}

/**
 * Adapter to the accounting system (the spec's "SUN", docs/ledger.md) over its HTTP journal protocol.
 * Never throws for network faults: anything that leaves the outcome unknown or the ledger unusable
 * (unset URL, refused connection, timeout, 5xx, 401/403, an answer we cannot read) is `unavailable` with a
 * detail for the log and the posting status; a 422 is `rejected` with the ledger's own errors. Posting is
 * safe to repeat because the ledger keys journals by reference (a replay answers the first journal no.).
 */
export function ledgerClient(
  cfg: AppConfig['accounting'] = loadConfig().accounting,
  fetchImpl: typeof fetch = fetch,
): LedgerClient {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    if (!cfg.url) return { unavailable: NOT_CONFIGURED };
    let res: Response;
    try {
      res = await fetchImpl(`${cfg.url}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cfg.token ? { authorization: `Bearer ${cfg.token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(cfg.timeoutMs),
        redirect: 'error',
      });
    } catch (e) {
      const name = (e as Error | undefined)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      return {
        unavailable: timedOut
          ? `ledger did not answer within ${cfg.timeoutMs} ms`
          : `ledger unreachable: ${String((e as Error)?.cause ?? e).slice(0, 200)}`,
      };
    }
    let parsed: unknown = null;
    try {
      parsed = await res.json();
    } catch (e) {
      if ((e as Error | undefined)?.name === 'TimeoutError')
        return { unavailable: `ledger did not answer within ${cfg.timeoutMs} ms` };
      parsed = null;
    }
    if (res.status >= 500) return { unavailable: `ledger answered HTTP ${res.status}` };
    if (res.status === 401 || res.status === 403)
      return { unavailable: `ledger refused our credentials (HTTP ${res.status}): check ACCOUNTING_TOKEN` };
    return { status: res.status, body: parsed };
  }

  return {
    async post(journal) {
      const a = await call('POST', '/journals', {
        reference: journal.reference,
        period: journal.period,
        journal_date: journal.journalDate,
        description: journal.description,
        lines: journal.lines.map((l) => ({
          account: l.account,
          debit: l.debit,
          credit: l.credit,
          currency: l.currency,
          amount_txn: l.amountTxn,
          rate: l.rate,
          description: l.description,
        })),
      });
      if ('unavailable' in a) return { ok: false, kind: 'unavailable', detail: a.unavailable };
      if (a.status === 200 || a.status === 201) {
        const journalNo = journalNoOf(a.body);
        if (journalNo) return { ok: true, journalNo, replay: a.status === 200 };
        // Posted or not, we cannot tell: unavailable, and find() settles it on the retry.
        return { ok: false, kind: 'unavailable', detail: 'ledger answer without a journal number' };
      }
      if (a.status === 400 || a.status === 413 || a.status === 422)
        return { ok: false, kind: 'rejected', errors: errorsOf(a.body, a.status) };
      return { ok: false, kind: 'unavailable', detail: `ledger answered HTTP ${a.status}` };
    },

    async find(reference) {
      const a = await call('GET', `/journals/${encodeURIComponent(reference)}`);
      if ('unavailable' in a) return 'unavailable';
      if (a.status === 404) return null;
      const journalNo = a.status === 200 ? journalNoOf(a.body) : null;
      return journalNo ? { journalNo } : 'unavailable';
    },

    async periodStatus(period) {
      const a = await call('GET', `/periods/${encodeURIComponent(period)}`);
      if ('unavailable' in a || a.status !== 200 || !isObject(a.body)) return 'unavailable';
      const s = a.body.status;
      return s === 'open' || s === 'closed' ? s : 'unavailable';
    },
  };
}
