/**
 * The module-boundary check (docs/architecture.md "Module boundaries"): reads the imports of the server's
 * `src` and `test` and the web app's `src` with the TypeScript parser and answers every breach of the rules
 * below as one line of text. `import-graph.test.ts` runs it in the unit project, so a breach fails CI.
 *
 * Server: a module imports another module only through its `index.ts` (`../<module>`); `*.tables.ts` files and
 * `db/schema.ts` may also import other modules' `*.tables.ts` (the schema graph that drizzle-kit loads without
 * the application); a module never imports its own index, nor `app.ts`, `main.ts`, `seed/` or `db/`; `platform/`
 * imports only `platform/` and `config.ts` (which imports only platform); the modules form no cycle; queries (a value import from `drizzle-orm`, or a query
 * builder call) stand only in `*.repository.ts`, `*.tables.ts`, `*.seed.ts`, `platform/`, `db/`, `seed/` and
 * test code. Test code (`*.test.ts`, `*.test-helpers.ts`, `*.factory.ts`, `test/`) may also import other
 * modules' test helpers and does not count for cycles.
 *
 * Web: a feature imports another feature only through its `index.ts(x)`, never its own index; `shared/` imports
 * no feature and not `app/`; the features form no cycle. `app/` is the composition root and may lazy-load any
 * page file (code splitting needs the file, not the index).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportRef {
  /** A path relative to the scanned root (posix), or the bare package name. */
  target: string;
  line: number;
}

export interface ScannedFile {
  /** Path relative to the scanned root, posix separators, e.g. `src/modules/booking/booking.service.ts`. */
  path: string;
  imports: ImportRef[];
  /** Builds or runs SQL: a value import from drizzle-orm or a query builder call. */
  sql: boolean;
}

const SOURCE = /\.(ts|tsx)$/;

/** Reads every .ts/.tsx file under `dirs` (relative to `root`) with its resolved imports. */
export function scan(root: string, dirs: string[]): ScannedFile[] {
  const files: ScannedFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = `${dir}/${name}`;
      if (name === 'node_modules' || name.startsWith('.')) continue;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts'))
        files.push(parse(root, rel, readFileSync(path.join(root, rel), 'utf8')));
    }
  };
  for (const d of dirs) walk(d);
  return files;
}

/**
 * A query builder call: `.select(…).from(`, `.insert(x).values(`, `.update(x).set(`, `.delete(x).where(`,
 * `.execute(`; or raw node-postgres: `client.query(`, `pool.query(`, any `.query(` whose first argument is SQL
 * text (a string or template literal: `admin.query('listen x')`), a connection of its own (`new pg.Client(`,
 * `new pg.Pool(`: a module listens through platform/db/listener.ts, whose connections heal themselves). A value
 * import from `pg` counts too (a type import such as `import type pg from 'pg'` does not).
 */
const QUERY_CALL =
  /\.(select|selectDistinct)\([^;]*?\)\s*\.from\(|\.insert\(\s*\w+\s*\)\s*\.values\(|\.update\(\s*\w+\s*\)\s*\.set\(|\.delete\(\s*\w+\s*\)\s*\.(where|returning)\(|\.execute\(|\b(client|pool)\.query\(|\.query\(\s*[`'"]|\bnew\s+pg\.(Client|Pool)\(/s;

export function parse(root: string, rel: string, text: string): ScannedFile {
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, false);
  const imports: ImportRef[] = [];
  let sql = QUERY_CALL.test(text);
  const add = (spec: string, node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    imports.push({ target: resolve(root, rel, spec), line });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node);
      if (['drizzle-orm', 'pg'].includes(node.moduleSpecifier.text) && importsValue(node)) sql = true;
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, node);
    }
    // Only dynamic imports sit below the top level; most files have none, so skip the walk.
    if (hasDynamic) ts.forEachChild(node, visit);
  };
  const hasDynamic = text.includes('import(');
  for (const statement of source.statements) visit(statement);
  return { path: rel, imports, sql };
}

function importsValue(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause || clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  if (ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.some((e) => !e.isTypeOnly);
}

function resolve(root: string, from: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.\w+$/.test(candidate) && existsSync(path.join(root, candidate))) {
      if (statSync(path.join(root, candidate)).isFile()) return candidate;
    }
  }
  return base;
}

const isTestCode = (p: string) =>
  /\.test\.tsx?$|\.test-helpers\.tsx?$|\.factory\.ts$/.test(p) || p.startsWith('test/');
const isIndex = (p: string) => /\/index\.tsx?$/.test(p);

/** `src/modules/<name>/…` → name (server) or `src/features/<name>/…` → name (web, root = apps/web). */
function unitOf(p: string, folder: string): string | null {
  const m = p.match(new RegExp(`^src/${folder}/([^/]+)/`));
  return m ? m[1] : null;
}

function loc(f: ScannedFile, i: ImportRef) {
  return `${f.path}:${i.line}`;
}

/** Every breach of the server rules, one line each (empty when the server keeps them). */
export function serverViolations(files: ScannedFile[]): string[] {
  const out: string[] = [];
  const edges = new Map<string, Map<string, string>>();
  for (const f of files) {
    const own = unitOf(f.path, 'modules');
    const test = isTestCode(f.path);
    const inPlatform = f.path.startsWith('src/platform/');
    for (const i of f.imports) {
      if (!i.target.startsWith('src/') && !i.target.startsWith('test/')) continue;
      const other = unitOf(i.target, 'modules');
      if (other && other !== own) {
        const viaIndex = i.target === `src/modules/${other}/index.ts`;
        const schemaEdge =
          i.target.endsWith('.tables.ts') && (f.path.endsWith('.tables.ts') || f.path === 'src/db/schema.ts');
        const testHelper = test && isTestCode(i.target);
        if (!viaIndex && !schemaEdge && !testHelper)
          out.push(
            `${loc(f, i)} imports ${i.target}: another module's internals (import '../${other}', its index.ts)`,
          );
        if (own && !test) {
          const from = edges.get(own) ?? new Map<string, string>();
          if (!from.has(other)) from.set(other, loc(f, i));
          edges.set(own, from);
        }
      }
      if (own && !test && !isIndex(f.path) && i.target === `src/modules/${own}/index.ts`)
        out.push(`${loc(f, i)} imports its own module's index.ts (import the file itself)`);
      if (own && !test && !i.target.startsWith('src/modules/') && !lowerLayer(i.target))
        out.push(`${loc(f, i)} imports ${i.target}: a module imports only modules, platform and config.ts`);
      if ((inPlatform || f.path === CONFIG) && !test && !lowerLayer(i.target))
        out.push(`${loc(f, i)} imports ${i.target}: platform imports only platform and config.ts`);
    }
    if (f.sql && !test && !sqlAllowed(f.path))
      out.push(`${f.path}: SQL outside a repository (move the query into a *.repository.ts)`);
  }
  out.push(...cycleLines(edges, 'module'));
  return out;
}

/** The configuration read from the environment: platform-level (it imports only platform). */
const CONFIG = 'src/config.ts';
const lowerLayer = (p: string) => p.startsWith('src/platform/') || p === CONFIG;

function sqlAllowed(p: string): boolean {
  return (
    /\.(repository|tables|seed)\.ts$/.test(p) ||
    p.startsWith('src/platform/') ||
    p.startsWith('src/db/') ||
    p.startsWith('src/seed/')
  );
}

/** Every breach of the web rules (root = apps/web). */
export function webViolations(files: ScannedFile[]): string[] {
  const out: string[] = [];
  const edges = new Map<string, Map<string, string>>();
  for (const f of files) {
    const own = unitOf(f.path, 'features');
    const test = isTestCode(f.path);
    for (const i of f.imports) {
      if (!i.target.startsWith('src/')) continue;
      const other = unitOf(i.target, 'features');
      if (own && other && other !== own) {
        const viaIndex = isIndex(i.target) && i.target.startsWith(`src/features/${other}/index.`);
        if (!viaIndex && !(test && isTestCode(i.target)))
          out.push(
            `${loc(f, i)} imports ${i.target}: another feature's internals (import '../${other}', its index.ts)`,
          );
        if (!test) {
          const from = edges.get(own) ?? new Map<string, string>();
          if (!from.has(other)) from.set(other, loc(f, i));
          edges.set(own, from);
        }
      }
      if (own && !test && !isIndex(f.path) && i.target.startsWith(`src/features/${own}/index.`))
        out.push(`${loc(f, i)} imports its own feature's index (import the file itself)`);
      if (f.path.startsWith('src/shared/') && !test && (other || i.target.startsWith('src/app/')))
        out.push(`${loc(f, i)} imports ${i.target}: shared imports no feature and not app/`);
    }
  }
  out.push(...cycleLines(edges, 'feature'));
  return out;
}

/** Strongly connected components of more than one node (Tarjan), each sorted, in a stable order. */
export function cycles(graph: Map<string, Iterable<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

function cycleLines(edges: Map<string, Map<string, string>>, kind: string): string[] {
  const graph = new Map([...edges].map(([k, v]) => [k, [...v.keys()]]));
  return cycles(graph).map((c) => {
    const inside = new Set(c);
    const via = c.flatMap((a) =>
      [...(edges.get(a) ?? [])].filter(([b]) => inside.has(b)).map(([b, at]) => `${a} → ${b} (${at})`),
    );
    return `${kind} cycle ${c.join(' ↔ ')}: ${via.join('; ')}`;
  });
}
