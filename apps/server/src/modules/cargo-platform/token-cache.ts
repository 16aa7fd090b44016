/** An access token of the cargo platform and when it stops working (epoch ms). */
export interface CachedToken {
  accessToken: string;
  expiresAt: number;
}

/** Above this many users a store sweeps out expired tokens, so the map never grows with departed users. */
const SWEEP_ABOVE = 500;

/**
 * One cargo-platform token per portal user, on this instance, reused until `marginMs` before it expires
 * (so a token handed to the browser still works for a while once the platform page opens). Concurrent
 * misses of one user share one request to the platform; a failed request is not cached. `forget` drops a
 * user's token (e.g. at sign-out there is nothing to do: tokens simply age out).
 */
export function perUserTokenCache({ marginMs, now = Date.now }: { marginMs: number; now?: () => number }) {
  const tokens = new Map<string, CachedToken>();
  const loading = new Map<string, Promise<CachedToken>>();
  const usable = (t: CachedToken | undefined): t is CachedToken => !!t && t.expiresAt - marginMs > now();

  const sweep = () => {
    if (tokens.size <= SWEEP_ABOVE) return;
    for (const [user, t] of tokens) if (!usable(t)) tokens.delete(user);
  };

  return {
    /** The user's cached token while it is usable, else `load()`'s (shared by concurrent callers), kept. */
    get(user: string, load: () => Promise<CachedToken>): Promise<CachedToken> {
      const held = tokens.get(user);
      if (usable(held)) return Promise.resolve(held);
      const running = loading.get(user);
      if (running) return running;
      const next = load()
        .then((t) => {
          tokens.set(user, t);
          sweep();
          return t;
        })
        .finally(() => loading.delete(user));
      loading.set(user, next);
      return next;
    },
    forget(user: string) {
      tokens.delete(user);
    },
    size: () => tokens.size,
  };
}
export type PerUserTokenCache = ReturnType<typeof perUserTokenCache>;
