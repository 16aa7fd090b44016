import { index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';

/** Countries (ISO 3166 alpha-2) with names in the three languages. */
export const countries = pgTable('countries', {
  country_code: text('country_code').primaryKey(),
  name_en: text('name_en').notNull(),
  name_zh_hk: text('name_zh_hk').notNull(),
  name_zh_cn: text('name_zh_cn').notNull(),
});

/** Sea ports keyed by UN/LOCODE. */
export const ports = pgTable(
  'ports',
  {
    un_code: text('un_code').primaryKey(),
    name: text('name').notNull(),
    country_code: text('country_code').notNull(),
    notify_office_party_id: integer('notify_office_party_id'),
  },
  (t) => [index('ports_country_idx').on(t.country_code)],
);

/** The forwarder's offices (000 §3 Office option: party_id, short_name, group_id). */
export const offices = pgTable('offices', {
  office_id: serial('office_id').primaryKey(),
  code: text('code').notNull().unique(),
  short_name: text('short_name').notNull(),
  full_name: text('full_name').notNull(),
  group_id: text('group_id').notNull(),
  country_code: text('country_code').notNull(),
  is_head_office: smallint('is_head_office').notNull().default(0),
});

/** Generic key-value lookups served by GET /{area}/{type}/{value}. */
export const lookupValues = pgTable(
  'lookup_values',
  {
    area: text('area').notNull(),
    type: text('type').notNull(),
    pkey: text('pkey').notNull(),
    pvalue: text('pvalue').notNull(),
    sort_order: smallint('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.area, t.type, t.pkey] })],
);
