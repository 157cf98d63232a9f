# se_stats.awk: the statistics of bench/se_compare.sh and bench/se_sets.sh,
# put before their awk programs.

function median(a, m,   t, i, j, x) {
	for (i = 1; i <= m; i++) t[i] = a[i]
	for (i = 2; i <= m; i++) { x = t[i]; for (j = i - 1; j >= 1 && t[j] > x; j--) t[j+1] = t[j]; t[j+1] = x }
	return (m % 2) ? t[(m+1)/2] : (t[m/2] + t[m/2+1]) / 2
}
# rank fills r[1..m] with the ranks of v[1..m], ties averaged.
function rank(v, r, m,   idx, i, j, k, x, avg) {
	for (i = 1; i <= m; i++) idx[i] = i
	for (i = 2; i <= m; i++) { x = idx[i]; for (j = i - 1; j >= 1 && v[idx[j]] > v[x]; j--) idx[j+1] = idx[j]; idx[j+1] = x }
	for (i = 1; i <= m; i = j) {
		for (j = i; j <= m && v[idx[j]] == v[idx[i]]; j++) ;
		avg = (i + j - 1) / 2
		for (k = i; k < j; k++) r[idx[k]] = avg
	}
}
function pearson(a, b, m,   i, ma, mb, sab, saa, sbb) {
	for (i = 1; i <= m; i++) { ma += a[i]; mb += b[i] }
	ma /= m; mb /= m
	for (i = 1; i <= m; i++) { sab += (a[i]-ma)*(b[i]-mb); saa += (a[i]-ma)^2; sbb += (b[i]-mb)^2 }
	return (saa > 0 && sbb > 0) ? sab / sqrt(saa*sbb) : 0
}
function spearman(a, b, m,   ra, rb) { rank(a, ra, m); rank(b, rb, m); return pearson(ra, rb, m) }
