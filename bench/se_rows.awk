# se_rows.awk: the rows of bench/se_compare.sh and bench/se_variants.sh,
# "puzzle se_ours se_explainer score level techniques...", from lines
# "puzzle serate_rating rate_output..." (paste of the puzzles, serate's
# ratings and 'sudoku rate''s lines). rate prints "level score se hardest
# technique=count ..."; a build without se prints "level score
# technique=count ..." (ours is then -).
{
	ours = "-"; first = 5
	if ($5 ~ /^[0-9]+\.[0-9]+$/) { ours = $5; first = 6 }
	line = $1 " " ours " " $2 " " $4 " " $3
	for (i = first; i <= NF; i++) line = line " " $i
	print line
}
