import { and, asc, desc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { likeEscape } from '../../platform/list/list-query';
import type { PostalAddress } from '../../platform/pdf/address-lines';
import { parties } from '../party';
import { isfProfiles, soContainers, soRemarks, vgmMessages } from './booking.tables';
import { bookingVisibleSql } from './booking-access.repository';

/** Newest first, at most this many remarks or VGM messages per booking. */
const PER_BOOKING_MAX = 500;
const ISF_PROFILE_LIST_MAX = 200;

export type RemarkRow = typeof soRemarks.$inferSelect;
export type IsfProfileRow = typeof isfProfiles.$inferSelect;
export type VgmMessageRow = typeof vgmMessages.$inferSelect;
export type ContainerRow = typeof soContainers.$inferSelect;

/** A party's name and address lines as the house bill prints them. */
export type PartyAddressRow = PostalAddress & { full_name: string; address1: string; country_code: string };

/** The house bill's facts of one order (houseDoc). */
export interface HouseDocRow {
  so_id: number;
  so_no: string;
  hbl_no: string | null;
  job_no: string | null;
  hide_party_address: boolean;
  is_to_order: boolean;
  vessel_name: string | null;
  voyage: string | null;
  por: string | null;
  pol: string;
  pod: string;
  pld: string;
  fd: string;
  etd: string;
  package_qty: number | null;
  package_unit: string | null;
  gross_weight: string | null;
  cbm: string | null;
  marks: string | null;
  goods_description: string | null;
  freight_term: string;
  originals_count: number;
  transport_document: string;
  handling_office: string;
  shipper: PartyAddressRow | null;
  consignee: PartyAddressRow | null;
  notify: PartyAddressRow | null;
  /** Code → "name" of each place code the order names (port, else UN/LOCODE, else the code). */
  places: Record<string, string> | null;
  office: string | null;
  containers: {
    container_no: string | null;
    seal_no: string | null;
    size_type: string;
    package_qty: number | null;
    gross_weight: string | null;
    cbm: string | null;
  }[];
}

/** Queries of a booking's side records: remarks, ISF profiles, VGM messages and the house bill's facts. */
export const bookingExtrasRepository = {
  /** The order's remarks, newest first; `allOnly` leaves out the INTERNAL ones. */
  remarks(db: DbOrTx, soId: number, allOnly: boolean): Promise<RemarkRow[]> {
    return db
      .select()
      .from(soRemarks)
      .where(and(eq(soRemarks.so_id, soId), allOnly ? eq(soRemarks.visible_to, 'ALL') : undefined))
      .orderBy(desc(soRemarks.id))
      .limit(PER_BOOKING_MAX);
  },

  async insertRemark(db: DbOrTx, values: typeof soRemarks.$inferInsert): Promise<RemarkRow> {
    const [row] = await db.insert(soRemarks).values(values).returning();
    return row;
  },

  async remark(db: DbOrTx, soId: number, id: number): Promise<RemarkRow | undefined> {
    const [row] = await db
      .select()
      .from(soRemarks)
      .where(and(eq(soRemarks.id, id), eq(soRemarks.so_id, soId)));
    return row;
  },

  async deleteRemark(db: DbOrTx, id: number): Promise<void> {
    await db.delete(soRemarks).where(eq(soRemarks.id, id));
  },

  /** The user's ISF profiles whose name or city contains `text` (all without it), by name. */
  isfProfiles(db: DbOrTx, ownerUid: string, text: string | undefined): Promise<IsfProfileRow[]> {
    const like = text ? `%${likeEscape(text)}%` : undefined;
    return db
      .select()
      .from(isfProfiles)
      .where(
        and(
          eq(isfProfiles.owner_uid, ownerUid),
          like ? or(ilike(isfProfiles.name, like), ilike(isfProfiles.city, like)) : undefined,
        ),
      )
      .orderBy(asc(isfProfiles.name), asc(isfProfiles.isf_profile_id))
      .limit(ISF_PROFILE_LIST_MAX);
  },

  async insertIsfProfile(db: DbOrTx, values: typeof isfProfiles.$inferInsert): Promise<IsfProfileRow> {
    const [row] = await db.insert(isfProfiles).values(values).returning();
    return row;
  },

  /** Deletes the owner's profile; false when there is none with this id for them. */
  async deleteIsfProfile(db: DbOrTx, ownerUid: string, id: number): Promise<boolean> {
    const gone = await db
      .delete(isfProfiles)
      .where(and(eq(isfProfiles.isf_profile_id, id), eq(isfProfiles.owner_uid, ownerUid)))
      .returning({ id: isfProfiles.isf_profile_id });
    return gone.length > 0;
  },

  /** The order's VGM messages, newest first. */
  vgmMessages(db: DbOrTx, soId: number): Promise<VgmMessageRow[]> {
    return db
      .select()
      .from(vgmMessages)
      .where(eq(vgmMessages.so_id, soId))
      .orderBy(desc(vgmMessages.id))
      .limit(PER_BOOKING_MAX);
  },

  /** Containers with a number, a VGM weight and a method, in line order. */
  vgmContainers(db: DbOrTx, soId: number): Promise<ContainerRow[]> {
    return db
      .select()
      .from(soContainers)
      .where(
        and(
          eq(soContainers.so_id, soId),
          isNotNull(soContainers.container_no),
          isNotNull(soContainers.vgm_weight),
          isNotNull(soContainers.vgm_method),
        ),
      )
      .orderBy(asc(soContainers.line_no));
  },

  /** The next VGM message id (it also numbers the message reference). */
  async nextVgmId(db: DbOrTx): Promise<number> {
    const { rows } = await db.execute<{ id: string }>(
      sql`select nextval(pg_get_serial_sequence('vgm_messages', 'id'))::text as id`,
    );
    return Number(rows[0].id);
  },

  async insertVgmMessage(db: DbOrTx, values: typeof vgmMessages.$inferInsert): Promise<VgmMessageRow> {
    const [row] = await db.insert(vgmMessages).values(values).returning();
    return row;
  },

  async partyName(db: DbOrTx, id: number): Promise<string | undefined> {
    const [row] = await db.select({ name: parties.full_name }).from(parties).where(eq(parties.party_id, id));
    return row?.name;
  },

  /**
   * Everything the house bill prints, in one statement (the order, its three parties with addresses, the place
   * and office names, the container lines as JSON): one round trip and one pooled connection per PDF instead of
   * seven statements, six of them at once, which at 20 clients queued on the pool. Undefined when the order
   * does not exist or the actor may not see it.
   */
  async houseDoc(db: DbOrTx, actor: Actor, soNo: string): Promise<HouseDocRow | undefined> {
    const party = (column: string) =>
      sql.raw(`(select row_to_json(p) from (select full_name, address1, address2, address3, address4, city, state,
                  zip_postal, country_code from parties where party_id = so.${column}) p)`);
    const { rows } = await db.execute<HouseDocRow & Record<string, unknown>>(sql`
      select so.so_id, so.so_no, so.hbl_no, so.job_no, so.hide_party_address, so.is_to_order, so.vessel_name,
             so.voyage, so.por, so.pol, so.pod, so.pld, so.fd, so.etd, so.package_qty, so.package_unit,
             so.gross_weight, so.cbm, so.marks, so.goods_description, so.freight_term, so.originals_count,
             so.transport_document, so.handling_office,
             ${party('shipper_id')} as shipper, ${party('consignee_id')} as consignee, ${party('notify_id')} as notify,
             (select json_object_agg(c.code, coalesce(pt.name, l.name, c.code))
                from unnest(array[so.por, so.pol, so.pod, so.pld, so.fd]) as c(code)
                left join ports pt on pt.un_code = c.code
                left join un_locodes l on l.locode = c.code
               where c.code is not null) as places,
             (select o.full_name from offices o where o.code = so.handling_office) as office,
             (select coalesce(json_agg(json_build_object('container_no', c.container_no, 'seal_no', c.seal_no,
                       'size_type', c.size_type, 'package_qty', c.package_qty,
                       'gross_weight', c.gross_weight::text, 'cbm', c.cbm::text) order by c.line_no), '[]'::json)
                from so_containers c where c.so_id = so.so_id) as containers
        from shipping_orders so
       where so.so_no = ${soNo} and ${bookingVisibleSql(actor, 'so')}`);
    return rows[0];
  },
};
