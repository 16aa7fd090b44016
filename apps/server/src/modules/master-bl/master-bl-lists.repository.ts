import {
  COUNT_CAP,
  MAX_EXPORT_ROWS,
  MBL_AGEING,
  MBL_FILTER_FIELDS,
  MBL_LIST_KEYS,
  MBL_MSG,
  type MBL_SORTABLE,
  type TMblListKey,
  type TMblListQuery,
  type TMblRow,
} from '@portal/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { exportColumn, exportColumns, HEADERS, SHARED_COLUMNS } from '../../platform/export/columns';
import { assertExportSize } from '../../platform/export/excel';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, likeEscape, listOrder, listPage } from '../../platform/list/list-query';
import { parties } from '../party';
import { mblVisibleSql } from './master-bl.repository';
import { masterBls as m, masterBlContainers, masterBlSos } from './master-bl.tables';

type Sort = (typeof MBL_SORTABLE)[number];

export function mblListKeyOrThrow(key: string): TMblListKey {
  if (!(MBL_LIST_KEYS as string[]).includes(key)) throw notFound(MBL_MSG.notFound);
  return key as TMblListKey;
}

const spec: ListSpec<Sort> = {
  table: m,
  sortable: { mbl_no: m.mbl_no, etd: m.etd, updated_at: m.updated_at, created_at: m.created_at },
  defaultSort: 'mbl_no',
  tiebreak: m.mbl_id,
  searchText: sql`lower(${m.mbl_no})`,
};

const filterFields = filterFieldsOf(MBL_FILTER_FIELDS, {
  mbl_no: m.mbl_no,
  carrier_mbl_no: m.carrier_mbl_no,
  status: m.status,
  source: m.source,
  carrier_code: m.carrier_code,
  pol: m.pol,
  pod: m.pod,
  handling_office: m.handling_office,
  etd: m.etd,
});

/** The lists' row filters (docs/consolidation.md "Master BL"). */
const LIST_WHERE: Record<TMblListKey, SQL | undefined> = {
  search_master_bl: undefined,
  master_bl_draft: eq(m.status, 'DRAFT'),
  master_bl_pending_carrier_no: sql`(${m.carrier_mbl_no} is null and ${m.status} <> 'CANCELLED')`,
  master_bl_issued: eq(m.status, 'ISSUED'),
  master_bl_cancelled: eq(m.status, 'CANCELLED'),
};

/**
 * Smart search: MBL#, the carrier's MBL number and vessel/voyage containing the text (trigram index), an
 * SO#/HBL# of its SOs or its consol# containing it, or a container number starting with it.
 */
function searchSql(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const contains = `%${likeEscape(text.toLowerCase())}%`;
  const prefix = `${likeEscape(text.replace(/[\s-]/g, '').toUpperCase())}%`;
  return sql`${m.mbl_id} in (select x.mbl_id from master_bls x
      where lower(x.mbl_no || ' ' || coalesce(x.carrier_mbl_no, '') || ' ' || x.vessel_name || ' ' || x.voyage) like ${contains}
    union select ms.mbl_id from master_bl_sos ms join shipping_orders so on so.so_id = ms.so_id
      where lower(so.so_no || ' ' || coalesce(so.hbl_no, '')) like ${contains}
    union select x.mbl_id from master_bls x join consol_plans cp on cp.consol_id = x.consol_id
      where lower(cp.consol_no) like ${contains}
    union select c.mbl_id from master_bl_containers c where c.container_no like ${prefix})`;
}

function whereOf(actor: Actor, key: TMblListKey, q: TMblListQuery): SQL | undefined {
  return and(
    mblVisibleSql(actor, 'master_bls') ?? undefined,
    LIST_WHERE[key],
    searchSql(q.q),
    q.status ? eq(m.status, q.status) : undefined,
    ...customFilterSql(q.filters, filterFields),
  );
}

const soAgg = (expr: string) =>
  sql<string | null>`(select string_agg(${sql.raw(expr)}, ',' order by ms.line_no) from ${masterBlSos} ms
     join shipping_orders so on so.so_id = ms.so_id where ms.mbl_id = ${m.mbl_id})`;

const rowColumns = {
  mbl_id: m.mbl_id,
  mbl_no: m.mbl_no,
  status: m.status,
  source: m.source,
  consol_no: sql<
    string | null
  >`(select cp.consol_no from consol_plans cp where cp.consol_id = ${m.consol_id})`,
  main_so_no: sql<string | null>`(select so.so_no from shipping_orders so where so.so_id = ${m.main_so_id})`,
  carrier_mbl_no: m.carrier_mbl_no,
  mbl_type: m.mbl_type,
  carrier_code: m.carrier_code,
  vessel_name: m.vessel_name,
  voyage: m.voyage,
  pol: m.pol,
  pod: m.pod,
  etd: m.etd,
  handling_office: m.handling_office,
  consignee_name: parties.full_name,
  so_nos: soAgg('so.so_no'),
  hbl_nos: soAgg('so.hbl_no'),
  container_nos: sql<string | null>`(select string_agg(c.container_no, ',' order by c.seq)
     from ${masterBlContainers} c where c.mbl_id = ${m.mbl_id} and c.container_no is not null)`,
  package_qty: sql<number>`(select coalesce(sum(c.package_qty), 0)::int from ${masterBlContainers} c
     where c.mbl_id = ${m.mbl_id})`,
  gross_weight: sql<string>`(select to_char(coalesce(sum(c.gross_weight), 0), 'FM999999999990.000')
     from ${masterBlContainers} c where c.mbl_id = ${m.mbl_id})`,
  cbm: sql<string>`(select to_char(coalesce(sum(c.cbm), 0), 'FM999999999990.000')
     from ${masterBlContainers} c where c.mbl_id = ${m.mbl_id})`,
  updated_at: m.updated_at,
  created_at: m.created_at,
};

const selectRows = (db: DbOrTx) =>
  db.select(rowColumns).from(m).leftJoin(parties, eq(parties.party_id, m.consignee_party_id));

type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function presentRow(r: Selected): TMblRow {
  return {
    mbl_id: r.mbl_id,
    mbl_no: r.mbl_no,
    status: r.status,
    source: r.source as TMblRow['source'],
    consol_no: r.consol_no,
    main_so_no: r.main_so_no,
    carrier_mbl_no: r.carrier_mbl_no,
    mbl_type: r.mbl_type as TMblRow['mbl_type'],
    carrier_code: r.carrier_code,
    vessel_voyage: `${r.vessel_name} / ${r.voyage}`,
    pol: r.pol,
    pod: r.pod,
    etd: r.etd,
    handling_office: r.handling_office,
    consignee_name: r.consignee_name,
    so_nos: r.so_nos,
    hbl_nos: r.hbl_nos,
    container_nos: r.container_nos,
    package_qty: Number(r.package_qty),
    gross_weight: r.gross_weight,
    cbm: r.cbm,
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

const capped = (where: SQL) =>
  sql`(select count(*) from (select 1 from ${m} where ${where} limit ${COUNT_CAP + 1}) t)::int`;

/** Master BL lists, their export and the dashboard counts, with party visibility. */
export const mblLists = {
  async page(db: DbOrTx, actor: Actor, key: TMblListKey, q: TMblListQuery) {
    const page = await listPage(db, spec, q, whereOf(actor, key, q), ({ where, orderBy, limit, offset }) =>
      selectRows(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
    return { ...page, rows: page.rows.map(presentRow) };
  },

  async exportRows(db: DbOrTx, actor: Actor, key: TMblListKey, q: TMblListQuery) {
    const rows = await selectRows(db)
      .where(whereOf(actor, key, q))
      .orderBy(...listOrder(spec, q))
      .limit(MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows.map(presentRow);
  },

  /** Per list: count, and for the carrier-number list yellow/red by days to ETD (capped), one statement. */
  async dashboard(db: DbOrTx, actor: Actor) {
    const visible = mblVisibleSql(actor, 'master_bls');
    const parts: SQL[] = [];
    for (const key of MBL_LIST_KEYS) {
      const where = and(visible ?? undefined, LIST_WHERE[key]) ?? sql`true`;
      parts.push(sql`${capped(where)} as ${sql.identifier(`${key}_count`)}`);
    }
    const pending = and(visible ?? undefined, LIST_WHERE.master_bl_pending_carrier_no) as SQL;
    const red = sql`${m.etd} < current_date + ${MBL_AGEING.redDaysBefore}::int`;
    const yellow = sql`(${m.etd} < current_date + ${MBL_AGEING.yellowDaysBefore}::int and not (${red}))`;
    parts.push(sql`${capped(and(pending, red) as SQL)} as red`);
    parts.push(sql`${capped(and(pending, yellow) as SQL)} as yellow`);
    const { rows } = await db.execute<Record<string, number>>(sql`select ${sql.join(parts, sql`, `)}`);
    const r = rows[0] ?? {};
    const cap = (n: number | undefined) => Math.min(n ?? 0, COUNT_CAP);
    return {
      lists: MBL_LIST_KEYS.map((key) => ({
        key,
        count: cap(r[`${key}_count`]),
        countCapped: (r[`${key}_count`] ?? 0) > COUNT_CAP,
        yellow: key === 'master_bl_pending_carrier_no' ? cap(r.yellow) : 0,
        red: key === 'master_bl_pending_carrier_no' ? cap(r.red) : 0,
      })),
    };
  },
};

const col = exportColumn<TMblRow>;
const COLUMNS = [
  col({ 'en-US': 'MBL#', 'zh-HK': '主提單編號', 'zh-CN': '主提单编号' }, (r) => r.mbl_no, 18),
  col(HEADERS.status, (r) => r.status, 12),
  col(
    { 'en-US': 'Carrier MBL No.', 'zh-HK': '船公司提單號', 'zh-CN': '船公司提单号' },
    (r) => r.carrier_mbl_no,
    18,
  ),
  col({ 'en-US': 'MBL Type', 'zh-HK': '提單類型', 'zh-CN': '提单类型' }, (r) => r.mbl_type, 10),
  col({ 'en-US': 'Source', 'zh-HK': '來源', 'zh-CN': '来源' }, (r) => r.source, 8),
  col(HEADERS.consolNo, (r) => r.consol_no, 16),
  col({ 'en-US': 'Main SO', 'zh-HK': '主 SO', 'zh-CN': '主 SO' }, (r) => r.main_so_no, 16),
  col({ 'en-US': 'Carrier', 'zh-HK': '船公司', 'zh-CN': '船公司' }, (r) => r.carrier_code, 8),
  col(
    { 'en-US': 'Vessel / Voyage', 'zh-HK': '船名 / 航次', 'zh-CN': '船名 / 航次' },
    (r) => r.vessel_voyage,
    24,
  ),
  col(HEADERS.pol, (r) => r.pol, 8),
  col(HEADERS.pod, (r) => r.pod, 8),
  SHARED_COLUMNS.etd<TMblRow>(),
  col({ 'en-US': 'Consignee', 'zh-HK': '收貨人', 'zh-CN': '收货人' }, (r) => r.consignee_name, 30),
  col(HEADERS.soNos, (r) => r.so_nos, 30),
  col({ 'en-US': 'HBL#', 'zh-HK': '分提單編號', 'zh-CN': '分提单编号' }, (r) => r.hbl_nos, 30),
  col(HEADERS.containerNos, (r) => r.container_nos, 30),
  col({ 'en-US': 'Packages', 'zh-HK': '件數', 'zh-CN': '件数' }, (r) => r.package_qty, 10),
  col(
    { 'en-US': 'Gross Weight (KG)', 'zh-HK': '毛重 (公斤)', 'zh-CN': '毛重 (公斤)' },
    (r) => r.gross_weight,
    14,
  ),
  col({ 'en-US': 'CBM', 'zh-HK': '立方米', 'zh-CN': '立方米' }, (r) => r.cbm, 10),
  SHARED_COLUMNS.updatedAt<TMblRow>(),
];
export const mblExportColumns = exportColumns(COLUMNS);
