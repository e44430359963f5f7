#!/usr/bin/env bash
# docker-compose.yml's topology without Docker: two built server processes (`pnpm build` first) on this
# machine's Postgres and Redis, behind Caddy with deploy/Caddyfile, at http://127.0.0.1:${CHU_PORT:-3720}.
# With --check it runs deploy/check-proxy.mjs through the proxy (polling and WebSocket sessions) and stops.
# Env: DATABASE_URL (a database of its own), REDIS_URL, CHU_PORT; the replicas take the next two ports.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?set DATABASE_URL to a Postgres database for this site}"
: "${REDIS_URL:=redis://127.0.0.1:6379}"
port=${CHU_PORT:-3720}
[ -f apps/server/dist/main.mjs ] || { echo "no apps/server/dist/main.mjs: run pnpm build first"; exit 1; }
command -v caddy >/dev/null || { echo "caddy is not installed (apt-get install caddy)"; exit 1; }
trap 'kill $(jobs -p) 2>/dev/null; wait' EXIT
upstreams=""
for p in $((port + 1)) $((port + 2)); do
  (cd apps/server && DATABASE_URL=$DATABASE_URL REDIS_URL=$REDIS_URL PORT=$p HOST=127.0.0.1 TRUST_PROXY=1 NODE_ENV=production \
    exec node --enable-source-maps --liftoff-only --max-semi-space-size=4 dist/main.mjs) &
  upstreams="$upstreams 127.0.0.1:$p"
done
for p in $((port + 1)) $((port + 2)); do
  for _ in $(seq 90); do curl -sf "http://127.0.0.1:$p/health/ready" >/dev/null && break; sleep 1; done
done
CHU_SITE=":$port" CHU_UPSTREAMS="$upstreams" caddy run --config deploy/Caddyfile --adapter caddyfile &
for _ in $(seq 30); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.5; done
if [ "${1:-}" = "--check" ]; then
  node deploy/check-proxy.mjs "http://127.0.0.1:$port"
else
  echo "site at http://127.0.0.1:$port (Ctrl-C stops it)"
  wait
fi
