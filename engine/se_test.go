package engine

import (
	"bufio"
	"context"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSEAgainstExplainer holds the grader to Sudoku Explainer's ratings of
// 400 generated 9×9 puzzles, 100 per level (testdata/se/serate.txt says
// where they come from): se within 0.5 of Explainer's rating on at least
// 85 % of them, and both se and score ranking them as Explainer does
// (Spearman's rank correlation at least 0.95).
func TestSEAgainstExplainer(t *testing.T) {
	f, err := os.Open("testdata/se/serate.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ref, se, score []float64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		puzzle, rating, ok := strings.Cut(line, " ")
		want, err := strconv.ParseFloat(rating, 64)
		if !ok || err != nil {
			t.Fatalf("bad line %q", line)
		}
		r, err := Grade(context.Background(), mustParse(t, puzzle), Limits{})
		if err != nil {
			t.Fatalf("%s: %v", puzzle, err)
		}
		ref, se, score = append(ref, want), append(se, r.SE), append(score, r.Score)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ref) != 400 {
		t.Fatalf("%d puzzles, want 400", len(ref))
	}
	within := 0
	for i := range ref {
		if math.Abs(se[i]-ref[i]) <= 0.5+1e-9 {
			within++
		}
	}
	rs, rsc := spearman(se, ref), spearman(score, ref)
	t.Logf("se within 0.5: %d/%d; Spearman(se, SE) %.3f, Spearman(score, SE) %.3f", within, len(ref), rs, rsc)
	if within*100 < 85*len(ref) {
		t.Errorf("se within 0.5 of Sudoku Explainer on %d of %d puzzles, want at least 85 %%", within, len(ref))
	}
	if rs < 0.95 || rsc < 0.95 {
		t.Errorf("Spearman(se, SE) %.3f, Spearman(score, SE) %.3f, want both at least 0.95", rs, rsc)
	}
}

// spearman is Spearman's rank correlation of a and b, ties given their
// average rank.
func spearman(a, b []float64) float64 {
	ra, rb := ranks(a), ranks(b)
	n := float64(len(a))
	var ma, mb float64
	for i := range ra {
		ma, mb = ma+ra[i]/n, mb+rb[i]/n
	}
	var sab, saa, sbb float64
	for i := range ra {
		sab += (ra[i] - ma) * (rb[i] - mb)
		saa += (ra[i] - ma) * (ra[i] - ma)
		sbb += (rb[i] - mb) * (rb[i] - mb)
	}
	return sab / math.Sqrt(saa*sbb)
}

func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int {
		switch {
		case v[i] < v[j]:
			return -1
		case v[i] > v[j]:
			return 1
		}
		return 0
	})
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && v[idx[j]] == v[idx[i]] {
			j++
		}
		for k := i; k < j; k++ {
			r[idx[k]] = float64(i+j-1)/2 + 1
		}
		i = j
	}
	return r
}

func TestSpearman(t *testing.T) {
	for _, c := range []struct {
		a, b []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1},
		{[]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		// ranks 1.5 1.5 3 4 against 1 2 3 4: Pearson of the ranks
		{[]float64{5, 5, 6, 7}, []float64{1, 2, 3, 4}, 0.9486832980505138},
	} {
		if got := spearman(c.a, c.b); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("spearman(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
