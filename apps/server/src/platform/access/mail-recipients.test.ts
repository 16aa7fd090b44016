import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { officeOperationsAddresses, partyUserAddresses } from './mail-recipients';

/** A stand-in database that records each statement (text and parameters) and answers `rows`. */
function stand(rows: { email: string }[]) {
  const sent: { sql: string; params: unknown[] }[] = [];
  const dialect = new PgDialect();
  const db = {
    execute: async (q: SQL) => {
      sent.push(dialect.sqlToQuery(q));
      return { rows };
    },
  } as unknown as DbOrTx;
  return { db, sent };
}
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('partyUserAddresses', () => {
  it('asks once for every grant with profiles and parties, joined by or', async () => {
    const { db, sent } = stand([{ email: 'a@x.test' }]);
    const out = await partyUserAddresses(db, [
      { profiles: ['CONSIGNEE'], partyIds: [7] },
      { profiles: ['AGENT', 'SHIPPER'], partyIds: [8, 9] },
      { profiles: ['AGENT'], partyIds: [] },
    ]);
    expect(out).toEqual(['a@x.test']);
    expect(sent).toHaveLength(1);
    expect(flat(sent[0].sql)).toContain(
      "where u.status = 'A' and u.login_id like '%@%' and ((t.code in ($1) and m.party_id in ($2)) or (t.code in ($3, $4) and m.party_id in ($5, $6))) order by 1",
    );
    expect(sent[0].params).toEqual(['CONSIGNEE', 7, 'AGENT', 'SHIPPER', 8, 9]);
  });

  it('sends nothing and answers no address when no grant has both profiles and parties', async () => {
    const { db, sent } = stand([{ email: 'a@x.test' }]);
    expect(await partyUserAddresses(db, [{ profiles: [], partyIds: [1] }])).toEqual([]);
    expect(await partyUserAddresses(db, [])).toEqual([]);
    expect(sent).toHaveLength(0);
  });
});

describe('officeOperationsAddresses', () => {
  it('reads the internal profiles of the office', async () => {
    const { db, sent } = stand([{ email: 'ops@x.test' }]);
    expect(await officeOperationsAddresses(db, 'HKG')).toEqual(['ops@x.test']);
    expect(flat(sent[0].sql)).toContain('and t.is_internal join offices f on f.office_id = p.office_id');
    expect(sent[0].params).toEqual(['HKG']);
  });
});
