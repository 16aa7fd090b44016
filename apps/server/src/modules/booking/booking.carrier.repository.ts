import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import type { SoRow } from './booking.repository';
import { shippingOrders, soContainers } from './booking.tables';

/** The reads and writes of an FCL booking's carrier link (issue 42; booking.carrier.service.ts). */
export const bookingCarrierRepository = {
  async byId(db: DbOrTx, soId: number): Promise<SoRow | undefined> {
    const [row] = await db.select().from(shippingOrders).where(eq(shippingOrders.so_id, soId));
    return row;
  },

  /**
   * What a DCSA booking request needs beside the booking: the handling office's name, the port names, the ISO
   * 6346 code of each size (container_capacities, the master data the consolidation module keeps) and the
   * names of the shipper and consignee.
   */
  async dcsaFacts(
    db: DbOrTx,
    q: { office: string; ports: string[]; sizeTypes: string[]; parties: number[] },
  ): Promise<{
    office_name: string | null;
    port_names: Record<string, string>;
    iso_codes: Record<string, string>;
    party_names: Record<string, string>;
  }> {
    const list = <T>(xs: T[]) =>
      xs.length
        ? sql.join(
            xs.map((x) => sql`${x}`),
            sql`, `,
          )
        : sql`null`;
    const { rows } = await db.execute<{
      office_name: string | null;
      port_names: Record<string, string> | null;
      iso_codes: Record<string, string> | null;
      party_names: Record<string, string> | null;
    }>(sql`
      select (select o.full_name from offices o where o.code = ${q.office}) as office_name,
             (select jsonb_object_agg(p.un_code, p.name) from ports p where p.un_code in (${list(q.ports)})) as port_names,
             (select jsonb_object_agg(c.size_type, c.iso_code) from container_capacities c
               where c.size_type in (${list(q.sizeTypes)})) as iso_codes,
             (select jsonb_object_agg(p.party_id::text, p.full_name) from parties p
               where p.party_id in (${list(q.parties)})) as party_names`);
    const r = rows[0];
    return {
      office_name: r?.office_name ?? null,
      port_names: r?.port_names ?? {},
      iso_codes: r?.iso_codes ?? {},
      party_names: r?.party_names ?? {},
    };
  },

  /**
   * The carrier booking no. of each container line: all the carrier panel compares of the lines (it re-reads
   * every few seconds while the carrier works, so not the booking's five child tables).
   */
  containerBookingNos(db: DbOrTx, soId: number) {
    return db
      .select({ carrier_booking_no: soContainers.carrier_booking_no })
      .from(soContainers)
      .where(eq(soContainers.so_id, soId));
  },

  /** The carrier booking no. on every container line of the booking. */
  async setCarrierBookingNo(db: DbOrTx, soId: number, no: string) {
    await db.update(soContainers).set({ carrier_booking_no: no }).where(eq(soContainers.so_id, soId));
  },
};
