import type { TOperationAlertRow } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { alertPath } from './alert-paths';
import { routePattern } from './route-pattern';

const row = (over: Partial<TOperationAlertRow>): TOperationAlertRow => ({
  kind: 'booking',
  list: 'new_e_booking',
  doc_id: 7,
  number: 'SO 1/2',
  status: 'NEW_E_BOOKING',
  colour: 'red',
  since: '2026-05-01T00:00:00.000Z',
  alert_at: '2026-05-01T08:00:00.000Z',
  office: 'HKG',
  owner: 'Ann',
  is_e_booking: true,
  inv_type: null,
  ...over,
});

describe('alert links', () => {
  it('opens each document on the screen of its list', () => {
    expect(alertPath(row({}))).toBe('/BMS/enhance_booking/new_e_booking/e_booking/SO%201%2F2');
    expect(alertPath(row({ list: 'booking_pending_si', is_e_booking: false, number: 'SO1' }))).toBe(
      '/BMS/enhance_booking/booking_pending_si/shipping_order/SO1',
    );
    expect(alertPath(row({ kind: 'booking_approval', list: 'booking_rejected', number: 'SO1' }))).toBe(
      '/BMS/enhance_booking_approval/booking_rejected/shipping_order/SO1',
    );
    expect(alertPath(row({ kind: 'load_plan', list: 'load_plan_pending_allocation', number: 'C1' }))).toBe(
      '/BMS/consolidation/load_plan_pending_allocation/consolidation_management/C1',
    );
    expect(
      alertPath(row({ kind: 'consolidation', list: 'pending_consolidation_creation', number: 'SO1' })),
    ).toBe('/BMS/consolidation/pending_consolidation_creation/shipping_order/SO1');
    expect(alertPath(row({ kind: 'invoice', list: 'AP:Prepared', inv_type: 'AP', doc_id: 42 }))).toBe(
      '/INV/apDetails/42',
    );
  });
});

describe('page-view route patterns', () => {
  it('replaces parameter values by their names and keeps no query', () => {
    expect(
      routePattern('/BMS/enhance_booking/new_e_booking/e_booking/SO123', {
        search_state: 'new_e_booking',
        so_no: 'SO123',
      }),
    ).toBe('/BMS/enhance_booking/:search_state/e_booking/:so_no');
    expect(routePattern('/INV/arDetails/42', { inv_id: '42' })).toBe('/INV/arDetails/:inv_id');
    expect(routePattern('/BMS/x/A%20B', { id: 'A B' })).toBe('/BMS/x/:id');
    expect(routePattern('/', {})).toBe('/');
    expect(routePattern('/docs/a/b', { '*': 'a/b' })).toBe('/docs/*');
  });
});
