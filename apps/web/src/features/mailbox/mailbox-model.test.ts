import { describe, expect, it } from 'vitest';
import { mailKindKey } from './mailbox-model';

describe('dev mailbox', () => {
  it("names a per-action mail by its document's kind and any other by its own", () => {
    expect(mailKindKey('consolidation_approve')).toBe('consolidation');
    expect(mailKindKey('booking_approval_request')).toBe('booking_approval');
    expect(mailKindKey('invoice')).toBe('invoice');
    expect(mailKindKey('booking_approval')).toBe('booking_approval');
  });
});
