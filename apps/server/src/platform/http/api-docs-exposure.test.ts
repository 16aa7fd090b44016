import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Security review (issue 37): /api/docs (every route and field, 4.7 MB) is not open to anyone in production.
describe('/api/docs', () => {
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    apps.push(t);
    return t;
  };
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  let production: TestApp;
  let productionOn: TestApp;
  beforeAll(async () => {
    production = await start({ NODE_ENV: 'production' });
    productionOn = await start({ NODE_ENV: 'production', API_DOCS: 'on' });
  });

  it('is not served in production unless API_DOCS=on', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
      const res = await production.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('openapi');
    }
  });

  it('is served in production with API_DOCS=on, and outside production', async () => {
    expect((await productionOn.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).toHaveProperty(
      'openapi',
    );
    const dev = await start({ NODE_ENV: 'development' });
    expect((await dev.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
