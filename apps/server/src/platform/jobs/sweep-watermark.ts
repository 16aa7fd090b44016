/**
 * Watermarks of the every-minute sweeps that catch up derived figures (GP, finance, CO2e, analytics, operation
 * steps) with writers that do not call their hooks. A sweep reads the rows changed after its mark, in (time, id)
 * order and at most a batch, and then stores a new mark.
 *
 * A mark is a time and, after a full batch, the id of the last row read (`afterId`): the next sweep continues
 * strictly after that row. Without an id the next sweep reads from the time less an overlap, since a transaction
 * that committed late carries an older updated_at than rows already read.
 */

/** How far back a sweep reads again before its watermark: longer than any transaction that writes these rows. */
export const SWEEP_OVERLAP_MS = 2 * 60_000;

/** Rows a sweep reads a run, per table it watches. */
export const SWEEP_BATCH = 5000;

/** Where a sweep stands: a time, and after a full batch the id of the last row it read at that time. */
export interface SweepMark {
  at: string;
  afterId: number | null;
}

/** The (time, id) a sweep reads strictly after. */
export interface SweepAfter {
  at: string;
  id: number;
}

/** Where a sweep reads from: its watermark less the overlap; the epoch when it has none yet. */
export function sweepFrom(seenAt: string | null | undefined, overlapMs = SWEEP_OVERLAP_MS): string {
  return seenAt ? new Date(new Date(seenAt).getTime() - overlapMs).toISOString() : new Date(0).toISOString();
}

/**
 * The (time, id) a sweep reads strictly after: the last row of a full batch, or the watermark less the overlap
 * with an id below every row's (ids are positive), so rows of that very time are read.
 */
export function sweepBound(
  seenAt: string | null | undefined,
  afterId: number | null | undefined,
  overlapMs = SWEEP_OVERLAP_MS,
): SweepAfter {
  return seenAt && afterId != null
    ? { at: seenAt, id: afterId }
    : { at: sweepFrom(seenAt, overlapMs), id: 0 };
}

/**
 * The mark a sweep stores after reading `rows` (in (time, id) order, at most `limit`), `startedAt` being the
 * database's clock when it began to read.
 *
 * - A batch that was not full read everything committed before `startedAt`: the mark is `startedAt` (the next
 *   sweep reads from the overlap before it).
 * - A full batch whose last row is older than `startedAt` less the overlap continues strictly after that row:
 *   every row up to it had committed when the sweep read (no transaction lasts the overlap).
 * - A full batch reaching into the overlap is read again from `startedAt` less the overlap (where a late commit
 *   may still appear), which is before its last row: nothing after it is skipped, and a minute later the same
 *   rows are out of the overlap and the sweep continues after them.
 *
 * Keeping the last row's time without its id (until session 52) read the same first batch forever when more
 * rows than a batch shared one time or fell within the overlap (a period close updates every invoice of an
 * office and month in one statement); keeping it after a batch that was not full (until session 51) read the
 * latest burst again every minute (issue 40).
 */
export function sweepWatermark(
  startedAt: string,
  rows: readonly { at: string; id: number }[],
  limit: number,
  overlapMs = SWEEP_OVERLAP_MS,
): SweepMark {
  const last = rows.at(-1);
  if (rows.length >= limit && last && new Date(last.at).getTime() < new Date(startedAt).getTime() - overlapMs)
    return { at: last.at, afterId: last.id };
  return { at: startedAt, afterId: null };
}
