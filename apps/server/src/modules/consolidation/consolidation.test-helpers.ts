import type { TConsolInput } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { createTestBooking } from '../../../test/booking-factory';
import type { TestApp } from '../../../test/test-app';
import type { DbOrTx } from '../../platform/db/client';
import { soEquipment } from '../booking';

/** Test helpers of the consolidation tests (not used by the product). */

type H = Record<string, string>;

/**
 * A CONFIRMED LCL consolidatable SO CNSHA → USLAX (shipper CNSZX001, consignee USLAX001, agent CNSHA001) with
 * an LCL-CBM size and a matching LCL container line: 100 packages, 1000 kg, 10 CBM unless overridden.
 */
export async function lclSo(
  db: DbOrTx,
  over: Parameters<typeof createTestBooking>[1] = {},
  cargo: { pk?: number; kg?: string; cbm?: string; lclSize?: boolean; line?: boolean } = {},
) {
  const pk = cargo.pk ?? 100;
  const kg = cargo.kg ?? '1000';
  const cbm = cargo.cbm ?? '10';
  const so = await createTestBooking(
    db,
    {
      status: 'CONFIRMED',
      service_type: 'LCL',
      is_consolidatable: true,
      package_qty: pk,
      gross_weight: kg,
      cbm,
      confirmed_at: new Date().toISOString(),
      ...over,
    },
    cargo.line === false
      ? []
      : [
          {
            size_type: 'LCL-CBM',
            package_qty: pk,
            gross_weight: kg,
            cbm,
            seal_no: 'CFS',
            carrier_booking_no: 'COSU123',
          },
        ],
  );
  if (cargo.lclSize !== false) {
    await db.insert(soEquipment).values({ so_id: so.so_id, line_no: 2, size_type: 'LCL-CBM', qty: 10 });
  }
  return so;
}

/** A plan body with these SOs and one 40HQ, AGENT type for CNSHA001. */
export async function planBody(
  db: DbOrTx,
  soNos: string[],
  over: Partial<TConsolInput> = {},
): Promise<TConsolInput> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select party_id as id from parties where party_code = 'CNSHA001'`,
  );
  return {
    consol_type: 'AGENT',
    customer_party_id: rows[0].id,
    contact_office: 'SHA',
    handling_office: 'SHA',
    pol: 'CNSHA',
    pod: 'USLAX',
    equipment: [{ size_type: '40HQ', qty: 1 }],
    so_nos: soNos,
    ...over,
  };
}

/** Uploads (as a row; the file itself is not needed by the rule) a document of `type` on the plan. */
export async function attachDocument(db: DbOrTx, consolNo: string, type: string) {
  await db.execute(sql`insert into documents (entity_type, entity_id, document_type, file_name, content_type, size_bytes, sha256)
    values ('consolidation', ${consolNo}, ${type}, 'packing-list.pdf', 'application/pdf', 10, 'abc')`);
}

/** The COSU 052E sailing CNSHA → USLAX and a COSU FCL rate on that lane (demo data). */
export async function demoSailingAndRate(db: DbOrTx) {
  const s = await db.execute<{ id: number }>(
    sql`select sailing_schedule_id as id from sailing_schedules where carrier_code = 'COSU' and voyage = '052E' and pol = 'CNSHA' limit 1`,
  );
  const m = await db.execute<{ id: number }>(
    sql`select sailing_schedule_id as id from sailing_schedules where carrier_code = 'MSCU' and pol = 'CNSHA' order by etd limit 1`,
  );
  const r = await db.execute<{ id: number }>(
    sql`select rate_id as id from rates where carrier_code = 'COSU' and pol = 'CNSHA' and pod = 'USLAX' and service = 'FCL' limit 1`,
  );
  return { sailing: s.rows[0].id, sailing2: m.rows[0]?.id ?? s.rows[0].id, rate: r.rows[0].id };
}

export const callsOf = (t: TestApp) => ({
  post: (h: H, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: h, payload: payload as object }),
  put: (h: H, url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: h, payload: payload as object }),
  get: (h: H, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: h }),
});
