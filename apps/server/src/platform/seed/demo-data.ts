import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

// Building blocks the bulk demo histories share (analytics bookings, finance history): the offices and their
// ports of loading, and one deterministic random sequence so the demo looks the same on every fresh start.

/** The demo's handling offices. */
export const DEMO_OFFICES = ['HKG', 'SZX', 'SHA', 'NGB', 'SIN'] as const;
export type DemoOffice = (typeof DEMO_OFFICES)[number];

/** The ports of loading each demo office ships from. */
export const DEMO_OFFICE_POLS: Record<DemoOffice, string[]> = {
  HKG: ['HKHKG'],
  SZX: ['CNYTN', 'CNSHK'],
  SHA: ['CNSHA'],
  NGB: ['CNNGB'],
  SIN: ['SGSIN'],
};

/** A deterministic pseudo-random sequence in [0, 1) (a linear congruential generator from `seed`). */
export function seededRandom(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** The columns of a table but `except` in their order (for cloning a template row with some columns overridden). */
export async function tableColumns(db: DbOrTx, table: string, except: string) {
  const { rows } = await db.execute<{ column_name: string }>(sql`
    select column_name from information_schema.columns
     where table_schema = current_schema() and table_name = ${table} and column_name <> ${except}
     order by ordinal_position`);
  return rows.map((r) => r.column_name);
}
