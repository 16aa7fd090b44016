/** Our words for the socket errors a remote call meets most (by Node's error code). */
const KNOWN: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection reset',
};

/**
 * A short summary of a failed outbound HTTP call in our own words (never the remote's, which could echo what
 * an internal service said): 'timeout' (a TimeoutError, an ETIMEDOUT, and an AbortError when `abortIsTimeout`),
 * the known socket errors, 'TLS error'; null for anything else (the caller names it).
 */
export function networkFailureSummary(e: unknown, o: { abortIsTimeout?: boolean } = {}): string | null {
  const code = (e as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (
    e instanceof Error &&
    (e.name === 'TimeoutError' || (o.abortIsTimeout && e.name === 'AbortError') || code === 'ETIMEDOUT')
  )
    return 'timeout';
  if (KNOWN[code]) return KNOWN[code];
  if (/^ERR_TLS|CERT|SSL/.test(code)) return 'TLS error';
  return null;
}
