package engine

import (
	"math/rand/v2"
	"testing"
)

// techScan solves puzzles one step at a time, checking every step against
// the solution, and counts the steps per technique; first keeps, for
// each technique, the description of its first step.
type techScan struct {
	counts [numTech]int
	first  [numTech]string
	unique bool
}

func (ts *techScan) run(tb testing.TB, b, sol Board) {
	tb.Helper()
	l := new(logic)
	l.init(&b)
	l.unique = ts.unique
	walkSound(tb, l, b, sol, func(tc tech) {
		if ts.counts[tc] == 0 && !isSingle(tc) && tc != tSearch {
			ts.first[tc] = l.describe(&l.mv)
		}
		ts.counts[tc]++
	})
}

// TestUniqueness solves puzzles known to have one solution with the
// uniqueness techniques allowed: every step is sound and each is used.
func TestUniqueness(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	ts := techScan{unique: true}
	for _, name := range []string{"9x9/magictour_top1465.txt", "9x9/17_clue.txt"} {
		for _, b := range loadBoards(t, name, n) {
			ts.run(t, b, mustSolve(t, b))
		}
	}
	for tc := range numTech {
		if !isUniqueness(tc) {
			continue
		}
		t.Logf("%-24s %4d  %s", techs[tc].name, ts.counts[tc], ts.first[tc])
		if ts.counts[tc] == 0 && !testing.Short() {
			t.Errorf("%s never used", techs[tc].name)
		}
	}
}

// TestUniquenessNeedsUnique builds boards with two solutions (a solved
// grid with a deadly rectangle emptied, and more cells): the uniqueness
// techniques break them (with l.unique they lose a solution), so without
// l.unique they must not run, neither in step nor called directly, and
// every step keeps both solutions.
func TestUniquenessNeedsUnique(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 3))
	uniq := []func(*logic) bool{(*logic).uniqueRect1, (*logic).uniqueRect2, (*logic).uniqueRect3,
		(*logic).uniqueRect4, (*logic).hiddenUniqueRect, (*logic).bugPlus1}
	broke := 0
	n := 40
	if testing.Short() {
		n = 12
	}
	for _, b := range loadBoards(t, "9x9/17_clue.txt", n) {
		sol := mustSolve(t, b)
		r, ok := deadlyRect(sol)
		if !ok {
			continue
		}
		other := sol
		for _, c := range r {
			other.SetAt(c, sol.At(r[0])+sol.At(r[1])-sol.At(c))
		}
		for trial := 0; trial < 4; trial++ {
			p := sol
			for _, c := range r {
				p.SetAt(c, 0)
			}
			for _, c := range rng.Perm(81)[:30] {
				p.SetAt(c, 0)
			}
			for _, unique := range []bool{false, true} {
				l := new(logic)
				l.init(&p)
				l.unique = unique
				for l.empty > 0 && !l.bad {
					if !unique {
						for i, f := range uniq {
							if tr := *l; f(&tr) {
								t.Fatalf("uniqueness technique %d ran without l.unique: %s", i, tr.describe(&tr.mv))
							}
						}
					}
					tc, ok := l.step()
					if !ok {
						break
					}
					if isUniqueness(tc) && !unique {
						t.Fatalf("%s ran without l.unique: %s", techs[tc].name, l.describe(&l.mv))
					}
					if keeps(l, sol) && keeps(l, other) {
						continue
					}
					if !unique || !isUniqueness(tc) {
						t.Fatalf("%s lost a solution of %s", techs[tc].name, p)
					}
					broke++
					break
				}
			}
		}
	}
	if broke == 0 {
		t.Error("no uniqueness technique broke a two-solution board with l.unique: the test proves nothing")
	}
	t.Logf("%d boards broken with l.unique", broke)
}

// keeps reports whether the logical state still allows solution sol.
func keeps(l *logic, sol Board) bool {
	for c := 0; c < l.t.cells; c++ {
		v := sol.At(c)
		if l.val[c] != 0 && int(l.val[c]) != v || l.val[c] == 0 && l.cand[c]&(1<<(v-1)) == 0 {
			return false
		}
	}
	return !l.bad
}

// deadlyRect finds four cells of a 9×9 solution in two rows, two columns
// and two boxes holding a, b / b, a: emptied, they have two solutions.
func deadlyRect(sol Board) ([4]int, bool) {
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9; r2++ {
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					sameBand, sameStack := r1/3 == r2/3, c1/3 == c2/3
					if sameBand == sameStack {
						continue
					}
					a, b := sol.At(r1*9+c1), sol.At(r1*9+c2)
					if sol.At(r2*9+c1) == b && sol.At(r2*9+c2) == a {
						return [4]int{r1*9 + c1, r1*9 + c2, r2*9 + c2, r2*9 + c1}, true
					}
				}
			}
		}
	}
	return [4]int{}, false
}
