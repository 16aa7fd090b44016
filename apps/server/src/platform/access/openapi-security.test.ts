import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { API_PREFIX } from './access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = { security?: unknown[]; responses?: Record<string, { content?: unknown }> };
type Paths = Record<string, Record<string, Operation>>;
type Route = { method: string; url: string };

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
// A WebSocket upgrade is no HTTP operation OpenAPI can describe; its protocol is in docs/notifications.md.
const isWebSocket = (r: Route) => r.url.endsWith('/ws');

/**
 * The API routes whose description has no answer: no success response with a body (a JSON schema, or the
 * content types of a file download) and no 204. Without a response schema, @fastify/swagger writes only a
 * placeholder `200: { description: 'Default Response' }` without content, and the answer goes out unchecked,
 * with whatever fields the code put in it (issue 41).
 */
function routesWithoutAnswer(paths: Paths, routes: Route[]): string[] {
  return routes
    .filter((r) => !isWebSocket(r))
    .filter((r) => {
      const responses = paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.responses ?? {};
      return !Object.entries(responses).some(
        ([code, answer]) => code === '204' || (/^[23]\d\d$/.test(code) && answer.content !== undefined),
      );
    })
    .map((r) => `${r.method} ${r.url}`);
}

async function documented() {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Paths;
  const routes = t.app.accessRegistry.filter((r) => r.url.startsWith(API_PREFIX) && r.method !== 'HEAD');
  return { paths, routes };
}

describe('OpenAPI security from the access declarations', () => {
  it('marks every public route security: [] and every other one bearer', async () => {
    const { paths, routes } = await documented();
    let publicCount = 0;
    for (const r of routes) {
      if (isWebSocket(r)) continue;
      const op = paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
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

describe('OpenAPI answers', () => {
  it('every API route declares its answer: a response schema, a file download its content types', async () => {
    const { paths, routes } = await documented();
    expect(routesWithoutAnswer(paths, routes)).toEqual([]);
  });

  it('the rule finds a planted route without an answer, and passes JSON, files and 204', () => {
    const error = { '400': { content: { 'application/json': {} } } };
    const paths: Paths = {
      '/api/v1/Planted/{id}': {
        get: { responses: { '200': {}, ...error } },
        put: { responses: { '200': { content: { 'application/json': {} } }, ...error } },
      },
      '/api/v1/Planted/{id}/pdf': { get: { responses: { '200': { content: { 'application/pdf': {} } } } } },
      '/api/v1/Planted/{id}/file': { delete: { responses: { '204': {} } } },
    };
    const routes: Route[] = [
      { method: 'GET', url: '/api/v1/Planted/:id' },
      { method: 'PUT', url: '/api/v1/Planted/:id' },
      { method: 'GET', url: '/api/v1/Planted/:id/pdf' },
      { method: 'DELETE', url: '/api/v1/Planted/:id/file' },
      { method: 'POST', url: '/api/v1/Planted/undocumented' },
      { method: 'GET', url: '/api/v1/planted/ws' },
    ];
    expect(routesWithoutAnswer(paths, routes)).toEqual([
      'GET /api/v1/Planted/:id',
      'POST /api/v1/Planted/undocumented',
    ]);
  });
});
