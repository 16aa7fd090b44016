// @vitest-environment jsdom
import '../testing/antd-jsdom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchSelect } from './search-select';
import { isSearchable, mergeOptions, valuesOf } from './use-option-search';

const texts: Record<string, string> = {
  'select.loading': 'Loading...',
  'select.noRecord': 'No record found',
};
vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({ t: (k: string) => texts[k] ?? k }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Body = { fetchOptionKey: string; searchText?: string; searchValue?: string[] };
function stubFetch(answer: (b: Body) => { value: string; text: string }[]) {
  const calls: Body[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Body;
      calls.push(body);
      return new Response(JSON.stringify(answer(body)), { status: 200 });
    }),
  );
  return calls;
}

const wrap = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('SearchSelect logic', () => {
  it('searches from 2 characters and keeps selected labels first', () => {
    expect(isSearchable('m')).toBe(false);
    expect(isSearchable(' ma ')).toBe(true);
    expect(valuesOf(null)).toEqual([]);
    expect(valuesOf('A')).toEqual(['A']);
    expect(
      mergeOptions(
        [{ value: 'A', text: 'a' }],
        [
          { value: 'A', text: 'x' },
          { value: 'B', text: 'b' },
        ],
      ),
    ).toEqual([
      { value: 'A', text: 'a' },
      { value: 'B', text: 'b' },
    ]);
  });
});

describe('SearchSelect', () => {
  it('waits for 2 characters and the debounce, shows Loading... then the options or No record found', async () => {
    const calls = stubFetch((b) => (b.searchText === 'zz' ? [] : [{ value: 'MAEU', text: 'MAEU - Maersk' }]));
    const onChange = vi.fn();
    wrap(<SearchSelect fetchOptionKey="carrier" debounceMs={50} onChange={onChange} data-testid="pick" />);
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'm' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'ma' } });
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('MAEU - Maersk')).toBeTruthy();
    expect(calls).toEqual([{ fetchOptionKey: 'carrier', searchText: 'ma' }]);
    fireEvent.click(screen.getByText('MAEU - Maersk'));
    expect(onChange).toHaveBeenCalledWith('MAEU');

    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(await screen.findByText('No record found')).toBeTruthy();
  });

  it('shows the label of a saved value inside a Form (searchValue)', async () => {
    const calls = stubFetch((b) => (b.searchValue ? [{ value: 'HLCU', text: 'HLCU - Hapag-Lloyd' }] : []));
    wrap(
      <Form initialValues={{ carrier: 'HLCU' }}>
        <Form.Item name="carrier" label="Carrier">
          <SearchSelect fetchOptionKey="carrier" />
        </Form.Item>
      </Form>,
    );
    await waitFor(() => expect(screen.getByText('HLCU - Hapag-Lloyd')).toBeTruthy());
    expect(calls[0]).toMatchObject({ fetchOptionKey: 'carrier', searchValue: ['HLCU'] });
  });
});
