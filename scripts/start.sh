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
if [ -z "${SIS_URL:-}" ] && [ "${NODE_ENV:-}" != production ]; then
  # Demo mode: the SIS stand-in (standins/sis, not part of the product) plays the SIS account directory.
  export SIS_STANDIN_PORT="${SIS_STANDIN_PORT:-8181}" SIS_URL="http://127.0.0.1:${SIS_STANDIN_PORT:-8181}"
  node standins/sis/main.mjs &
  sis_pid=$!
  trap 'kill "$sis_pid" 2>/dev/null || true' EXIT
  node --import tsx apps/server/src/main.ts &
  portal_pid=$!
  trap 'kill -TERM "$portal_pid" 2>/dev/null || true' TERM INT
  rc=0
  wait "$portal_pid" || rc=$?
  # A signal interrupts wait: wait again for the portal's own shutdown, then the EXIT trap stops the stand-in.
  if kill -0 "$portal_pid" 2>/dev/null; then wait "$portal_pid" || rc=$?; fi
  exit "$rc"
fi
exec node --import tsx apps/server/src/main.ts
