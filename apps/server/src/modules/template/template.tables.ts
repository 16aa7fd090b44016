import { TEMPLATE_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { amount, auditColumns, statusCheck, statusText } from '../../platform/db/columns';
import { userOwner, users } from '../auth/auth.tables';

/**
 * Template library (002 §3 Template). The owner's office and office group are copied in at creation so the
 * privacy filter (002 §6) is a comparison on the row, never a join per candidate row.
 */
export const templates = pgTable(
  'templates',
  {
    tmplib_id: serial('tmplib_id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    module: text('module').notNull(),
    category: text('category').notNull(),
    owner_uid: uuid('owner_uid')
      .notNull()
      .references(() => users.user_uid),
    /** Display name and login of the owner, for the list and the owner search (no join on 50,000 rows). */
    owner_name: text('owner_name').notNull(),
    owner_login: text('owner_login').notNull(),
    owner_office: text('owner_office'),
    owner_group: text('owner_group'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    privacy: text('privacy').notNull(),
    /** MARKET_OFFICE: the office codes that see the template. */
    offices: text('offices').array().notNull().default(sql`'{}'::text[]`),
    share_code: text('share_code').notNull(),
    release_note: text('release_note'),
    colour: text('colour').notNull().default('blue'),
    status: statusText('status', TEMPLATE_STATUSES).notNull().default('A'),
    /** Print Options: the invoice print options; Marks and Goods: marks and goods description. */
    content: jsonb('content'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('templates_owner_name_uq').on(t.owner_uid, sql`lower(${t.name})`),
    uniqueIndex('templates_share_code_uq').on(t.share_code),
    // Search pages walk this in name order (keyset on lower(name), id); the privacy test runs on each row.
    index('templates_name_idx').on(sql`lower(${t.name})`, t.tmplib_id),
    // Name contains / owner contains at 50,000 templates: trigram indexes (pg_trgm, see invoices).
    index('templates_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('templates_owner_trgm_idx').using(
      'gin',
      sql`lower(${t.owner_name} || ' ' || ${t.owner_login}) gin_trgm_ops`,
    ),
    index('templates_tags_idx').using('gin', t.tags),
    index('templates_category_idx').on(t.category, sql`lower(${t.name})`, t.tmplib_id),
    index('templates_owner_idx').on(t.owner_uid, sql`lower(${t.name})`, t.tmplib_id),
    statusCheck('templates', 'status', TEMPLATE_STATUSES),
  ],
);

/** The template a row belongs to (its lines, favourites, acceptances): required, deleted with the template. */
const templateOwner = () =>
  integer('tmplib_id')
    .notNull()
    .references(() => templates.tmplib_id, { onDelete: 'cascade' });

/** Lines of an invoice-line template (002 §3 Template lines). */
export const templateLines = pgTable(
  'template_lines',
  {
    tmplib_id: templateOwner(),
    line_no: smallint('line_no').notNull(),
    dr_cr: text('dr_cr').notNull(),
    basis: text('basis').notNull(),
    container_size: text('container_size'),
    charge_code: text('charge_code').notNull(),
    print_description: text('print_description'),
    currency: text('currency').notNull(),
    unit_price: amount('unit_price').notNull(),
    quantity: amount('quantity').notNull(),
    uom: text('uom').notNull(),
    min_charge: amount('min_charge'),
    max_charge: amount('max_charge'),
    description: text('description'),
  },
  (t) => [primaryKey({ name: 'template_lines_pk', columns: [t.tmplib_id, t.line_no] })],
);

/** A user's favourite templates (listed first). */
export const templateFavourites = pgTable(
  'template_favourites',
  {
    user_uid: userOwner(),
    tmplib_id: templateOwner(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'template_favourites_pk', columns: [t.user_uid, t.tmplib_id] })],
);

/**
 * Templates a user accepted from a share code (My Template), with the version whose release note the user
 * last saw: a newer template version shows its release note until acknowledged.
 */
export const templateAdded = pgTable(
  'template_added',
  {
    user_uid: userOwner(),
    tmplib_id: templateOwner(),
    version_seen: integer('version_seen').notNull(),
    added_at: timestamp('added_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'template_added_pk', columns: [t.user_uid, t.tmplib_id] }),
    index('template_added_tmpl_idx').on(t.tmplib_id),
  ],
);
