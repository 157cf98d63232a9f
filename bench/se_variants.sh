#!/usr/bin/env bash
# se_variants.sh: our grader against Sukaku Explainer's serate on the 9x9
# variants both know, variant by variant and level by level.
#
# Usage: SE_CLASSPATH=DIR bench/se_variants.sh [-n N] [--seed S] [--timeout T]
#            [--keep DIR] [--levels "L ..."] [variant ...]
#
#   -n N          puzzles per variant and level (default 20)
#   --seed S      generator seed (default 1): variant v and level l use seed
#                 S+6v+l, v and l counting from 0 in the default lists, so a
#                 shorter list makes the same puzzles as the full run
#   --timeout T   serate's time per puzzle (a timeout(1) duration, e.g. 5m;
#                 one serate run per puzzle); a puzzle not rated in time is
#                 left out and counted (t/o). Default: one run per file,
#                 however long
#   --keep DIR    keep the puzzles and both ratings in DIR, per variant and
#                 level: V-L.txt, lines "puzzle se_ours se_explainer score
#                 level techniques..." (the puzzle as f-puzzles text), and
#                 V-L.se, serate's "rating hardest technique" per puzzle
#   --levels "L ..."  levels to try (default: all six); a level the variant
#                 does not offer on 9x9 is skipped with a note on stderr
#   variant ...   x, windoku, disjoint_groups, non_consecutive, anti_knight,
#                 anti_king (default: all six)
#
# For every variant and level the script generates N puzzles ('sudoku
# generate -size 9 -variant V -j 1'), rates them with 'sudoku rate' (level,
# score, se) and, with the variant's flag (--isX, --isWindows, --isDG,
# --isNC=1, --isAntiKnight, --isAntiKing), with Sukaku Explainer's serate
# (%r: the hardest step of its solution path; one thread), and prints per
# variant and level SE's min, median and max, our se's median and how many
# are within 0.5 of SE; then, over all puzzles, the share whose se is within
# 0.5 of SE's rating and the Spearman rank correlations (ties averaged) of
# our score and of our se with SE's rating (bench/se_stats.awk,
# bench/se_rows.awk and bench/se_setup.sh, shared with se_compare.sh). serate reads the givens; bench/fpgivens takes them out of
# the f-puzzles text that 'sudoku generate -variant' writes.
#
# Sukaku Explainer is not part of this project; build it beside it, e.g.:
#
#   git clone https://github.com/SudokuMonster/SukakuExplainer /tmp/sukaku
#   cd /tmp/sukaku && mkdir -p /tmp/sukaku-build
#   find diuf -name '*.java' >/tmp/sukaku-files
#   javac -nowarn -encoding ISO-8859-1 -d /tmp/sukaku-build @/tmp/sukaku-files
#   find diuf -type f ! -name '*.java' -exec cp --parents {} /tmp/sukaku-build/ \;
#
# and point SE_CLASSPATH at /tmp/sukaku-build (serate --version: 1.18.1 at
# commit 362854e). Needs go, java and awk.
set -euo pipefail

n=20
seed=1
keep=
timeout=
alllevels=(easy medium hard expert master extreme)
allvariants=(x windoku disjoint_groups non_consecutive anti_knight anti_king)
levels=("${alllevels[@]}")
variants=()
while [ $# -gt 0 ]; do
	case "$1" in
	-n) n=$2; shift 2 ;;
	-n=*|--n=*) n=${1#*=}; shift ;;
	--seed) seed=$2; shift 2 ;;
	--seed=*) seed=${1#*=}; shift ;;
	--keep) keep=$2; shift 2 ;;
	--keep=*) keep=${1#*=}; shift ;;
	--timeout) timeout=$2; shift 2 ;;
	--timeout=*) timeout=${1#*=}; shift ;;
	--levels) read -ra levels <<<"$2"; shift 2 ;;
	--levels=*) read -ra levels <<<"${1#*=}"; shift ;;
	-h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "se_variants.sh: unknown flag $1" >&2; exit 2 ;;
	*) variants+=("$1"); shift ;;
	esac
done
[ ${#variants[@]} -gt 0 ] || variants=("${allvariants[@]}")
: "${SE_CLASSPATH:?set SE_CLASSPATH to a Sukaku Explainer build (see bench/se_variants.sh --help)}"

# index NAME LIST... prints NAME's position in LIST (from 0).
index() {
	local name=$1 i=0 x
	shift
	for x in "$@"; do
		[ "$x" = "$name" ] && { echo "$i"; return; }
		i=$((i + 1))
	done
	echo "se_variants.sh: unknown variant or level $name" >&2
	return 1
}

# seflag prints serate's flag for a variant.
seflag() {
	case "$1" in
	x) echo --isX=1 ;;
	windoku) echo --isWindows=1 ;;
	disjoint_groups) echo --isDG=1 ;;
	non_consecutive) echo --isNC=1 ;;
	anti_knight) echo --isAntiKnight=1 ;;
	anti_king) echo --isAntiKing=1 ;;
	*) echo "se_variants.sh: Sukaku Explainer does not rate $1" >&2; return 1 ;;
	esac
}
for v in "${variants[@]}"; do seflag "$v" >/dev/null; done
for l in "${levels[@]}"; do index "$l" "${alllevels[@]}" >/dev/null; done

# serate FLAG GIVENS rates the givens, one line per puzzle, "rating
# technique", or "- timeout" for a puzzle not rated within $timeout.
serate() {
	local flag=$1 g out
	if [ -z "$timeout" ]; then
		java -Xrs -cp "$SE_CLASSPATH" diuf.sudoku.test.serate --threads=1 --format='%r %R' "$flag" --input="$2" 2>/dev/null
		return
	fi
	while IFS= read -r g; do
		out=$(timeout "$timeout" java -Xrs -cp "$SE_CLASSPATH" diuf.sudoku.test.serate --threads=1 --format='%r %R' "$flag" "$g" </dev/null 2>/dev/null) || out=
		echo "${out:-- timeout}"
	done <"$2"
}

. "$(dirname "$0")/se_setup.sh"
(cd "$root" && go build -o "$tmp/fpgivens" ./bench/fpgivens)

echo "sudoku $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo '?') vs Sukaku Explainer serate $(java -cp "$SE_CLASSPATH" diuf.sudoku.test.serate --version 2>/dev/null); $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $n puzzles per variant and level, seed $seed; $(date -u +%F)"
all="$tmp/all"
: >"$all"
for v in "${variants[@]}"; do
	for level in "${levels[@]}"; do
		s=$((seed + 6 * $(index "$v" "${allvariants[@]}") + $(index "$level" "${alllevels[@]}")))
		if ! "$tmp/sudoku" generate -n "$n" -size 9 -variant "$v" -difficulty "$level" -seed "$s" -j 1 >"$tmp/p" 2>/dev/null; then
			if grep -q '^error difficulty_unavailable' "$tmp/p"; then
				echo "se_variants.sh: $v offers no $level puzzles on 9x9, skipped" >&2
				continue
			fi
			echo "se_variants.sh: sudoku generate failed for $v $level: $(head -c 200 "$tmp/p")" >&2
			exit 1
		fi
		got=$(grep -vc '^error' "$tmp/p" || true)
		[ "$got" -eq "$n" ] || { echo "se_variants.sh: sudoku generated $got of $n $v $level puzzles" >&2; exit 1; }
		"$tmp/fpgivens" <"$tmp/p" >"$tmp/g"
		"$tmp/sudoku" rate -j 1 "$tmp/p" >"$tmp/r" 2>/dev/null
		serate "$(seflag "$v")" "$tmp/g" >"$tmp/se"
		[ "$(wc -l <"$tmp/se")" -eq "$n" ] || { echo "se_variants.sh: serate rated $(wc -l <"$tmp/se") of $n $v $level puzzles" >&2; exit 1; }
		paste -d' ' "$tmp/p" <(cut -d' ' -f1 "$tmp/se") "$tmp/r" | awk -f "$root/bench/se_rows.awk" >"$tmp/rows"
		[ -z "$keep" ] || { cp "$tmp/rows" "$keep/$v-$level.txt"; cp "$tmp/se" "$keep/$v-$level.se"; }
		awk -v g="$v/$level" '{print g, $0}' "$tmp/rows" >>"$all"
	done
done

# Per variant and level: rated puzzles, SE's min, median and max, our se's
# median, how many within 0.5, and those serate did not rate in time (t/o).
awk "$(cat "$root/bench/se_stats.awk")"'
$4 == "-" { if (!($1 in cnt)) { order[++nl] = $1; cnt[$1] = 0 }; to[$1]++; tos++; next }
{
	lv = $1; m++
	se[m] = $4 + 0; score[m] = $5 + 0; ours[m] = $3 + 0
	if (!(lv in cnt)) order[++nl] = lv
	cnt[lv]++; sel[lv, cnt[lv]] = se[m]; osel[lv, cnt[lv]] = ours[m]
	d = ours[m] - se[m]; if (d < 0) d = -d
	if (d <= 0.5 + 1e-9) { within++; win[lv]++ }
}
END {
	printf "%-22s %4s %8s %9s %8s %11s %9s %4s\n", "variant/level", "n", "SE min", "SE median", "SE max", "our se med", "within .5", "t/o"
	for (i = 1; i <= nl; i++) {
		lv = order[i]; k = cnt[lv]; lo = 99; hi = -1
		if (k == 0) { printf "%-22s %4d %8s %9s %8s %11s %9s %4d\n", lv, 0, "-", "-", "-", "-", "-", to[lv]; continue }
		for (j = 1; j <= k; j++) { x[j] = sel[lv, j]; y[j] = osel[lv, j]; if (x[j] < lo) lo = x[j]; if (x[j] > hi) hi = x[j] }
		printf "%-22s %4d %8.1f %9.1f %8.1f %11.1f %9s %4d\n", lv, k, lo, median(x, k), hi, median(y, k), (win[lv] + 0) "/" k, to[lv]
	}
	if (m == 0) { printf "all %d rated, %d not in time\n", m, tos; exit }
	printf "all %d rated (%d not in time): se within 0.5 of SE %d (%.1f%%)  Spearman(se, SE) %.3f  Spearman(score, SE) %.3f\n",
		m, tos, within, 100 * within / m, spearman(ours, se, m), spearman(score, se, m)
}' "$all"
