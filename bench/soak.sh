#!/usr/bin/env bash
# Soak test of /validate's memory bound (127.0.0.1 only; stops by itself).
#
#   bench/soak.sh [soak flags, e.g. -lines 100000]
#
# Builds cmd/sudokud and bench/soak; bench/soak runs sudokud with
# deploy/base/deployment.yaml's environment (SUDOKUD_*, GOMEMLIMIT, and
# GOMAXPROCS from its CPU limit) and runs, one after another: a
# 1,000,000-line 9x9 stream, an amplifying JSON batch (10,000 25x25 boards
# of 625 1s: 6.5 MB in, 377 MB out) once and four at a time, 1,000 idle
# NDJSON streams and a slow reader (400 amplifying lines read at 150 KB/s). Every answer is read
# to its end and checked result by result; a 503 overloaded is sent again
# after its Retry-After and counted. It prints the server's peak RSS (VmHWM,
# reset before each case) and lines/s, and exits non-zero if an answer was
# lost or wrong or a peak reached the Deployment's memory limit.
# Puzzles come from testdata/ (SUDOKUD_DATA to point elsewhere: a folder of
# the same layout, files plain or gzipped).
# Results: BENCHMARKS.md, "Soak".
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
data="${SUDOKUD_DATA:-$PWD/testdata}"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sudokud" ./cmd/sudokud
go build -o "$tmp/soak" ./bench/soak

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(go version | cut -d' ' -f3); sudokud $(git rev-parse --short HEAD)"
ulimit -n 8192 2>/dev/null || true # two descriptors per idle stream
timeout 1200 "$tmp/soak" -sudokud "$tmp/sudokud" -deployment deploy/base/deployment.yaml -data "$data" "$@"
