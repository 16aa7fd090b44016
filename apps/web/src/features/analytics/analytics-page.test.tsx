// @vitest-environment jsdom
import '../../shared/testing/antd-jsdom';
import type { TAnalyticsDocuments, TAnalyticsOptions, TAnalyticsResult } from '@portal/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AnalyticsPage from './analytics-page';

// Translations: the key itself (or its defaultValue), so the test reads which key a text came from.
vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({
    // A code's word (issue 39) reads as its catalogue key, so a test sees the code went through the catalogue.
    t: (k: string, o?: { defaultValue?: string; total?: string; ns?: string }) =>
      o?.total ? `${o.total} docs` : o?.ns === 'codes' ? `codes:${k}` : (o?.defaultValue ?? k),
    i18n: { language: 'en-US', exists: () => false },
  }),
}));
vi.mock('../../shared/auth', () => ({ useSession: () => ({ hasFunc: (f: string) => f !== 'admin' }) }));

/** A small fixture in the shape of GET /Analytics/ShipmentReport (what H1's server answers). */
const RESULT: TAnalyticsResult = {
  page: 'ShipmentReport',
  generatedAt: '2026-05-17T08:00:00.000Z',
  periodBasisKey: 'analytics-shipment:basis.etd',
  kpis: [
    {
      key: 'shipments',
      labelKey: 'analytics-shipment:kpi.shipments',
      value: '12480',
      kind: 'count',
      drill: {},
    },
    { key: 'teu', labelKey: 'analytics-shipment:kpi.teu', value: '1234.5', kind: 'teu', drill: {} },
    { key: 'gp', labelKey: 'kpi.gp', value: '90071992547409.99', kind: 'money' },
  ],
  charts: [
    {
      key: 'byMonth',
      titleKey: 'analytics-shipment:chart.byMonth',
      type: 'bar',
      series: [{ key: 'teu', labelKey: 'analytics-shipment:m.teu', kind: 'teu' }],
      points: [
        { x: '2026-04', values: { teu: '600' }, drill: { month: '2026-04' } },
        { x: '2026-05', values: { teu: '634.5' }, drill: { month: '2026-05' } },
      ],
    },
    {
      key: 'byStatus',
      titleKey: 'analytics-shipment:chart.byStatus',
      type: 'pie',
      xCodeKind: 'booking',
      series: [{ key: 'bookings', labelKey: 'analytics-shipment:m.bookings', kind: 'count' }],
      points: [{ x: 'CONFIRMED', values: { bookings: '3' }, drill: { status: 'CONFIRMED' } }],
    },
  ],
  table: {
    columns: [
      { key: 'month', labelKey: 'analytics-shipment:dim.month', kind: 'text' },
      { key: 'status', labelKey: 'analytics-shipment:dim.status', kind: 'text', codeKind: 'booking' },
      { key: 'teu', labelKey: 'analytics-shipment:m.teu', kind: 'teu' },
      { key: 'revenue', labelKey: 'analytics-gp:m.revenue', kind: 'money' },
    ],
    rows: [
      {
        cells: { month: '2026-04', status: 'APPROVED_2', teu: '600', revenue: '99128.58' },
        drill: { month: '2026-04' },
      },
      {
        cells: { month: '2026-05', status: null, teu: '634.5', revenue: '586149.8' },
        drill: { month: '2026-05' },
      },
    ],
    totals: { month: null, teu: '1234.5', revenue: '685278.38' },
    truncated: false,
  },
  noteKeys: ['analytics-shipment:note.volume'],
};
const OPTIONS: TAnalyticsOptions = {
  offices: [{ code: 'HKG', name: 'Hong Kong' }],
  modes: ['SEA', 'AIR'],
  services: ['FCL'],
  carriers: [{ code: 'MSK', name: 'Maersk' }],
  lanes: ['CNSHA-USLAX'],
};
const DOCS: TAnalyticsDocuments = {
  rows: [
    {
      kind: 'booking',
      key: 'SO-1',
      number: 'SO-1',
      status: 'CONFIRMED',
      date: '2026-05-02',
      party: 'ACME',
      office: 'HKG',
      value: '2',
    },
    {
      kind: 'user',
      key: 'u-1',
      number: 'jane',
      status: null,
      date: null,
      party: null,
      office: null,
      value: null,
    },
  ],
  total: 10_001,
  page: 1,
  pageSize: 20,
  valueKind: 'teu',
  valueLabelKey: 'analytics-shipment:m.teu',
};

function stubApi() {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      calls.push(u);
      const body = u.pathname.endsWith('/_options')
        ? OPTIONS
        : u.pathname.endsWith('/documents')
          ? DOCS
          : RESULT;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/BMS/:page" element={<AnalyticsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// antd and the first render take seconds on a busy 2-core runner.
describe('the analytics page frame', { timeout: 30_000 }, () => {
  it('asks for the URL filters and shows KPIs, table with totals and notes, formatted from the strings', async () => {
    const calls = stubApi();
    renderAt('/BMS/ShipmentReport?from=2026-04-01&to=2026-05-31&office=HKG');
    expect(await screen.findByText('page.ShipmentReport.title')).toBeTruthy();
    await screen.findByTestId('analytics-table');
    const asked = calls.find((c) => c.pathname === '/api/v1/Analytics/ShipmentReport');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      from: '2026-04-01',
      to: '2026-05-31',
      office: 'HKG',
    });
    expect(screen.getByTestId('analytics-kpi-value-shipments').textContent).toBe('12,480');
    expect(screen.getByTestId('analytics-kpi-value-teu').textContent).toBe('1,234.5 unit.teu');
    // Money from its decimal string: all 16 digits survive.
    expect(screen.getByTestId('analytics-kpi-value-gp').textContent).toBe('unit.money 90,071,992,547,409.99');
    const totals = screen.getByTestId('analytics-totals');
    expect(totals.textContent).toContain('total');
    expect(totals.textContent).toContain('685,278.38');
    expect(screen.getAllByText('analytics-gp:m.revenue (unit.money)').length).toBeGreaterThan(0);
    expect(screen.getByTestId('analytics-notes').textContent).toBe('analytics-shipment:note.volume');
    // Numbers are right-aligned.
    const cell = within(screen.getByTestId('analytics-table')).getByText('586,149.80').closest('td');
    expect(cell?.style.textAlign).toBe('right');
    // The totals are the table's footer.
    expect(totals.closest('tfoot')).not.toBeNull();
    // Codes read as words of the codes catalogue (issue 39): the status column and the status chart's slices.
    const table = screen.getByTestId('analytics-table');
    expect(within(table).getByText('codes:status.booking.APPROVED_2')).toBeTruthy();
    expect(within(table).queryByText('APPROVED_2')).toBeNull();
    fireEvent.click(screen.getByTestId('analytics-chart-table-toggle-byStatus'));
    const slices = await screen.findByTestId('analytics-chart-table-byStatus');
    expect(within(slices).getByText('codes:status.booking.CONFIRMED')).toBeTruthy();
  });

  it('sorts a money column by value, not by text', async () => {
    stubApi();
    renderAt('/BMS/ShipmentReport');
    const table = await screen.findByTestId('analytics-table');
    // Ascending, then descending: by value 99,128.58 comes before 586,149.80 (as text "5…" would come first).
    const sort = within(table).getByRole('button', { name: /analytics-gp:m\.revenue/ });
    fireEvent.click(sort);
    const firstMonth = () => table.querySelector('tbody tr[data-testid="static-table-row"] td')?.textContent;
    await waitFor(() => expect(firstMonth()).toBe('2026-04'));
    fireEvent.click(sort);
    await waitFor(() => expect(firstMonth()).toBe('2026-05'));
    expect(sort.closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('a row opens the documents behind it with drill_<key>, capped total, links to the usual screens', async () => {
    const calls = stubApi();
    renderAt('/BMS/ShipmentReport?preset=last3m');
    fireEvent.click(await screen.findByTestId('analytics-row-open-1'));
    // The drawer loads lazily: seconds on a busy runner.
    const docs = await screen.findByTestId('analytics-documents', {}, { timeout: 10_000 });
    await within(docs).findByText('SO-1');
    const asked = calls.find((c) => c.pathname === '/api/v1/Analytics/ShipmentReport/documents');
    expect(asked?.searchParams.get('drill_month')).toBe('2026-05');
    expect(asked?.searchParams.get('page')).toBe('1');
    expect(asked?.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(within(docs).getByText('SO-1').closest('a')?.getAttribute('href')).toBe(
      '/BMS/enhance_booking/shipping_order/SO-1',
    );
    // A document's status is worded by its kind from the codes catalogue (issue 39), never as stored.
    expect(within(docs).getByText('codes:status.booking.CONFIRMED')).toBeTruthy();
    expect(within(docs).queryByText('CONFIRMED')).toBeNull();
    // Without admin the user is shown, not linked.
    expect(within(docs).getByText('jane').closest('a')).toBeNull();
    expect(screen.getByTestId('analytics-documents-total').textContent).toBe('10,000+ docs');
  });

  it('answers an unknown page name with the shipment report (the route table only lists known ones)', async () => {
    stubApi();
    renderAt('/BMS/ShipmentReport');
    expect(await screen.findByTestId('analytics-page-ShipmentReport')).toBeTruthy();
  });
});
