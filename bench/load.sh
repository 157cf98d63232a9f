#!/usr/bin/env bash
# Load test of one sudokud on this machine (127.0.0.1 only; stops by itself).
#
#   bench/load.sh [duration per phase, default 10s]
#
# Builds cmd/sudokud and bench/load, starts sudokud with the Deployment's
# limits (1 heavy slot, a queue of 8, 500ms queue wait; SUDOKUD_MAX_HEAVY=2
# to compare) and a bare net/http handler (the machine's ceiling), then
# bench/load runs four phases, each bounded in time and requests:
#   ceiling   closed loop, GET /healthz on the bare handler and on sudokud
#   mix       closed loop: generate, solve, hint, validate single and batch
#   capacity  closed loop of heavy requests only (generate 9x9 hard/expert
#             and 16x16): the heavy throughput one replica holds
#   overload  open loop: the same heavy requests at 4x that capacity, next
#             to 200/s cheap validates
# Every response body is checked after its phase (solutions and hints cell
# by cell against the puzzles' unique solutions, validation results against
# the engine's own conflict list, generated puzzles for one solution that
# keeps the givens; every 503 for code overloaded and Retry-After). It prints
# throughput, p50/p99/max and errors per endpoint and exits non-zero if a
# response was lost or wrong, a cheap request was shed, nothing was shed
# under overload, or cheap p99 under overload passed 250ms.
# Puzzles come from testdata/ (SUDOKUD_DATA to point elsewhere: a folder of
# the same layout, files plain or gzipped).
# Results: BENCHMARKS.md, "Load".
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
duration="${1:-10s}"
data="${SUDOKUD_DATA:-$PWD/testdata}"

tmp="$(mktemp -d)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

go build -o "$tmp/sudokud" ./cmd/sudokud
go build -o "$tmp/load" ./bench/load

# Wait (at most 10s) for a line in a log file and print it.
wait_line() {
  for _ in $(seq 100); do
    if line="$(grep -m1 "$2" "$1" 2>/dev/null)"; then echo "$line"; return 0; fi
    sleep 0.1
  done
  echo "timed out waiting for $2 in $1" >&2; cat "$1" >&2; return 1
}

"$tmp/load" -bare 127.0.0.1:0 >"$tmp/bare.log" 2>&1 &
pids+=($!)
bare="http://$(wait_line "$tmp/bare.log" '^127\.0\.0\.1:')"

heavy="${SUDOKUD_MAX_HEAVY:-1}"
SUDOKUD_LOG_LEVEL=warn SUDOKUD_MAX_HEAVY=$heavy SUDOKUD_HEAVY_QUEUE=8 SUDOKUD_QUEUE_WAIT=500ms \
  SUDOKUD_SOLVE_TIMEOUT=2s SUDOKUD_GENERATE_TIMEOUT=10s \
  "$tmp/sudokud" -addr 127.0.0.1:0 -log-level info >"$tmp/sudokud.log" 2>&1 &
pids+=($!)
addr="$(wait_line "$tmp/sudokud.log" '"msg":"listening"' | sed 's/.*"addr":"\([^"]*\)".*/\1/')"

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(go version | cut -d' ' -f3)"
echo "sudokud $(git rev-parse --short HEAD) at http://$addr (max-heavy $heavy, heavy-queue 8, queue-wait 500ms); bare net/http at $bare"
# The request log goes to a file nobody reads; log level info keeps the
# server's cost of logging in the numbers, as in production.
timeout 300 "$tmp/load" -sudokud "http://$addr" -ceiling "$bare" -data "$data" -duration "$duration"
