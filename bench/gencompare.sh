#!/usr/bin/env bash
# gencompare.sh: 'sudoku generate -j 1' against Debian's qqwing --generate,
# side by side in one run, for the levels both know.
#
# Usage: bench/gencompare.sh [-n N] [--runs R] [level ...]
#
#   -n N        puzzles per run (default 200)
#   --runs R    time each generator R times per level and quote the median
#               (default 3)
#   level ...   sudoku levels to compare (default: easy). Each maps to the
#               qqwing level of the same kind: easy -> easy (qqwing's
#               "simple" needs naked singles only, ours allow hidden singles
#               too), medium -> intermediate, hard and expert -> expert.
#
# Times are whole-process wall times (start-up, generation, grading,
# output). sudoku runs with GOMAXPROCS=1 and -j 1, grades every puzzle with
# its own grader and proves it has one solution; each run uses a fresh
# -seed so no run repeats another's puzzles. The script checks that each
# printed N puzzles and that ours rate at the level asked for ('sudoku rate').
# Installs qqwing with apt-get when it is missing.
set -euo pipefail

n=200
runs=3
levels=()
while [ $# -gt 0 ]; do
	case "$1" in
	-n) n=$2; shift 2 ;;
	-n=*|--n=*) n=${1#*=}; shift ;;
	--runs) runs=$2; shift 2 ;;
	--runs=*) runs=${1#*=}; shift ;;
	-h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "gencompare.sh: unknown flag $1" >&2; exit 2 ;;
	*) levels+=("$1"); shift ;;
	esac
done
[ ${#levels[@]} -gt 0 ] || levels=(easy)

if ! command -v qqwing >/dev/null; then
	echo "installing qqwing..." >&2
	apt-get update >&2
	apt-get install -y qqwing >&2
fi

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/sudoku" ./cmd/sudoku)

now() { date +%s.%N; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

qqlevel() {
	case "$1" in
	easy) echo easy ;;
	medium) echo intermediate ;;
	hard|expert) echo expert ;;
	*) echo "gencompare.sh: unknown level $1" >&2; exit 2 ;;
	esac
}

echo "sudoku $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo '?') vs $(qqwing --version 2>&1 | head -1); $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $n puzzles per run, median of $runs runs"
printf '%-8s %-13s %10s %10s %12s %12s %8s\n' level "qqwing level" "sudoku s" "qqwing s" "sudoku/s" "qqwing/s" ratio
for level in "${levels[@]}"; do
	ql=$(qqlevel "$level")
	ts=() tq=()
	for r in $(seq "$runs"); do
		t0=$(now)
		GOMAXPROCS=1 "$tmp/sudoku" generate -n "$n" -difficulty "$level" -j 1 -seed "$((r * 1000003))" >"$tmp/sudoku.out" 2>"$tmp/sudoku.err"
		t1=$(now)
		ts+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b-a}')")
		t0=$(now)
		qqwing --generate "$n" --difficulty "$ql" --one-line >"$tmp/qqwing.out" 2>&1
		t1=$(now)
		tq+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b-a}')")
	done
	ns=$(grep -c '^[.1-9]\{81\}$' "$tmp/sudoku.out" || true)
	nq=$(grep -c '^[.1-9]\{81\}$' "$tmp/qqwing.out" || true)
	[ "$ns" -eq "$n" ] || { echo "gencompare.sh: sudoku printed $ns of $n puzzles" >&2; exit 1; }
	[ "$nq" -eq "$n" ] || { echo "gencompare.sh: qqwing printed $nq of $n puzzles" >&2; exit 1; }
	nr=$("$tmp/sudoku" rate -j 1 <"$tmp/sudoku.out" 2>/dev/null | grep -c "^$level " || true)
	[ "$nr" -eq "$n" ] || { echo "gencompare.sh: only $nr of $n sudoku puzzles rate $level" >&2; exit 1; }
	ms=$(median "${ts[@]}")
	mq=$(median "${tq[@]}")
	awk -v l="$level" -v ql="$ql" -v n="$n" -v s="$ms" -v q="$mq" 'BEGIN {
		printf "%-8s %-13s %10.3f %10.3f %12.0f %12.0f %7.1fx\n", l, ql, s, q, n / s, n / q, q / s
	}'
done
