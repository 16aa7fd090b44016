import type { TCompareResponse, ZProposalInput } from '@portal/contracts';
import type { z } from 'zod';

export type TProposalInput = z.input<typeof ZProposalInput>;

/** The proposals for the chosen candidate sailings, in the table's order, each with its rate and remarks. */
export function proposalsOf(
  data: TCompareResponse,
  selected: number[],
  remarks: Record<number, string> = {},
): TProposalInput[] {
  return data.rows
    .filter((r) => selected.includes(r.sailing_id))
    .map((r) => ({
      sailing_id: r.sailing_id,
      rate_id: r.rate_id,
      remarks: remarks[r.sailing_id]?.trim() || null,
    }));
}
