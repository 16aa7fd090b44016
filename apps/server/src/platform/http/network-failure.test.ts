import { describe, expect, it } from 'vitest';
import { networkFailureSummary } from './network-failure';

const coded = (code: string, message = 'remote words') => Object.assign(new Error(message), { code });
const named = (name: string) => Object.assign(new Error('remote words'), { name });

describe('networkFailureSummary', () => {
  it('names timeouts, the known socket errors and TLS errors in our words', () => {
    expect(networkFailureSummary(named('TimeoutError'))).toBe('timeout');
    expect(networkFailureSummary(coded('ETIMEDOUT'))).toBe('timeout');
    expect(networkFailureSummary(coded('ECONNREFUSED'))).toBe('connection refused');
    expect(networkFailureSummary(coded('EPIPE'))).toBe('connection reset');
    expect(networkFailureSummary(coded('ENETUNREACH'))).toBe('network unreachable');
    expect(networkFailureSummary(coded('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('TLS error');
    expect(networkFailureSummary(coded('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe('TLS error');
  });

  it('counts an abort as a timeout only when asked, and answers null for the rest', () => {
    expect(networkFailureSummary(named('AbortError'))).toBeNull();
    expect(networkFailureSummary(named('AbortError'), { abortIsTimeout: true })).toBe('timeout');
    expect(networkFailureSummary(new Error('answer too large'))).toBeNull();
    expect(networkFailureSummary('not an error')).toBeNull();
    expect(networkFailureSummary(undefined)).toBeNull();
  });
});
