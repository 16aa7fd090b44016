import type { TApiError } from '@portal/contracts';
import { loadMsg, storedLanguage } from '../i18n/i18n';

/** An API failure: the HTTP status plus the server's error body (000 §8, ARCHITECTURE "API"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<TApiError> | null,
  ) {
    super(body?.msgKey ?? `${status} Error`);
  }
}

/**
 * Resolves once the texts an ApiError may show are there: the `msg` namespace (its msgKey, its details'
 * keys, the no-record warning) is loaded only when a call fails, so every client awaits this before it rejects
 * and the callers' synchronous `errorText` / `fieldErrorTexts` find the translation. An unreachable server
 * (status 0) shows a common text and waits for nothing.
 */
export async function withMessages(error: ApiError): Promise<ApiError> {
  if (error.status !== 0) await loadMsg();
  return error;
}

type Listener = (status: number, error: ApiError) => void;
const listeners = new Set<Listener>();
/** The session layer listens here for 401 (sign in again) and 403 (access declined). */
export const onApiError = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

let tokenGetter: () => string | null = () => null;
/** The session store tells the client how to read the current token. */
export const setTokenGetter = (g: () => string | null) => {
  tokenGetter = g;
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Do not broadcast 401/403 to the session layer (sign-in calls handle their own). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
}

const buildUrl = (path: string, query?: RequestOptions['query']) => {
  const url = new URL(`/api/v1${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
};

/** Calls the API and returns its JSON; throws ApiError (status 0 when the server is not reachable). */
/** Headers every call carries: the token, and the UI language for text the server writes (exports). */
function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'accept-language': storedLanguage() };
  const token = tokenGetter();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/**
 * How often a call is sent again after an instance answered 503 msgServerStopping (it stops for a restart and
 * did nothing with the call, so even a save may go again; the next attempt reaches another or the restarted
 * instance). The wait is the answer's Retry-After, at most 5 s.
 */
const STOPPING_RETRIES = 3;
const MSG_SERVER_STOPPING = 'msgServerStopping';
/**
 * 503 msgServiceUnavailable: the database was out of reach (a restart or failover, back within seconds). A read
 * goes again the same way; a write is not sent again by itself (it may have been cut after its commit): the
 * user sees the message and saves again (saves that matter carry an Idempotency-Key).
 */
const MSG_SERVICE_UNAVAILABLE = 'msgServiceUnavailable';

export function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return send<T>(path, opts, 0);
}

async function send<T>(path: string, opts: RequestOptions, attempt: number): Promise<T> {
  const headers = { ...baseHeaders(), ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw await withMessages(new ApiError(0, null));
  }
  if (res.ok) {
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  }
  const body = (await res.json().catch(() => null)) as Partial<TApiError> | null;
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const retryable =
    body?.msgKey === MSG_SERVER_STOPPING || (body?.msgKey === MSG_SERVICE_UNAVAILABLE && method === 'GET');
  if (res.status === 503 && retryable && attempt < STOPPING_RETRIES) {
    const seconds = Math.min(Number(res.headers.get('retry-after')) || 1, 5);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    return send<T>(path, opts, attempt + 1);
  }
  const error = await withMessages(new ApiError(res.status, body));
  if (!opts.silent) for (const l of listeners) l(res.status, error);
  throw error;
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, else `filename`. */
export function fileNameOf(disposition: string | null): string | null {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (star) return decodeURIComponent(star.trim());
  const plain = /filename="?([^";]+)"?/.exec(disposition ?? '')?.[1];
  return plain ? decodeURIComponent(plain) : null;
}

/**
 * Sends a multipart form (a file upload) with upload progress, which fetch cannot report. Answers the
 * JSON body; a failure throws ApiError like `request` (status 0 when the server is not reachable).
 */
export function upload<T>(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    for (const [k, v] of Object.entries(baseHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      void withMessages(new ApiError(xhr.status, body as Partial<TApiError> | null)).then((error) => {
        for (const l of listeners) l(xhr.status, error);
        reject(error);
      });
    };
    xhr.send(form);
  });
}

/** Saves what a URL (an object URL of a Blob) holds under `name`, as a link with `download` does. */
export function saveAs(href: string, name: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Downloads a file answer (e.g. an Excel export) and saves it under the server's file name. */
export async function download(path: string, query?: RequestOptions['query']): Promise<void> {
  const res = await fetch(buildUrl(path, query), { headers: baseHeaders() });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Partial<TApiError> | null;
    const error = await withMessages(new ApiError(res.status, body));
    for (const l of listeners) l(res.status, error);
    throw error;
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  saveAs(href, fileNameOf(res.headers.get('content-disposition')) ?? 'export.xlsx');
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * A file answer (a PDF for a preview or a new tab) as a Blob, sent with the signed-in user's token: GET with
 * `query`, or POST with `body`. Errors come back as ApiError with the server's message key (status 0 when the
 * server is not reachable); an aborted call rethrows its AbortError.
 */
export async function fetchBlob(
  path: string,
  opts: { query?: RequestOptions['query']; body?: unknown; signal?: AbortSignal } = {},
): Promise<Blob> {
  const headers = baseHeaders();
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.body === undefined ? 'GET' : 'POST',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, null);
  }
  if (!res.ok) throw await withMessages(new ApiError(res.status, await res.json().catch(() => null)));
  return res.blob();
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>(path, { ...opts, method: 'DELETE' }),
};
