/**
 * Work handed in one item at a time but done set-wise, grouped like a database's group commit: the first item
 * starts a run at once (alone: no added wait), and items handed in while a run is in flight go together in the
 * next run, up to `max` a run. Each caller's promise settles when the run holding its item has finished, so a
 * caller still waits for its own item's work, as when it did the work itself. Issue 40: twenty concurrent invoice
 * creations each refreshed their GP and finance figures (27 statements a creation); grouped, a burst refreshes
 * them in a few set-wise runs.
 *
 * A run that hangs (a lock held elsewhere) would hold up every item queued behind it: with `maxWaitMs`, a
 * caller waits at most that long and then hears 'later' (its item is still done, in its turn); otherwise 'done'.
 */
export function groupedRuns<T>(
  work: (items: T[]) => Promise<void>,
  o: { max?: number; maxWaitMs?: number } = {},
): (item: T) => Promise<'done' | 'later'> {
  const max = o.max ?? 100;
  let queue: { item: T; resolve: (v: 'done') => void; reject: (e: unknown) => void }[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    try {
      while (queue.length) {
        const run = queue.slice(0, max);
        queue = queue.slice(max);
        try {
          await work(run.map((q) => q.item));
          for (const q of run) q.resolve('done');
        } catch (e) {
          for (const q of run) q.reject(e);
        }
      }
    } finally {
      running = false;
    }
  };
  return (item) => {
    const done = new Promise<'done'>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
    if (o.maxWaitMs === undefined) return done;
    let timer: NodeJS.Timeout | undefined;
    // A run that fails after the caller stopped waiting must not reject unhandled.
    done.catch(() => {});
    return Promise.race([
      done,
      new Promise<'later'>((r) => {
        timer = setTimeout(() => r('later'), o.maxWaitMs);
      }),
    ]).finally(() => clearTimeout(timer));
  };
}
