import { createHash } from 'node:crypto';
import { Cron } from 'croner';

/**
 * The clock of the cron jobs: when each schedule's next tick is, and a timer per schedule that calls `onTick`
 * with the tick's own time (not the moment the timer fired).
 *
 * Why not pg-boss's schedules: its clock (the timekeeper) read every stored schedule every 30 s and asked
 * cron-parser for each one's previous tick, 1-3.6 ms each through Luxon's time zones; with the portal's 15
 * schedules that held the portal's one thread for 20-50 ms every 30 s (measured with a 1-ms ticker in an idle
 * portal: a gap at every :15.7 and :45.7), and every call in flight waited that long (issue 40). croner works out
 * a tick in 40-85 µs, and only when one is due.
 */

/** The next tick of `pattern` in `timeZone` strictly after `after`; null for a pattern that never fires again. */
export function nextTick(pattern: string, timeZone: string, after: Date): Date | null {
  return new Cron(pattern, { timezone: timeZone, paused: true }).nextRun(after);
}

/**
 * The id of a cron job's tick: the same for every instance that sees the tick, so the first to send it queues the
 * job and the others' sends are dropped (pg-boss inserts ON CONFLICT DO NOTHING): one job per tick however many
 * instances run, whichever clock is a little ahead. A UUID's shape over a SHA-256 of the job and the tick.
 */
export function tickJobId(name: string, tick: Date): string {
  const h = createHash('sha256').update(`${name}@${tick.toISOString()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The longest a timer waits before looking again (setTimeout overflows past ~24.8 days; a month's tick is beyond). */
const MAX_WAIT_MS = 60 * 60 * 1000;

/**
 * Calls `onTick(tick)` at each tick of `pattern` in `timeZone` until the answer is called. A tick missed while the
 * process was busy or asleep is not made up for: the next one after now follows (the jobs are sweeps). `onTick`'s
 * failure is its own to report; the timer goes on after a throw too.
 */
export function everyTick(
  pattern: string,
  timeZone: string,
  onTick: (tick: Date) => void,
  now: () => number = Date.now,
): () => void {
  const cron = new Cron(pattern, { timezone: timeZone, paused: true });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = (after: Date) => {
    const tick = cron.nextRun(after);
    if (!tick) return;
    const wait = () => {
      if (stopped) return;
      const ms = tick.getTime() - now();
      if (ms > 0) {
        timer = setTimeout(wait, Math.min(ms, MAX_WAIT_MS));
        timer.unref();
        return;
      }
      try {
        onTick(tick);
      } finally {
        arm(new Date(Math.max(now(), tick.getTime())));
      }
    };
    wait();
  };
  arm(new Date(now()));
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
