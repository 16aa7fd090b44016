import { BOOKING_PARTY_FIELDS } from '@portal/contracts';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import { type DbOrTx, hasRowWith } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import type { PostalAddress } from '../../platform/pdf/address-lines';
import { soNosVisibleTo, soPartyIn } from '../consolidation';
import { ownPartyIdsSql } from '../party';
import { masterBlContainers, masterBlSos, masterBls } from './master-bl.tables';

export type MblRow = typeof masterBls.$inferSelect;
export type MblInsert = typeof masterBls.$inferInsert;
export type MblContainerRow = typeof masterBlContainers.$inferSelect;

/**
 * The bills an external actor may see (alias `m`): its own party is the consignee or notify party (the
 * destination agent) or stands on one of the bill's SOs. Internal profiles: every bill (null).
 */
export function mblVisibleSql(actor: Actor, alias = 'm'): SQL | null {
  const own = ownPartyIdsSql(actor);
  if (!own) return null;
  const a = sql.raw(alias);
  return sql`(${a}.consignee_party_id in ${own} or ${a}.notify_party_id in ${own}
    or ${a}.mbl_id in (select ms.mbl_id from master_bl_sos ms join shipping_orders so on so.so_id = ms.so_id
                        where ${soPartyIn(own)}))`;
}

/** The parties on the bills where one of `own` stands (party lookup for external profiles). */
export const mblPartySourceSql = (own: SQL): SQL =>
  sql`(select m.consignee_party_id from master_bls m where m.consignee_party_id in ${own}
        or m.notify_party_id in ${own}
        or m.mbl_id in (select ms.mbl_id from master_bl_sos ms join shipping_orders so on so.so_id = ms.so_id
                         where ${soPartyIn(own)}))`;

/** The SO facts the master BL rules and presentation read. */
export type MblSoFacts = {
  so_id: number;
  so_no: string;
  hbl_no: string | null;
  po_no: string | null;
  status: string;
  service_type: string;
  transport_mode: string;
  pol: string;
  pod: string;
  pld: string | null;
  etd: string | null;
  carrier_code: string | null;
  vessel_name: string | null;
  voyage: string | null;
  handling_office: string;
  freight_term: string | null;
  un_no: string | null;
  marks: string | null;
  goods_description: string | null;
  package_qty: number | null;
  package_unit: string | null;
  gross_weight: string | null;
  cbm: string | null;
  consignee_id: number | null;
  notify_id: number | null;
  nomination_agent_id: number | null;
  release_agent_id: number | null;
  shipper_name: string | null;
  consignee_name: string | null;
  /** The live bill the SO is on, if any. */
  in_mbl_id: number | null;
  in_mbl_no: string | null;
  /** The plan the SO is in, if any. */
  in_consol_id: number | null;
};

export type PartyFacts = PostalAddress & {
  party_id: number;
  party_code: string;
  full_name: string;
  address1: string;
  country_code: string;
  tel: string | null;
  fax: string | null;
  email: string | null;
};

/** Master BL queries. */
export const mblRepository = {
  /** The bill `mblNo` if the actor may see it (optionally locked). */
  async byNo(db: DbOrTx, actor: Actor, mblNo: string, lock = false): Promise<MblRow | undefined> {
    const visible = mblVisibleSql(actor, 'master_bls');
    const q = db
      .select()
      .from(masterBls)
      .where(and(eq(masterBls.mbl_no, mblNo), visible ?? undefined));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** Whether a master bill already carries this MBL# (one the sequence did not number): the sequence skips it. */
  numberInUse: (db: DbOrTx, mblNo: string) => hasRowWith(db, masterBls, masterBls.mbl_no, mblNo),

  async insert(tx: DbOrTx, values: MblInsert): Promise<MblRow> {
    const [row] = await tx.insert(masterBls).values(values).returning();
    return row;
  },

  /** Updates the bill if it is still at `version`; undefined when someone saved in between. */
  updateIfVersion: versionedUpdate(masterBls, masterBls.mbl_id),

  containers(db: DbOrTx, id: number): Promise<MblContainerRow[]> {
    return db
      .select()
      .from(masterBlContainers)
      .where(eq(masterBlContainers.mbl_id, id))
      .orderBy(asc(masterBlContainers.seq));
  },

  /** Facts of the SOs with these numbers (any status; the rules decide). Party visibility is the caller's. */
  async soFacts(db: DbOrTx, soNos: string[], exceptMblId: number | null = null): Promise<MblSoFacts[]> {
    if (!soNos.length) return [];
    const { rows } = await db.execute<MblSoFacts>(sql`
      select so.so_id, so.so_no, so.hbl_no, so.po_no, so.status, so.service_type, so.transport_mode,
             so.pol, so.pod, so.pld, so.etd::text as etd, so.carrier_code, so.vessel_name, so.voyage,
             so.handling_office, so.freight_term, so.un_no, so.marks, so.goods_description, so.package_qty,
             so.package_unit, so.gross_weight::text as gross_weight, so.cbm::text as cbm,
             so.consignee_id, so.notify_id, so.nomination_agent_id, so.release_agent_id,
             sh.full_name as shipper_name, cn.full_name as consignee_name,
             ms.mbl_id as in_mbl_id, m.mbl_no as in_mbl_no,
             (select cs.consol_id from consol_sos cs where cs.so_id = so.so_id) as in_consol_id
        from shipping_orders so
        left join parties sh on sh.party_id = so.shipper_id
        left join parties cn on cn.party_id = so.consignee_id
        left join master_bl_sos ms on ms.so_id = so.so_id and ms.live
             ${exceptMblId === null ? sql`` : sql`and ms.mbl_id <> ${exceptMblId}`}
        left join master_bls m on m.mbl_id = ms.mbl_id
       where so.so_no in (${sql.join(soNos, sql`, `)})`);
    return rows;
  },

  /** The bill's SO numbers in bill order (live rows, or every row of a cancelled bill). */
  async soNos(db: DbOrTx, id: number): Promise<string[]> {
    const { rows } = await db.execute<{ so_no: string }>(sql`
      select so.so_no from master_bl_sos ms join shipping_orders so on so.so_id = ms.so_id
       where ms.mbl_id = ${id} order by ms.line_no`);
    return rows.map((r) => r.so_no);
  },

  /** The SO numbers (of `soNos`) the external actor may see through its own parties; all for internal. */
  visibleSoNos: soNosVisibleTo,

  /**
   * Totals of the bill's SOs summed in SQL (numeric, never JS floats): packages, weight, volume and the
   * package unit when every SO has the same one.
   */
  async totals(db: DbOrTx, soNos: string[]) {
    if (!soNos.length) return { package_qty: 0, package_unit: null, gross_weight: '0.000', cbm: '0.000' };
    const { rows } = await db.execute<{
      package_qty: number;
      package_unit: string | null;
      gross_weight: string;
      cbm: string;
    }>(sql`
      select coalesce(sum(so.package_qty), 0)::int as package_qty,
             case when count(distinct so.package_unit) = 1 then min(so.package_unit) end as package_unit,
             to_char(coalesce(sum(so.gross_weight), 0), 'FM999999999990.000') as gross_weight,
             to_char(coalesce(sum(so.cbm), 0), 'FM999999999990.000') as cbm
        from shipping_orders so where so.so_no in (${sql.join(soNos, sql`, `)})`);
    return rows[0];
  },

  /** Sums of the containers' cargo (numeric in SQL) to compare with the SOs' totals. */
  async sumDecimals(db: DbOrTx, values: string[]) {
    if (!values.length) return '0.000';
    const { rows } = await db.execute<{ s: string }>(
      sql`select to_char(coalesce(sum(v::numeric), 0), 'FM999999999990.000') as s
            from unnest(array[${sql.join(values, sql`, `)}]::text[]) v`,
    );
    return rows[0].s;
  },

  /** |a - b| <= tolerance, decided in SQL numeric. */
  async withinTolerance(db: DbOrTx, a: string, b: string, tolerance: string) {
    const { rows } = await db.execute<{ ok: boolean }>(
      sql`select abs(${a}::numeric - ${b}::numeric) <= ${tolerance}::numeric as ok`,
    );
    return !!rows[0]?.ok;
  },

  /** The plan behind a bill from a consolidation, with the plan's selected (or only) proposal. */
  async consolFacts(db: DbOrTx, consolNo: string, visible: SQL | null) {
    const { rows } = await db.execute<{
      consol_id: number;
      consol_no: string;
      status: string;
      consol_type: string;
      customer_party_id: number | null;
      handling_office: string;
      pol: string;
      pod: string;
      etd: string | null;
      carrier_code: string | null;
      vessel_name: string | null;
      voyage: string | null;
      proposal_etd: string | null;
      currency: string | null;
      total_rate: string | null;
      live_mbl_no: string | null;
    }>(sql`
      select cp.consol_id, cp.consol_no, cp.status, cp.consol_type, cp.customer_party_id, cp.handling_office,
             cp.pol, cp.pod, cp.etd::text as etd, p.carrier_code, p.vessel_name, p.voyage,
             p.etd::text as proposal_etd, p.currency, p.total_rate::text as total_rate,
             (select m.mbl_no from master_bls m where m.consol_id = cp.consol_id and m.status <> 'CANCELLED'
               limit 1) as live_mbl_no
        from consol_plans cp
        left join lateral (select * from consol_proposals x where x.consol_id = cp.consol_id
                            order by x.is_selected desc, x.seq limit 1) p on true
       where cp.consol_no = ${consolNo} ${visible ? sql`and ${visible}` : sql``}`);
    return rows[0];
  },

  /** The plan's SO numbers in plan order. */
  /** The live (not cancelled) bill of a plan, if any (the partial unique index master_bls_consol_live_uq). */
  async liveMblOfConsol(db: DbOrTx, consolId: number) {
    const { rows } = await db.execute<{ mbl_no: string }>(
      sql`select mbl_no from master_bls where consol_id = ${consolId} and status <> 'CANCELLED' limit 1`,
    );
    return rows[0] ?? null;
  },
  async consolSoNos(db: DbOrTx, consolId: number) {
    const { rows } = await db.execute<{ so_no: string }>(sql`
      select so.so_no from consol_sos cs join shipping_orders so on so.so_id = cs.so_id
       where cs.consol_id = ${consolId} order by cs.line_no`);
    return rows.map((r) => r.so_no);
  },

  /** The plan's containers with the cargo allocated to each (sums in SQL). */
  async consolContainers(db: DbOrTx, consolId: number) {
    const { rows } = await db.execute<{
      seq: number;
      size_type: string;
      container_no: string | null;
      seal_no: string | null;
      package_qty: number;
      gross_weight: string;
      cbm: string;
    }>(sql`
      select c.seq, c.size_type, c.container_no, c.seal_no,
             coalesce(sum(a.package_qty), 0)::int as package_qty,
             to_char(coalesce(sum(a.kg), 0), 'FM999999999990.000') as gross_weight,
             to_char(coalesce(sum(a.cbm), 0), 'FM999999999990.000') as cbm
        from consol_containers c
        left join consol_allocations a on a.consol_id = c.consol_id and a.container_seq = c.seq
       where c.consol_id = ${consolId}
       group by c.seq, c.size_type, c.container_no, c.seal_no order by c.seq`);
    return rows;
  },

  /** The FCL SOs' container lines (cargo per container). */
  async soContainerLines(db: DbOrTx, soNos: string[]) {
    if (!soNos.length) return [];
    const { rows } = await db.execute<{
      so_no: string;
      size_type: string;
      container_no: string | null;
      seal_no: string | null;
      package_qty: number | null;
      gross_weight: string | null;
      cbm: string | null;
    }>(sql`
      select so.so_no, c.size_type, c.container_no, c.seal_no, c.package_qty,
             to_char(c.gross_weight, 'FM999999999990.000') as gross_weight,
             to_char(c.cbm, 'FM999999999990.000') as cbm
        from so_containers c join shipping_orders so on so.so_id = c.so_id
       where so.so_no in (${sql.join(soNos, sql`, `)}) order by so.so_no, c.line_no`);
    return rows;
  },

  /** Replaces the bill's SO rows and containers. */
  async replaceChildren(
    tx: DbOrTx,
    id: number,
    soIds: number[],
    containers: Omit<MblContainerRow, 'id' | 'mbl_id'>[],
  ) {
    await tx.delete(masterBlSos).where(eq(masterBlSos.mbl_id, id));
    if (soIds.length) {
      await tx
        .insert(masterBlSos)
        .values(soIds.map((so_id, i) => ({ mbl_id: id, so_id, line_no: i + 1, live: true })));
    }
    await tx.delete(masterBlContainers).where(eq(masterBlContainers.mbl_id, id));
    if (containers.length) {
      await tx.insert(masterBlContainers).values(containers.map((c) => ({ ...c, mbl_id: id })));
    }
  },

  /** Cancelling releases the SOs (live false); recovering takes them back. */
  async setSosLive(tx: DbOrTx, id: number, live: boolean) {
    await tx.update(masterBlSos).set({ live }).where(eq(masterBlSos.mbl_id, id));
  },

  /** Another live bill of the same carrier with this carrier MBL number. */
  async carrierNoTaken(db: DbOrTx, carrier: string, carrierNo: string, exceptId: number | null) {
    const [row] = await db
      .select({ mbl_no: masterBls.mbl_no })
      .from(masterBls)
      .where(
        and(
          eq(masterBls.carrier_code, carrier),
          eq(masterBls.carrier_mbl_no, carrierNo),
          ne(masterBls.status, 'CANCELLED'),
          exceptId === null ? undefined : ne(masterBls.mbl_id, exceptId),
        ),
      )
      .limit(1);
    return row?.mbl_no ?? null;
  },

  async parties(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, PartyFacts>> {
    const want = [...new Set(ids.filter((i): i is number => !!i))];
    if (!want.length) return new Map();
    const { rows } = await db.execute<PartyFacts>(sql`
      select party_id, party_code, full_name, address1, address2, address3, address4, city, state, zip_postal,
             country_code, tel, fax, email
        from parties where party_id in (${sql.join(want, sql`, `)})`);
    return new Map(rows.map((r) => [r.party_id, r]));
  },

  async office(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ code: string; full_name: string; country_code: string }>(
      sql`select code, full_name, country_code from offices where code = ${code}`,
    );
    return rows[0];
  },

  async carrier(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ carrier_code: string; full_name: string; scac: string | null }>(
      sql`select carrier_code, full_name, scac from carriers where carrier_code = ${code}`,
    );
    return rows[0];
  },

  /** Place names of UN/LOCODEs (for the print). */
  async placeNames(db: DbOrTx, codes: string[]) {
    if (!codes.length) return new Map<string, string>();
    const { rows } = await db.execute<{ code: string; name: string }>(sql`
      select c.code, coalesce(p.name, l.name, c.code) as name
        from unnest(${`{${codes.join(',')}}`}::text[]) as c(code)
        left join ports p on p.un_code = c.code
        left join un_locodes l on l.locode = c.code`);
    return new Map(rows.map((r) => [r.code, r.name]));
  },

  async soNoOfId(db: DbOrTx, soId: number) {
    const { rows } = await db.execute<{ so_no: string }>(
      sql`select so_no from shipping_orders where so_id = ${soId}`,
    );
    return rows[0]?.so_no ?? null;
  },

  async consolNoOfId(db: DbOrTx, consolId: number | null) {
    if (!consolId) return null;
    const { rows } = await db.execute<{ consol_no: string }>(
      sql`select consol_no from consol_plans where consol_id = ${consolId}`,
    );
    return rows[0]?.consol_no ?? null;
  },

  /**
   * The cargo per SO and container of a bill (DCSA consignment and cargo items): a plan's allocations on the
   * bill's containers of the same seq, or the FCL SOs' container lines on the bill's containers of the same
   * number; with each SO's HS codes and carrier booking number.
   */
  async cargoLines(db: DbOrTx, m: MblRow) {
    const { rows } = await db.execute<{
      so_no: string;
      container_no: string | null;
      package_qty: number;
      gross_weight: string;
      cbm: string;
      carrier_booking_no: string | null;
    }>(
      m.consol_id
        ? sql`
      select so.so_no, c.container_no, a.package_qty, a.kg::text as gross_weight, a.cbm::text as cbm,
             cc.carrier_booking_no
        from consol_allocations a
        join shipping_orders so on so.so_id = a.so_id
        join master_bl_containers c on c.mbl_id = ${m.mbl_id} and c.seq = a.container_seq
        left join consol_containers cc on cc.consol_id = a.consol_id and cc.seq = a.container_seq
       where a.consol_id = ${m.consol_id}
       order by so.so_no, c.seq`
        : sql`
      select so.so_no, c.container_no, sc.package_qty, sc.gross_weight::text as gross_weight,
             sc.cbm::text as cbm, sc.carrier_booking_no
        from master_bl_sos ms
        join shipping_orders so on so.so_id = ms.so_id
        join so_containers sc on sc.so_id = so.so_id
        join master_bl_containers c on c.mbl_id = ms.mbl_id and c.container_no = sc.container_no
       where ms.mbl_id = ${m.mbl_id}
       order by ms.line_no, c.seq`,
    );
    return rows;
  },

  /**
   * HS codes of these SOs (DCSA HSCodes): only codes whose 6-digit subheading is in the HS 2022 table (the
   * lookup's hs_codes), so a made-up code counts as missing and the export names its SO (issue 39).
   */
  async hsCodes(db: DbOrTx, soNos: string[]) {
    if (!soNos.length) return new Map<string, string[]>();
    const { rows } = await db.execute<{ so_no: string; codes: string[] }>(sql`
      select so.so_no, array_agg(distinct c.code) as codes
        from (select so_id, regexp_replace(hs_code, '[^0-9]', '', 'g') as code from so_hs_lines) c
        join shipping_orders so on so.so_id = c.so_id
       where so.so_no in (${sql.join(soNos, sql`, `)})
         and exists (select 1 from hs_codes r where r.hs_code = left(c.code, 6))
       group by so.so_no`);
    return new Map(rows.map((r) => [r.so_no, r.codes]));
  },

  /** ISO 6346 size/type codes of the trade sizes (the consolidation capacity reference table). */
  async isoCodes(db: DbOrTx) {
    const { rows } = await db.execute<{ size_type: string; iso_code: string }>(
      sql`select size_type, iso_code from container_capacities`,
    );
    return new Map(rows.map((r) => [r.size_type, r.iso_code]));
  },

  /** Replaces container numbers, seals and sizes of a bill's containers (DCSA import), by seq. */
  async setContainerIds(
    tx: DbOrTx,
    id: number,
    list: { seq: number; container_no: string | null; seal_no: string | null; size_type: string }[],
  ) {
    for (const c of list) {
      await tx
        .update(masterBlContainers)
        .set({ container_no: c.container_no, seal_no: c.seal_no, size_type: c.size_type })
        .where(and(eq(masterBlContainers.mbl_id, id), eq(masterBlContainers.seq, c.seq)));
    }
  },

  /** Every bill as the search index wants it (rebuild), or these bills. */
  async searchRows(db: DbOrTx, ids?: number[]) {
    const { rows } = await db.execute<{
      mbl_id: number;
      mbl_no: string;
      carrier_mbl_no: string | null;
      status: string;
      pol: string;
      pod: string;
      etd: string | null;
      vessel_name: string;
      voyage: string;
      consignee_party_id: number;
      notify_party_id: number | null;
      party_ids: number[] | null;
      container_nos: string[] | null;
    }>(sql`
      select m.mbl_id, m.mbl_no, m.carrier_mbl_no, m.status, m.pol, m.pod, m.etd::text as etd, m.vessel_name,
             m.voyage, m.consignee_party_id, m.notify_party_id,
             (select array_agg(c.container_no order by c.seq) from master_bl_containers c
               where c.mbl_id = m.mbl_id and c.container_no is not null) as container_nos,
             (select array_agg(distinct x) from master_bl_sos ms join shipping_orders so on so.so_id = ms.so_id
               cross join lateral unnest(array[${sql.raw(BOOKING_PARTY_FIELDS.map((c) => `so.${c}`).join(', '))}]) x
               where ms.mbl_id = m.mbl_id and x is not null) as party_ids
        from master_bls m
       ${ids ? sql`where m.mbl_id in (${sql.join(ids, sql`, `)})` : sql``}`);
    return rows;
  },
};
