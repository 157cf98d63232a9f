#!/usr/bin/env bash
# grade_vs_qqwing.sh: cross-check our grader against Debian's qqwing.
#
# Usage: bench/grade_vs_qqwing.sh [-n N] [-o report.md]
#
#   -n N   puzzles per level and direction (default 300)
#   -o F   also write the markdown report to F
#
# Direction 1: qqwing generates N puzzles of each of its levels (simple,
# easy, intermediate, expert); `sudoku rate` grades them with engine.Grade.
# Direction 2: puzzles from the data sets (testdata/9x9, or $SUDOKU_DATA/9x9;
# files plain or gzipped) are graded by us, the first N of each of our levels
# are rated by `qqwing --solve --csv --stats`.
#
# Agreement: qqwing simple/easy <-> our easy; qqwing intermediate
# -> our medium; qqwing expert -> our medium, hard or expert (qqwing knows
# no triples, fish or wings, so it guesses where we reason); our medium ->
# qqwing intermediate or expert; our hard and expert -> qqwing expert.
# Installs qqwing with apt-get when it is missing.
set -euo pipefail

n=300
report=""
while getopts "n:o:" opt; do
	case $opt in
	n) n=$OPTARG ;;
	o) report=$OPTARG ;;
	*) echo "usage: $0 [-n N] [-o report.md]" >&2; exit 2 ;;
	esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
data=${SUDOKU_DATA:-$root/testdata}
if ! command -v qqwing >/dev/null; then
	apt-get update -qq && apt-get install -y -qq qqwing >/dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/sudoku" ./cmd/sudoku)
# grade reads puzzles (no comments or blank lines) and prints, per puzzle, the
# line of `sudoku rate` (level, score, techniques) followed by the puzzle.
grade() {
	cat >"$tmp/in"
	"$tmp/sudoku" rate -j 1 "$tmp/in" 2>/dev/null | paste -d' ' - "$tmp/in"
}

out="$tmp/report.md"
{
	echo "### qqwing-generated puzzles graded by engine.Grade ($n per qqwing level)"
	echo
	echo "| qqwing level | easy | medium | hard | expert | errors | agree |"
	echo "|---|---:|---:|---:|---:|---:|---:|"
} >"$out"
total=0
agree=0
for lvl in simple easy intermediate expert; do
	qqwing --generate "$n" --difficulty "$lvl" --one-line >"$tmp/q_$lvl.txt"
	grep -v -e "^#" -e "^$" "$tmp/q_$lvl.txt" | grade >"$tmp/g_$lvl.txt"
	read -r e m h x err ok < <(awk -v lvl="$lvl" '
		{ c[$1]++ }
		$1 == "easy" && (lvl == "simple" || lvl == "easy") { ok++ }
		$1 == "medium" && (lvl == "intermediate" || lvl == "expert") { ok++ }
		($1 == "hard" || $1 == "expert") && lvl == "expert" { ok++ }
		END { print c["easy"]+0, c["medium"]+0, c["hard"]+0, c["expert"]+0, c["error"]+0, ok+0 }' "$tmp/g_$lvl.txt")
	cnt=$((e + m + h + x + err))
	total=$((total + cnt))
	agree=$((agree + ok))
	awk -v l="$lvl" -v e="$e" -v m="$m" -v h="$h" -v x="$x" -v r="$err" -v ok="$ok" -v c="$cnt" \
		'BEGIN { printf "| %s | %d | %d | %d | %d | %d | %.1f %% |\n", l, e, m, h, x, r, 100*ok/c }' >>"$out"
done
awk -v a="$agree" -v t="$total" 'BEGIN { printf "\nAgreement: %d of %d (%.1f %%)\n\n", a, t, 100*a/t }' >>"$out"

# Direction 2: our levels rated by qqwing.
for set in 17_clue magictour_top1465 forum_hardest_1905_11plus; do
	f=$data/9x9/$set.txt
	[ -f "$f" ] || f=$f.gz
	gzip -dcf "$f"
done | awk '!/^#/ && k++ < 30000' |
	grade >"$tmp/ours.txt"
{
	echo "### Data-set puzzles graded by us, rated by qqwing --solve --csv --stats (up to $n per our level)"
	echo
	echo "| our level | puzzles | qqwing simple | easy | intermediate | expert | agree |"
	echo "|---|---:|---:|---:|---:|---:|---:|"
} >>"$out"
total=0
agree=0
for lvl in easy medium hard expert; do
	awk -v l="$lvl" -v n="$n" '$1 == l && k++ < n { print $NF }' "$tmp/ours.txt" >"$tmp/o_$lvl.txt"
	cnt=$(wc -l <"$tmp/o_$lvl.txt")
	if [ "$cnt" -eq 0 ]; then
		echo "| $lvl | 0 | | | | | |" >>"$out"
		continue
	fi
	qqwing --solve --csv --stats <"$tmp/o_$lvl.txt" >"$tmp/r_$lvl.csv"
	read -r s e i x ok < <(awk -F, -v lvl="$lvl" '
		NR > 1 && NF > 2 { d = tolower($(NF-1)); c[d]++
			if (lvl == "easy" && (d == "simple" || d == "easy")) ok++
			if (lvl == "medium" && (d == "intermediate" || d == "expert")) ok++
			if ((lvl == "hard" || lvl == "expert") && d == "expert") ok++ }
		END { print c["simple"]+0, c["easy"]+0, c["intermediate"]+0, c["expert"]+0, ok+0 }' "$tmp/r_$lvl.csv")
	total=$((total + cnt))
	agree=$((agree + ok))
	awk -v l="$lvl" -v c="$cnt" -v s="$s" -v e="$e" -v i="$i" -v x="$x" -v ok="$ok" \
		'BEGIN { printf "| %s | %d | %d | %d | %d | %d | %.1f %% |\n", l, c, s, e, i, x, 100*ok/c }' >>"$out"
done
awk -v a="$agree" -v t="$total" 'BEGIN { printf "\nAgreement: %d of %d (%.1f %%)\n", a, t, 100*a/t }' >>"$out"

cat "$out"
if [ -n "$report" ]; then
	cp "$out" "$report"
fi
