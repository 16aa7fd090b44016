// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './http';

const stopping = () =>
  new Response(JSON.stringify({ msgKey: 'msgServerStopping' }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '1' },
  });
const ok = () => new Response(JSON.stringify({ saved: true }), { status: 200 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request during a server restart', () => {
  it('sends a call again after 503 msgServerStopping (the stopping instance did nothing with it)', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockResolvedValueOnce(stopping()).mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', fetchMock);
    const answer = request<{ saved: boolean }>('/Tradelane', { body: { tradelane_name: 'A' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await answer).toEqual({ saved: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1][1].method).toBe('POST');
  });

  it('gives up after three more tries, and never retries any other 503', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockImplementation(async () => stopping());
    vi.stubGlobal('fetch', fetchMock);
    const answer = request('/Tradelane').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    const error = (await answer) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(4);

    const other = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ msgKey: 'msgNotReady' }), { status: 503 }));
    vi.stubGlobal('fetch', other);
    await expect(request('/Tradelane')).rejects.toBeInstanceOf(ApiError);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
