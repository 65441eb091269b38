#!/usr/bin/env bash
# Sets up and runs the app: web and API on one port (PORT, default 3000), embedded database under ./data.
source "$(dirname "$0")/lib.sh"
ensure_node_deps
log "Building web app and server"
npm run build --silent
exec node apps/server/dist/main.js
