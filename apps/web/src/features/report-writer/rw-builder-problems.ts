/** A problem shown on the builder: where (a path such as `filters.0` or `name`) and its text. */
export interface Problem {
  path: string;
  text: string;
}

/** The first problem at a place or inside it (`filters` finds `filters.0.value`); null when there is none. */
export const problemAt = (problems: readonly Problem[], path: string): string | null =>
  problems.find((p) => p.path === path || p.path.startsWith(`${path}.`))?.text ?? null;

/** The first problem of each filter row, by its index. */
export function filterProblemsOf(problems: readonly Problem[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const p of problems) {
    const m = /^filters\.(\d+)/.exec(p.path);
    if (m && out[Number(m[1])] === undefined) out[Number(m[1])] = p.text;
  }
  return out;
}

/** A server field's path (`filters[2].value`) as the builder's (`filters.2.value`). */
export const serverPath = (field: string) => field.replace(/\[(\d+)\]/g, '.$1');

/** Each problem text once, in their order (the server can name one problem on several places). */
export const distinctTexts = (problems: readonly Problem[]) => [...new Set(problems.map((p) => p.text))];

const pad = (n: number) => String(n).padStart(2, '0');
/** A time in the app's DATETIME_FORMAT (YYYY-MM-DD HH:mm:ss, local time) without loading dayjs for two lines. */
export function dateTimeText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Whole seconds from `from` to `now` (0 when nothing runs, never negative). */
export const elapsedSeconds = (from: number | null, now: number) =>
  from === null ? 0 : Math.max(0, Math.floor((now - from) / 1000));
