import type { Language } from '@portal/contracts';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { registerSelectionProvider } from '../../platform/options/selection-options';
import { lookupRepository as repo } from './lookup.repository';

// The option lists of GetInSelectionOptions this module serves (labels in English, as the saved choices show).
registerSelectionProvider('country', {
  search: async ({ db, searchText, searchValues, limit }) => {
    const rows = searchValues?.length
      ? await repo.countriesByCode(db, searchValues, 'en-US')
      : await repo.countries(db, searchText ?? '', 'en-US', false, limit);
    return rows.map((r) => ({ value: r.country_code, text: `${r.country_code} - ${r.country_name}` }));
  },
});
registerSelectionProvider('port', {
  search: async ({ db, searchText, searchValues, limit }) =>
    (await repo.ports(db, searchText, searchValues, 'en-US', limit)).map((p) => ({
      value: p.unCode,
      text: `${p.unCode} - ${p.name}, ${p.countryName}`,
    })),
});
registerSelectionProvider('office', {
  search: async ({ db, searchText, searchValues, limit }) =>
    (await repo.offices(db, searchText, searchValues, limit)).map((o) => ({
      value: o.code,
      text: `${o.code} - ${o.short_name}`,
    })),
});

/** The platform lookups of 000 §7: countries, ports and the generic key-value lists. */
export const lookupService = {
  /** Countries by code prefix or name (in `lang` or English); `codeOnly` matches the code alone (fdc). */
  countries: (db: Db, text: string, lang: Language, codeOnly: boolean) =>
    repo.countries(db, text, lang, codeOnly),
  /** Ports by UN/LOCODE or name. */
  ports: (db: Db, text: string, lang: Language) => repo.ports(db, text, null, lang),
  /** A key-value list (area, type, value); 404 when it has no rows. */
  async keyValues(db: Db, key: { area: string; type: string; value: string }, includeValue: boolean) {
    const rows = await repo.keyValues(db, key.area, key.type, key.value, includeValue);
    if (!rows.length) throw notFound();
    return rows;
  },
};
