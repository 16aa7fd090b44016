import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { rebuildFinance } from '../finance';

/**
 * Issue 38: PendingCreation and the finance dashboard's late invoicing are one definition (a job awaiting its
 * first invoice of a side, late from ETD + 2 days AR / 5 days AP), and AP PendingCreation offers the job's
 * vendor, not its customer.
 */
let t: TestApp;
type H = Record<string, string>;
let ops: H;
let finance: H;
const get = (url: string, headers: H) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const OFFICE = 'HKG';
type Row = { job_no: string; account_code: string | null; age_colour: string; handling_office: string };

/** A job of its own: a copy of a demo order with this ETD (days before today), written past the hooks. */
async function job(
  jobNo: string,
  etdDaysAgo: number,
  over: { status?: string; carrier?: string | null; agent?: string | null } = {},
) {
  await t.db.execute(sql`create temp table if not exists pc_so as select * from shipping_orders limit 0`);
  await t.db.execute(sql`delete from pc_so`);
  await t.db.execute(sql`insert into pc_so select * from shipping_orders order by so_id limit 1`);
  await t.db.execute(sql`update pc_so set so_id = nextval(pg_get_serial_sequence('shipping_orders', 'so_id')),
    so_no = ${`SO-${jobNo}`}, job_no = ${jobNo}, hbl_no = null, etd = current_date - ${etdDaysAgo}::int,
    status = ${over.status ?? 'CONFIRMED'}, handling_office = ${OFFICE},
    customer_id = (select party_id from parties where party_code = 'HKCUS001'),
    carrier_code = ${over.carrier ?? null}, nomination_agent_id = null,
    release_agent_id = (select party_id from parties where party_code = ${over.agent ?? ''})`);
  await t.db.execute(sql`insert into shipping_orders select * from pc_so`);
}

async function pending(side: 'ar' | 'ap'): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scope of ['Local', 'Overseas']) {
    const res = await get(`/Invoice/${side}PendingCreation/${scope}`, ops);
    expect(res.statusCode).toBe(200);
    rows.push(...res.json());
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  finance = bearer(await sessionToken(t, 'finance@demo.test'));
  // The carrier party of MAEU (seeded: HKCAR001) and an agent; the jobs of this file in HKG.
  await job('PCJOB-OLD', 100, { carrier: 'MAEU' }); // late both sides, red, older than the old 3-month window
  await job('PCJOB-AR', 3, { agent: 'USCHI001' }); // AR late (yellow), AP on time
  await job('PCJOB-NEW', 1); // on time both
  await job('PCJOB-CXL', 20, { status: 'CANCELLED' }); // cancelled: awaits nothing
  await rebuildFinance(t.db);
});
afterAll(() => t?.close());

describe('PendingCreation and late invoicing: one definition (issue 38)', () => {
  it('the dashboard counts exactly the jobs PendingCreation colours late, and the lists agree', async () => {
    const ar = await pending('ar');
    const ap = await pending('ap');
    const late = [...ar.map((r) => ({ ...r, side: 'AR' })), ...ap.map((r) => ({ ...r, side: 'AP' }))].filter(
      (r) => r.handling_office === OFFICE && r.age_colour !== 'none',
    );
    const mine = (rows: { job_no: string }[]) => rows.filter((r) => r.job_no.startsWith('PCJOB-'));
    // Cancelled orders await nothing; the 100-day-old job is red ("Overdue") on both sides.
    expect(mine([...ar, ...ap]).map((r) => r.job_no)).not.toContain('PCJOB-CXL');
    expect(ar.find((r) => r.job_no === 'PCJOB-OLD')?.age_colour).toBe('red');
    expect(ar.find((r) => r.job_no === 'PCJOB-AR')?.age_colour).toBe('yellow');
    expect(ap.find((r) => r.job_no === 'PCJOB-AR')?.age_colour).toBe('none');

    const dash = await get(`/Finance/Dashboard?office=${OFFICE}`, finance);
    expect(dash.statusCode).toBe(200);
    const card = dash.json().cards.find((c: { card: string }) => c.card === 'lateInvoicing');
    // Before issue 38: 0 against 3+ here (the 3-month ETD window; cancelled orders in PendingCreation).
    expect(card.count).toBe(late.length);
    expect(card.count).toBeGreaterThanOrEqual(3);

    const list = await get(`/Finance/Search/LateInvoicing?office=${OFFICE}&pageSize=100`, finance);
    expect(list.statusCode).toBe(200);
    const key = (r: { job_no: string; side?: string; inv_type?: string }) =>
      `${r.job_no}:${r.side ?? r.inv_type}`;
    expect(list.json().rows.map(key).sort()).toEqual(late.map(key).sort());
    for (const r of list.json().rows as { job_no: string; inv_type: string; age_colour: string }[]) {
      const p = late.find((x) => key(x) === key(r));
      expect(r.age_colour).toBe(p?.age_colour);
    }
  });
});

describe('AP PendingCreation offers the vendor (issue 38)', () => {
  it("AR shows the customer; AP the carrier's party, else the agent, never the customer", async () => {
    const ar = await pending('ar');
    const ap = await pending('ap');
    expect(ar.find((r) => r.job_no === 'PCJOB-OLD')?.account_code).toBe('HKCUS001');
    const { rows } = await t.db.execute<{ party_code: string }>(sql`
      select p.party_code from parties p join carriers k on k.id = p.carrier_id where k.carrier_code = 'MAEU'
      order by p.party_code limit 1`);
    expect(rows[0]?.party_code).toBe('HKCAR001');
    expect(ap.find((r) => r.job_no === 'PCJOB-OLD')?.account_code).toBe('HKCAR001');
    // No carrier: its release agent, an overseas party (US against the HKG office).
    const agentRow = (await get('/Invoice/apPendingCreation/Overseas', ops)).json() as Row[];
    expect(agentRow.find((r) => r.job_no === 'PCJOB-AR')?.account_code).toBe('USCHI001');
    // No vendor named: no account offered (not the customer).
    expect(ap.find((r) => r.job_no === 'PCJOB-NEW')?.account_code ?? null).toBeNull();
    expect(ap.some((r) => r.account_code === 'HKCUS001' && r.job_no.startsWith('PCJOB-'))).toBe(false);
  });
});
