import { readFileSync } from 'node:fs';
import path from 'node:path';
import currencyCodes from 'currency-codes';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { readPackageJson } from '../../platform/seed/package-data';
import {
  cities,
  containerSizes,
  containerTypes,
  currencies,
  hsCodes,
  portHandlingOffices,
  unLocodes,
} from './lookup.tables';

const DATA_DIR = path.join(import.meta.dirname, 'data');
const readData = (file: string) => readFileSync(path.join(DATA_DIR, file), 'utf8');

/** Splits CSV text into rows of fields (RFC 4180: quoted fields, "" escapes, commas and newlines inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

// ISO 4217 entries that are not currencies a forwarder invoices in: precious metals, bond units, SDR,
// testing and "no currency" codes. The CFA, CFP and East Caribbean X-codes are real currencies and stay.
// biome-ignore format: a compact list of codes
const NOT_INVOICE_CURRENCIES = new Set([
  'XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX',
]);

/** ISO 4217 currencies (currency-codes) with names in en-US, zh-HK and zh-CN from Intl.DisplayNames. */
export function currencyRows() {
  const en = new Intl.DisplayNames(['en-US'], { type: 'currency' });
  const hk = new Intl.DisplayNames(['zh-Hant-HK'], { type: 'currency' });
  const cn = new Intl.DisplayNames(['zh-Hans-CN'], { type: 'currency' });
  return currencyCodes.data
    .filter((c) => /^[A-Z]{3}$/.test(c.code) && !NOT_INVOICE_CURRENCIES.has(c.code))
    .map((c) => ({
      currency_code: c.code,
      numeric_code: c.number,
      name_en: en.of(c.code) ?? c.currency,
      name_zh_hk: hk.of(c.code) ?? c.currency,
      name_zh_cn: cn.of(c.code) ?? c.currency,
      minor_units: c.digits ?? 0,
    }));
}

interface SeaPort {
  name: string;
  city?: string;
  unlocs?: string[];
}

/**
 * UN/LOCODEs and cities from the sea-ports data: every code of every port (alternative codes too), and one
 * city per country and city name whose city_code is the lowest primary port code in that city.
 * Only port locations are covered; inland UN/LOCODEs are not in this data.
 */
export function locodeAndCityRows() {
  const all = readPackageJson<Record<string, SeaPort>>('sea-ports/lib/ports.json');
  const locodes = new Map<
    string,
    { locode: string; name: string; country_code: string; city_name: string }
  >();
  const cityCode = new Map<string, string>();
  const valid = (c: string) => /^[A-Z]{2}[A-Z0-9]{3}$/.test(c);
  for (const [key, p] of Object.entries(all)) {
    const primary = p.unlocs?.find(valid) ?? key;
    if (!valid(primary)) continue;
    const cityName = (p.city || p.name).trim();
    const cityKey = `${primary.slice(0, 2)}|${cityName.toLowerCase()}`;
    const known = cityCode.get(cityKey);
    if (!known || primary < known) cityCode.set(cityKey, primary);
    for (const code of new Set([key, ...(p.unlocs ?? [])])) {
      if (!valid(code) || locodes.has(code)) continue;
      locodes.set(code, { locode: code, name: p.name, country_code: code.slice(0, 2), city_name: cityName });
    }
  }
  const locodeRows = [...locodes.values()].map((l) => ({
    ...l,
    city_code: cityCode.get(`${l.country_code}|${l.city_name.toLowerCase()}`) ?? l.locode,
  }));
  const cityRows = new Map<string, { city_code: string; city_name: string; country_code: string }>();
  for (const l of locodeRows) {
    if (!cityRows.has(l.city_code))
      cityRows.set(l.city_code, {
        city_code: l.city_code,
        city_name: l.city_name,
        country_code: l.country_code,
      });
  }
  return { locodeRows, cityRows: [...cityRows.values()] };
}

/** HS 2022 chapters, headings and subheadings from data/hs2022.csv (the TOTAL row is left out). */
export function hsCodeRows() {
  const [header, ...rows] = parseCsv(readData('hs2022.csv'));
  const col = (name: string) => header.indexOf(name);
  const [iSection, iCode, iDesc, iParent, iLevel] = [
    'section',
    'hscode',
    'description',
    'parent',
    'level',
  ].map(col);
  return rows
    .filter((r) => /^\d{2}(\d{2}){0,2}$/.test(r[iCode]))
    .map((r) => ({
      hs_code: r[iCode],
      description: r[iDesc],
      level: Number(r[iLevel]),
      parent: r[iParent] === 'TOTAL' || r[iParent] === '' ? null : r[iParent],
      section: r[iSection],
    }));
}

/** ISO 6346 size codes: every length code combined with every height/width code. */
export function containerSizeRows() {
  const size = JSON.parse(readData('iso6346-size.json')) as {
    length: Record<string, string>;
    heightWidth: Record<string, { height: string; width: string }>;
  };
  return Object.entries(size.length).flatMap(([lc, length]) =>
    Object.entries(size.heightWidth).map(([hc, hw]) => ({
      size_code: `${lc}${hc}`,
      length,
      height: hw.height,
      width: hw.width,
      description: `length ${length}, height ${hw.height}, width ${hw.width}`,
    })),
  );
}

/** ISO 6346 type codes with the group named by their first letter. */
export function containerTypeRows() {
  const types = JSON.parse(readData('iso6346-type.json')) as Record<string, string>;
  const groups = JSON.parse(readData('iso6346-group.json')) as Record<string, string>;
  return Object.entries(types).map(([code, description]) => ({
    type_code: code,
    group_code: code[0],
    group_name: groups[code[0]] ?? code[0],
    description,
  }));
}

/**
 * Default port → handling office rows (demo offices by code). Besides these, every office handles the ports
 * of its own country (see the handling-office repository).
 */
export const DEFAULT_PORT_HANDLING: [un_code: string, office_code: string][] = [
  ['HKHKG', 'HKG'],
  ['CNSHK', 'SZX'],
  ['CNYTN', 'SZX'],
  ['CNSHA', 'SHA'],
  ['CNNGB', 'NGB'],
  ['SGSIN', 'SIN'],
];

async function isEmpty(db: Db, table: PgTable) {
  const { rows } = await db.execute<{ any: boolean }>(sql`select exists (select 1 from ${table}) as any`);
  return !rows[0].any;
}

async function insertChunked<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][], size = 1000) {
  for (let i = 0; i < rows.length; i += size)
    await db
      .insert(table)
      .values(rows.slice(i, i + size))
      .onConflictDoNothing();
}

/**
 * Reference lookups of issue 4: currencies, UN/LOCODEs, cities, HS codes, ISO 6346 codes and the default
 * port handling offices. Each table is loaded once, when it is empty, so a start stays fast.
 */
export async function seedLookupReference(db: Db) {
  if (await isEmpty(db, currencies)) await insertChunked(db, currencies, currencyRows());
  if (await isEmpty(db, unLocodes)) {
    const { locodeRows, cityRows } = locodeAndCityRows();
    await insertChunked(db, unLocodes, locodeRows);
    await insertChunked(db, cities, cityRows);
  }
  if (await isEmpty(db, hsCodes)) await insertChunked(db, hsCodes, hsCodeRows());
  if (await isEmpty(db, containerSizes)) await insertChunked(db, containerSizes, containerSizeRows());
  if (await isEmpty(db, containerTypes)) await insertChunked(db, containerTypes, containerTypeRows());
  if (await isEmpty(db, portHandlingOffices))
    await insertChunked(
      db,
      portHandlingOffices,
      DEFAULT_PORT_HANDLING.map(([un_code, office_code], i) => ({ un_code, office_code, sort_order: i })),
    );
}
