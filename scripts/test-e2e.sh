#!/usr/bin/env bash
# End-to-end tests in Debian's Chromium against the built app; the server runs on a PostgreSQL server
# started here so that test fixtures can seed through the ORM while the app is running.
source "$(dirname "$0")/lib.sh"
ensure_node_deps
ensure_debian_packages chromium:chromium
log "Building web app and server"
npm run build --silent
trap stop_postgres EXIT
start_postgres
# The app, the fake model server and the safe-for-work app listen on E2E_PORT, +1 and +2; fake engines on +3..+9;
# the app with a sale running on +10 (playwright.config.ts names each).
E2E_PORT="${E2E_PORT:-$(free_port 11)}" E2E_DATABASE_URL="$PG_URL" npx playwright test "$@"
