import type { Language } from '@portal/contracts';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { likeEscape } from '../../platform/list/list-query';
import { countries, lookupValues, offices, ports } from './lookup.tables';

const nameCol = (lang: Language) =>
  lang === 'zh-HK' ? countries.name_zh_hk : lang === 'zh-CN' ? countries.name_zh_cn : countries.name_en;

/** Reference lookups: countries, ports, offices and key-value lists. */
export const lookupRepository = {
  /** Countries whose code starts with, or whose name (in `lang` or English) contains, `text`. */
  countries(db: DbOrTx, text: string, lang: Language, codeOnly: boolean, limit = 20) {
    const t = likeEscape(text.trim());
    const name = nameCol(lang);
    const where = codeOnly
      ? sql`${countries.country_code} ilike ${`${t}%`}`
      : or(
          sql`${countries.country_code} ilike ${`${t}%`}`,
          sql`${name} ilike ${`%${t}%`}`,
          sql`${countries.name_en} ilike ${`%${t}%`}`,
        );
    return db
      .select({ country_code: countries.country_code, country_name: name })
      .from(countries)
      .where(where)
      .orderBy(sql`${countries.country_code} <> upper(${text.trim()})`, asc(countries.country_code))
      .limit(limit);
  },

  countriesByCode(db: DbOrTx, codes: string[], lang: Language) {
    const name = nameCol(lang);
    return db
      .select({ country_code: countries.country_code, country_name: name })
      .from(countries)
      .where(sql`${countries.country_code} in ${codes}`);
  },

  /** Ports by UN/LOCODE prefix or name, with their country's name. */
  ports(db: DbOrTx, text: string | null, codes: string[] | null, lang: Language, limit = 20) {
    const t = likeEscape((text ?? '').trim());
    const where = codes?.length
      ? sql`${ports.un_code} in ${codes}`
      : or(sql`${ports.un_code} ilike ${`${t}%`}`, sql`${ports.name} ilike ${`%${t}%`}`);
    return db
      .select({
        name: ports.name,
        unCode: ports.un_code,
        countryCode: ports.country_code,
        countryName: sql<string>`coalesce(${nameCol(lang)}, ${ports.country_code})`,
        notify_office_party_id: ports.notify_office_party_id,
      })
      .from(ports)
      .leftJoin(countries, eq(countries.country_code, ports.country_code))
      .where(where)
      .orderBy(sql`${ports.un_code} <> upper(${t})`, asc(ports.un_code))
      .limit(limit);
  },

  offices(db: DbOrTx, text: string | null, codes: string[] | null, limit = 50) {
    const t = likeEscape((text ?? '').trim());
    const where = codes?.length
      ? sql`${offices.code} in ${codes}`
      : or(
          sql`${offices.code} ilike ${`${t}%`}`,
          sql`${offices.short_name} ilike ${`%${t}%`}`,
          sql`${offices.full_name} ilike ${`%${t}%`}`,
        );
    return db.select().from(offices).where(where).orderBy(asc(offices.code)).limit(limit);
  },

  /** Key-value rows of one list whose key (and, with includeValue, value) matches `value`. */
  keyValues(db: DbOrTx, area: string, type: string, value: string, includeValue: boolean, limit = 100) {
    const t = likeEscape(value.trim());
    const match =
      t === '*' || t === ''
        ? undefined
        : includeValue
          ? or(sql`${lookupValues.pkey} ilike ${`${t}%`}`, sql`${lookupValues.pvalue} ilike ${`%${t}%`}`)
          : sql`${lookupValues.pkey} ilike ${`${t}%`}`;
    return db
      .select({ pkey: lookupValues.pkey, pvalue: lookupValues.pvalue })
      .from(lookupValues)
      .where(
        and(
          sql`lower(${lookupValues.area}) = lower(${area})`,
          sql`lower(${lookupValues.type}) = lower(${type})`,
          match,
        ),
      )
      .orderBy(asc(lookupValues.sort_order), asc(lookupValues.pkey))
      .limit(limit);
  },
};
