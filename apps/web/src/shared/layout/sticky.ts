import { STICKY_HEADER_THRESHOLD_PX } from '@portal/contracts';

/** Height of the app header, which stays at the top of the window (000 §2.2). */
export const HEADER_HEIGHT = STICKY_HEADER_THRESHOLD_PX;

/**
 * Table headers become fixed after 64 px of scrolling (000 §2.2): pass this to antd's Table
 * (`<Table sticky={STICKY_TABLE} />`) so the header sticks just under the app header.
 */
export const STICKY_TABLE = { offsetHeader: HEADER_HEIGHT } as const;

/** The same offset under the name other modules look for (antd Table `sticky.offsetHeader`, CSS `top`). */
export const STICKY_OFFSET = HEADER_HEIGHT;
