import { describe, expect, it } from 'vitest';
import { routeErrorDetail } from './route-error-detail';

describe('route error page', () => {
  it('names a failed response by its status, an error by its message, anything else not at all', () => {
    expect(routeErrorDetail({ status: 404, statusText: 'Not Found', internal: false, data: null })).toBe(
      '404 Not Found',
    );
    expect(routeErrorDetail(new TypeError('Failed to fetch dynamically imported module'))).toBe(
      'Failed to fetch dynamically imported module',
    );
    expect(routeErrorDetail('boom')).toBe('');
    expect(routeErrorDetail(undefined)).toBe('');
  });
});
