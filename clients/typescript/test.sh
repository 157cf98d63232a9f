#!/usr/bin/env bash
# Runs the TypeScript client's checks and tests against live servers:
# installs the locked packages, type-checks under strict, builds sudokud,
# starts it twice on free loopback ports (the second strict: a rate limit,
# for the retries, and a 1 s read timeout, for a stream the server ends),
# waits for /readyz, runs `npm test` with SUDOKUD_URL and
# SUDOKUD_STRICT_URL, and stops the servers. Without npm it says so
# and skips, unless SUDOKUD_CLIENT_TESTS=require.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v npm >/dev/null 2>&1; then
  if [ "${SUDOKUD_CLIENT_TESTS:-}" = require ]; then
    echo "clients/typescript: npm is missing" >&2
    exit 1
  fi
  echo "clients/typescript: npm is missing; the TypeScript client tests are skipped"
  exit 0
fi
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --silent
fi
npx tsc --noEmit

tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
${GO:-go} build -o "$tmp/sudokud" ../../cmd/sudokud

# start VAR FLAGS...: runs sudokud on a free port and, once /readyz
# answers 200, exports VAR as its URL.
start() {
  local var=$1 addr=""
  shift
  "$tmp/sudokud" -addr 127.0.0.1:0 "$@" >"$tmp/$var.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 200); do
    addr=$(sed -n 's/.*"msg":"listening","addr":"\([^"]*\)".*/\1/p' "$tmp/$var.log")
    if [ -n "$addr" ] && node -e 'fetch(process.argv[1]).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "http://$addr/readyz"; then
      export "$var=http://$addr"
      return
    fi
    sleep 0.1
  done
  echo "clients/typescript: sudokud for $var did not get ready:" >&2
  cat "$tmp/$var.log" >&2
  return 1
}
start SUDOKUD_URL
start SUDOKUD_STRICT_URL -rate-limit 1 -rate-burst 1 -trust-proxy -read-timeout 1s
npm test
