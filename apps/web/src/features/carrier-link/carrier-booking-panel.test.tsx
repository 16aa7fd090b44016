// @vitest-environment jsdom
import '../../shared/testing/antd-jsdom';
import type { TCarrierBookingView } from '@portal/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Words as their keys (and values), so the test sees which catalogue entry the panel chose.
vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({
    t: (k: string, p?: Record<string, unknown>) => (p ? `${k} ${JSON.stringify(p)}` : k),
    i18n: { language: 'en-US' },
    ready: true,
  }),
}));

const confirm = vi.fn();
vi.mock('../../shared/feedback', () => ({
  useApp: () => ({ modal: { confirm }, message: { success: vi.fn(), error: vi.fn() } }),
}));

// The panel reads its view through the hooks; each test sets the view.
let view: TCarrierBookingView;
vi.mock('./carrier-link-api', () => ({
  useCarrierBooking: () => ({ data: view, error: null }),
  useCarrierBookingMove: () => ({ mutateAsync: vi.fn(), isPending: false, variables: undefined }),
}));

const { default: CarrierBookingPanel } = await import('./carrier-booking-panel');

afterEach(() => {
  cleanup();
  confirm.mockReset();
});

// The first render loads antd and the shared controls: seconds on a busy 2-core runner.
const SLOW = 20_000;
const can = { send: true, amend: false, cancel: false, accept: false };
const make = (over: Partial<TCarrierBookingView> = {}): TCarrierBookingView => ({
  connected: true,
  carrier_code: 'COSU',
  exchange: null,
  differences: [],
  can,
  version: 4,
  blocked: null,
  ...over,
});
const booking = { kind: 'booking', no: 'SO1' } as const;
const plan = { kind: 'consol', no: 'CSL1' } as const;

describe('the carrier booking panel (plan and FCL booking)', () => {
  it(
    'shows why a booking cannot be sent instead of the send button',
    () => {
      view = make({ blocked: 'msgCarrierLinkLclWithPlan' });
      render(<CarrierBookingPanel doc={booking} />);
      expect(screen.queryByTestId('carrier-booking-send')).toBeNull();
      expect(screen.getByTestId('carrier-booking-blocked').textContent).toContain(
        'msgCarrierLinkLclWithPlan',
      );
      // The reason replaces the document's "can be sent once ..." rule.
      expect(screen.getByTestId('carrier-booking-not-sent').textContent).toBe('booking.notSent');
    },
    SLOW,
  );

  it(
    'says when a booking can be sent in the booking’s words, a plan in the plan’s',
    () => {
      view = make({ can: { ...can, send: false } });
      render(<CarrierBookingPanel doc={booking} />);
      expect(screen.getByTestId('carrier-booking-not-sent').textContent).toBe('booking.notSent fcl.sendWhen');
      cleanup();
      render(<CarrierBookingPanel doc={plan} />);
      expect(screen.getByTestId('carrier-booking-not-sent').textContent).toBe(
        'booking.notSent booking.sendWhen',
      );
      expect(screen.queryByTestId('carrier-booking-blocked')).toBeNull();
    },
    SLOW,
  );

  it(
    'confirms a send naming the document, and waits for a save while the form has unsaved input',
    () => {
      view = make();
      render(<CarrierBookingPanel doc={booking} />);
      fireEvent.click(screen.getByTestId('carrier-booking-send'));
      expect(confirm).toHaveBeenCalledTimes(1);
      expect(confirm.mock.calls[0][0].title).toBe('fcl.confirmSend {"no":"SO1","carrier":"COSU"}');
      cleanup();
      render(<CarrierBookingPanel doc={plan} />);
      fireEvent.click(screen.getByTestId('carrier-booking-send'));
      expect(confirm.mock.calls[1][0].title).toBe('booking.confirmSend {"no":"CSL1","carrier":"COSU"}');
      cleanup();
      render(<CarrierBookingPanel doc={booking} dirty />);
      expect((screen.getByTestId('carrier-booking-send') as HTMLButtonElement).disabled).toBe(true);
    },
    SLOW,
  );

  it(
    'offers the DCSA file when the carrier is not connected, only the reason when the booking cannot go at all',
    () => {
      view = make({ connected: false, can: { ...can, send: false } });
      render(<CarrierBookingPanel doc={booking} />);
      expect(screen.getByTestId('carrier-booking-download')).toBeTruthy();
      cleanup();
      view = make({
        connected: false,
        carrier_code: null,
        blocked: 'msgCarrierLinkNoCarrier',
        can: { ...can, send: false },
      });
      render(<CarrierBookingPanel doc={booking} />);
      expect(screen.queryByTestId('carrier-booking-download')).toBeNull();
      expect(screen.getByTestId('carrier-booking-blocked').textContent).toContain('msgCarrierLinkNoCarrier');
    },
    SLOW,
  );
});
