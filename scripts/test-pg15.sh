#!/usr/bin/env bash
# Runs the API tests against the machine's PostgreSQL 15 (/usr/lib/postgresql/15) instead of the
# embedded one, to prove the code works on PostgreSQL 15. Skips (exit 0) when it is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
PGBIN=/usr/lib/postgresql/15/bin
if [ ! -x "$PGBIN/postgres" ]; then echo "PostgreSQL 15 not found at $PGBIN; skipping"; exit 0; fi
export PATH="$PWD/node_modules/.bin:$PATH"
dir=$(mktemp -d /tmp/portal-pg15-XXXX); chmod 755 "$dir"
port=${PG15_PORT:-55432}
as_pg() { if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; runuser -u postgres -- "$@"; else "$@"; fi; }
as_pg "$PGBIN/initdb" -D "$dir/data" -U portal --auth=trust >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" -l "$dir/log" -w start >/dev/null
trap 'as_pg "$PGBIN/pg_ctl" -D "$dir/data" -m fast stop >/dev/null; rm -rf "$dir"' EXIT
"$PGBIN/psql" -h 127.0.0.1 -p "$port" -U portal -d postgres -Atc 'select version()'
TEST_DATABASE_URL="postgres://portal@127.0.0.1:$port/postgres" vitest run --project api "$@"
