import { describe, expect, it } from 'vitest';
import { type CachedToken, perUserTokenCache } from './token-cache';

describe('perUserTokenCache', () => {
  let clock = 0;
  const now = () => clock;
  let n = 0;
  const load = (lifetimeMs: number) => async (): Promise<CachedToken> => ({
    accessToken: `t${++n}`,
    expiresAt: clock + lifetimeMs,
  });

  it('reuses a token until the margin before its expiry, then loads a new one', async () => {
    clock = 0;
    const cache = perUserTokenCache({ marginMs: 60_000, now });
    const first = await cache.get('u1', load(3_600_000));
    clock = 3_540_000 - 1; // one ms before the margin starts
    expect(await cache.get('u1', load(3_600_000))).toBe(first);
    clock = 3_540_000;
    const next = await cache.get('u1', load(3_600_000));
    expect(next.accessToken).not.toBe(first.accessToken);
  });

  it('keeps one token per user and shares one load between concurrent callers', async () => {
    clock = 0;
    const cache = perUserTokenCache({ marginMs: 1000, now });
    let calls = 0;
    const slow = async (): Promise<CachedToken> => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      return { accessToken: `s${calls}`, expiresAt: clock + 60_000 };
    };
    const [a, b] = await Promise.all([cache.get('u1', slow), cache.get('u1', slow)]);
    expect(a).toBe(b);
    expect(calls).toBe(1);
    const other = await cache.get('u2', slow);
    expect(other.accessToken).not.toBe(a.accessToken);
    expect(cache.size()).toBe(2);
  });

  it('keeps no failure: the next call loads again', async () => {
    const cache = perUserTokenCache({ marginMs: 1000, now });
    await expect(cache.get('u1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('u1', load(60_000))).accessToken).toMatch(/^t\d+$/);
  });

  it('never reuses a token whose whole life is inside the margin', async () => {
    clock = 0;
    const cache = perUserTokenCache({ marginMs: 60_000, now });
    const a = await cache.get('u1', load(30_000));
    const b = await cache.get('u1', load(30_000));
    expect(b.accessToken).not.toBe(a.accessToken);
  });
});
