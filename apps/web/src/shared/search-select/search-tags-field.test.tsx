// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchTagsField } from './search-tags-field';

// Keys stand for the texts (the catalogues load per language and would suspend the render).
vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({ t: (k: string, o?: { name?: string }) => (o?.name ? `${k} ${o.name}` : k) }),
}));

const OFFICES = [
  { value: 'HKG', text: 'Hong Kong' },
  { value: 'HKX', text: 'Hong Kong East' },
  { value: 'NGB', text: 'Ningbo' },
];
const post = vi.fn(async (_url: string, body: { searchText?: string; searchValue?: string[] }) =>
  body.searchValue
    ? OFFICES.filter((o) => body.searchValue?.includes(o.value))
    : OFFICES.filter((o) => o.text.toLowerCase().includes((body.searchText ?? '').toLowerCase())),
);
vi.mock('../api/http', () => ({ api: { post: (...a: [string, never]) => post(...a) } }));

afterEach(cleanup);

function Harness({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <label htmlFor="offices">Target offices</label>
      <SearchTagsField
        fetchOptionKey="office"
        removeLabel={(name) => `Remove ${name}`}
        id="offices"
        value={value}
        onChange={setValue}
        debounceMs={0}
        data-testid="f"
      />
      <output data-testid="value">{value.join(',')}</output>
    </QueryClientProvider>
  );
}

const value = () => screen.getByTestId('value').textContent;

describe('SearchTagsField (issue 20: several searched records without antd Select)', () => {
  it('shows saved offices by name, adds a searched one and removes one', async () => {
    render(<Harness initial={['NGB']} />);
    expect(await screen.findByText('Ningbo')).toBeTruthy();
    const box = screen.getByRole('combobox', { name: 'Target offices' });
    fireEvent.change(box, { target: { value: 'hong' } });
    const option = await screen.findByRole('option', { name: 'Hong Kong East' });
    expect(screen.queryByRole('option', { name: 'Ningbo' })).toBeNull();
    await act(async () => {
      fireEvent.mouseDown(option);
      fireEvent.click(option);
    });
    expect(value()).toBe('NGB,HKX');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ningbo' }));
    expect(value()).toBe('HKX');
    expect(screen.getByText('Hong Kong East')).toBeTruthy();
  });
});
