import type { Language } from '@portal/contracts';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { likeEscape } from '../../platform/list/list-query';
import {
  cities,
  containerSizes,
  containerTypes,
  countries,
  currencies,
  hsCodes,
  unLocodes,
} from './lookup.tables';

/** What to look for: a search text ('*' = everything) or saved codes to resolve to labels. */
export interface LookupQuery {
  text: string | null;
  codes: string[] | null;
  lang: Language;
  limit: number;
}

const countryName = (lang: Language) =>
  lang === 'zh-HK' ? countries.name_zh_hk : lang === 'zh-CN' ? countries.name_zh_cn : countries.name_en;
const currencyName = (lang: Language) =>
  lang === 'zh-HK' ? currencies.name_zh_hk : lang === 'zh-CN' ? currencies.name_zh_cn : currencies.name_en;

/** The filter of a query: codes in the list, nothing for '*' or an empty text, else `match(escaped text)`. */
function matchOf(q: LookupQuery, codeCol: SQL, match: (t: string) => SQL | undefined) {
  if (q.codes?.length) return sql`${codeCol} in ${q.codes}`;
  const text = (q.text ?? '').trim();
  if (text === '*' || text === '') return undefined;
  return match(likeEscape(text));
}

/** Reference lookups of issue 4: currencies, UN/LOCODEs, cities, HS codes, ISO 6346 sizes and types. */
export const referenceLookupRepository = {
  /** Currencies whose code starts with, or whose name (caller's language or English) contains, the text. */
  currencies(db: DbOrTx, q: LookupQuery) {
    const name = currencyName(q.lang);
    const where = matchOf(q, sql`${currencies.currency_code}`, (t) =>
      or(
        sql`${currencies.currency_code} ilike ${`${t}%`}`,
        sql`${name} ilike ${`%${t}%`}`,
        sql`${currencies.name_en} ilike ${`%${t}%`}`,
      ),
    );
    const exact = (q.text ?? '').trim().toUpperCase();
    return db
      .select({
        currency_code: currencies.currency_code,
        currency_name: name,
        numeric_code: currencies.numeric_code,
        minor_units: currencies.minor_units,
      })
      .from(currencies)
      .where(where)
      .orderBy(sql`${currencies.currency_code} <> ${exact}`, asc(currencies.currency_code))
      .limit(q.limit);
  },

  /** UN/LOCODEs by code prefix or location name, with the country's name. */
  unLocodes(db: DbOrTx, q: LookupQuery) {
    const where = matchOf(q, sql`${unLocodes.locode}`, (t) =>
      or(sql`${unLocodes.locode} ilike ${`${t}%`}`, sql`${unLocodes.name} ilike ${`%${t}%`}`),
    );
    const exact = (q.text ?? '').trim().toUpperCase();
    return db
      .select({
        name: unLocodes.name,
        locode: unLocodes.locode,
        country_code: unLocodes.country_code,
        country_name: sql<string>`coalesce(${countryName(q.lang)}, ${unLocodes.country_code})`,
      })
      .from(unLocodes)
      .leftJoin(countries, eq(countries.country_code, unLocodes.country_code))
      .where(where)
      .orderBy(sql`${unLocodes.locode} <> ${exact}`, asc(unLocodes.locode))
      .limit(q.limit);
  },

  /** Cities by name or city code prefix, with the country's name. */
  cities(db: DbOrTx, q: LookupQuery) {
    const where = matchOf(q, sql`${cities.city_code}`, (t) =>
      or(sql`${cities.city_code} ilike ${`${t}%`}`, sql`${cities.city_name} ilike ${`%${t}%`}`),
    );
    const text = (q.text ?? '').trim();
    return db
      .select({
        city_name: cities.city_name,
        city_code: cities.city_code,
        country_code: cities.country_code,
        country_name: sql<string>`coalesce(${countryName(q.lang)}, ${cities.country_code})`,
      })
      .from(cities)
      .leftJoin(countries, eq(countries.country_code, cities.country_code))
      .where(where)
      .orderBy(
        sql`lower(${cities.city_name}) <> lower(${text})`,
        sql`${cities.city_code} <> upper(${text})`,
        asc(cities.city_name),
        asc(cities.city_code),
      )
      .limit(q.limit);
  },

  /**
   * HS codes: digit groups of the text match the code by prefix (dots and spaces inside a code are ignored,
   * "8471.30" = "847130"), every other word must appear in the description. Ordered by code.
   */
  hsCodes(db: DbOrTx, q: LookupQuery) {
    const where = matchOf(q, sql`${hsCodes.hs_code}`, (t) => {
      const compact = t.replace(/(\d)[.\s]+(?=\d)/g, '$1');
      const parts: SQL[] = [];
      for (const word of compact.toLowerCase().split(/\s+/).filter(Boolean)) {
        parts.push(
          /^\d+$/.test(word)
            ? sql`${hsCodes.hs_code} like ${`${word}%`}`
            : sql`lower(${hsCodes.description}) like ${`%${word}%`}`,
        );
      }
      return parts.length ? and(...parts) : undefined;
    });
    return db
      .select({
        hs_code: hsCodes.hs_code,
        description: hsCodes.description,
        level: hsCodes.level,
        parent: hsCodes.parent,
      })
      .from(hsCodes)
      .where(where)
      .orderBy(asc(hsCodes.hs_code))
      .limit(q.limit);
  },

  /** ISO 6346 size codes by code prefix; texts of 3+ characters also match the dimensions ("12192"). */
  containerSizes(db: DbOrTx, q: LookupQuery) {
    const where = matchOf(q, sql`${containerSizes.size_code}`, (t) =>
      t.length >= 3
        ? or(
            sql`${containerSizes.size_code} ilike ${`${t}%`}`,
            sql`${containerSizes.description} ilike ${`%${t}%`}`,
          )
        : sql`${containerSizes.size_code} ilike ${`${t}%`}`,
    );
    return db
      .select({
        size_code: containerSizes.size_code,
        length: containerSizes.length,
        height: containerSizes.height,
        width: containerSizes.width,
        description: containerSizes.description,
      })
      .from(containerSizes)
      .where(where)
      .orderBy(asc(containerSizes.size_code))
      .limit(q.limit);
  },

  /** ISO 6346 type codes by code prefix, group or description. */
  containerTypes(db: DbOrTx, q: LookupQuery) {
    const where = matchOf(q, sql`${containerTypes.type_code}`, (t) =>
      or(
        sql`${containerTypes.type_code} ilike ${`${t}%`}`,
        sql`${containerTypes.group_name} ilike ${`%${t}%`}`,
        sql`${containerTypes.description} ilike ${`%${t}%`}`,
      ),
    );
    return db
      .select({
        type_code: containerTypes.type_code,
        group_code: containerTypes.group_code,
        group_name: containerTypes.group_name,
        description: containerTypes.description,
      })
      .from(containerTypes)
      .where(where)
      .orderBy(asc(containerTypes.type_code))
      .limit(q.limit);
  },
};
