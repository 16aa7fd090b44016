import { describe, expect, it } from 'vitest';
import {
  approvalDetailPath,
  approvalListOf,
  approvalListPath,
  comparePath,
  isApprovalDetailPath,
} from './approval-paths';

describe('approval paths', () => {
  it('puts the home list at the root and the others under their key', () => {
    expect(approvalListPath('search_booking_approval')).toBe('/BMS/enhance_booking_approval');
    expect(approvalListPath('booking_rejected')).toBe('/BMS/enhance_booking_approval/booking_rejected');
  });

  it('opens a detail under the list it came from', () => {
    expect(approvalDetailPath('SO 1')).toBe('/BMS/enhance_booking_approval/shipping_order/SO%201');
    expect(approvalDetailPath('SO1', 'pending_customer_approval')).toBe(
      '/BMS/enhance_booking_approval/pending_customer_approval/shipping_order/SO1',
    );
  });

  it('tells approval details from booking details (the booking home is a prefix of it)', () => {
    expect(isApprovalDetailPath('/BMS/enhance_booking_approval/shipping_order/SO1')).toBe(true);
    expect(isApprovalDetailPath('/BMS/enhance_booking/shipping_order/SO1')).toBe(false);
    expect(approvalListOf('booking_advice')).toBe('booking_advice');
    expect(approvalListOf('new_e_booking')).toBe('search_booking_approval');
    expect(approvalListOf(undefined)).toBe('search_booking_approval');
  });

  it('builds the comparison link', () => {
    expect(comparePath([])).toBe('/BMS/compareso');
    expect(comparePath(['A', 'B'])).toBe('/BMS/compareso?so_nos=A%2CB');
  });
});
