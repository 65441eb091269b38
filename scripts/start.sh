#!/usr/bin/env bash
# Sets up and runs the app: web and API on one port (PORT, default 3000), embedded database under ./data.
source "$(dirname "$0")/lib.sh"
ensure_node_deps
# The embedded speech engine (voice without TTS_BASE_URL); the app runs without it, voice then says not available.
[ -n "${TTS_BASE_URL:-}" ] || ensure_debian_packages espeak-ng:espeak-ng || log "espeak-ng could not be installed: voice is not available"
log "Building web app and server"
npm run build --silent
exec node apps/server/dist/main.js
