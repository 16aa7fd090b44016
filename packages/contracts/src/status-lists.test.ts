import { describe, expect, it } from 'vitest';
import { BOOKING_SUB_STATE_TRANSITIONS } from './booking-catalogue';
import { INVOICE_STATUSES, INVOICE_TRANSITIONS } from './invoice-catalogue';
import { PERIOD_CLOSABLE_STATUSES } from './period';

// Status lists that restate a transition table must not drift from it (issue 41).
describe('status lists and their transition tables', () => {
  it("a period close closes exactly the statuses with the invoice's close move", () => {
    const withClose = INVOICE_STATUSES.filter((s) => INVOICE_TRANSITIONS[s].close === 'CLOSED');
    expect([...PERIOD_CLOSABLE_STATUSES]).toEqual(withClose);
  });

  it('each booking sub-state move leaves one state for another of its column', () => {
    for (const m of Object.values(BOOKING_SUB_STATE_TRANSITIONS)) expect(m.from).not.toBe(m.to);
  });
});
