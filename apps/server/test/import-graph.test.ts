import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, parse, type ScannedFile, scan, serverViolations, webViolations } from './import-graph';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A scanned file whose imports are already resolved: `[target, line]` pairs. */
const file = (p: string, targets: string[], sql = false): ScannedFile => ({
  path: p,
  imports: targets.map((target, i) => ({ target, line: i + 1 })),
  sql,
});

describe('module boundaries (docs/architecture.md "Module boundaries")', () => {
  it('the server keeps them: modules meet through index.ts, platform imports no module, no cycle, SQL in repositories', () => {
    expect(serverViolations(scan(path.join(REPO, 'apps/server'), ['src', 'test']))).toEqual([]);
  }, 60_000);

  it('the web app keeps them: features meet through index.ts, shared imports no feature, no cycle', () => {
    expect(webViolations(scan(path.join(REPO, 'apps/web'), ['src']))).toEqual([]);
  }, 60_000);
});

describe('the server checker', () => {
  it("refuses another module's internals and accepts its index", () => {
    const out = serverViolations([
      file('src/modules/booking/booking.service.ts', [
        'src/modules/sequence/sequence.service.ts',
        'src/modules/party/index.ts',
      ]),
    ]);
    expect(out).toEqual([
      "src/modules/booking/booking.service.ts:1 imports src/modules/sequence/sequence.service.ts: another module's internals (import '../sequence', its index.ts)",
    ]);
  });

  it("lets tables files and db/schema.ts import other modules' tables, nothing else", () => {
    const ok = serverViolations([
      file('src/modules/booking/booking.tables.ts', ['src/modules/party/party.tables.ts']),
      file('src/db/schema.ts', ['src/modules/party/party.tables.ts']),
    ]);
    expect(ok).toEqual([]);
    const out = serverViolations([
      file('src/modules/booking/booking.repository.ts', ['src/modules/party/party.tables.ts']),
    ]);
    expect(out).toHaveLength(1);
  });

  it('refuses a module importing its own index, and app, seed or db files', () => {
    const out = serverViolations([
      file('src/modules/party/party.service.ts', ['src/modules/party/index.ts', 'src/seed/demo.ts']),
    ]);
    expect(out).toEqual([
      "src/modules/party/party.service.ts:1 imports its own module's index.ts (import the file itself)",
      'src/modules/party/party.service.ts:2 imports src/seed/demo.ts: a module imports only modules, platform and config.ts',
    ]);
  });

  it('refuses platform importing a module or db/schema.ts', () => {
    const out = serverViolations([
      file('src/platform/http/idempotency.ts', ['src/modules/booking/index.ts', 'src/config.ts']),
      file('src/platform/db/client.ts', ['src/db/schema.ts']),
    ]);
    expect(out).toEqual([
      'src/platform/http/idempotency.ts:1 imports src/modules/booking/index.ts: platform imports only platform and config.ts',
      'src/platform/db/client.ts:1 imports src/db/schema.ts: platform imports only platform and config.ts',
    ]);
  });

  it('finds a cycle between modules, also through tables', () => {
    const out = serverViolations([
      file('src/modules/auth/auth.repository.ts', ['src/modules/preference/index.ts']),
      file('src/modules/preference/preference.tables.ts', ['src/modules/auth/auth.tables.ts']),
      file('src/modules/party/party.repository.ts', ['src/modules/carrier/index.ts']),
    ]);
    expect(out).toEqual([
      'module cycle auth ↔ preference: auth → preference (src/modules/auth/auth.repository.ts:1); preference → auth (src/modules/preference/preference.tables.ts:1)',
    ]);
  });

  it('does not count test code for cycles and lets it share test helpers', () => {
    const out = serverViolations([
      file('src/modules/booking/booking.service.ts', ['src/modules/mobile/index.ts']),
      file('src/modules/mobile/mobile.test.ts', [
        'src/modules/booking/index.ts',
        'src/modules/booking/booking.factory.ts',
      ]),
    ]);
    expect(out).toEqual([]);
  });

  it('refuses SQL outside repositories, tables, seeds and platform', () => {
    const out = serverViolations([
      file('src/modules/mailbox/mailbox.service.ts', [], true),
      file('src/modules/mailbox/mailbox.repository.ts', [], true),
      file('src/modules/party/party.seed.ts', [], true),
      file('src/platform/list/list-query.ts', [], true),
      file('src/modules/party/party.test.ts', [], true),
    ]);
    expect(out).toEqual([
      'src/modules/mailbox/mailbox.service.ts: SQL outside a repository (move the query into a *.repository.ts)',
    ]);
  });

  it('counts raw node-postgres calls, SQL text sent with .query( and connections of their own as SQL', () => {
    for (const text of [
      "await client.query('listen x');",
      'const r = await pool.query(text);',
      'const c = new pg.Client({ connectionString });',
      'const p = new pg.Pool({ max: 2 });',
      "await admin.query('lock table parties in access exclusive mode');",
      'const { rows } = await side.query(`select 1`);',
      "import pg from 'pg';",
      "import { Client } from 'pg';",
    ])
      expect(parse('.', 'src/modules/x/x.service.ts', text).sql, text).toBe(true);
    for (const text of [
      'const q = queue.query;',
      'const r = search.query(input);',
      "import type pg from 'pg';",
      "import { type PoolClient } from 'pg';",
    ])
      expect(parse('.', 'src/modules/x/x.service.ts', text).sql, text).toBe(false);
  });
});

describe('the web checker', () => {
  it("refuses another feature's internals, shared importing a feature, and a cycle", () => {
    const out = webViolations([
      file('src/features/booking/booking-detail-page.tsx', [
        'src/features/booking-approval/approval-panel.tsx',
      ]),
      file('src/features/booking-approval/approval-columns.tsx', ['src/features/booking/index.ts']),
      file('src/shared/layout/header-bar.tsx', ['src/features/auth/index.ts']),
      file('src/app/router.tsx', ['src/features/auth/login-page.tsx']),
    ]);
    expect(out).toEqual([
      "src/features/booking/booking-detail-page.tsx:1 imports src/features/booking-approval/approval-panel.tsx: another feature's internals (import '../booking-approval', its index.ts)",
      'src/shared/layout/header-bar.tsx:1 imports src/features/auth/index.ts: shared imports no feature and not app/',
      'feature cycle booking ↔ booking-approval: booking → booking-approval (src/features/booking/booking-detail-page.tsx:1); booking-approval → booking (src/features/booking-approval/approval-columns.tsx:1)',
    ]);
  });
});

describe('the graph helpers', () => {
  it('answers each strongly connected component of more than one node', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['a']],
    ]);
    expect(cycles(graph)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(cycles(new Map([['a', ['b']]]))).toEqual([]);
  });

  it('reads static, re-exported and dynamic imports and tells a query from a type', () => {
    const root = path.join(REPO, 'apps/server');
    const typeOnly = parse(
      root,
      'src/modules/x/x.service.ts',
      "import type { SQL } from 'drizzle-orm';\nexport { a } from '../party';\nconst m = await import('../rate');",
    );
    expect(typeOnly.sql).toBe(false);
    expect(typeOnly.imports.map((i) => i.target)).toEqual([
      'drizzle-orm',
      'src/modules/party/index.ts',
      'src/modules/rate/index.ts',
    ]);
    expect(
      parse(root, 'src/modules/x/x.service.ts', "import { type SQL, sql } from 'drizzle-orm';").sql,
    ).toBe(true);
    expect(parse(root, 'src/modules/x/x.service.ts', 'await db.select().from(parties);').sql).toBe(true);
    expect(parse(root, 'src/modules/x/x.service.ts', "createHash('sha256').update(x).digest();").sql).toBe(
      false,
    );
  });
});
