import { CARRIER_ALLIANCES, CARRIER_TYPES, DOCUMENT_TYPE_NAMES, DOCUMENT_TYPES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import countriesLib from 'i18n-iso-countries';
import { countries, funcs, lookupValues, menus, ports, profileTypes, roleFuncs, roles } from '../db/schema';
import { seedPostingRules } from '../modules/accounting';
import { seedCo2eReference } from '../modules/co2e';
import { seedContainerCapacities } from '../modules/consolidation';
import { seedEmailTemplates } from '../modules/email-template';
import { seedLookupReference } from '../modules/lookup';
import type { Db } from '../platform/db/client';
import { readPackageJson } from '../platform/seed/package-data';
import { FUNCS, MENU, PROFILE_TYPES, ROLES } from './access-catalogue';

const names = {
  en: new Intl.DisplayNames(['en-US'], { type: 'region' }),
  hk: new Intl.DisplayNames(['zh-Hant-HK'], { type: 'region' }),
  cn: new Intl.DisplayNames(['zh-Hans-CN'], { type: 'region' }),
};

/** Countries from i18n-iso-countries, names from Intl.DisplayNames in the three languages. */
export function countryRows() {
  return Object.keys(countriesLib.getAlpha2Codes()).map((code) => ({
    country_code: code,
    name_en: names.en.of(code) ?? code,
    name_zh_hk: names.hk.of(code) ?? code,
    name_zh_cn: names.cn.of(code) ?? code,
  }));
}

/** Sea ports from the sea-ports package, keyed by UN/LOCODE. */
export function portRows() {
  const all = readPackageJson<Record<string, { name: string }>>('sea-ports/lib/ports.json');
  return Object.entries(all)
    .filter(([code]) => /^[A-Z]{2}[A-Z0-9]{3}$/.test(code))
    .map(([code, p]) => ({
      un_code: code,
      name: p.name,
      country_code: code.slice(0, 2),
      notify_office_party_id: null,
    }));
}

const KEY_VALUES: { area: string; type: string; rows: [string, string][] }[] = [
  {
    area: 'carrier',
    type: 'alliance',
    rows: CARRIER_ALLIANCES.map((a) => [a, a]),
  },
  { area: 'carrier', type: 'type', rows: CARRIER_TYPES.map((t) => [t, t]) },
  {
    area: 'carrier',
    type: 'status',
    rows: [
      ['A', 'Active'],
      ['I', 'Inactive'],
    ],
  },
  { area: 'document', type: 'type', rows: DOCUMENT_TYPES.map((t) => [t, DOCUMENT_TYPE_NAMES[t]]) },
];

/**
 * Product reference data: function ids, roles, profile types, menu, countries, ports and key-value lists.
 * Applied at every start (upserts), so a new release's menu and functions reach existing databases.
 */
export async function seedReference(db: Db) {
  await db.transaction(async (tx) => {
    await tx
      .insert(funcs)
      .values(FUNCS)
      .onConflictDoUpdate({
        target: funcs.func_id,
        set: { menu_id: sql`excluded.menu_id`, description: sql`excluded.description` },
      });
    await tx
      .insert(profileTypes)
      .values(PROFILE_TYPES)
      .onConflictDoUpdate({ target: profileTypes.code, set: { name: sql`excluded.name` } });
    await tx
      .insert(roles)
      .values(ROLES.map(({ code, name }) => ({ code, name })))
      .onConflictDoNothing();
    // Roles shipped with the product get their function list; roles an admin created are left alone.
    const roleRows = await tx.select().from(roles);
    const byCode = new Map(roleRows.map((r) => [r.code, r.role_id]));
    const grants = ROLES.flatMap((r) =>
      (r.funcs === 'all' ? FUNCS.map((f) => f.func_id) : r.funcs).map((func_id) => ({
        role_id: byCode.get(r.code)!,
        func_id,
      })),
    );
    await tx.insert(roleFuncs).values(grants).onConflictDoNothing();
    await tx.delete(menus);
    await tx.insert(menus).values(MENU);
    await seedContainerCapacities(tx);
    // The pending-creation flag of SOs planned before it existed is set once by a data step
    // (drizzle-data/0000_consol_planned_flag.sql), not at every start.
  });
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from countries`);
  if (rows[0].n === 0) {
    await db.insert(countries).values(countryRows()).onConflictDoNothing();
    const pr = portRows();
    for (let i = 0; i < pr.length; i += 500)
      await db
        .insert(ports)
        .values(pr.slice(i, i + 500))
        .onConflictDoNothing();
  }
  for (const kv of KEY_VALUES) {
    await db
      .insert(lookupValues)
      .values(
        kv.rows.map(([pkey, pvalue], i) => ({ area: kv.area, type: kv.type, pkey, pvalue, sort_order: i })),
      )
      .onConflictDoNothing();
  }
  await seedLookupReference(db);
  // CO2e factors (GLEC defaults, an edited row is kept) and port/airport coordinates (modules/co2e).
  await seedCo2eReference(db);
  // Built-in e-mail template of each catalogue event that has none (an admin's edit is kept).
  await seedEmailTemplates(db);
  // Posting rules, tax and rounding accounts (modules/accounting; an accountant's changes are kept).
  await seedPostingRules(db);
}
