// The GP reports' period helpers without zod (issue 20: the report page sets its default period before the
// schemas load). Not in gp-report-catalogue.ts, which the app's entry loads. gp-report.ts re-exports them.

/** Months from..to inclusive ('YYYY-MM'). */
export function gpMonths(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
    if (out.length > 1000) break;
  }
  return out;
}

/** The last 12 months up to `today`'s month ('YYYY-MM'): every report's default period. */
export function gpDefaultPeriod(today = new Date()): { from: string; to: string } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const to = `${y}-${String(m).padStart(2, '0')}`;
  const fm = m - 11;
  const from =
    fm >= 1 ? `${y}-${String(fm).padStart(2, '0')}` : `${y - 1}-${String(fm + 12).padStart(2, '0')}`;
  return { from, to };
}
