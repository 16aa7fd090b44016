import { sql } from 'drizzle-orm';
import type { Tx } from '../src/platform/db/client';

/** A prepared statement of a connection as pg_prepared_statements shows it. */
export interface PreparedStatement {
  name: string;
  parameter_types: string;
  generic_plans: number;
  custom_plans: number;
}

/**
 * The prepared statements of the transaction's connection whose text contains every piece of `like` and none of
 * `notLike` (plain substrings): what the plan tests read to see that a list's page ran prepared, with which
 * parameters, and whether PostgreSQL kept its generic plan.
 */
export async function preparedStatements(
  tx: Tx,
  like: string[],
  notLike: string[] = [],
): Promise<PreparedStatement[]> {
  const conditions = [
    ...like.map((s) => sql`statement like ${`%${s}%`}`),
    ...notLike.map((s) => sql`statement not like ${`%${s}%`}`),
  ];
  const { rows } = await tx.execute<PreparedStatement & Record<string, unknown>>(sql`
    select name, parameter_types::text as parameter_types, generic_plans::int as generic_plans,
           custom_plans::int as custom_plans
      from pg_prepared_statements where ${sql.join(conditions, sql` and `)}`);
  return rows;
}
