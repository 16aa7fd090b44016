/**
 * The master BL lists (dashboard cards): every bill, drafts, bills still waiting for the carrier's MBL
 * number (not cancelled), issued and cancelled. Waiting for the carrier's number turns yellow 7 and red 3
 * days before ETD, like the load plan.
 */
export const MBL_LISTS = {
  search_master_bl: { ageing: false },
  master_bl_draft: { ageing: false },
  master_bl_pending_carrier_no: { ageing: true },
  master_bl_issued: { ageing: false },
  master_bl_cancelled: { ageing: false },
} as const satisfies Record<string, { ageing: boolean }>;
export type TMblListKey = keyof typeof MBL_LISTS;
export const MBL_LIST_KEYS = Object.keys(MBL_LISTS) as TMblListKey[];
