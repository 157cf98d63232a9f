#!/usr/bin/env bash
# se_compare.sh: our grader against Sudoku Explainer's serate, on generated
# 9x9 puzzles, level by level.
#
# Usage: SE_CLASSPATH=DIR bench/se_compare.sh [-n N] [--seed S] [--keep DIR] [level ...]
#
#   -n N        puzzles per level (default 100)
#   --seed S    generator seed (default 1; level k uses seed S+k-1)
#   --keep DIR  keep the puzzles and both ratings in DIR (one file per level,
#               lines "puzzle se_ours se_explainer score level techniques...")
#   level ...   levels to compare (default: easy medium hard expert)
#
# For every level the script generates N puzzles ('sudoku generate -size 9
# -j 1'), rates them with 'sudoku rate' (level, score and, where the
# grader prints it, se) and with Sudoku Explainer 1.2.1.3's serate (%r: the
# hardest step of its solution path), and prints per level SE's min, median
# and max and ours; then, over all puzzles, the share whose se is within 0.5
# of SE's rating and the Spearman rank correlation (ties averaged) between
# our score and SE's rating, and between our se and SE's.
#
# Sudoku Explainer is not part of this project; build it beside it, e.g.:
#
#   git clone https://github.com/1to9only/SudokuExplainer /tmp/se-repo
#   cd /tmp/se-repo && git checkout 729c00e    # gsf's serate
#   git diff 464e614^ 464e614 | patch -p1      # JDK 17 build mend
#   mkdir -p /tmp/se-build && find diuf -name '*.java' >/tmp/se-files
#   javac -nowarn -encoding ISO-8859-1 -d /tmp/se-build @/tmp/se-files
#   find diuf -type f ! -name '*.java' -exec cp --parents {} /tmp/se-build/ \;
#
# and point SE_CLASSPATH at /tmp/se-build. serate is slow on hard puzzles
# (seconds each for forcing chains, minutes for SE 11 puzzles); expert takes
# most of the run. Needs go, java and awk.
set -euo pipefail

n=100
seed=1
keep=
levels=()
while [ $# -gt 0 ]; do
	case "$1" in
	-n) n=$2; shift 2 ;;
	-n=*|--n=*) n=${1#*=}; shift ;;
	--seed) seed=$2; shift 2 ;;
	--seed=*) seed=${1#*=}; shift ;;
	--keep) keep=$2; shift 2 ;;
	--keep=*) keep=${1#*=}; shift ;;
	-h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "se_compare.sh: unknown flag $1" >&2; exit 2 ;;
	*) levels+=("$1"); shift ;;
	esac
done
[ ${#levels[@]} -gt 0 ] || levels=(easy medium hard expert)
. "$(dirname "$0")/se_setup.sh"

echo "sudoku $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo '?') vs Sudoku Explainer serate $(java -cp "$SE_CLASSPATH" diuf.sudoku.test.serate --version 2>/dev/null); $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $n puzzles per level, seed $seed; $(date -u +%F)"
all="$tmp/all"
: >"$all"
k=0
for level in "${levels[@]}"; do
	s=$((seed + k))
	k=$((k + 1))
	"$tmp/sudoku" generate -n "$n" -size 9 -difficulty "$level" -seed "$s" -j 1 >"$tmp/p" 2>/dev/null
	got=$(grep -c '^[.1-9]\{81\}$' "$tmp/p" || true)
	[ "$got" -eq "$n" ] || { echo "se_compare.sh: sudoku generated $got of $n $level puzzles" >&2; exit 1; }
	"$tmp/sudoku" rate -j 1 "$tmp/p" >"$tmp/r" 2>/dev/null
	java -Xrs -cp "$SE_CLASSPATH" diuf.sudoku.test.serate --format='%r' --input="$tmp/p" >"$tmp/se" 2>/dev/null
	[ "$(wc -l <"$tmp/se")" -eq "$n" ] || { echo "se_compare.sh: serate rated $(wc -l <"$tmp/se") of $n $level puzzles" >&2; exit 1; }
	paste -d' ' "$tmp/p" "$tmp/se" "$tmp/r" | awk -f "$root/bench/se_rows.awk" >"$tmp/rows"
	[ -z "$keep" ] || cp "$tmp/rows" "$keep/$level.txt"
	awk -v level="$level" '{print level, $0}' "$tmp/rows" >>"$all"
done

awk "$(cat "$root/bench/se_stats.awk")"'
{
	lv = $1; m++
	se[m] = $4 + 0; score[m] = $5 + 0; ours[m] = $3
	if (!(lv in cnt)) order[++nl] = lv
	cnt[lv]++; sel[lv, cnt[lv]] = se[m]
	if (ours[m] != "-") { haveOurs = 1; oursn[m] = ours[m] + 0; osel[lv, cnt[lv]] = ours[m] + 0; d = ours[m] - se[m]; if (d < 0) d = -d; if (d <= 0.5 + 1e-9) within++ }
}
END {
	printf "%-7s %4s %8s %9s %8s %11s\n", "level", "n", "SE min", "SE median", "SE max", "our se med"
	for (i = 1; i <= nl; i++) {
		lv = order[i]; k = cnt[lv]; lo = 99; hi = -1
		for (j = 1; j <= k; j++) { x[j] = sel[lv, j]; if (x[j] < lo) lo = x[j]; if (x[j] > hi) hi = x[j]; if (haveOurs) y[j] = osel[lv, j] }
		printf "%-7s %4d %8.1f %9.1f %8.1f %11s\n", lv, k, lo, median(x, k), hi, haveOurs ? sprintf("%.1f", median(y, k)) : "-"
	}
	printf "all     %4d  se within 0.5 of SE: %s  Spearman(score, SE) %.3f  Spearman(se, SE) %s\n", m,
		haveOurs ? sprintf("%d/%d (%.1f%%)", within, m, 100*within/m) : "- (no se)",
		spearman(score, se, m), haveOurs ? sprintf("%.3f", spearman(oursn, se, m)) : "-"
}' "$all"
