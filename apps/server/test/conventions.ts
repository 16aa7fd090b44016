/**
 * The conventions check (docs/architecture.md "Conventions the checker enforces"): the rules beside the module
 * boundaries (import-graph.ts) that review kept finding broken because nothing checked them. Each rule reads
 * files as text (paths relative to the repository root, posix separators) and answers every breach as one line;
 * `conventions.test.ts` runs them over the repository (unit project, so a breach fails CI) and proves each rule
 * fires on a planted violation.
 *
 * - Routes call services: a server `*.routes.ts` imports no value from a `*.repository.ts` (a row type is fine).
 * - Schemas live in contracts: no value import from `zod` in `apps/server/src` or `apps/web/src` outside test
 *   code (a type import for `z.infer` builds nothing and is fine).
 * - The web app's own controls: a feature imports neither antd's `Popconfirm` (confirm through `useApp()` from
 *   `shared/feedback`) nor antd's `Input`, `InputNumber`, `Select`, `DatePicker` (fields from `shared/plain` and
 *   `shared/search-select`).
 * - Every web feature and server module folder has its `index.ts` entry.
 * - Every repository path written in backticks in `docs/*.md` and `README.md` exists (generated, git-ignored
 *   places such as `bench/results/` are not checked).
 * - No source file over 600 lines without a reason in its header: a comment line `Over 600 lines: <why>` in its
 *   first 40 lines.
 *
 * Each rule that code still breaks while it is being moved carries an explicit allow-list below, one reason each;
 * an entry that no longer breaks the rule fails the check too, so the lists only shrink.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface TextFile {
  /** Repository-relative, posix, e.g. `apps/server/src/modules/booking/booking.routes.ts`. */
  path: string;
  text: string;
}

interface ImportInfo {
  spec: string;
  line: number;
  /** Imported names that are values (not `type`), the default/namespace import as `default` / `*`. */
  values: string[];
}

/** The import declarations of a file (static imports and re-exports; dynamic imports name no bindings). */
export function importsOf(file: TextFile): ImportInfo[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false);
  const out: ImportInfo[] = [];
  for (const s of source.statements) {
    if (!ts.isImportDeclaration(s) && !ts.isExportDeclaration(s)) continue;
    if (!s.moduleSpecifier || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const line = source.getLineAndCharacterOfPosition(s.getStart(source)).line + 1;
    const values: string[] = [];
    if (ts.isImportDeclaration(s)) {
      const clause = s.importClause;
      if (clause && !clause.isTypeOnly) {
        if (clause.name) values.push('default');
        const b = clause.namedBindings;
        if (b && ts.isNamespaceImport(b)) values.push('*');
        else if (b)
          for (const e of b.elements) if (!e.isTypeOnly) values.push((e.propertyName ?? e.name).text);
      }
    } else if (!s.isTypeOnly) {
      const c = s.exportClause;
      if (!c) values.push('*');
      else if (ts.isNamedExports(c))
        for (const e of c.elements)
          if (!e.isTypeOnly) values.push((e.propertyName ?? e.name).text);
          else values.push('*');
    }
    out.push({ spec: s.moduleSpecifier.text, line, values });
  }
  return out;
}

const isTestCode = (p: string) =>
  /\.test\.tsx?$|\.test-helpers\.tsx?$|\.factory\.ts$|\/testing\//.test(p) ||
  p.startsWith('apps/server/test/');

// ---------------------------------------------------------------------------------------------------------
// Routes call services

/**
 * Route files that still call a repository, each with its reason. Empty since issue 41: every route calls its
 * service; keep it so a reason must be written to add one.
 */
export const ROUTE_REPOSITORY_ALLOWED: Record<string, string> = {};

export function routeRepositoryViolations(files: TextFile[], allowed = ROUTE_REPOSITORY_ALLOWED): string[] {
  const out: string[] = [];
  for (const f of files) {
    if (!/^apps\/server\/src\/.*\.routes\.ts$/.test(f.path) || !f.text.includes('repository')) continue;
    for (const i of importsOf(f))
      if (/\.repository(\.ts)?$/.test(i.spec) && i.values.length && !(f.path in allowed))
        out.push(
          `${f.path}:${i.line} imports ${i.values.join(', ')} from ${i.spec}: a route calls its service, never a repository`,
        );
  }
  return [...out, ...staleEntries(files, allowed, (f) => routeRepositoryViolations([f], {}).length > 0)];
}

// ---------------------------------------------------------------------------------------------------------
// Schemas live in contracts

/**
 * Files outside packages/contracts that import zod, each with why (no route file builds a schema since issue 41;
 * their params, querystrings, bodies and answers are contracts).
 */
export const ZOD_ALLOWED: Record<string, string> = {
  'apps/server/src/modules/master-bl/master-bl.seed.ts':
    'tells a contract parse failure (ZodError) from other seed failures; builds no schema',
};

export function zodViolations(files: TextFile[], allowed = ZOD_ALLOWED): string[] {
  const out: string[] = [];
  for (const f of files) {
    if (!/^apps\/(server|web)\/src\//.test(f.path) || isTestCode(f.path) || !f.text.includes('zod')) continue;
    for (const i of importsOf(f))
      if ((i.spec === 'zod' || i.spec.startsWith('zod/')) && i.values.length && !(f.path in allowed))
        out.push(
          `${f.path}:${i.line} imports ${i.values.join(', ')} from zod: schemas live in packages/contracts (import them from @portal/contracts)`,
        );
  }
  return [...out, ...staleEntries(files, allowed, (f) => zodViolations([f], {}).length > 0)];
}

// ---------------------------------------------------------------------------------------------------------
// The web app's own controls

const INSTEAD: Record<string, string> = {
  Popconfirm: "confirm with useApp().modal.confirm (shared/feedback), not antd's Popconfirm",
  Input: 'fields from shared/plain (PlainTextInput, PlainTextArea, PlainPasswordInput), not antd Input',
  InputNumber: 'fields from shared/plain (PlainNumberInput, NumberField), not antd InputNumber',
  Select: 'fields from shared/plain (PlainSelect, ChoiceField) or shared/search-select, not antd Select',
  DatePicker: 'fields from shared/plain (PlainDateInput, DateField, PlainDateRange), not antd DatePicker',
};

/**
 * Feature files that still use an antd control the app has its own for, with the reason each waits. Keyed by
 * file; the value names the controls allowed there and why.
 */
export const WEB_CONTROL_ALLOWED: Record<string, { controls: string[]; why: string }> = {};

export function webControlViolations(files: TextFile[], allowed = WEB_CONTROL_ALLOWED): string[] {
  const out: string[] = [];
  for (const f of files) {
    if (!f.path.startsWith('apps/web/src/features/') || isTestCode(f.path) || !f.text.includes('antd'))
      continue;
    for (const i of importsOf(f)) {
      if (i.spec !== 'antd' && !i.spec.startsWith('antd/')) continue;
      for (const name of i.values)
        if (name in INSTEAD && !allowed[f.path]?.controls.includes(name))
          out.push(`${f.path}:${i.line} imports ${name} from antd: ${INSTEAD[name]}`);
    }
  }
  return [...out, ...staleEntries(files, allowed, (f) => webControlViolations([f], {}).length > 0)];
}

// ---------------------------------------------------------------------------------------------------------
// Every feature and module has its entry

/** `folders`: the folder names under each unit root, e.g. `{ 'apps/web/src/features': ['auth', …] }`. */
export function entryViolations(folders: Record<string, string[]>, exists: (p: string) => boolean): string[] {
  const out: string[] = [];
  for (const [root, names] of Object.entries(folders))
    for (const name of names)
      if (!exists(`${root}/${name}/index.ts`) && !exists(`${root}/${name}/index.tsx`))
        out.push(`${root}/${name}: no index.ts (its public entry, docs/architecture.md "Module boundaries")`);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Paths named in docs exist

const TOP = /^(apps|packages|e2e|bench|scripts|docs|standins)\//;
/** Short forms the docs use for source files, and where they live. */
const SHORT: [RegExp, string[]][] = [
  [/^(features|shared)\//, ['apps/web/src/']],
  [/^(modules|platform)\//, ['apps/server/src/']],
];

/**
 * Every backticked repository path in the docs that names nothing: full paths (`apps/…`, `packages/…`, `e2e/…`,
 * …) and the short forms `features/…`, `shared/…` (web) and `modules/…`, `platform/…` (server). `{a,b}` expands,
 * `<name>`, `{name}` and `*` stand for any one segment (only the part before them is checked), a `:line` or `#anchor`
 * suffix is dropped; `ignored` says which paths are generated (git-ignored) and not checked.
 */
export function docPathViolations(
  docs: TextFile[],
  exists: (p: string) => boolean,
  ignored: (p: string) => boolean,
): string[] {
  const out: string[] = [];
  for (const d of docs) {
    const lines = d.text.split('\n');
    lines.forEach((text, n) => {
      for (const m of text.matchAll(/`([^`\s]+)`/g)) {
        const raw = m[1].replace(/[:#].*$/, '').replace(/[.,;)]+$/, '');
        const roots = TOP.test(raw) ? [''] : SHORT.find(([re]) => re.test(raw))?.[1];
        if (!roots || !/^[\w./{},<>*@-]+$/.test(raw)) continue;
        for (const p of expandBraces(raw)) {
          const fixed = p.split('/').findIndex((s) => /[<*{]/.test(s));
          const checked = fixed < 0 ? p : p.split('/').slice(0, fixed).join('/');
          const candidates = roots.map((r) => `${r}${checked}`.replace(/\/$/, ''));
          if (candidates.some((c) => ignored(c) || exists(c))) continue;
          out.push(`${d.path}:${n + 1} names ${m[1]}, which does not exist (correct the path or the text)`);
        }
      }
    });
  }
  return out;
}

function expandBraces(p: string): string[] {
  const m = p.match(/\{([^{}]*,[^{}]*)\}/);
  if (!m || m.index === undefined) return [p];
  const i = m.index;
  return m[1].split(',').flatMap((alt) => expandBraces(p.slice(0, i) + alt + p.slice(i + m[0].length)));
}

/** A matcher for the simple patterns of a .gitignore (`name/`, `/name`, `*` within a segment). */
export function gitIgnored(gitignore: string): (p: string) => boolean {
  const patterns = gitignore
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'))
    .map((l) => {
      const anchored = l.startsWith('/') || l.replace(/\/$/, '').includes('/');
      const body = l
        .replace(/^\//, '')
        .replace(/\/$/, '')
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*');
      return new RegExp(`${anchored ? '^' : '(^|/)'}${body}(/|$)`);
    });
  return (p) => patterns.some((re) => re.test(p));
}

// ---------------------------------------------------------------------------------------------------------
// Long files say why

export const LONG_FILE_LINES = 600;
const REASON = /\bOver 600 lines: *\S/i;

/** Long files whose reason cannot be written into them yet (another change holds them), each with its reason. */
export const LONG_FILE_ALLOWED: Record<string, string> = {};

export function longFileViolations(files: TextFile[], allowed = LONG_FILE_ALLOWED): string[] {
  const out: string[] = [];
  for (const f of files) {
    const lines = f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0);
    if (lines <= LONG_FILE_LINES || f.path in allowed) continue;
    const head = f.text.split('\n', 40).join('\n');
    if (!REASON.test(head))
      out.push(
        `${f.path}: ${lines} lines and no reason in its header (split it, or write "Over 600 lines: <why>" in a comment in its first 40 lines)`,
      );
  }
  return [...out, ...staleEntries(files, allowed, (f) => longFileViolations([f], {}).length > 0)];
}

// ---------------------------------------------------------------------------------------------------------

/** Allow-list entries whose file is gone or keeps the rule now: the list must shrink with the code. */
function staleEntries(files: TextFile[], allowed: Record<string, unknown>, breaks: (f: TextFile) => boolean) {
  if (!Object.keys(allowed).length) return [];
  const byPath = new Map(files.map((f) => [f.path, f]));
  return Object.keys(allowed)
    .filter((p) => {
      const f = byPath.get(p);
      return !f || !breaks(f);
    })
    .map((p) => `${p}: on an allow-list but keeps the rule (or is gone): remove the entry`);
}

const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'drizzle',
  'results',
  'test-results',
  'artifacts',
  'data',
]);

/** Reads every .ts/.tsx/.mts/.mjs file under `dirs` (repository-relative) as text. */
export function readSources(repo: string, dirs: string[]): TextFile[] {
  const files: TextFile[] = [];
  const walk = (dir: string) => {
    if (!existsSync(path.join(repo, dir))) return;
    for (const name of readdirSync(path.join(repo, dir))) {
      const rel = `${dir}/${name}`;
      if (name.startsWith('.') || SKIP_DIRS.has(name)) continue;
      if (statSync(path.join(repo, rel)).isDirectory()) walk(rel);
      else if (/\.(ts|tsx|mts|mjs)$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts'))
        files.push({ path: rel, text: readFileSync(path.join(repo, rel), 'utf8') });
    }
  };
  for (const d of dirs) walk(d);
  return files;
}

/** The folder names directly under `dir` (repository-relative). */
export function foldersOf(repo: string, dir: string): string[] {
  return readdirSync(path.join(repo, dir)).filter((n) => statSync(path.join(repo, dir, n)).isDirectory());
}
