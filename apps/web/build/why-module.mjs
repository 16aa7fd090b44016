#!/usr/bin/env node
// Why a page's first load holds a module (issue 20): the import chains, within the page's static closure, from
// the app's own code to the modules matching a pattern.
// Usage: BUNDLE_REPORT=/tmp/report.json npx vite build --outDir DIST, then
//   node apps/web/build/why-module.mjs /tmp/report.json DIST <page-chunk-filter> <module-regex>
// e.g. `… warehouse-detail-page '^zod/'` prints each chain `web/… → contracts/… → zod/…` once per first
// app module, shortest first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [reportFile, dist, pageFilter, pattern] = process.argv.slice(2);
if (!reportFile || !dist || !pageFilter || !pattern) {
  console.error('usage: why-module.mjs <report.json> <dist> <page-filter> <module-regex>');
  process.exit(2);
}
const chunks = JSON.parse(readFileSync(reportFile, 'utf8'));
const byFile = new Map(chunks.map((c) => [c.file, c]));
const closure = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const i of byFile.get(file)?.imports ?? []) closure(i, seen);
  return seen;
};
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = new Set();
for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) closure(m[1], entry);
const page = chunks.find((c) => c.file.includes(pageFilter) && !entry.has(c.file));
if (!page) {
  console.error(`no page chunk matches ${pageFilter}`);
  process.exit(1);
}
const importers = new Map();
for (const f of closure(page.file))
  for (const m of byFile.get(f)?.modules ?? []) importers.set(m.id, m.importers);
const re = new RegExp(pattern);
const targets = [...importers.keys()].filter((id) => re.test(id));
console.log(`${page.file}: ${targets.length} modules match ${pattern}`);
// Breadth-first from the matching modules up through their importers to the first app module (web/…).
const seen = new Set(targets);
const queue = targets.map((id) => [id]);
const found = new Map();
while (queue.length) {
  const path = queue.shift();
  const head = path[0];
  if (head.startsWith('web/')) {
    if (!found.has(head)) found.set(head, path);
    continue;
  }
  for (const up of importers.get(head) ?? []) {
    if (seen.has(up) || !importers.has(up)) continue;
    seen.add(up);
    queue.push([up, ...path]);
  }
}
for (const path of found.values()) console.log(`  ${path.join(' → ')}`);
