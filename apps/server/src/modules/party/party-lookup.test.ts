import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

/**
 * GET /Party/lookup for external profiles (docs/decisions.md "Party lookup for external users"): only
 * their own parties and the parties on bookings they can see; anything else is a 404.
 */
let t: TestApp;
type H = Record<string, string>;
const tokens: Record<string, H> = {};
const EXTERNAL = ['shipper', 'agent', 'consignee'] as const;

const lookup = (who: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/Party/lookup?${query}`, headers: tokens[who] });

/** Party ids the demo user's profile owns (its party groups), straight from the tables. */
async function ownIds(login: string): Promise<number[]> {
  const { rows } = await t.db.execute<{ party_id: number }>(sql`
    select distinct m.party_id from users u
      join user_profiles p on p.user_uid = u.user_uid
      join user_profile_party_groups g on g.user_profile_id = p.user_profile_id
      join party_group_members m on m.party_group_id = g.party_group_id
     where u.login_id = ${login}`);
  return rows.map((r) => r.party_id);
}

/** Every party on a shipping order where one of `own` stands in a party column. */
async function onTheirBookings(own: number[]): Promise<number[]> {
  const list = sql.join(
    own.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await t.db.execute<{ party_id: number }>(sql`
    select distinct x.party_id from shipping_orders so
      cross join lateral unnest(array[so.shipper_id, so.customer_id, so.consignee_id, so.notify_id,
                                      so.nomination_agent_id, so.release_agent_id]) as x(party_id)
     where x.party_id is not null
       and (so.shipper_id in (${list}) or so.customer_id in (${list}) or so.consignee_id in (${list})
            or so.notify_id in (${list}) or so.nomination_agent_id in (${list})
            or so.release_agent_id in (${list}))`);
  return rows.map((r) => r.party_id);
}

const allActiveIds = async () =>
  (await t.db.execute<{ party_id: number }>(sql`select party_id from parties where status = 'A'`)).rows.map(
    (r) => r.party_id,
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const who of [...EXTERNAL, 'ops']) tokens[who] = bearer(await sessionToken(t, `${who}@demo.test`));
});
afterAll(() => t.close());

describe('party lookup for external users', () => {
  it.each(EXTERNAL)('gives %s only its own parties and those on its bookings', async (who) => {
    const own = await ownIds(`${who}@demo.test`);
    expect(own.length).toBeGreaterThan(0);
    const allowed = new Set([...own, ...(await onTheirBookings(own))]);
    const res = await lookup(who, 'limit=50&include_unapproved=true');
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { party_id: number }) => p.party_id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(allowed.has(id), `party ${id}`).toBe(true);
    // Fewer than the whole directory the old lookup served.
    expect(ids.length).toBeLessThan((await allActiveIds()).length);
    for (const id of own) expect(ids).toContain(id);
  });

  it.each(EXTERNAL)('answers 404 to %s for a party outside its access, 200 for its own', async (who) => {
    const own = await ownIds(`${who}@demo.test`);
    const allowed = new Set([...own, ...(await onTheirBookings(own))]);
    const other = (await allActiveIds()).find((id) => !allowed.has(id));
    expect(other).toBeDefined();
    const res = await lookup(who, `party_id=${other}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msgKey).toBeTruthy();
    const mine = await lookup(who, `party_id=${own[0]}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
  });

  it('shows an external user contact details of its own parties only, and nothing forwarder-internal', async () => {
    const own = await ownIds('shipper@demo.test');
    const rows = (await lookup('shipper', 'limit=50&include_unapproved=true')).json() as {
      party_id: number;
      tel: string;
      email: string | null;
      eori_no: string | null;
      office_code: string | null;
      customer_code: string | null;
      release_score: number;
      nominate_score: number;
      full_addr: string;
    }[];
    const mine = rows.find((r) => r.party_id === own[0]);
    expect(mine?.tel).toBeTruthy();
    const counterparties = rows.filter((r) => !own.includes(r.party_id));
    expect(counterparties.length).toBeGreaterThan(0);
    for (const r of counterparties) {
      expect(r).toMatchObject({ tel: '', email: null, eori_no: null });
      expect(r.full_addr).toBeTruthy();
    }
    for (const r of rows) {
      expect(r).toMatchObject({
        office_code: null,
        customer_code: null,
        release_score: 0,
        nominate_score: 0,
      });
    }
  });

  it('leaves internal users unchanged: every party, full details', async () => {
    const res = await lookup('ops', 'limit=50&include_unapproved=true');
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { party_id: number }) => p.party_id);
    const all = await allActiveIds();
    expect(all.length).toBeLessThanOrEqual(50);
    expect([...ids].sort()).toEqual([...all].sort());
    const outside = await lookup('ops', `party_id=${ids[0]}`);
    expect(outside.json()[0].tel).toBeTruthy();
    expect((await lookup('ops', 'party_id=2147483000')).statusCode).toBe(404);
  });
});
