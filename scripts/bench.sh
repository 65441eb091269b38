#!/usr/bin/env bash
# Benchmarks against the built app; prints measured figures beside the targets.
source "$(dirname "$0")/lib.sh"
ensure_node_deps
ensure_debian_packages chromium:chromium redis-server:redis-server
npm run build --silent
npx tsx scripts/bench/cold-load.ts
# Token relay through the app vs straight from the upstream, on a throwaway PostgreSQL as in production.
trap stop_postgres EXIT
start_postgres
RELAY_DATABASE_URL="$PG_URL" npx tsx scripts/bench/relay.ts
# Event-stream writes with tokens one at a time: the response's own write against the app's (no app process).
npx tsx scripts/bench/sse-write.ts
# A 5,000-message chat in Chromium: time to interactive, elements in the page, scrolling to its first message.
LONG_CHAT_DATABASE_URL="$PG_URL" npx tsx scripts/bench/long-chat.ts
# The waiting room at 2,000 polls per second, in process and on Redis (redis-server started there).
npx tsx scripts/bench/queue.ts
# Lorebook activation: a 500-entry book over a 16k-token history (pure code, no app).
npx tsx scripts/bench/lorebook.ts
