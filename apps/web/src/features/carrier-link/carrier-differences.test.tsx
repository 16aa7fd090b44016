// @vitest-environment jsdom
import '../../shared/testing/antd-jsdom';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({
    t: (k: string, p?: Record<string, unknown>) => (p ? `${k} ${JSON.stringify(p)}` : k),
    i18n: { language: 'en-US' },
  }),
}));

const { CarrierDifferences } = await import('./carrier-link-parts');

afterEach(cleanup);

// The first render loads antd's table styles and the shared controls: seconds on a busy 2-core runner.
const SLOW = 20_000;

const rows = [
  { field: 'carrier_booking_no', ours: null, carrier: 'COSU123', acceptable: true },
  { field: 'vessel_name', ours: 'EVER A', carrier: 'EVER B', acceptable: true },
  { field: 'cy_cutoff', ours: null, carrier: '2026-12-01T10:00', acceptable: false },
];

describe('the carrier difference report', () => {
  it(
    'ticks what the plan can take, offers no tick for compare-only rows, and sends the ticked fields',
    () => {
      const onAccept = vi.fn();
      render(
        <CarrierDifferences
          title="diff"
          rows={rows}
          canAccept
          pending={false}
          onAccept={onAccept}
          testId="d"
        />,
      );
      const box = (field: string) =>
        screen.getByTestId(`d-row-${field}`).querySelector('input[type=checkbox]') as HTMLInputElement;
      expect(box('carrier_booking_no').checked).toBe(true);
      expect(box('vessel_name').checked).toBe(true);
      expect(box('cy_cutoff').disabled).toBe(true);
      expect(box('cy_cutoff').checked).toBe(false);
      expect(screen.getByTestId('d-row-cy_cutoff').textContent).toContain('diff.compareOnly');

      fireEvent.click(box('vessel_name'));
      expect(screen.getByTestId('d-selected').textContent).toContain('"n":1');
      fireEvent.click(screen.getByTestId('d-accept'));
      expect(onAccept).toHaveBeenCalledWith(['carrier_booking_no']);
    },
    SLOW,
  );

  it(
    'with nothing ticked keeps ours (an empty list: reviewed, nothing taken)',
    () => {
      const onAccept = vi.fn();
      render(
        <CarrierDifferences
          title="diff"
          rows={rows}
          canAccept
          pending={false}
          onAccept={onAccept}
          testId="d"
        />,
      );
      for (const f of ['carrier_booking_no', 'vessel_name'])
        fireEvent.click(
          screen.getByTestId(`d-row-${f}`).querySelector('input[type=checkbox]') as HTMLInputElement,
        );
      expect(screen.getByTestId('d-accept').textContent).toBe('diff.keepOurs');
      fireEvent.click(screen.getByTestId('d-accept'));
      expect(onAccept).toHaveBeenCalledWith([]);
    },
    SLOW,
  );

  it(
    'shows the report without ticks or button when the user may not accept, and nothing without differences',
    () => {
      const { rerender } = render(
        <CarrierDifferences
          title="diff"
          rows={rows}
          canAccept={false}
          pending={false}
          onAccept={vi.fn()}
          testId="d"
        />,
      );
      expect(screen.getByTestId('d').querySelector('input[type=checkbox]')).toBeNull();
      expect(screen.queryByTestId('d-accept')).toBeNull();
      rerender(
        <CarrierDifferences title="diff" rows={[]} canAccept pending={false} onAccept={vi.fn()} testId="d" />,
      );
      expect(screen.queryByTestId('d')).toBeNull();
    },
    SLOW,
  );

  it(
    'waits for a save while the document has unsaved input',
    () => {
      render(
        <CarrierDifferences
          title="diff"
          rows={rows}
          canAccept
          blocked
          pending={false}
          onAccept={vi.fn()}
          testId="d"
        />,
      );
      expect((screen.getByTestId('d-accept') as HTMLButtonElement).disabled).toBe(true);
    },
    SLOW,
  );
});
