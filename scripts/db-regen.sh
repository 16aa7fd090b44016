#!/usr/bin/env bash
# Development helper while a feature is in progress: throws away the migrations after the last released
# one (KEEP, default 2 = 0000..0002, the last migration on main) and generates one migration from the current Drizzle schema.
# Released migrations are never edited; run this only for migrations not yet on main.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
keep=${KEEP:-2}
name=${1:-master_data}
node - "$keep" <<'JS'
const fs = require('node:fs');
const keep = Number(process.argv[2]);
const j = JSON.parse(fs.readFileSync('drizzle/meta/_journal.json', 'utf8'));
for (const e of j.entries.filter((e) => e.idx > keep)) {
  fs.rmSync(`drizzle/${e.tag}.sql`, { force: true });
  fs.rmSync(`drizzle/meta/${String(e.idx).padStart(4, '0')}_snapshot.json`, { force: true });
}
j.entries = j.entries.filter((e) => e.idx <= keep);
fs.writeFileSync('drizzle/meta/_journal.json', `${JSON.stringify(j, null, 2)}\n`);
JS
npx drizzle-kit generate --name "$name"
