import type { TJournal, TPostingState } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { canPostInvoice, latestTroubles, postingDetailPath } from './posting-model';

const j = (id: number, status: string, last_error: string | null = null) =>
  ({ id, status, last_error }) as unknown as TJournal;
const state = (over: Partial<TPostingState> = {}, readiness: Partial<TPostingState['readiness']> = {}) =>
  ({
    acct_process_status: 'PENDING',
    journals: [],
    readiness: { inv_id: 1, ready: true, action: 'POST', issues: [], ...readiness },
    ...over,
  }) as unknown as TPostingState;

describe('posting screens', () => {
  it("opens a payable's or a receivable's detail", () => {
    expect(postingDetailPath({ inv_type: 'AP', inv_id: 4 })).toBe('/INV/apDetails/4');
    expect(postingDetailPath({ inv_type: 'AR', inv_id: 5 })).toBe('/INV/arDetails/5');
  });

  it('offers Post with the right on a ready invoice with an action that is not posted yet', () => {
    expect(canPostInvoice(state(), true)).toBe(true);
    expect(canPostInvoice(state(), false)).toBe(false);
    expect(canPostInvoice(state({}, { ready: false }), true)).toBe(false);
    expect(canPostInvoice(state({}, { action: null }), true)).toBe(false);
    expect(canPostInvoice(state({ acct_process_status: 'SUCCESS' }), true)).toBe(false);
  });

  it('finds the newest failed journal and the newest still queued after an error', () => {
    const journals = [
      j(1, 'FAILED'),
      j(2, 'QUEUED', 'timeout'),
      j(3, 'FAILED'),
      j(4, 'QUEUED'),
      j(5, 'POSTED'),
    ];
    const { failed, waiting } = latestTroubles(journals);
    expect(failed?.id).toBe(3);
    expect(waiting?.id).toBe(2);
    expect(journals.map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
    expect(latestTroubles([j(1, 'POSTED'), j(2, 'QUEUED')])).toEqual({
      failed: undefined,
      waiting: undefined,
    });
  });
});
