/**
 * `npm run search:rebuild [kind ...]`: refills the global search's document-number index from the modules'
 * tables (docs/search.md). Uses DATABASE_URL, or the embedded PostgreSQL under data/pg (stop `npm start` first,
 * or point DATABASE_URL at its port). Writes keep the index in step; this is for repair and bulk loads.
 */
import './app'; // loads every module, so each registers its search kinds
import { loadConfig } from './config';
import { createDb } from './platform/db/client';
import { resolveDatabase } from './platform/db/database';
import { runMigrations } from './platform/db/migrate';
import { rebuildSearchIndex, searchKinds } from './platform/search/document-numbers';

const say = (m: string) => console.log(`[search:rebuild] ${m}`);
const only = process.argv.slice(2);
const unknown = only.filter((k) => !searchKinds().some((s) => s.kind === k));
if (unknown.length) {
  say(
    `unknown kind(s): ${unknown.join(', ')}; known: ${searchKinds()
      .map((k) => k.kind)
      .join(', ')}`,
  );
  process.exit(2);
}
const database = await resolveDatabase(loadConfig(), say);
const { db, pool } = createDb(database.url, 2);
try {
  await runMigrations(db);
  const started = Date.now();
  // Prints each step (kinds loaded, indexes built, swap) with its time.
  await rebuildSearchIndex(db, only.length ? only : undefined, say);
  say(`done in ${Date.now() - started} ms`);
} finally {
  await pool.end();
  await database.stop();
}
