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

# Prints a port P such that P..P+COUNT-1 are free on 127.0.0.1 (COUNT defaults to 1). Ports come from below the
# kernel's ephemeral range (32768+), so an outgoing connection cannot take one between this check and the listen.
free_port() {
  node -e '
    const net = require("net");
    const count = Number(process.argv[1] || 1);
    const bindable = (port) => new Promise((ok) => {
      const s = net.createServer();
      s.once("error", () => ok(false));
      s.listen(port, "127.0.0.1", () => s.close(() => ok(true)));
    });
    (async () => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const base = 20000 + Math.floor(Math.random() * (32000 - 20000 - count));
        let free = true;
        for (let i = 0; i < count && free; i++) free = await bindable(base + i);
        if (free) return console.log(base);
      }
      console.error("no free port found"); process.exit(1);
    })();' "${1:-1}"
}

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
