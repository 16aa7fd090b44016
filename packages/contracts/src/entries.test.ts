import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// index.ts and schemas.ts are the package's two entries (package.json "exports"): the first for static imports,
// the second for the web app's lazy load of the schemas (schemas.ts explains why neither imports the other).
// Both list the same modules; this test keeps them one list (issue 41).

const dir = new URL('.', import.meta.url);
const exportLines = (file: string) =>
  readFileSync(new URL(file, dir), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('export '));

describe('contracts entries', () => {
  it('schemas.ts exports exactly the modules of index.ts, in the same order', () => {
    expect(exportLines('schemas.ts')).toEqual(exportLines('index.ts'));
  });

  it('every export line is `export * from` a module of this folder', () => {
    for (const line of exportLines('index.ts')) expect(line).toMatch(/^export \* from '\.\/[\w-]+';$/);
  });
});
