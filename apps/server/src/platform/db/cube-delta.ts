/**
 * `insert … on conflict add` of the delta between old and new facts into one cube (SQL text): the new rows'
 * measures minus the old rows', summed per key in key order (so concurrent refreshes lock cube rows alike) and
 * added to the cube's rows. Table, key and measure names are the caller's constants, never input.
 */
export function cubeDeltaSql(
  cube: { table: string; keys: readonly string[] },
  measures: readonly string[],
  oldRel: string,
  newRel: string,
) {
  const keys = cube.keys.join(', ');
  const m = measures.join(', ');
  const neg = measures.map((x) => `-${x}`).join(', ');
  const sums = measures.map((x) => `sum(${x}) as ${x}`).join(', ');
  const set = measures.map((x) => `${x} = ${cube.table}.${x} + excluded.${x}`).join(', ');
  return `insert into ${cube.table} (${keys}, ${m})
    select ${keys}, ${sums} from (
      select ${keys}, ${m} from ${newRel} union all select ${keys}, ${neg} from ${oldRel}) d
    group by ${keys} order by ${keys}
    on conflict (${keys}) do update set ${set}`;
}
