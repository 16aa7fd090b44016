import { ZBookingListQuery } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from '../../../test/prepared-statements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Tx } from '../../platform/db/client';
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

/** The page statements of this connection whose text holds `marker` (a page of 10: `limit 10`). */
const preparedWith = (tx: Tx, marker: string) => preparedStatements(tx, [marker, 'limit 10'], ['count(*)']);

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
