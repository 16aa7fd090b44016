import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// index.ts and schemas.ts are the package's two entries (package.json "exports"): the first for static imports,
// the second for the web app's lazy load of the schemas. schemas.ts re-exports the index, so the modules are
// listed once, in index.ts; this test fails when a module file is not reachable from it (issue 41).

const dir = new URL('.', import.meta.url).pathname;

/** Modules other contract modules import but the package does not export: building blocks and generated data. */
const INTERNAL = new Set(['fields', 'money-minor-units', 'validators/eori-countries']);

/** Every module file of the folder (and validators/), as a path without `.ts`; tests and their fixtures left out. */
const moduleFiles = (): string[] =>
  ['', 'validators/'].flatMap((sub) =>
    readdirSync(join(dir, sub))
      .filter((f) => f.endsWith('.ts') && !/\.(test|fixture)\.ts$/.test(f))
      .map((f) => `${sub}${f.slice(0, -3)}`),
  );

/** The module a relative specifier names, as a path without `.ts` (a folder stands for its index). */
const resolve = (from: string, spec: string): string => {
  const path = join(from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '', spec).replace(
    /^\.\//,
    '',
  );
  return existsSync(join(dir, `${path}.ts`)) ? path : `${path}/index`;
};

/** Modules a module re-exports (`export * from`, `export { … } from`, `export type { … } from`). */
const reExports = (mod: string): string[] =>
  [
    ...readFileSync(join(dir, `${mod}.ts`), 'utf8').matchAll(
      /^export\s+(?:\*|(?:type\s+)?\{[^}]*\})\s+from\s+'(\.[^']+)'/gm,
    ),
  ].map((m) => resolve(mod, m[1] as string));

/** Modules a module imports or re-exports from this package. */
const dependencies = (mod: string): string[] =>
  [...readFileSync(join(dir, `${mod}.ts`), 'utf8').matchAll(/\bfrom\s+'(\.[^']+)'/g)].map((m) =>
    resolve(mod, m[1] as string),
  );

/** Everything an entry exports, following re-exports. */
const reachable = (entry: string, follow = reExports): Set<string> => {
  const seen = new Set<string>();
  const next = [entry];
  for (let mod = next.pop(); mod !== undefined; mod = next.pop()) {
    if (seen.has(mod)) continue;
    seen.add(mod);
    next.push(...follow(mod));
  }
  return seen;
};

describe('contracts entries', () => {
  it('schemas.ts is the index re-exported, not a second list', () => {
    expect(reExports('schemas')).toEqual(['index']);
    expect(readFileSync(join(dir, 'schemas.ts'), 'utf8').match(/^export .*/gm)).toEqual([
      "export * from './index';",
    ]);
  });

  it('every module file is exported from the index (or is a named internal building block)', () => {
    const exported = reachable('index');
    const missing = moduleFiles().filter((m) => m !== 'schemas' && !exported.has(m) && !INTERNAL.has(m));
    expect(
      missing,
      'add `export * from` these to index.ts (or to the schema module they belong beside)',
    ).toEqual([]);
  });

  it('the internal modules exist, are not exported, and are used by an exported module', () => {
    const exported = reachable('index');
    const used = reachable('index', dependencies);
    for (const m of INTERNAL) {
      expect(existsSync(join(dir, `${m}.ts`)), m).toBe(true);
      expect(exported.has(m), `${m} is exported: drop it from INTERNAL`).toBe(false);
      expect(used.has(m), `${m} is used by no exported module`).toBe(true);
    }
  });

  it('the index lists each module once, as `export * from` a module of this folder', () => {
    const lines = readFileSync(join(dir, 'index.ts'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('export '));
    for (const line of lines) expect(line).toMatch(/^export \* from '\.\/[\w-]+';$/);
    expect(new Set(lines).size).toBe(lines.length);
  });
});
