#!/usr/bin/env bash
# se_sets.sh: our se against Sudoku Explainer's serate on four sets of 9x9
# puzzles: generated master and extreme puzzles, random magictour_top1465
# puzzles and a random sample of forum_hardest_1905_11plus.
#
# Usage: SE_CLASSPATH=DIR bench/se_sets.sh [-n N] [--hard N] [--seed S]
#            [--se-timeout SEC] [--keep DIR] [set ...]
#
#   -n N              puzzles per set (default 20)
#   --hard N          puzzles of the 11+ set (default 5: serate takes minutes
#                     to hours on each)
#   --seed S          generator seed and sampling seed (default 1)
#   --se-timeout SEC  give up serate on a puzzle after SEC seconds (default
#                     1800); the puzzle then counts in "ours >= 10.5" only
#   --keep DIR        keep each set's rows "puzzle se_ours se_explainer
#                     ms_ours" in DIR/SET.txt
#   set ...           master extreme magictour hardest (default: all four)
#
# For each set it prints the number of puzzles, SE's and our median, the
# share whose se is within 0.5 of SE's rating, Spearman's rank correlation
# (ties averaged) between our se and SE's, our median and slowest CPU time
# per rating ('sudoku rate -j 1', one puzzle per run) and, for the 11+ set,
# the share rated 10.5 or more. Build Sudoku Explainer as bench/se_compare.sh
# says. Needs go, java, awk, shuf and timeout.
set -euo pipefail

n=20
hard=5
seed=1
setimeout=1800
keep=
sets=()
while [ $# -gt 0 ]; do
	case "$1" in
	-n) n=$2; shift 2 ;;
	--hard) hard=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--se-timeout) setimeout=$2; shift 2 ;;
	--keep) keep=$2; shift 2 ;;
	-h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "se_sets.sh: unknown flag $1" >&2; exit 2 ;;
	*) sets+=("$1"); shift ;;
	esac
done
[ ${#sets[@]} -gt 0 ] || sets=(master extreme magictour hardest)
. "$(dirname "$0")/se_setup.sh"

sample() { # file count: count random puzzles of a data set, seeded
	zcat "$root/testdata/9x9/$1" | grep '^[.0-9]\{81\}$' | shuf -n "$2" --random-source=<(yes "$seed")
}

echo "sudoku $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo '?') vs serate $(java -cp "$SE_CLASSPATH" diuf.sudoku.test.serate --version 2>/dev/null); $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); seed $seed; $(date -u +%F)"
printf '%-10s %3s %9s %10s %14s %9s %12s %10s\n' set n "SE med" "our med" "within 0.5" Spearman "ms med/max" ">= 10.5"
for set in "${sets[@]}"; do
	case "$set" in
	master|extreme) "$tmp/sudoku" generate -n "$n" -size 9 -difficulty "$set" -seed "$seed" -j 1 2>/dev/null | grep '^[.1-9]\{81\}$' >"$tmp/p" ;;
	magictour) sample magictour_top1465.txt.gz "$n" >"$tmp/p" ;;
	hardest) sample forum_hardest_1905_11plus.txt.gz "$hard" >"$tmp/p" ;;
	*) echo "se_sets.sh: unknown set $set" >&2; exit 2 ;;
	esac
	: >"$tmp/rows"
	while read -r p; do
		ours=$( { TIMEFORMAT=%3U; time "$tmp/sudoku" rate -j 1 <<<"$p" 2>/dev/null | awk '{print $3}'; } 2>&1 | tr '\n' ' ')
		se=$(timeout "$setimeout" java -Xrs -cp "$SE_CLASSPATH" diuf.sudoku.test.serate --format='%r' "$p" 2>/dev/null || true)
		# ours is "se cpu-seconds"
		echo "$p $ours ${se:--}" | awk '{printf "%s %s %s %d\n", $1, $2, $4, $3 * 1000}' >>"$tmp/rows"
	done <"$tmp/p"
	[ -z "$keep" ] || cp "$tmp/rows" "$keep/$set.txt"
	awk -v set="$set" "$(cat "$root/bench/se_stats.awk")"'
	{
		all++; o[all] = $2 + 0; ms[all] = $4 + 0; if ($4 + 0 > slow) slow = $4 + 0
		if ($2 + 0 >= 10.5) top++
		if ($3 != "-") { m++; a[m] = $2 + 0; b[m] = $3 + 0; d = a[m] - b[m]; if (d < 0) d = -d; if (d <= 0.5 + 1e-9) within++ }
	}
	END {
		if (!all) { printf "%-10s %3d\n", set, 0; exit }
		printf "%-10s %3d %9s %10.1f %14s %9s %12s %10s\n", set, all, m ? sprintf("%.1f", median(b, m)) : "-", median(o, all),
			m ? sprintf("%d/%d %.0f%%", within, m, 100 * within / m) : "-", (m > 2) ? sprintf("%.3f", spearman(a, b, m)) : "-",
			sprintf("%d/%d", median(ms, all), slow), sprintf("%d/%d", top, all)
	}' "$tmp/rows"
done
