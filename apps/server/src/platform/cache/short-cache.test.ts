import { describe, expect, it } from 'vitest';
import { shortCache } from './short-cache';

describe('shortCache', () => {
  it('serves one load to concurrent callers and keeps it for the time to live', async () => {
    let clock = 0;
    let loads = 0;
    const cache = shortCache<object, number>({ ttlMs: 5000, now: () => clock });
    const key = {};
    const load = async () => ++loads;
    expect(await Promise.all([cache.get(key, load), cache.get(key, load)])).toEqual([1, 1]);
    clock = 4999;
    expect(await cache.get(key, load)).toBe(1);
    clock = 5000;
    expect(await cache.get(key, load)).toBe(2);
  });

  it('drops the value on invalidate and does not keep a load that started before it', async () => {
    let loads = 0;
    let release: () => void = () => {};
    const cache = shortCache<object, number>({ ttlMs: 5000 });
    const key = {};
    const slow = cache.get(key, () => new Promise<number>((r) => (release = () => r(++loads))));
    cache.invalidate(key);
    release();
    expect(await slow).toBe(1);
    expect(await cache.get(key, async () => ++loads)).toBe(2);
    expect(await cache.get(key, async () => ++loads)).toBe(2);
  });
});
