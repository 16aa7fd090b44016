import { and, asc, desc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { likeEscape } from '../../platform/list/list-query';
import { parties } from '../party';
import { isfProfiles, soContainers, soRemarks, vgmMessages } from './booking.tables';

/** Newest first, at most this many remarks or VGM messages per booking. */
const PER_BOOKING_MAX = 500;
const ISF_PROFILE_LIST_MAX = 200;

export type RemarkRow = typeof soRemarks.$inferSelect;
export type IsfProfileRow = typeof isfProfiles.$inferSelect;
export type VgmMessageRow = typeof vgmMessages.$inferSelect;
export type ContainerRow = typeof soContainers.$inferSelect;

/** A party's name and address lines as the house bill prints them. */
export type PartyAddressRow = {
  full_name: string;
  address1: string;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  city: string | null;
  state: string | null;
  zip_postal: string | null;
  country_code: string;
};

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

  async partyAddress(db: DbOrTx, id: number): Promise<PartyAddressRow | undefined> {
    const { rows } = await db.execute<PartyAddressRow>(
      sql`select full_name, address1, address2, address3, address4, city, state, zip_postal, country_code
            from parties where party_id = ${id}`,
    );
    return rows[0];
  },

  /** Port (or UN/LOCODE) names of the codes; a code without either keeps the code. */
  async placeNames(db: DbOrTx, codes: string[]): Promise<{ code: string; name: string }[]> {
    const { rows } = await db.execute<{ code: string; name: string }>(
      sql`select c.code, coalesce(p.name, l.name, c.code) as name
            from unnest(${`{${codes.join(',')}}`}::text[]) as c(code)
            left join ports p on p.un_code = c.code
            left join un_locodes l on l.locode = c.code`,
    );
    return rows;
  },

  async officeName(db: DbOrTx, code: string): Promise<string | undefined> {
    const { rows } = await db.execute<{ full_name: string }>(
      sql`select full_name from offices where code = ${code}`,
    );
    return rows[0]?.full_name;
  },

  containers(db: DbOrTx, soId: number): Promise<ContainerRow[]> {
    return db
      .select()
      .from(soContainers)
      .where(eq(soContainers.so_id, soId))
      .orderBy(asc(soContainers.line_no));
  },
};
