import type { TJournal, TPostingState } from '@portal/contracts';

/** The posting screens' rules without React (docs/accounting.md). */

/** An invoice's detail screen from the posting list (AP's own, AR's for the rest). */
export const postingDetailPath = (r: { inv_type: string; inv_id: number }) =>
  `/INV/${r.inv_type === 'AP' ? 'ap' : 'ar'}Details/${r.inv_id}`;

/** Post is offered with the right, a ready invoice with an action, not yet posted. */
export const canPostInvoice = (s: TPostingState, hasClosingRight: boolean) =>
  hasClosingRight && s.readiness.ready && !!s.readiness.action && s.acct_process_status !== 'SUCCESS';

/** The newest journal that failed, and the newest still queued after an error (a retry waiting). */
export function latestTroubles(journals: readonly TJournal[]) {
  const newest = [...journals].reverse();
  return {
    failed: newest.find((j) => j.status === 'FAILED'),
    waiting: newest.find((j) => j.status === 'QUEUED' && j.last_error),
  };
}
