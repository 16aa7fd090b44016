import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_TOKEN,
  type LedgerStandIn,
  startLedgerStandIn,
} from '../../../../../standins/ledger/ledger-stand-in.mjs';
import { closedPort } from '../../../test/clamd-stand-in';
import { loadConfig } from '../../config';
import { type LedgerClient, type LedgerJournal, ledgerClient } from './index';

let ledger: LedgerStandIn;
let client: LedgerClient;
const cfg = (over: Partial<{ url: string; token: string; timeoutMs: number }> = {}) => ({
  url: ledger.url,
  token: DEMO_TOKEN,
  timeoutMs: 2000,
  ...over,
});

/** A USD receivable of HKD 1,092.00: customer debit, freight and VAT credits. */
const journal = (reference: string, over: Partial<LedgerJournal> = {}): LedgerJournal => ({
  reference,
  period: '2026-10',
  journalDate: '2026-10-15',
  description: 'AR invoice ARHKG2610001',
  lines: [
    {
      account: 'HKCUS001',
      debit: '1092.00',
      credit: '0',
      currency: 'USD',
      amountTxn: '140.00',
      rate: '7.8',
      description: 'Harbour Light',
    },
    {
      account: '7021',
      debit: '0',
      credit: '1001.82',
      currency: 'USD',
      amountTxn: '-128.44',
      rate: '7.8',
      description: 'Ocean freight',
    },
    {
      account: '2210',
      debit: '0',
      credit: '90.18',
      currency: 'USD',
      amountTxn: '-11.56',
      rate: '7.8',
      description: 'VAT9',
    },
  ],
  ...over,
});

beforeAll(async () => {
  ledger = await startLedgerStandIn();
  client = ledgerClient(cfg());
});
afterAll(async () => {
  await ledger.close();
});
beforeEach(() => ledger.reset());

describe('ledger adapter against the stand-in', () => {
  it('posts a balanced journal and answers its journal no.; find() returns it afterwards', async () => {
    expect(await client.find('AR-1')).toBeNull();
    const r = await client.post(journal('AR-1'));
    expect(r).toEqual({ ok: true, journalNo: expect.stringMatching(/^\d+$/), replay: false });
    const [held] = ledger.journals();
    expect(held).toMatchObject({ reference: 'AR-1', period: '2026-10', total: '1092.00' });
    expect(held?.lines.map((l) => [l.account, l.debit, l.credit, l.amount_txn])).toEqual([
      ['HKCUS001', '1092.00', '0.00', '140.00'],
      ['7021', '0.00', '1001.82', '-128.44'],
      ['2210', '0.00', '90.18', '-11.56'],
    ]);
    expect(await client.find('AR-1')).toEqual({ journalNo: r.ok ? r.journalNo : 'x' });
  });

  it('answers the same journal no. for a replayed reference and posts nothing twice', async () => {
    const first = await client.post(journal('AR-2'));
    const again = await client.post(journal('AR-2'));
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again).toEqual({ ok: true, journalNo: first.journalNo, replay: true });
    expect(ledger.journals()).toHaveLength(1);
    // another reference gets the next number
    const other = await client.post(journal('AR-3'));
    expect(other.ok && other.journalNo).not.toBe(first.journalNo);
  });

  it('refuses a journal one cent out of balance (UNBALANCED) and posts nothing', async () => {
    const j = journal('AR-4');
    j.lines[2] = { ...j.lines[2], credit: '90.17' } as LedgerJournal['lines'][number];
    const r = await client.post(j);
    expect(r).toMatchObject({ ok: false, kind: 'rejected', errors: [{ code: 'UNBALANCED' }] });
    expect(ledger.journals()).toHaveLength(0);
    // refused is not posted: the fixed journal posts under the same reference
    expect((await client.post(journal('AR-4'))).ok).toBe(true);
  });

  it('names the line with an account outside the chart (UNKNOWN_ACCOUNT)', async () => {
    const j = journal('AR-5');
    j.lines[0] = { ...j.lines[0], account: 'NOSUCH01' } as LedgerJournal['lines'][number];
    const r = await client.post(j);
    expect(r).toEqual({
      ok: false,
      kind: 'rejected',
      errors: [{ code: 'UNKNOWN_ACCOUNT', message: expect.stringContaining('NOSUCH01'), line: 1 }],
    });
    ledger.addAccount({ code: 'NOSUCH01', name: 'Added', type: 'asset' });
    expect((await client.post(j)).ok).toBe(true);
  });

  it('refuses posting into a closed period (PERIOD_CLOSED) and reports the period status', async () => {
    expect(await client.periodStatus('2026-10')).toBe('open');
    ledger.setPeriod('2026-10', 'closed');
    expect(await client.periodStatus('2026-10')).toBe('closed');
    const r = await client.post(journal('AR-6'));
    expect(r).toMatchObject({ ok: false, kind: 'rejected', errors: [{ code: 'PERIOD_CLOSED' }] });
    expect(ledger.journals()).toHaveLength(0);
  });

  it('refuses malformed amounts and dates (BAD_REQUEST) with the line', async () => {
    const j = journal('AR-7', { journalDate: '2026-02-30' });
    j.lines[1] = { ...j.lines[1], credit: '1001.825' } as LedgerJournal['lines'][number];
    const r = await client.post(j);
    expect(r.ok).toBe(false);
    if (r.ok || r.kind !== 'rejected') throw new Error('expected rejected');
    expect(r.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'BAD_REQUEST', message: expect.stringContaining('journal_date') }),
        expect.objectContaining({ code: 'BAD_REQUEST', line: 2 }),
      ]),
    );
  });

  it('answers unavailable while the ledger is down, and posts once it is back', async () => {
    ledger.control('down');
    expect(await client.post(journal('AR-8'))).toMatchObject({
      ok: false,
      kind: 'unavailable',
      detail: expect.stringContaining('503'),
    });
    expect(await client.find('AR-8')).toBe('unavailable');
    expect(await client.periodStatus('2026-10')).toBe('unavailable');
    ledger.control('up');
    expect((await client.post(journal('AR-8'))).ok).toBe(true);
  });

  it('answers unavailable when the ledger is slower than the timeout; find() recovers the lost answer', async () => {
    const quick = ledgerClient(cfg({ timeoutMs: 200 }));
    ledger.control('slow', 600);
    const started = Date.now();
    const r = await quick.post(journal('AR-9'));
    expect(r).toMatchObject({ ok: false, kind: 'unavailable', detail: expect.stringContaining('200 ms') });
    expect(Date.now() - started).toBeLessThan(550);
    ledger.control('up');
    // the ledger did post it (only the answer was late): the retry finds it, and a replay is not doubled
    const found = await quick.find('AR-9');
    expect(found).toEqual({ journalNo: expect.any(String) });
    const replay = await quick.post(journal('AR-9'));
    expect(replay).toMatchObject({ ok: true, replay: true });
    expect(ledger.journals()).toHaveLength(1);
  });

  it('answers unavailable, never throws, when unconfigured, unreachable, answering 5xx or refusing the token', async () => {
    const none = ledgerClient({ url: undefined, token: undefined, timeoutMs: 1000 });
    expect(await none.post(journal('AR-10'))).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringContaining('ACCOUNTING_URL'),
    });
    expect(await none.find('AR-10')).toBe('unavailable');
    const refused = ledgerClient(cfg({ url: `http://127.0.0.1:${await closedPort()}` }));
    expect(await refused.post(journal('AR-10'))).toMatchObject({ kind: 'unavailable' });
    const wrongToken = ledgerClient(cfg({ token: 'not-the-token' }));
    expect(await wrongToken.post(journal('AR-10'))).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringContaining('ACCOUNTING_TOKEN'),
    });
    ledger.failNext(1);
    expect(await client.post(journal('AR-10'))).toMatchObject({ kind: 'unavailable' });
    expect(ledger.journals()).toHaveLength(0);
    // an answer that is not the protocol (a proxy's error page) is unavailable too
    const proxy = createServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const addr = proxy.address();
    const viaProxy = ledgerClient(
      cfg({ url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` }),
    );
    expect(await viaProxy.post(journal('AR-10'))).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringContaining('502'),
    });
    await new Promise((r) => proxy.close(r));
  });

  it('reads ACCOUNTING_URL, ACCOUNTING_TOKEN and ACCOUNTING_TIMEOUT_MS from the configuration', async () => {
    const c = loadConfig({
      ACCOUNTING_URL: `${ledger.url}/`,
      ACCOUNTING_TOKEN: DEMO_TOKEN,
      ACCOUNTING_TIMEOUT_MS: '1500',
    });
    expect(c.accounting).toEqual({ url: ledger.url, token: DEMO_TOKEN, timeoutMs: 1500 });
    expect(loadConfig({}).accounting).toEqual({ url: undefined, token: undefined, timeoutMs: 10_000 });
    expect((await ledgerClient(c.accounting).post(journal('AR-11'))).ok).toBe(true);
  });

  it('keeps journals, closed periods and the numbering in its data file across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-'));
    const dataFile = path.join(dir, 'ledger.json');
    try {
      const first = await startLedgerStandIn({ dataFile });
      const a = await ledgerClient(cfg({ url: first.url })).post(journal('AR-12'));
      first.setPeriod('2026-09', 'closed');
      first.addAccount({ code: 'NEW001', name: 'Added', type: 'asset' });
      await first.close();
      const second = await startLedgerStandIn({ dataFile });
      const c = ledgerClient(cfg({ url: second.url }));
      expect(await c.post(journal('AR-12'))).toEqual({
        ok: true,
        journalNo: a.ok ? a.journalNo : 'x',
        replay: true,
      });
      expect(await c.periodStatus('2026-09')).toBe('closed');
      expect(second.accounts().some((x) => x.code === 'NEW001')).toBe(true);
      const b = await c.post(journal('AR-13'));
      expect(b.ok && a.ok && Number(b.journalNo)).toBe(a.ok ? Number(a.journalNo) + 1 : -1);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
