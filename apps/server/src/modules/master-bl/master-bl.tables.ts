import { MBL_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  cargoMeasureColumns,
  containerColumns,
  sailingColumns,
  statusCheck,
  statusText,
} from '../../platform/db/columns';
import { shippingOrderRef } from '../booking/booking.tables';
import { consolPlans } from '../consolidation/consolidation.tables';
import { partyRef } from '../party/party.tables';

/**
 * Master bills of lading (001 §3 Master BL sample plus what a carrier's bill needs). The totals are not
 * stored: they are summed from the shipping orders when read. The lists filter on status, on "no carrier
 * MBL number yet" with the ETD, and search by number; each has its index with mbl_id as keyset tiebreak.
 */
export const masterBls = pgTable(
  'master_bls',
  {
    mbl_id: serial('mbl_id').primaryKey(),
    mbl_no: text('mbl_no').notNull(),
    source: text('source').notNull(),
    consol_id: integer('consol_id').references(() => consolPlans.consol_id),
    main_so_id: shippingOrderRef('main_so_id').notNull(),
    handling_office: text('handling_office').notNull(),
    carrier_mbl_no: text('carrier_mbl_no'),
    mbl_type: text('mbl_type').notNull(),
    freight_term: text('freight_term').notNull(),
    freight_currency: text('freight_currency'),
    freight_amount: numeric('freight_amount', { precision: 15, scale: 2, mode: 'string' }),
    undg_no: text('undg_no'),
    imdg_class: text('imdg_class'),
    show_freight: boolean('show_freight').notNull().default(false),
    get_tel_fax: boolean('get_tel_fax').notNull().default(false),
    shipper_name: text('shipper_name').notNull(),
    shipper_address: text('shipper_address'),
    shipper_tel: text('shipper_tel'),
    shipper_fax: text('shipper_fax'),
    consignee_party_id: partyRef('consignee_party_id').notNull(),
    notify_party_id: partyRef('notify_party_id'),
    ...sailingColumns(),
    place_of_delivery: text('place_of_delivery'),
    etd: date('etd', { mode: 'string' }),
    marks: text('marks'),
    goods_description: text('goods_description'),
    status: statusText('status', MBL_STATUSES).notNull(),
    status_changed_at: timestamp('status_changed_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    status_reason: text('status_reason'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('master_bls_no_uq').on(t.mbl_no),
    // One live bill per plan (a cancelled bill releases it).
    uniqueIndex('master_bls_consol_live_uq')
      .on(t.consol_id)
      .where(sql`${t.consol_id} is not null and ${t.status} <> 'CANCELLED'`),
    index('master_bls_status_no_idx').on(t.status, t.mbl_no, t.mbl_id),
    index('master_bls_updated_idx').on(t.updated_at, t.mbl_id),
    index('master_bls_etd_idx').on(t.etd, t.mbl_id),
    index('master_bls_consignee_idx').on(t.consignee_party_id),
    index('master_bls_pending_carrier_idx')
      .on(t.etd, t.mbl_id)
      .where(sql`${t.carrier_mbl_no} is null and ${t.status} <> 'CANCELLED'`),
    index('master_bls_carrier_no_idx').on(t.carrier_mbl_no),
    index('master_bls_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.mbl_no} || ' ' || coalesce(${t.carrier_mbl_no}, '') || ' ' || ${t.vessel_name} || ' ' || ${t.voyage})) gin_trgm_ops`,
    ),
    statusCheck('master_bls', 'status', MBL_STATUSES),
  ],
);

/** Key and owner of a master bill's child row (its SOs, its containers): deleted with the bill. */
const billLine = () => ({
  id: serial('id').primaryKey(),
  mbl_id: integer('mbl_id')
    .notNull()
    .references(() => masterBls.mbl_id, { onDelete: 'cascade' }),
});

/**
 * The shipping orders (house bills) a master bill covers. An SO is on one live bill at most (partial unique
 * index on `live`); cancelling a bill clears `live` and keeps the rows, so recover can take them back if free.
 */
export const masterBlSos = pgTable(
  'master_bl_sos',
  {
    ...billLine(),
    so_id: shippingOrderRef('so_id').notNull(),
    line_no: smallint('line_no').notNull(),
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    uniqueIndex('master_bl_sos_live_so_uq').on(t.so_id).where(sql`${t.live}`),
    index('master_bl_sos_mbl_idx').on(t.mbl_id),
    index('master_bl_sos_so_idx').on(t.so_id),
  ],
);

/** The containers of a master bill with the cargo each carries. */
export const masterBlContainers = pgTable(
  'master_bl_containers',
  {
    ...billLine(),
    seq: smallint('seq').notNull(),
    ...containerColumns(),
    ...cargoMeasureColumns(),
  },
  (t) => [
    uniqueIndex('master_bl_containers_seq_uq').on(t.mbl_id, t.seq),
    index('master_bl_containers_no_idx').on(t.container_no),
  ],
);
