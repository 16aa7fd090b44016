import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { API_PREFIX } from './access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = { security?: unknown[] };

describe('OpenAPI security from the access declarations', () => {
  it('marks every public route security: [] and every other one bearer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    const routes = t.app.accessRegistry.filter((r) => r.url.startsWith(API_PREFIX) && r.method !== 'HEAD');
    let publicCount = 0;
    for (const r of routes) {
      // A WebSocket upgrade is no HTTP operation OpenAPI can describe; its protocol is in docs/notifications.md.
      if (r.url.endsWith('/ws')) continue;
      const op = paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url} is documented`).toBeDefined();
      if (r.access === 'public') {
        publicCount++;
        expect(op?.security, `${r.method} ${r.url}`).toEqual([]);
      } else {
        expect(op?.security, `${r.method} ${r.url}`).toEqual([{ bearer: [] }]);
      }
    }
    // 17 public API routes when this was written (sign-in, passwords, registration, public files, ...).
    expect(publicCount).toBeGreaterThanOrEqual(17);
  });
});
