#!/usr/bin/env bash
# npm start: install what is missing, build the web app when its sources changed, then serve API and
# web on one port (PORT, default 8080) with an embedded PostgreSQL under ./data unless DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[portal] installing dependencies"
  npm install --no-audit --no-fund
fi
export PATH="$PWD/node_modules/.bin:$PATH"
stamp=apps/web/dist/index.html
if [ ! -f "$stamp" ] || [ -n "$(find apps/web/src apps/web/index.html apps/web/vite.config.ts packages/contracts/src -newer "$stamp" -print -quit)" ]; then
  echo "[portal] building the web app"
  npm run build --silent
fi
exec node --import tsx apps/server/src/main.ts
