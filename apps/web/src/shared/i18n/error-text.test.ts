// @vitest-environment jsdom
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../api/http';
import { errorText, fieldErrorTexts } from './error-text';
import { i18nReady } from './i18n';

afterEach(() => vi.unstubAllGlobals());

const failing = (status: number, body: unknown) =>
  vi
    .fn()
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

describe('messages of failed calls (issue 20: `msg` is not loaded with the page)', () => {
  it('translates an ApiError msgKey and its field details although the page had not loaded msg', async () => {
    await i18nReady;
    // A fresh instance: only `common`, as on every page.
    expect(i18next.hasLoadedNamespace('common')).toBe(true);
    expect(i18next.hasLoadedNamespace('msg')).toBe(false);
    vi.stubGlobal(
      'fetch',
      failing(400, {
        msgKey: 'msgFieldRequired',
        details: [{ field: 'lines.0.qty', msgKey: 'msgFieldRequired' }],
      }),
    );
    const error = await request('/Thing', { body: {} }).catch((e: unknown) => e);
    // The client loaded the namespace before it rejected, so the synchronous texts find it.
    expect(i18next.hasLoadedNamespace('msg')).toBe(true);
    expect(errorText(i18next.t, error)).toBe('This field is required');
    expect(fieldErrorTexts(i18next.t, error)).toEqual([
      { name: ['lines', 0, 'qty'], errors: ['This field is required'] },
    ]);
  });

  it('shows the no-record text of a 404 and the common text when the server is not reachable', async () => {
    vi.stubGlobal('fetch', failing(404, {}));
    const notFound = await request('/Thing').catch((e: unknown) => e);
    expect(i18next.t('msg:msgNoRecordFound')).toBe('No record found');
    expect(errorText(i18next.t, notFound)).toBe(i18next.t('common:error.notFound404'));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const down = await request('/Thing').catch((e: unknown) => e);
    expect(errorText(i18next.t, down)).toBe(i18next.t('common:error.serverNotAvailable'));
  });
});
