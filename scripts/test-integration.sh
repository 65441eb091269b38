#!/usr/bin/env bash
# Runs the integration suite against embedded PGlite, then against a PostgreSQL server started here.
source "$(dirname "$0")/lib.sh"
ensure_node_deps
# espeak-ng: the embedded speech engine (voice-espeak.int.test.ts).
ensure_debian_packages redis-server:redis-server espeak-ng:espeak-ng
log "Integration tests on PGlite"
npx vitest run --project integration
trap stop_postgres EXIT
start_postgres
log "Integration tests on PostgreSQL"
TEST_DATABASE_URL="$PG_URL" npx vitest run --project integration
