/**
 * A per-instance cache of one value per key (e.g. per database client) for at most `ttlMs`, for figures many
 * screens poll at once (dashboard counts). Concurrent misses share one load; `invalidate` (called after a
 * write on this instance commits) drops the value and discards any load that started before it, so this
 * instance never serves a figure older than its own last write. Other instances' writes show within `ttlMs`.
 */
export function shortCache<K extends object, V>({
  ttlMs,
  now = Date.now,
}: {
  ttlMs: number;
  now?: () => number;
}) {
  const entries = new WeakMap<K, { value?: V; at: number; loading?: Promise<V>; generation: number }>();
  const entry = (key: K) => {
    let e = entries.get(key);
    if (!e) {
      e = { at: 0, generation: 0 };
      entries.set(key, e);
    }
    return e;
  };
  return {
    /** The cached value when younger than `ttlMs`, else the result of `load` (shared by concurrent callers). */
    get(key: K, load: () => Promise<V>): Promise<V> {
      const e = entry(key);
      if (e.value !== undefined && now() - e.at < ttlMs) return Promise.resolve(e.value);
      if (e.loading) return e.loading;
      const generation = e.generation;
      const started = now();
      const loading = load().finally(() => {
        if (e.loading === loading) e.loading = undefined;
      });
      e.loading = loading;
      return loading.then((value) => {
        if (e.generation === generation) {
          e.value = value;
          e.at = started;
        }
        return value;
      });
    },
    /** Forgets the value of `key`; a load already running is answered to its callers but not kept. */
    invalidate(key: K) {
      const e = entry(key);
      e.generation++;
      e.value = undefined;
      e.loading = undefined;
    },
  };
}
