/**
 * The ledger stand-in (standins/ledger, the spec's "SUN") the Playwright run starts: where it listens, its
 * token, and calls journeys use to arrange it (close a period, take it down) or to check what was posted.
 */
export const E2E_LEDGER_PORT = Number(process.env.E2E_LEDGER_PORT ?? 9194);
export const E2E_LEDGER_URL = `http://127.0.0.1:${E2E_LEDGER_PORT}`;
export const E2E_LEDGER_TOKEN = 'Demo-Ledger-Token-2026';

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${E2E_LEDGER_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${E2E_LEDGER_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`ledger stand-in ${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface E2eLedgerJournal {
  journal_no: string;
  reference: string;
  period: string;
  total: string;
  lines: { account: string; debit: string; credit: string }[];
}

export const ledgerStandIn = {
  /** 'down': journal calls answer 503; 'slow': answers wait delayMs; 'up': normal. */
  control: (mode: 'up' | 'down' | 'slow', delayMs?: number) =>
    call('POST', '/_control', { mode, ...(delayMs ? { delay_ms: delayMs } : {}) }),
  closePeriod: (period: string) => call('POST', `/periods/${period}/close`),
  openPeriod: (period: string) => call('POST', `/periods/${period}/open`),
  journals: async (period: string) =>
    (await call<{ journals: E2eLedgerJournal[] }>('GET', `/journals?period=${period}`)).journals,
  /** The journal posted under a reference, or null. */
  journal: async (reference: string) => {
    const res = await fetch(`${E2E_LEDGER_URL}/journals/${encodeURIComponent(reference)}`, {
      headers: { authorization: `Bearer ${E2E_LEDGER_TOKEN}` },
    });
    return res.status === 404 ? null : ((await res.json()) as E2eLedgerJournal);
  },
};
