#!/usr/bin/env node
// Static closure of each page chunk, gzipped (issue 20): what a screen loads before its lazy parts.
// Usage: BUNDLE_REPORT=/tmp/report.json npx vite build --outDir DIST, then
//   node apps/web/build/route-closure.mjs /tmp/report.json DIST [name-filter…]
// Prints, per chunk whose file name matches a filter (default: every `*-page-*` chunk), the gzipped KB of
// the entry's static closure together with the chunk's own, and the largest modules of the chunk's closure
// beyond the entry's. `npm run bench:js` measures in a browser and counts what the shell loads lazily too
// (about 40 KB more).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const [reportFile, dist, ...filters] = process.argv.slice(2);
if (!reportFile || !dist) {
  console.error('usage: route-closure.mjs <report.json> <dist> [filter…]');
  process.exit(2);
}
const chunks = JSON.parse(readFileSync(reportFile, 'utf8'));
const byFile = new Map(chunks.map((c) => [c.file, c]));
const gz = new Map();
const size = (file) => {
  // A chunk that only carried CSS is dropped from the output after the report was written.
  const path = join(dist, file);
  if (!gz.has(file)) gz.set(file, existsSync(path) ? gzipSync(readFileSync(path)).length : 0);
  return gz.get(file);
};
const closure = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const i of byFile.get(file)?.imports ?? []) closure(i, seen);
  return seen;
};
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const base = new Set();
for (const e of entries) closure(e, base);
const kb = (n) => (n / 1024).toFixed(1);
const baseBytes = [...base].reduce((s, f) => s + size(f), 0);
console.log(`entry closure: ${kb(baseBytes)} KB gzipped (${base.size} files)`);
const match = (f) =>
  filters.length ? filters.some((x) => f.includes(x)) : /(^|\/)[\w-]+-page-[\w-]+\.js$/.test(f);
const rows = [];
for (const c of chunks) {
  if (!match(c.file)) continue;
  const files = closure(c.file, new Set(base));
  const extra = [...files].filter((f) => !base.has(f));
  const total = baseBytes + extra.reduce((s, f) => s + size(f), 0);
  const mods = extra
    .flatMap((f) => byFile.get(f)?.modules ?? [])
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 4)
    .map((m) => `${m.id.replace(/^.*\/src\//, '')} ${kb(m.bytes)}`);
  rows.push({ file: c.file, total, mods });
}
rows.sort((a, b) => b.total - a.total);
for (const r of rows) console.log(`${kb(r.total).padStart(7)}  ${r.file}  [raw: ${r.mods.join(', ')}]`);
