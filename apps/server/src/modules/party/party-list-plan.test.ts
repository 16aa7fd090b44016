import { ZPartyListQuery } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from '../../../test/prepared-statements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Tx } from '../../platform/db/client';
import { partyRepository } from './party.repository';

/**
 * A party list's page without a search or a filter is planned once per connection (issue 40, session 56;
 * docs/performance.md "A stage list's page planned once"): the list's approval statuses and the page size are
 * constants in the text, so the page runs prepared with no parameter. It fails with the statuses bound as
 * parameters or the page sent unnamed; a filtered page is not prepared.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The page statements of this connection whose text holds `marker` (a page of 10: `limit 10`). */
const prepared = (tx: Tx, marker: string) => preparedStatements(tx, [marker, 'limit 10'], ['count(*)']);

describe("a party list's page is planned once", () => {
  it('pending_party_approval: page 1 runs prepared with its statuses in the text', async () => {
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 2; i++)
        await partyRepository.page(
          tx,
          ZPartyListQuery.parse({ list: 'pending_party_approval', pageSize: 10 }),
        );
      const rows = await prepared(tx, `"approval_status" in ('P', 'MA')`);
      expect(rows).toHaveLength(1);
      expect(rows[0].parameter_types).toBe('{}');
      expect(rows[0].generic_plans).toBeGreaterThanOrEqual(2);
    });
  });

  it('keeps planning a page the user filtered for its values (not prepared)', async () => {
    await t.db.transaction(async (tx) => {
      await partyRepository.page(
        tx,
        ZPartyListQuery.parse({ list: 'party_approved', pageSize: 10, country_code: 'HK' }),
      );
      expect(await prepared(tx, '"country_code" = ')).toHaveLength(0);
    });
  });
});
