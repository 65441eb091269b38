#!/usr/bin/env bash
# Sets up and runs every test: typecheck, lint, unit, integration (PGlite and PostgreSQL), end-to-end (Chromium).
source "$(dirname "$0")/lib.sh"
ensure_node_deps
ensure_debian_packages chromium:chromium redis-server:redis-server
log "Typecheck";          npm run typecheck --silent
log "Lint";               npm run lint --silent
log "Unit tests";         npx vitest run --project unit --project web --project web-mocks
log "Integration tests";  bash scripts/test-integration.sh
log "End-to-end tests";   bash scripts/test-e2e.sh
log "All tests passed"
