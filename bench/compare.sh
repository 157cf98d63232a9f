#!/usr/bin/env bash
# compare.sh: 'sudoku solve -j 1' against Debian's qqwing on the 9x9 data
# sets, single-threaded, side by side in one run.
#
# Usage: bench/compare.sh [--quick N] [--runs R] [set ...]
#
#   --quick N   use the first N puzzles of each file (default: whole files)
#   --runs R    time each solver R times per set and quote the median (default 3)
#   set ...     data set names (e.g. magictour_top1465); default: every
#               file in testdata/9x9 (SUDOKU_DATA overrides testdata; files
#               plain or gzipped)
#
# Both solvers read the same puzzles (comments and blank lines stripped, one
# 81-character line per puzzle, '.' for empty) on stdin, and the script
# checks that each printed one solution per puzzle and counts how many
# answers agree (they may differ only where a puzzle has several solutions:
# sudoku answers the lexicographically smallest; the "unique" column is
# sudoku's count of puzzles proven to have exactly one). Times are
# whole-process times (start-up, reading and writing included), the two
# solvers alternating run by run: puzzles/s by wall time ("/s") and, less
# disturbed by other load on a shared machine, by CPU time, user + sys
# ("/cpu-s"). sudoku runs with GOMAXPROCS=1 and proves every
# answer unique (it searches for a second solution); qqwing stops at the
# first solution. Installs qqwing with apt-get when it is missing.
set -euo pipefail

quick=0
runs=3
sets=()
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=$2; shift 2 ;;
	--quick=*) quick=${1#*=}; shift ;;
	--runs) runs=$2; shift 2 ;;
	--runs=*) runs=${1#*=}; shift ;;
	-h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "compare.sh: unknown flag $1" >&2; exit 2 ;;
	*) sets+=("$1"); shift ;;
	esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
data=${SUDOKU_DATA:-$root/testdata}/9x9
[ -d "$data" ] || { echo "compare.sh: no data in $data" >&2; exit 1; }

if ! command -v qqwing >/dev/null; then
	echo "installing qqwing..." >&2
	apt-get update >&2
	apt-get install -y qqwing >&2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/sudoku" ./cmd/sudoku)

if [ ${#sets[@]} -eq 0 ]; then
	for f in "$data"/*.txt "$data"/*.txt.gz; do
		if [ -f "$f" ]; then sets+=("$(basename "${f%.gz}" .txt)"); fi
	done
fi

now() { date +%s.%N; }

# median prints the median of its arguments.
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# measure IN OUT CMD...: runs CMD once with stdin IN, stdout OUT (stderr
# OUT.err) and prints its wall time and CPU time (user+sys) in seconds.
measure() {
	local in=$1 out=$2 TIMEFORMAT='%R %U %S'
	shift 2
	{ time "$@" <"$in" >"$out" 2>"$out.err"; } 2>&1 | awk '{print $1, $2 + $3}'
}

echo "sudoku $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo '?') vs $(qqwing --version 2>&1 | head -1); $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); median of $runs runs"
printf '%-26s %7s %7s %10s %10s %7s %12s %12s %7s %s\n' "data set" puzzles unique "sudoku/s" "qqwing/s" ratio "sudoku/cpu-s" "qqwing/cpu-s" "ratio" "answers agree"
for set in "${sets[@]}"; do
	f=$data/$set.txt
	[ -f "$f" ] || f=$f.gz
	[ -f "$f" ] || { echo "compare.sh: no data set $data/$set.txt(.gz)" >&2; exit 1; }
	gzip -dcf "$f" | grep -v '^[[:space:]]*#' | grep -v '^[[:space:]]*$' | tr -d '\r' >"$tmp/all.txt"
	if [ "$quick" -gt 0 ]; then head -n "$quick" "$tmp/all.txt" >"$tmp/in.txt"; else mv "$tmp/all.txt" "$tmp/in.txt"; fi
	n=$(wc -l <"$tmp/in.txt")

	# Alternate the two solvers so that both see the same machine load.
	ws=() cs=() wq=() cq=()
	for _ in $(seq "$runs"); do
		read -r w c < <(measure "$tmp/in.txt" "$tmp/sudoku.out" env GOMAXPROCS=1 "$tmp/sudoku" solve -j 1)
		ws+=("$w") cs+=("$c")
		read -r w c < <(measure "$tmp/in.txt" "$tmp/qqwing.out" qqwing --solve --one-line)
		wq+=("$w") cq+=("$c")
	done
	ts=$(median "${ws[@]}") tcs=$(median "${cs[@]}")
	tq=$(median "${wq[@]}") tcq=$(median "${cq[@]}")

	# Each must have printed one 81-digit solution per puzzle.
	ns=$(grep -c '^[1-9]\{81\}$' "$tmp/sudoku.out" || true)
	nq=$(grep -c '^[1-9]\{81\}$' "$tmp/qqwing.out" || true)
	if [ "$ns" -ne "$n" ] || [ "$(wc -l <"$tmp/sudoku.out")" -ne "$n" ]; then
		echo "compare.sh: $set: sudoku solved $ns of $n puzzles" >&2
		exit 1
	fi
	if [ "$nq" -ne "$n" ]; then
		echo "compare.sh: $set: qqwing printed $nq solutions for $n puzzles" >&2
		exit 1
	fi
	uniq=$(grep -o '[0-9]* unique' "$tmp/sudoku.out.err" | cut -d' ' -f1)
	agree=$(paste -d' ' "$tmp/sudoku.out" <(grep '^[1-9]\{81\}$' "$tmp/qqwing.out") | awk '$1 == $2' | wc -l)
	awk -v set="$set" -v n="$n" -v ts="$ts" -v tq="$tq" -v agree="$agree" -v uniq="$uniq" -v tcs="$tcs" -v tcq="$tcq" 'BEGIN {
		rs = n / ts; rq = n / tq; cs = n / tcs; cq = n / tcq
		printf "%-26s %7d %7d %10.0f %10.0f %6.1fx %12.0f %12.0f %6.1fx %d/%d\n", set, n, uniq, rs, rq, rs / rq, cs, cq, cs / cq, agree, n
	}'
done
