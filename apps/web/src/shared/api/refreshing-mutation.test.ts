import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshQueries } from './refreshing-mutation';

describe('refreshQueries', () => {
  it('marks stale every query under the given prefixes and leaves the others', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['invoice', 'list', { page: 1 }], []);
    qc.setQueryData(['invoice', 'one', 7], {});
    qc.setQueryData(['settlement', 'open', null], []);
    qc.setQueryData(['accounting', 'queue', {}], []);
    await refreshQueries(qc, [['invoice'], ['settlement']]);
    const stale = (key: unknown[]) => qc.getQueryState(key)?.isInvalidated;
    expect(stale(['invoice', 'list', { page: 1 }])).toBe(true);
    expect(stale(['invoice', 'one', 7])).toBe(true);
    expect(stale(['settlement', 'open', null])).toBe(true);
    expect(stale(['accounting', 'queue', {}])).toBe(false);
  });
});
