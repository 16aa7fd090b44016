// @vitest-environment jsdom
import '../testing/antd-jsdom';
import type { TSearchDocumentsResponse } from '@portal/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GlobalSearch } from './global-search';

vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({ t: (k: string, o?: { defaultValue?: string }) => o?.defaultValue ?? k }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hit = (so: string, number: string, field = 'container_no') => ({
  kind: 'booking',
  id: so,
  display_no: so,
  field,
  number,
  status: 'CONFIRMED',
  subtitle: 'Harbour Light',
  dates: { eta: '2026-12-31', etd: '2026-12-02' },
  href: `/BMS/enhance_booking/shipping_order/${so}`,
});

function stubFetch() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname.endsWith('/AutoSave/GetSmartSearchHistory'))
        return new Response(JSON.stringify([{ search_text: 'MSKU12' }]), { status: 200 });
      if (u.pathname.endsWith('/AutoSave/UpsertSmartSearchHistory'))
        return new Response('{}', { status: 200 });
      asked.push(u.searchParams.get('q') ?? '');
      const body: TSearchDocumentsResponse = {
        normalised: 'MSKU12',
        groups: [{ kind: 'booking', hits: [hit('SO1', 'MSKU-1234567'), hit('SO2', 'MSKU1299990')] }],
      };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return asked;
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

const renderBox = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <GlobalSearch />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('GlobalSearch', () => {
  it('ctrl+K focuses the combobox; results are a listbox with the match highlighted; arrows and Enter open', async () => {
    const asked = stubFetch();
    renderBox();
    const input = screen.getByRole('combobox');
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'msku-12' } });
    const options = await screen.findAllByRole('option');
    expect(asked).toEqual(['msku-12']);
    expect(options).toHaveLength(2);
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    expect(options[0].querySelector('mark')?.textContent).toBe('MSKU-12');
    // ETD before ETA whatever order the JSON had.
    expect(options[0].textContent).toMatch(/ETD 2026-12-02 · ETA 2026-12-31/);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(options[1].getAttribute('aria-selected')).toBe('true'));
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1].id);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/BMS/enhance_booking/shipping_order/SO2'),
    );
  });

  it('`/` outside a text field focuses it, and an empty box offers the recent searches', async () => {
    stubFetch();
    renderBox();
    fireEvent.keyDown(document.body, { key: '/' });
    const input = screen.getByRole('combobox');
    expect(document.activeElement).toBe(input);
    fireEvent.focus(input);
    const recent = await screen.findByTestId('global-search-recent');
    expect(recent.textContent).toBe('MSKU12');
  });
});
