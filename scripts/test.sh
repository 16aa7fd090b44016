#!/usr/bin/env bash
# npm test: the whole suite, as CI runs it: typecheck, lint, unit and API tests, web build, e2e journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ]; then npm ci --no-audit --no-fund; fi
export PATH="$PWD/node_modules/.bin:$PATH"
echo "== node $(node --version)"
echo "== typecheck"
npm run typecheck --silent
echo "== lint and format (biome)"
biome ci .
echo "== unit and API tests (vitest, real PostgreSQL)"
vitest run
echo "== build the web app"
npm run build --silent
echo "== JavaScript budget of the first screens (bench:js --quick: /login and the heaviest screens)"
npm run bench:js --silent -- --quick
echo "== end-to-end journeys (Playwright, Chromium)"
npm run test:e2e --silent
