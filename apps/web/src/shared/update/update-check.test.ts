import { afterEach, describe, expect, it, vi } from 'vitest';
import { newerBuildServed } from './update-check';

afterEach(() => vi.unstubAllGlobals());

const serve = (answer: () => Promise<Response>) => vi.stubGlobal('fetch', vi.fn(answer));

describe('new build check', () => {
  it('reports the served build only when it differs from the running one', async () => {
    serve(async () => new Response(JSON.stringify({ buildId: 'b2' })));
    expect(await newerBuildServed('b1')).toBe('b2');
    expect(await newerBuildServed('b2')).toBeNull();
  });

  it('never prompts on a failed or odd answer (offline, 404, HTML from a proxy)', async () => {
    serve(async () => {
      throw new TypeError('offline');
    });
    expect(await newerBuildServed('b1')).toBeNull();
    serve(async () => new Response('not found', { status: 404 }));
    expect(await newerBuildServed('b1')).toBeNull();
    serve(async () => new Response('<!doctype html>'));
    expect(await newerBuildServed('b1')).toBeNull();
    serve(async () => new Response('{}'));
    expect(await newerBuildServed('b1')).toBeNull();
  });

  it('asks past the HTTP cache', async () => {
    const fetchMock = vi.fn(async () => new Response('{"buildId":"x"}'));
    vi.stubGlobal('fetch', fetchMock);
    await newerBuildServed('x');
    expect(fetchMock).toHaveBeenCalledWith('/version.json', { cache: 'no-store' });
  });
});
