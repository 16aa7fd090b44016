import type { TOperationAlertRow } from '@portal/contracts';

/**
 * Where an alert's document opens: the screen its list opens it on (the other features' routes, 001 §2,
 * 002 §2; written out here because a feature imports no other feature's files), so Back returns to that list.
 */
export function alertPath(r: TOperationAlertRow): string {
  const no = encodeURIComponent(r.number);
  switch (r.kind) {
    case 'booking':
      return `/BMS/enhance_booking/${r.list}/${r.is_e_booking ? 'e_booking' : 'shipping_order'}/${no}`;
    case 'booking_approval':
      return `/BMS/enhance_booking_approval/${r.list}/shipping_order/${no}`;
    case 'invoice':
      return `/INV/${r.inv_type === 'AP' ? 'apDetails' : 'arDetails'}/${r.doc_id}`;
    default:
      return r.list === 'pending_consolidation_creation'
        ? `/BMS/consolidation/${r.list}/shipping_order/${no}`
        : `/BMS/consolidation/${r.list}/consolidation_management/${no}`;
  }
}
