// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ListQuery, useListQuery } from './use-list-query';

type Row = { id: number };
let latest: ListQuery<Row, 'status'> | null = null;

function Probe() {
  latest = useListQuery<Row, 'status'>({
    queryKey: ['probe'],
    path: '/Probe',
    filters: { status: ['A', 'I'] },
    sortable: ['code'],
  });
  return null;
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('useListQuery', () => {
  it('fetches with the state in the URL and writes changes back to it', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      Response.json({ rows: [{ id: 1 }], total: 1, totalCapped: false, page: 1, pageSize: 20 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('portal.pageSize', '20');
    const router = renderAt('/list?q=mae&status=I&bogus=1');

    await waitFor(() => expect(latest?.rows).toEqual([{ id: 1 }]));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/Probe?page=1&pageSize=20&q=mae&status=I');

    act(() => latest?.setState({ sort: 'code', order: 'desc' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=mae&status=I&sort=code&order=desc'));
    expect(latest?.exportQuery).toEqual({ q: 'mae', status: 'I', sort: 'code', order: 'desc' });
    expect(sessionStorage.getItem('portal.listSearch:/list')).toBe('?q=mae&status=I&sort=code&order=desc');

    act(() => latest?.setState({ page: 3 }));
    await waitFor(() => expect(latest?.state.page).toBe(3));
    act(() => latest?.reset());
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
