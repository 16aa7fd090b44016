// @vitest-environment jsdom
import '../testing/antd-jsdom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from '../form/form';
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
    wrap(<SearchSelect fetchOptionKey="carrier" debounceMs={50} onChange={onChange} aria-label="Carrier" />);
    const input = screen.getByRole('combobox', { name: 'Carrier' }) as HTMLInputElement;
    expect(input.dataset.testid).toBe('search-select-carrier');
    fireEvent.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('search-select-hint').textContent).toBe('select.typeMore');
    fireEvent.change(input, { target: { value: 'm' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'ma' } });
    expect((await screen.findByTestId('search-select-loading')).textContent).toBe('Loading...');
    const option = await screen.findByRole('option', { name: 'MAEU - Maersk' });
    expect(screen.queryByTestId('search-select-loading')).toBeNull();
    expect(calls).toEqual([{ fetchOptionKey: 'carrier', searchText: 'ma' }]);
    fireEvent.mouseDown(option);
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith('MAEU');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(input, { target: { value: 'zz' } });
    expect((await screen.findByTestId('search-select-empty')).textContent).toBe('No record found');
  });

  it('shows the label of a saved value inside a Form (searchValue); the item label names it', async () => {
    const calls = stubFetch((b) => (b.searchValue ? [{ value: 'HLCU', text: 'HLCU - Hapag-Lloyd' }] : []));
    wrap(
      <Form initialValues={{ carrier: 'HLCU' }}>
        <Form.Item name="carrier" label="Carrier">
          <SearchSelect fetchOptionKey="carrier" />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByRole('combobox', { name: 'Carrier' }) as HTMLInputElement;
    expect(input.id).toBe('carrier');
    expect(input.getAttribute('aria-label')).toBeNull();
    await waitFor(() => expect(input.value).toBe('HLCU - Hapag-Lloyd'));
    expect(calls[0]).toMatchObject({ fetchOptionKey: 'carrier', searchValue: ['HLCU'] });
    // The clear button and the list box take the label's name.
    expect(screen.getByRole('button', { name: 'plain.clear: Carrier' })).toBeTruthy();
    fireEvent.click(input);
    expect(screen.getByRole('listbox', { name: 'Carrier' })).toBeTruthy();
  });

  it('picks with the keyboard inside a Form; Escape gives the chosen label back; clear gives undefined', async () => {
    stubFetch(() => [
      { value: 'HKHKG', text: 'HKHKG - Hong Kong' },
      { value: 'HKKWN', text: 'HKKWN - Kowloon' },
    ]);
    const seen = vi.fn();
    wrap(
      <Form onValuesChange={(v) => seen(v.pol)}>
        <Form.Item name="pol" label="Port of loading">
          <SearchSelect fetchOptionKey="port" debounceMs={10} data-testid="pol" />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByTestId('pol') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'hk' } });
    await screen.findByRole('option', { name: 'HKKWN - Kowloon' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1].id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(seen).toHaveBeenLastCalledWith('HKKWN');
    await waitFor(() => expect(input.value).toBe('HKKWN - Kowloon'));

    fireEvent.change(input, { target: { value: 'zz' } });
    expect(input.value).toBe('zz');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('HKKWN - Kowloon');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(screen.getByTestId('pol-clear'));
    expect(seen).toHaveBeenLastCalledWith(undefined);
    expect(input.value).toBe('');
  });

  it('shows a Form.Item error on the input (aria-invalid, red border) and disabled without the clear button', async () => {
    stubFetch(() => []);
    let submit = () => {};
    function Harness() {
      const [form] = Form.useForm();
      submit = () => form.validateFields().catch(() => {});
      return (
        <Form form={form} initialValues={{ office: 'HKG' }}>
          <Form.Item name="pod" label="POD" rules={[{ required: true, message: 'POD is required' }]}>
            <SearchSelect fetchOptionKey="port" data-testid="pod" />
          </Form.Item>
          <Form.Item name="office" label="Office">
            <SearchSelect fetchOptionKey="office" disabled data-testid="office" />
          </Form.Item>
        </Form>
      );
    }
    wrap(<Harness />);
    const pod = screen.getByTestId('pod');
    expect(pod.getAttribute('aria-invalid')).toBeNull();
    submit();
    await waitFor(() => expect(pod.getAttribute('aria-invalid')).toBe('true'));
    expect(pod.getAttribute('aria-required')).toBe('true');
    expect(pod.getAttribute('aria-describedby')).toBe('pod_help');
    expect(await screen.findByText('POD is required')).toBeTruthy();

    const office = screen.getByTestId('office') as HTMLInputElement;
    expect(office.disabled).toBe(true);
    expect(office.value).toBe('HKG');
    expect(screen.queryByTestId('office-clear')).toBeNull();
  });

  it("is disabled with its Form (a read-only booking), as antd's Select was", () => {
    stubFetch(() => []);
    wrap(
      <Form disabled initialValues={{ pol: 'HKHKG' }}>
        <Form.Item name="pol" label="POL">
          <SearchSelect fetchOptionKey="port" data-testid="pol" />
        </Form.Item>
      </Form>,
    );
    expect((screen.getByTestId('pol') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('pol-clear')).toBeNull();
  });
});
