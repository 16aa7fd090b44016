import { ZBookingListQuery } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { internalActor } from './booking.fixture.test-helpers';
import { BOOKING_LIST_DEFS, shippingOrderListRepository } from './booking-lists.repository';

/**
 * A booking list's page without a search or a filter is planned once per connection (issue 40, session 56;
 * docs/performance.md "A stage list's page planned once"): the list's status is a constant in the text and so
 * is the page size, so the page runs prepared with no parameter at all. It fails with the status bound as a
 * parameter (the statement then has one) or the page sent unnamed (no prepared statement).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const preparedWith = async (tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0], marker: string) =>
  (
    await tx.execute<{ parameter_types: string; generic_plans: number }>(sql`
      select parameter_types::text, generic_plans::int from pg_prepared_statements
       where statement like ${`%${marker}%`} and statement like '%limit 10%' and statement not like '%count(*)%'`)
  ).rows;

describe("a booking list's page is planned once", () => {
  it.each([
    ['new_manual_booking', "'NEW_MANUAL'"],
    ['reuse_booking', "'RECOVERED'"],
  ] as const)('%s: page 1 runs prepared with its status in the text', async (key, marker) => {
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 2; i++)
        await shippingOrderListRepository.page(
          tx,
          internalActor,
          BOOKING_LIST_DEFS[key],
          ZBookingListQuery.parse({ pageSize: 10 }),
        );
      const rows = await preparedWith(tx, marker);
      expect(rows).toHaveLength(1);
      expect(rows[0].parameter_types).toBe('{}');
      expect(rows[0].generic_plans).toBeGreaterThanOrEqual(2);
    });
  });

  it('keeps planning a page the user filtered for its values (not prepared)', async () => {
    await t.db.transaction(async (tx) => {
      await shippingOrderListRepository.page(
        tx,
        internalActor,
        BOOKING_LIST_DEFS.booking_cancelled,
        ZBookingListQuery.parse({ pageSize: 10, pol: 'HKHKG' }),
      );
      expect(await preparedWith(tx, '"pol" = ')).toHaveLength(0);
    });
  });
});
