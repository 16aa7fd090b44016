import { sql } from 'drizzle-orm';
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

/** ISO 4217 currencies with names in the three languages and the number of minor units (decimals). */
export const currencies = pgTable('currencies', {
  currency_code: text('currency_code').primaryKey(),
  numeric_code: text('numeric_code').notNull(),
  name_en: text('name_en').notNull(),
  name_zh_hk: text('name_zh_hk').notNull(),
  name_zh_cn: text('name_zh_cn').notNull(),
  minor_units: smallint('minor_units').notNull(),
});

/**
 * UN/LOCODE locations. Only port locations are covered: the rows come from the sea-ports data (each port's
 * codes, including its alternative codes), not from the full UN/LOCODE list.
 */
export const unLocodes = pgTable(
  'un_locodes',
  {
    locode: text('locode').primaryKey(),
    name: text('name').notNull(),
    country_code: text('country_code').notNull(),
    city_name: text('city_name').notNull(),
    city_code: text('city_code').notNull(),
  },
  (t) => [index('un_locodes_country_idx').on(t.country_code), index('un_locodes_city_idx').on(t.city_code)],
);

/** Cities of the port locations (city_code = the first UN/LOCODE of a port in that city). */
export const cities = pgTable(
  'cities',
  {
    city_code: text('city_code').primaryKey(),
    city_name: text('city_name').notNull(),
    country_code: text('country_code').notNull(),
  },
  (t) => [index('cities_country_idx').on(t.country_code)],
);

/** Harmonized System 2022: chapters (2 digits), headings (4) and subheadings (6), each with its parent. */
export const hsCodes = pgTable(
  'hs_codes',
  {
    hs_code: text('hs_code').primaryKey(),
    description: text('description').notNull(),
    level: smallint('level').notNull(),
    parent: text('parent'),
    section: text('section').notNull(),
  },
  (t) => [
    index('hs_codes_code_prefix_idx').using('btree', t.hs_code.op('text_pattern_ops')),
    index('hs_codes_description_trgm_idx').using('gin', sql`(lower(${t.description})) gin_trgm_ops`),
  ],
);

/** ISO 6346 size codes: length code + height/width code (e.g. 22, 42, 45, L5) with the dimensions. */
export const containerSizes = pgTable('container_sizes', {
  size_code: text('size_code').primaryKey(),
  length: text('length').notNull(),
  height: text('height').notNull(),
  width: text('width').notNull(),
  description: text('description').notNull(),
});

/** ISO 6346 type codes (e.g. G1, R1) with their type group. */
export const containerTypes = pgTable('container_types', {
  type_code: text('type_code').primaryKey(),
  group_code: text('group_code').notNull(),
  group_name: text('group_name').notNull(),
  description: text('description').notNull(),
});

/**
 * Which offices handle a port of loading, beyond each office's own country (see getPOLHandlingOffice).
 * Keyed by office code so reference data can name offices that a later seed or an admin creates.
 */
export const portHandlingOffices = pgTable(
  'port_handling_offices',
  {
    un_code: text('un_code').notNull(),
    office_code: text('office_code').notNull(),
    sort_order: smallint('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.un_code, t.office_code] })],
);
