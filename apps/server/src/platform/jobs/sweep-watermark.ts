/**
 * Watermarks of the every-minute sweeps that catch up derived figures (GP, finance, CO2e) with writers that do
 * not call their hooks. A sweep reads what changed after its watermark less an overlap (a transaction that
 * committed late carries an older updated_at), oldest first and at most a batch, and then stores a new one.
 */

/** How far back a sweep reads again before its watermark: longer than any transaction that writes these rows. */
export const SWEEP_OVERLAP_MS = 2 * 60_000;

/** Where a sweep reads from: its watermark less the overlap; the epoch when it has none yet. */
export function sweepFrom(seenAt: string | null | undefined, overlapMs = SWEEP_OVERLAP_MS): string {
  return seenAt ? new Date(new Date(seenAt).getTime() - overlapMs).toISOString() : new Date(0).toISOString();
}

/**
 * The watermark a sweep stores after reading `read` rows (oldest first, at most `limit`), `lastAt` being the
 * last one's time: that time when the batch was full (the rest follows next time), else `startedAt`, the
 * database's clock when the sweep began to read, since everything changed before it has been read.
 *
 * Keeping the last row's time in both cases (until session 51) made every sweep read the last two minutes of
 * the latest burst of changes again, every minute, for as long as nothing else changed: after 300 invoice
 * creations the GP sweep spent 6-16 s of every minute refreshing them again (issue 40). Now a change is read
 * by at most the sweeps of the two minutes after it.
 */
export function sweepWatermark(startedAt: string, read: number, limit: number, lastAt: string | undefined) {
  return read >= limit && lastAt ? lastAt : startedAt;
}
