# Shared helpers for the start and test scripts (sourced, not run).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '\033[1;35m[hearth]\033[0m %s\n' "$*"; }

# Installs npm dependencies when node_modules is missing or older than the lockfile.
ensure_node_deps() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "Installing npm dependencies"
    npm ci --no-audit --no-fund
  fi
}

# Installs Debian packages whose command is missing: ensure_debian_packages cmd:package ...
ensure_debian_packages() {
  local missing=()
  for pair in "$@"; do
    local cmd="${pair%%:*}" pkg="${pair#*:}"
    command -v "$cmd" >/dev/null 2>&1 || [ -x "$cmd" ] || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "Installing Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

pg_bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# Starts a throwaway PostgreSQL server; sets PG_DIR, PG_PORT, PG_PID and PG_URL. Stop it with stop_postgres.
start_postgres() {
  ensure_debian_packages "$(pg_bin_dir 2>/dev/null || echo /nonexistent)/initdb:postgresql"
  local bin; bin="$(pg_bin_dir)"
  PG_DIR="$(mktemp -d /tmp/hearth-pg.XXXXXX)"
  PG_PORT="${PG_PORT:-$(free_port)}"
  local run=()
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$PG_DIR"; run=(runuser -u postgres --); fi
  "${run[@]}" "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust >/dev/null
  "${run[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" \
    -o "-k $PG_DIR -p $PG_PORT -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -w start >/dev/null
  PG_PID="$(head -n 1 "$PG_DIR/data/postmaster.pid")"
  PG_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  log "PostgreSQL started (pid $PG_PID, port $PG_PORT)"
}

stop_postgres() {
  if [ -n "${PG_PID:-}" ] && kill -0 "$PG_PID" 2>/dev/null; then
    kill -INT "$PG_PID"
    while kill -0 "$PG_PID" 2>/dev/null; do sleep 0.1; done
    log "PostgreSQL stopped (pid $PG_PID)"
  fi
  [ -n "${PG_DIR:-}" ] && rm -rf "$PG_DIR"
  PG_PID=""
}
