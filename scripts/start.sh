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
if [ "${NODE_ENV:-}" != production ] && { [ -z "${SIS_URL:-}" ] || [ -z "${MOBILE_SITE_URL:-}" ] || [ -z "${CARGO_PLATFORM_URL:-}" ] || [ -z "${ACCOUNTING_URL:-}" ] || [ -z "${CLAMD_HOST:-}" ]; }; then
  # Demo mode: stand-ins (standins/, not part of the product) play the other companies' systems the
  # settings do not name: the SIS account directory, the mobile site, the cargo platform and the ledger.
  helper_pids=()
  trap 'for p in "${helper_pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT
  if [ -z "${SIS_URL:-}" ]; then
    export SIS_STANDIN_PORT="${SIS_STANDIN_PORT:-8181}" SIS_URL="http://127.0.0.1:${SIS_STANDIN_PORT:-8181}"
    node standins/sis/main.mjs &
    helper_pids+=($!)
  fi
  if [ -z "${MOBILE_SITE_URL:-}" ]; then
    export MOBILE_STANDIN_PORT="${MOBILE_STANDIN_PORT:-9191}" MOBILE_SITE_URL="http://127.0.0.1:${MOBILE_STANDIN_PORT:-9191}"
    node standins/mobile/main.mjs &
    helper_pids+=($!)
  fi
  if [ -z "${CARGO_PLATFORM_URL:-}" ]; then
    # the stand-in's demo client credentials, unless set (standins/cargo-platform/README.md)
    export CARGO_STANDIN_PORT="${CARGO_STANDIN_PORT:-9192}" CARGO_PLATFORM_URL="http://127.0.0.1:${CARGO_STANDIN_PORT:-9192}"
    export CARGO_PLATFORM_CLIENT_ID="${CARGO_PLATFORM_CLIENT_ID:-portal-demo}" CARGO_PLATFORM_CLIENT_SECRET="${CARGO_PLATFORM_CLIENT_SECRET:-Cargo-Demo-Secret-2026}"
    CARGO_STANDIN_CLIENT_ID="$CARGO_PLATFORM_CLIENT_ID" CARGO_STANDIN_CLIENT_SECRET="$CARGO_PLATFORM_CLIENT_SECRET" node standins/cargo-platform/main.mjs &
    helper_pids+=($!)
  fi
  if [ -z "${ACCOUNTING_URL:-}" ]; then
    # The accounting system (the spec's "SUN" ledger; standins/ledger/README.md): its journals are kept next
    # to the demo database so a restarted demo still knows what it posted.
    export LEDGER_STANDIN_PORT="${LEDGER_STANDIN_PORT:-9194}" ACCOUNTING_URL="http://127.0.0.1:${LEDGER_STANDIN_PORT:-9194}"
    export ACCOUNTING_TOKEN="${ACCOUNTING_TOKEN:-Demo-Ledger-Token-2026}"
    mkdir -p "${DATA_DIR:-data}"
    LEDGER_STANDIN_TOKEN="$ACCOUNTING_TOKEN" LEDGER_STANDIN_DATA_FILE="${LEDGER_STANDIN_DATA_FILE:-${DATA_DIR:-data}/ledger-stand-in.json}" node standins/ledger/main.mjs &
    helper_pids+=($!)
  fi
  # With Debian's clamav-daemon installed, uploads are scanned by a real clamd holding only the EICAR test
  # signature (no signature database can be downloaded here); DEMO_CLAMD=off leaves uploads unscanned.
  if [ -z "${CLAMD_HOST:-}" ] && [ "${DEMO_CLAMD:-on}" != off ] && [ -x /usr/sbin/clamd ]; then
    export E2E_CLAMD_PORT="${DEMO_CLAMD_PORT:-3310}" CLAMD_HOST=127.0.0.1 CLAMD_PORT="${DEMO_CLAMD_PORT:-3310}"
    node e2e/support/clamd-standalone.mjs &
    helper_pids+=($!)
    for _ in $(seq 1 100); do
      if node -e "require('net').connect(${CLAMD_PORT},'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" 2>/dev/null; then break; fi
      sleep 0.2
    done
  fi
  # The customer system the demo webhook (Admin → Webhooks, Pacific Star) posts to; DEMO_WEBHOOK_RECEIVER=off skips it.
  if [ "${DEMO_WEBHOOK_RECEIVER:-on}" != off ]; then
    export WEBHOOK_STANDIN_PORT="${WEBHOOK_STANDIN_PORT:-9193}" WEBHOOK_STANDIN_SECRETS="${WEBHOOK_STANDIN_SECRETS:-Demo-Webhook-Secret-2026}"
    # the receiver is on this machine: the webhook address check refuses loopback unless allowed (docs/decisions.md)
    export WEBHOOK_ALLOW_PRIVATE="${WEBHOOK_ALLOW_PRIVATE:-127.0.0.1}"
    node standins/webhook-receiver/main.mjs &
    helper_pids+=($!)
  fi
  # A container carrier's DCSA Booking 2.0 / eBL 3.0 API (standins/carrier-dcsa/README.md): the demo seed connects
  # COSU to it (docs/carrier-link.md "Demo"), and it posts its notifications back to this portal.
  # DEMO_CARRIER_DCSA=off skips it.
  if [ "${DEMO_CARRIER_DCSA:-on}" != off ]; then
    export CARRIER_DCSA_STANDIN_PORT="${CARRIER_DCSA_STANDIN_PORT:-9195}"
    export CARRIER_DCSA_STANDIN_CODE="${CARRIER_DCSA_STANDIN_CODE:-COSU}"
    export CARRIER_DCSA_STANDIN_CLIENT_ID="${CARRIER_DCSA_STANDIN_CLIENT_ID:-portal-demo}" CARRIER_DCSA_STANDIN_CLIENT_SECRET="${CARRIER_DCSA_STANDIN_CLIENT_SECRET:-Dcsa-Demo-Secret-2026}"
    export CARRIER_DCSA_STANDIN_NOTIFY_SECRET="${CARRIER_DCSA_STANDIN_NOTIFY_SECRET:-Dcsa-Notify-Secret-2026}"
    export CARRIER_DCSA_STANDIN_NOTIFY_URL="${CARRIER_DCSA_STANDIN_NOTIFY_URL:-http://127.0.0.1:${PORT:-8080}/api/v1/carrier-link/${CARRIER_DCSA_STANDIN_CODE}}"
    # the carrier is on this machine: the carrier address check refuses loopback unless allowed
    export CARRIER_LINK_ALLOW_PRIVATE="${CARRIER_LINK_ALLOW_PRIVATE:-127.0.0.1}"
    node standins/carrier-dcsa/main.mjs &
    helper_pids+=($!)
  fi
  node --import tsx apps/server/src/main.ts &
  portal_pid=$!
  trap 'kill -TERM "$portal_pid" 2>/dev/null || true' TERM INT
  rc=0
  wait "$portal_pid" || rc=$?
  # A signal interrupts wait: wait again for the portal's own shutdown, then the EXIT trap stops the stand-ins.
  if kill -0 "$portal_pid" 2>/dev/null; then wait "$portal_pid" || rc=$?; fi
  exit "$rc"
fi
exec node --import tsx apps/server/src/main.ts
