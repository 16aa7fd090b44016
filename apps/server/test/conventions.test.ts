import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  docPathViolations,
  entryViolations,
  foldersOf,
  gitIgnored,
  longFileViolations,
  readSources,
  routeRepositoryViolations,
  type TextFile,
  webControlViolations,
  zodViolations,
} from './conventions';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_DIRS = [
  'apps/server/src',
  'apps/server/test',
  'apps/server/fault',
  'apps/web/src',
  'apps/web/build',
  'packages/contracts/src',
  'e2e/tests',
  'e2e/support',
  'bench/src',
  'scripts',
  'standins',
];
const exists = (p: string) => existsSync(path.join(REPO, p));

describe('the repository keeps its conventions (docs/architecture.md "Conventions the checker enforces")', () => {
  const sources = readSources(REPO, SOURCE_DIRS);

  it('routes call services, never repositories', () => {
    expect(routeRepositoryViolations(sources)).toEqual([]);
  });

  it('zod schemas are built only in packages/contracts', () => {
    expect(zodViolations(sources)).toEqual([]);
  });

  it("features confirm through useApp() and take fields from shared/, not antd's", () => {
    expect(webControlViolations(sources)).toEqual([]);
  });

  it('every web feature and server module has its index.ts', () => {
    const folders = {
      'apps/web/src/features': foldersOf(REPO, 'apps/web/src/features'),
      'apps/server/src/modules': foldersOf(REPO, 'apps/server/src/modules'),
    };
    expect(entryViolations(folders, exists)).toEqual([]);
  });

  it('every repository path named in docs/ and README.md exists', () => {
    const docs = [
      'README.md',
      ...readdirSync(path.join(REPO, 'docs'))
        .filter((n) => n.endsWith('.md'))
        .map((n) => `docs/${n}`),
    ].map((p) => ({ path: p, text: readFileSync(path.join(REPO, p), 'utf8') }));
    const ignored = gitIgnored(readFileSync(path.join(REPO, '.gitignore'), 'utf8'));
    expect(docPathViolations(docs, exists, ignored)).toEqual([]);
  });

  it('no source file is over 600 lines without a reason at its top', () => {
    expect(longFileViolations(sources)).toEqual([]);
  });
});

const f = (p: string, text: string): TextFile => ({ path: p, text });

describe('the conventions checker', () => {
  it('refuses a route calling a repository, accepts a row type and its service', () => {
    const out = routeRepositoryViolations(
      [
        f(
          'apps/server/src/modules/party/party.routes.ts',
          "import { partyService } from './party.service';\nimport { partyRepository } from './party.repository';",
        ),
        f(
          'apps/server/src/modules/user-admin/user-admin.routes.ts',
          "import type { UserRow } from './user-admin.repository';",
        ),
        f(
          'apps/server/src/modules/party/party.service.ts',
          "import { partyRepository } from './party.repository';",
        ),
      ],
      {},
    );
    expect(out).toEqual([
      'apps/server/src/modules/party/party.routes.ts:2 imports partyRepository from ./party.repository: a route calls its service, never a repository',
    ]);
  });

  it('refuses zod values outside contracts, accepts type imports, tests and contracts', () => {
    const out = zodViolations(
      [
        f('apps/server/src/modules/rate/rate.routes.ts', "import { z } from 'zod';"),
        f('apps/web/src/features/booking/booking-api.ts', "import type { z } from 'zod';"),
        f('apps/server/src/modules/rate/rate.test.ts', "import { z } from 'zod';"),
        f('packages/contracts/src/rate.ts', "import { z } from 'zod';"),
      ],
      {},
    );
    expect(out).toEqual([
      'apps/server/src/modules/rate/rate.routes.ts:1 imports z from zod: schemas live in packages/contracts (import them from @portal/contracts)',
    ]);
  });

  it("refuses antd's Popconfirm and inputs in a feature, accepts them in shared/ and other antd parts", () => {
    const out = webControlViolations(
      [
        f(
          'apps/web/src/features/period/close-page.tsx',
          "import { Flex, Popconfirm, Select as S } from 'antd';",
        ),
        f('apps/web/src/features/period/dialog.tsx', "import { Modal, type InputProps } from 'antd';"),
        f('apps/web/src/shared/plain/plain-select.tsx', "import { Select } from 'antd';"),
      ],
      {},
    );
    expect(out).toEqual([
      "apps/web/src/features/period/close-page.tsx:1 imports Popconfirm from antd: confirm with useApp().modal.confirm (shared/feedback), not antd's Popconfirm",
      'apps/web/src/features/period/close-page.tsx:1 imports Select from antd: fields from shared/plain (PlainSelect, ChoiceField) or shared/search-select, not antd Select',
    ]);
  });

  it('answers an allow-list entry that no longer breaks its rule', () => {
    const files = [f('apps/web/src/features/period/close-page.tsx', "import { Flex } from 'antd';")];
    expect(
      webControlViolations(files, {
        'apps/web/src/features/period/close-page.tsx': { controls: ['Popconfirm'], why: 'planted' },
      }),
    ).toEqual([
      'apps/web/src/features/period/close-page.tsx: on an allow-list but keeps the rule (or is gone): remove the entry',
    ]);
    const routes = [f('apps/server/src/modules/a/a.routes.ts', "import { repo } from './a.repository';")];
    expect(routeRepositoryViolations(routes, { 'apps/server/src/modules/a/a.routes.ts': 'planted' })).toEqual(
      [],
    );
  });

  it('refuses a feature or module without its index.ts', () => {
    const present = new Set([
      'apps/web/src/features/auth/index.ts',
      'apps/web/src/features/errors/index.tsx',
    ]);
    const out = entryViolations(
      { 'apps/web/src/features': ['auth', 'errors', 'home'], 'apps/server/src/modules': ['party'] },
      (p) => present.has(p),
    );
    expect(out).toEqual([
      'apps/web/src/features/home: no index.ts (its public entry, docs/architecture.md "Module boundaries")',
      'apps/server/src/modules/party: no index.ts (its public entry, docs/architecture.md "Module boundaries")',
    ]);
  });

  it('refuses a documented path that does not exist, reads braces, placeholders, short forms and ignores output', () => {
    const present = new Set([
      'apps/web/src/shared/tabs/plain-tabs.tsx',
      'apps/server/src/platform/db/listener.ts',
      'apps/server/src/modules',
      'packages/contracts/src/booking.ts',
      'packages/contracts/src/invoice.ts',
    ]);
    const doc = f(
      'docs/x.md',
      [
        'Tabs: `apps/web/src/shared/tabs/plain-tabs.tsx`, `platform/db/listener.ts:96` and `modules/<m>/index.ts`.',
        'Contracts `packages/contracts/src/{booking,invoice}.ts`; results in `bench/results/x.json`.',
        'Gone: `shared/tabs/wrapping-tab-bar.tsx` and `packages/contracts/src/{booking,quote}.ts`; not a path: `a/b c`.',
      ].join('\n'),
    );
    const out = docPathViolations([doc], (p) => present.has(p), gitIgnored('bench/results/\n'));
    expect(out).toEqual([
      'docs/x.md:3 names shared/tabs/wrapping-tab-bar.tsx, which does not exist (correct the path or the text)',
      'docs/x.md:3 names packages/contracts/src/{booking,quote}.ts, which does not exist (correct the path or the text)',
    ]);
  });

  it('reads the simple .gitignore patterns', () => {
    const ignored = gitIgnored('node_modules/\n/data/\nbench/.data*/\n# c\ne2e/test-results-*/\n');
    expect(ignored('bench/.data-booking')).toBe(true);
    expect(ignored('apps/web/node_modules/x')).toBe(true);
    expect(ignored('data/ledger.json')).toBe(true);
    expect(ignored('apps/server/data/x')).toBe(false);
    expect(ignored('e2e/test-results-9100/a.png')).toBe(true);
    expect(ignored('bench/src/figures.ts')).toBe(false);
  });

  it('refuses a file over 600 lines unless its header says why', () => {
    const body = 'const x = 1;\n'.repeat(601);
    const out = longFileViolations(
      [
        f('apps/web/src/features/a/long.tsx', body),
        f(
          'apps/web/src/features/a/reasoned.tsx',
          `/** A table. Over 600 lines: one list of every column. */\n${body}`,
        ),
        f('apps/web/src/features/a/short.tsx', 'const x = 1;\n'.repeat(600)),
        f('apps/web/src/features/a/late.tsx', `${body}// Over 600 lines: too late, not in the header\n`),
      ],
      {},
    );
    expect(out).toEqual([
      'apps/web/src/features/a/long.tsx: 601 lines and no reason in its header (split it, or write "Over 600 lines: <why>" in a comment in its first 40 lines)',
      'apps/web/src/features/a/late.tsx: 602 lines and no reason in its header (split it, or write "Over 600 lines: <why>" in a comment in its first 40 lines)',
    ]);
  });
});
