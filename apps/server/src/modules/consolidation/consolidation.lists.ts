import {
  CONSOL_LIST_KEYS,
  CONSOL_LISTS,
  CONSOL_MSG,
  isExternalProfile,
  MAX_EXPORT_ROWS,
  type TConsolListKey,
  type TConsolListQuery,
  type TConsolRow,
} from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import { shortCache } from '../../platform/cache/short-cache';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { exportColumn, exportColumns, HEADERS, SHARED_COLUMNS } from '../../platform/export/columns';
import { assertExportSize } from '../../platform/export/excel';
import { invalidateShippingOrderCounts, shippingOrderLists } from '../booking';
import {
  CONSOL_LIST_DEFS,
  PENDING_CREATION_DEF,
  consolListRepository as repo,
} from './consolidation-lists.repository';

type PlanListKey = Exclude<TConsolListKey, 'pending_consolidation_creation'>;

export function consolListKeyOrThrow(key: string): TConsolListKey {
  if (!(CONSOL_LIST_KEYS as string[]).includes(key)) throw notFound(CONSOL_MSG.notFound);
  return key as TConsolListKey;
}

/**
 * pending_consolidation_creation (001 §2): LCL, consolidatable, confirmed or recovered shipping orders not in a
 * plan, on the booking list framework (rows, search, filters, party visibility), aged from the confirmation
 * ("consol pending confirmation", 8 h / 18 h). The screen groups them by POL/POD/ETD week.
 */
export const pendingCreationList = shippingOrderLists(
  { pending_consolidation_creation: PENDING_CREATION_DEF },
  { pending_consolidation_creation: { ageing: 'pendingConfirmation' } },
);

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

function presentRow(r: Awaited<ReturnType<typeof repo.rows>>[number]): TConsolRow {
  return {
    consol_id: r.consol_id,
    consol_no: r.consol_no,
    status: r.status,
    consol_type: r.consol_type as TConsolRow['consol_type'],
    customer_party_code: r.customer_party_code,
    customer_party_name: r.customer_party_name,
    contact_office: r.contact_office,
    handling_office: r.handling_office,
    pol: r.pol,
    pod: r.pod,
    etd: r.etd,
    so_nos: r.so_nos,
    container_nos: r.container_nos,
    equipment: r.equipment,
    amended: r.amended_at !== null,
    amended_sos: r.amended_sos,
    fully_allocated: r.fully_allocated,
    // The load-plan clock is the ETD (a date); the others are timestamps.
    ageing_since: r.ageing_since && r.ageing_since.length > 10 ? iso(r.ageing_since) : r.ageing_since,
    updated_at: iso(r.updated_at) as string,
  };
}

/**
 * How long an instance reuses the internal users' plan-list dashboard figures: CONSOL_DASHBOARD_CACHE_MS, else
 * BOOKING_DASHBOARD_CACHE_MS (the API tests set it 0: they age rows in SQL), else 5 s. The pending-creation card
 * is the booking framework's dashboard, cached by it for BOOKING_DASHBOARD_CACHE_MS.
 */
export const CONSOL_DASHBOARD_CACHE_MS = Number(
  process.env.CONSOL_DASHBOARD_CACHE_MS ?? process.env.BOOKING_DASHBOARD_CACHE_MS ?? 5_000,
);
type PlanCounts = Awaited<ReturnType<typeof repo.dashboardCounts>>;
const planDashboards = shortCache<Db, PlanCounts>({ ttlMs: CONSOL_DASHBOARD_CACHE_MS });
const { pending_consolidation_creation: _skip, ...planMeta } = CONSOL_LISTS;
const countPlans = (db: Db, actor: Actor) =>
  repo.dashboardCounts(db, actor, planMeta as Record<PlanListKey, (typeof CONSOL_LISTS)[PlanListKey]>);

/**
 * Drops this instance's cached dashboard figures after a write that can move a plan or an SO between the
 * lists: a plan write (`withSos`: also the shipping-order dashboards, whose pending-creation card it changes)
 * or a booking write (amendment marks; booking drops its own caches). Other instances follow within the TTL.
 */
export function invalidateConsolCounts(db: Db, withSos: boolean) {
  planDashboards.invalidate(db);
  if (withSos) invalidateShippingOrderCounts(db);
}

/** Plan lists, their export and the dashboard (both kinds of list). */
export const consolLists = {
  async page(db: Db, actor: Actor, key: PlanListKey, q: TConsolListQuery) {
    const page = await repo.page(db, actor, CONSOL_LIST_DEFS[key], q);
    return { ...page, rows: page.rows.map(presentRow) };
  },

  async exportRows(db: Db, actor: Actor, key: PlanListKey, q: TConsolListQuery) {
    const rows = await repo.rows(db, actor, CONSOL_LIST_DEFS[key], q, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows.map(presentRow);
  },

  /**
   * The 9 cards. Internal users all see the same plan figures, so one count per instance serves every open
   * dashboard for CONSOL_DASHBOARD_CACHE_MS (each load reads up to 10,001 index entries per figure); external
   * users' figures depend on their parties and are counted each time.
   */
  async dashboard(db: Db, actor: Actor) {
    const [plans, sos] = await Promise.all([
      isExternalProfile(actor.profile_type)
        ? countPlans(db, actor)
        : planDashboards.get(db, () => countPlans(db, actor)),
      pendingCreationList.dashboard(db, actor),
    ]);
    const all = [...plans, ...sos.lists];
    return { lists: CONSOL_LIST_KEYS.map((k) => all.find((l) => l.key === k) as (typeof all)[number]) };
  },
};

const col = exportColumn<TConsolRow>;
const COLUMNS = [
  col(HEADERS.consolNo, (r) => r.consol_no, 18),
  col(HEADERS.status, (r) => r.status, 18),
  col({ 'en-US': 'Type', 'zh-HK': '類型', 'zh-CN': '类型' }, (r) => r.consol_type, 12),
  col({ 'en-US': 'Customer', 'zh-HK': '客戶', 'zh-CN': '客户' }, (r) => r.customer_party_name, 30),
  col(
    { 'en-US': 'Contact Office', 'zh-HK': '聯絡辦事處', 'zh-CN': '联络办事处' },
    (r) => r.contact_office,
    10,
  ),
  col(
    { 'en-US': 'Handling Office', 'zh-HK': '處理辦事處', 'zh-CN': '处理办事处' },
    (r) => r.handling_office,
    10,
  ),
  col(HEADERS.pol, (r) => r.pol, 8),
  col(HEADERS.pod, (r) => r.pod, 8),
  SHARED_COLUMNS.etd<TConsolRow>(),
  col({ 'en-US': 'Containers', 'zh-HK': '貨櫃', 'zh-CN': '集装箱' }, (r) => r.equipment, 20),
  col(HEADERS.containerNos, (r) => r.container_nos, 30),
  col(HEADERS.soNos, (r) => r.so_nos, 40),
  col({ 'en-US': 'Amended', 'zh-HK': '已修改', 'zh-CN': '已修改' }, (r) => r.amended_sos, 30),
  col(
    { 'en-US': 'Fully Allocated', 'zh-HK': '已全部配載', 'zh-CN': '已全部配载' },
    (r) => (r.fully_allocated ? 'Y' : 'N'),
    10,
  ),
  SHARED_COLUMNS.updatedAt<TConsolRow>(),
];
export const consolExportColumns = exportColumns(COLUMNS);
