import { describe, expect, it } from 'vitest';
import { groupedRuns } from './grouped-runs';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('groupedRuns', () => {
  it('runs the first item alone at once and the items handed in meanwhile together, each caller after its run', async () => {
    const runs: number[][] = [];
    const finished: number[] = [];
    const add = groupedRuns(async (items: number[]) => {
      runs.push(items);
      await tick();
    });
    const all = [1, 2, 3, 4].map((n) => add(n).then(() => finished.push(n)));
    await Promise.all(all);
    expect(runs).toEqual([[1], [2, 3, 4]]);
    expect(finished).toEqual([1, 2, 3, 4]);
    // Idle again: the next item starts its own run at once.
    await add(5);
    expect(runs.at(-1)).toEqual([5]);
  });

  it('takes at most `max` items a run', async () => {
    const runs: number[][] = [];
    const add = groupedRuns(
      async (items: number[]) => {
        runs.push(items);
        await tick();
      },
      { max: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => add(n)));
    expect(runs).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('rejects the callers of a failed run only, and keeps running the next ones', async () => {
    const add = groupedRuns(async (items: number[]) => {
      await tick();
      if (items.includes(2)) throw new Error('run failed');
    });
    const results = await Promise.allSettled([add(1), add(2), add(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    await expect(add(4)).resolves.toBe('done');
  });

  it('lets a caller stop waiting after maxWaitMs behind a hung run, and still does its item in its turn', async () => {
    let release = () => {};
    const hung = new Promise<void>((r) => {
      release = r;
    });
    const runs: number[][] = [];
    const add = groupedRuns(
      async (items: number[]) => {
        runs.push(items);
        if (items.includes(1)) await hung;
      },
      { maxWaitMs: 30 },
    );
    const first = add(1);
    expect(await add(2)).toBe('later');
    expect(await first).toBe('later');
    expect(runs).toEqual([[1]]);
    release();
    await tick();
    expect(runs).toEqual([[1], [2]]);
    expect(await add(3)).toBe('done');
  });
});
