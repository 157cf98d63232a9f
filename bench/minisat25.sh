#!/usr/bin/env bash
# Side by side on the 25×25 gecode set: sudoku (solve + prove unique) against
# minisat on a plain CNF encoding (solve, then forbid that solution and prove
# UNSAT). Prints CPU seconds per puzzle for each; a run over the per-puzzle
# limit is reported as such.
#
#   bench/minisat25.sh [-n PUZZLES] [-t SECONDS_PER_PUZZLE]
set -euo pipefail
cd "$(dirname "$0")/.."
n=18 limit=300
while getopts n:t: o; do case $o in n) n=$OPTARG ;; t) limit=$OPTARG ;; *) exit 2 ;; esac; done
data=testdata/25x25/gecode_25x25.txt.gz
command -v minisat >/dev/null || { apt-get update -qq && apt-get install -y -qq minisat >/dev/null; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sudoku" ./cmd/sudoku
go build -o "$tmp/cnf" ./bench/cnf
cpu() { # runs a command, output to $tmp/out; prints its user+sys CPU seconds or "timeout"
  local rc=0
  /usr/bin/time -f '%U %S' -o "$tmp/time" timeout "$limit" "$@" >"$tmp/out" 2>/dev/null </dev/null || rc=$?
  if [ "$rc" = 124 ]; then echo timeout; else tail -n 1 "$tmp/time" | awk '{printf "%.2f", $1+$2}'; fi
}
mapfile -t puzzles < <(gzip -dc "$data" | grep -v '^#' | tr -d '\r' | head -n "$n")
printf '%-4s %14s %14s %s\n' '#' 'sudoku cpu-s' 'minisat cpu-s' 'sudoku answered'
for i in "${!puzzles[@]}"; do
  p=${puzzles[$i]}
  printf '%s\n' "$p" >"$tmp/in"
  s=$(cpu "$tmp/sudoku" solve -j 1 --max-nodes 1000000000 "$tmp/in")
  note=$(head -c 20 "$tmp/out")
  "$tmp/cnf" "$p" >"$tmp/p.cnf"
  m1=$(cpu minisat "$tmp/p.cnf" "$tmp/sol")
  m2=timeout
  if [ "$m1" != timeout ] && head -1 "$tmp/sol" | grep -q '^SAT'; then
    sol=$(tail -1 "$tmp/sol" | tr ' ' '\n' | awk '$1>0 {v=$1-1; printf "%s", substr("123456789ABCDEFGHIJKLMNOP", v%25+1, 1)}')
    "$tmp/cnf" -block "$sol" "$p" >"$tmp/b.cnf"
    m2=$(cpu minisat "$tmp/b.cnf" "$tmp/sol2")
    head -1 "$tmp/sol2" | grep -q '^UNSAT' || m2="not-unique"
  fi
  case "$m1$m2" in
    *timeout*|*not*) m="$m1+$m2" ;;
    *) m=$(awk -v a="$m1" -v b="$m2" 'BEGIN{printf "%.2f", a+b}') ;;
  esac
  printf '%-4s %14s %14s %s\n' "$((i+1))" "$s" "$m" "${note}…"
done
