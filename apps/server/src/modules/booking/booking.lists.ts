import {
  BOOKING_LIST_KEYS,
  BOOKING_LISTS,
  BOOKING_MSG,
  isExternalProfile,
  MAX_EXPORT_ROWS,
  type TAgeingRule,
  type TBookingListKey,
} from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import { shortCache } from '../../platform/cache/short-cache';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { assertExportSize } from '../../platform/export/excel';
import { presentBookingRow } from './booking.presenter';
import { type BookingExportRow, EXPORT_BATCH, exportBatch, exportIds } from './booking-export.repository';
import {
  BOOKING_LIST_DEFS,
  type BookingListQuery,
  shippingOrderListRepository as repo,
  type ShippingOrderListDef,
} from './booking-lists.repository';

/** The list key, or 404 msgBookingListUnknown. */
export function listKeyOrThrow(key: string): TBookingListKey {
  if (!(BOOKING_LIST_KEYS as string[]).includes(key)) throw notFound(BOOKING_MSG.listUnknown);
  return key as TBookingListKey;
}

/**
 * How long an instance reuses the internal users' dashboard figures (they may lag a write by this much):
 * BOOKING_DASHBOARD_CACHE_MS, default 5 s; the API tests set 0 because they age rows directly in SQL.
 */
export const DASHBOARD_CACHE_MS = Number(process.env.BOOKING_DASHBOARD_CACHE_MS ?? 5_000);

/** Every dashboard cache of the shipping-order lists (booking and approval), to drop them after a write. */
const dashboardCaches: { invalidate(db: Db): void }[] = [];

/**
 * Drops this instance's cached dashboard figures (booking and approval lists) after a write to shipping
 * orders here, so the next dashboard is recounted: the writer sees its change at once, other instances
 * within DASHBOARD_CACHE_MS.
 */
export function invalidateShippingOrderCounts(db: Db) {
  for (const c of dashboardCaches) c.invalidate(db);
}

/**
 * Lists of shipping orders on the booking list framework (rows ZBookingRow, the same query, search, sorts,
 * filters, party visibility and capped counts; queries in booking-lists.repository.ts): the booking lists
 * below and the approval lists (booking-approval.lists.ts) are built with it.
 */
export function shippingOrderLists<K extends string>(
  defs: Record<K, ShippingOrderListDef>,
  meta: Record<K, { ageing: TAgeingRule | null }>,
) {
  const internalDashboards = shortCache<
    Db,
    { lists: { key: K; count: number; countCapped: boolean; yellow: number; red: number }[] }
  >({
    ttlMs: DASHBOARD_CACHE_MS,
  });
  dashboardCaches.push(internalDashboards);
  const countDashboard = (db: Db, actor: Actor) => repo.dashboardCounts(db, actor, defs, meta);
  return {
    async page(db: Db, actor: Actor, key: K, q: BookingListQuery) {
      const page = await repo.page(db, actor, defs[key], q);
      return { ...page, rows: page.rows.map(presentBookingRow) };
    },

    /**
     * Every matching row in list order (for the export), refused beyond MAX_EXPORT_ROWS before any byte is
     * sent: the ids first (list WHERE and ORDER BY, one indexed statement), then the exported columns in
     * batches of EXPORT_BATCH by primary key, each batch read while the previous one is being written to the
     * workbook, so the server holds about two batches at a time whatever the export's size.
     */
    async exportRows(
      db: Db,
      actor: Actor,
      key: K,
      q: BookingListQuery,
    ): Promise<AsyncIterable<BookingExportRow>> {
      const ids = await exportIds(
        db,
        await repo.filterAndOrder(db, actor, defs[key], q),
        MAX_EXPORT_ROWS + 1,
      );
      assertExportSize(ids.length);
      const clock = defs[key].clock;
      // A batch read ahead whose export is abandoned (the client went away) must not reject unhandled.
      const batch = (from: number) => {
        const p = exportBatch(db, ids.slice(from, from + EXPORT_BATCH), clock);
        p.catch(() => {});
        return p;
      };
      return (async function* () {
        let next = ids.length ? batch(0) : null;
        for (let at = 0; next; at += EXPORT_BATCH) {
          const rows = await next;
          next = at + EXPORT_BATCH < ids.length ? batch(at + EXPORT_BATCH) : null;
          yield* rows;
        }
      })();
    },

    /**
     * Counts per list with their yellow and red figures. Internal users all see the same figures, so one load
     * per instance is shared for DASHBOARD_CACHE_MS (every open dashboard polls them; at a million orders a load
     * reads up to 10,001 index entries per figure). External users' figures depend on their parties: not cached.
     */
    dashboard(db: Db, actor: Actor) {
      if (isExternalProfile(actor.profile_type)) return countDashboard(db, actor);
      return internalDashboards.get(db, () => countDashboard(db, actor));
    },
  };
}

/** Booking lists, their export rows and the dashboard counts. */
export const bookingLists = shippingOrderLists(BOOKING_LIST_DEFS, BOOKING_LISTS);
