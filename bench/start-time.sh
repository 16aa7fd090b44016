#!/usr/bin/env bash
# Time of `npm start` on a fresh clone (install + build + first start until /readyz answers) and of a
# warm restart, and recovery after kill -9. Run from the repository: bash bench/start-time.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/portal-start-XXXX); chmod 755 "$work"
port=${BENCH_PORT:-8097}; pgport=${BENCH_PG_PORT:-54397}
git clone -q "$repo" "$work/portal"
[ -d "$repo/../shared" ] && ln -s "$repo/../shared" "$work/shared"
cd "$work/portal"
wait_ready() { for _ in $(seq 1 1800); do curl -fs "http://localhost:$port/readyz" >/dev/null 2>&1 && return 0; sleep 0.2; done; return 1; }
start() { PORT=$port PG_PORT=$pgport setsid npm start >"$work/log.$1" 2>&1 & echo $!; }
# Stops a start (its whole process group) and waits until the port is free again.
stop() { kill -TERM -- "-$1" 2>/dev/null || true; for _ in $(seq 1 150); do curl -fs "http://localhost:$port/healthz" >/dev/null 2>&1 || return 0; sleep 0.2; done; }
t0=$(date +%s.%N); pid=$(start cold); wait_ready; t1=$(date +%s.%N)
echo "fresh clone npm start (install + build + first start): $(echo "$t1 - $t0" | bc) s"
stop "$pid"
t0=$(date +%s.%N); pid=$(start warm); wait_ready; t1=$(date +%s.%N)
echo "warm restart: $(echo "$t1 - $t0" | bc) s"
token=$(curl -fs -X POST -H 'content-type: application/json' -d '{"username":"admin@demo.test","password":"Demo-Portal-2026","language":"en-US"}' "http://localhost:$port/api/v1/Auth/login" | sed -E 's/.*"token":"([^"]+)".*/\1/')
curl -fs -X POST -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d '{"carrier_code":"K9","display_name":"KILL9 Line","full_name":"KILL9 Line Ltd","alliance":"NONE","carrier_type":"OCEAN","effective_from":"2026-01-01","status":"A"}' \
  "http://localhost:$port/api/v1/Carrier" >/dev/null
# kill -9 the server (its PostgreSQL stays behind), then start again: it must come up with the data.
srv=$(pgrep -f "apps/server/src/main.ts" -n); kill -9 "$srv"
for _ in $(seq 1 50); do curl -fs "http://localhost:$port/healthz" >/dev/null 2>&1 || break; sleep 0.1; done
# a row committed before the kill must still be there after it

t0=$(date +%s.%N); pid=$(start kill9); wait_ready; t1=$(date +%s.%N)
echo "start after kill -9: $(echo "$t1 - $t0" | bc) s"
token=$(curl -fs -X POST -H 'content-type: application/json' -d '{"username":"admin@demo.test","password":"Demo-Portal-2026","language":"en-US"}' "http://localhost:$port/api/v1/Auth/login" | sed -E 's/.*"token":"([^"]+)".*/\1/')
curl -fs -H "authorization: Bearer $token" "http://localhost:$port/api/v1/Carrier?q=KILL9" | grep -q '"carrier_code":"K9' && echo "carrier saved before kill -9: still there" || { echo "carrier saved before kill -9: LOST"; exit 1; }
stop "$pid"
rm -rf "$work"
