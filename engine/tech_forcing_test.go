package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
)

// logicalPath solves b, whose only solution is sol, with the logical
// solver as Grade runs it (uniqueness techniques and nets on), checking
// every step against sol, and fails if logic stalls. It returns the
// technique counts and, per step, the technique.
func logicalPath(tb testing.TB, b, sol Board, check func(l *logic, tc tech)) [numTech]int {
	tb.Helper()
	l := new(logic)
	l.batch = true
	l.init(&b)
	l.unique = true
	for l.empty > 0 {
		tc, ok := l.step()
		if l.bad {
			tb.Fatalf("%s: contradiction after %s on a solvable board", b, techs[tc].name)
		}
		if !ok {
			tb.Fatalf("%s: logic stalled with %d empty cells (budget exhausted: %v)", b, l.empty, l.exhausted)
		}
		checkState(tb, l, sol, tc)
		if check != nil {
			check(l, tc)
		}
	}
	return l.counts
}

// checkLinks fails unless the links recorded for a forcing chain alternate
// as implications do: a weak link ("from" true, so "to" false) joins two
// candidates of one cell, or one value in two cells that see each other; a
// strong link ("from" false, so "to" true) joins two candidates of one cell
// or one value in two cells of a unit.
func checkLinks(tb testing.TB, l *logic) {
	tb.Helper()
	p := &l.mv.pattern
	for i := 0; i < int(p.nlinks); i++ {
		k := p.links[i]
		a, b := int(k.from.cells[0]), int(k.to.cells[0])
		sameCell := a == b && k.from.v != k.to.v
		sameValue := a != b && k.from.v == k.to.v && l.sees(a, b)
		if !sameCell && !sameValue {
			tb.Fatalf("%s: link %d joins r%dc%d=%d and r%dc%d=%d", techs[l.mv.tech].name, i,
				a/l.n+1, a%l.n+1, k.from.v, b/l.n+1, b%l.n+1, k.to.v)
		}
	}
}

// TestForcingTechniquesFire solves puzzles that need forcing chains and
// nets, checks every step against the solution and every recorded chain,
// and requires digit forcing chains and nets to be used.
func TestForcingTechniquesFire(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 12
	}
	var total [numTech]int
	seen := map[tech]string{}
	for _, b := range loadBoards(t, "9x9/magictour_top1465.txt", n) {
		sol := mustSolve(t, b)
		counts := logicalPath(t, b, sol, func(l *logic, tc tech) {
			if techs[tc].flags&fForcing == 0 {
				return
			}
			if l.mv.total == 0 {
				t.Fatalf("%s made no elimination", techs[tc].name)
			}
			if tc != tForcingNet && l.mv.pattern.nlinks == 0 {
				t.Fatalf("%s recorded no chain: %s", techs[tc].name, l.describe(&l.mv))
			}
			checkLinks(t, l)
			if _, ok := seen[tc]; !ok {
				seen[tc] = l.describe(&l.mv)
			}
			if l.mv.se < techs[tc].se {
				t.Fatalf("%s rated %d below its base %d", techs[tc].name, l.mv.se, techs[tc].se)
			}
		})
		for i, k := range counts {
			total[i] += k
		}
	}
	for _, tc := range []tech{tCellForcingChain, tUnitForcingChain, tDigitForcingChain, tForcingNet} {
		t.Logf("%-20s %5d  %s", techs[tc].name, total[tc], seen[tc])
		// Cell and unit forcing chains are rare after digit forcing
		// chains; TestKnownPositions has a position for each.
		if total[tc] == 0 && (tc == tDigitForcingChain || tc == tForcingNet) {
			t.Errorf("%s never used", techs[tc].name)
		}
	}
}

// TestForcingEveryShape grades generated expert puzzles of several shapes
// step by step against their solutions.
func TestForcingEveryShape(t *testing.T) {
	shapes := []Shape{{6, 2, 3}, {8, 2, 4}, {9, 3, 3}, {10, 2, 5}, {12, 3, 4}}
	if !testing.Short() {
		shapes = append(shapes, Shape{16, 4, 4})
	}
	for _, s := range shapes {
		for seed := uint64(1); seed <= 3; seed++ {
			p, err := Generate(context.Background(), rand.New(rand.NewPCG(seed, 30)), Options{Shape: s, Level: Expert})
			if err != nil {
				t.Fatalf("%v seed %d: %v", s, seed, err)
			}
			logicalPath(t, p.Puzzle, p.Solution, nil)
		}
	}
}

// TestGradeNeverSearchesUnique: a board with one solution is rated by
// logic alone, and a board with several keeps "search" (nets do not run).
func TestGradeNeverSearchesUnique(t *testing.T) {
	for _, b := range loadBoards(t, "9x9/forum_hardest_1106.txt", 5) {
		r, err := Grade(context.Background(), b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Techniques["search"] != 0 || r.Techniques["forcing_net"] == 0 && r.Techniques["digit_forcing_chain"] == 0 {
			t.Errorf("%s: %+v", b, r)
		}
	}
	b := mustParse(t, "1.......2........................................................................")
	r, err := Grade(context.Background(), b, Limits{})
	if err != nil || r.Techniques["search"] == 0 || r.Techniques["forcing_net"] != 0 {
		t.Errorf("several solutions: %+v %v", r, err)
	}
}

// TestForcingBudget: a puzzle that needs nets, graded with a tiny node
// budget or a done context, fails with ErrSearchLimit rather than
// guessing.
func TestForcingBudget(t *testing.T) {
	b := loadBoards(t, "9x9/forum_hardest_1905_11plus.txt", 1)[0]
	if _, err := Grade(context.Background(), b, Limits{MaxNodes: 50}); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("50 nodes: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	<-ctx.Done()
	if _, err := Grade(ctx, b, Limits{}); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("done context: %v", err)
	}
}

// TestLogicFinishesDataSets is the proof of completeness: the logical
// solver finishes every puzzle of magictour_top1465, the first 1,000 of
// 17_clue and the first 100 of forum_hardest_1905_11plus (Sudoku Explainer
// 11 and above) without search, every step checked against the solution.
// It logs the time per puzzle (median, max), wall and, on Linux, the
// test thread's CPU, which other load on a shared machine inflates less;
// BENCHMARKS.md quotes it.
func TestLogicFinishesDataSets(t *testing.T) {
	if testing.Short() {
		t.Skip("data-set proof: seconds to minutes")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, set := range []struct {
		name string
		max  int
	}{
		{"9x9/magictour_top1465.txt", 0},
		{"9x9/17_clue.txt", 1000},
		{"9x9/forum_hardest_1905_11plus.txt", 100},
	} {
		var times, cpu []time.Duration
		var total [numTech]int
		for _, b := range loadBoards(t, set.name, set.max) {
			sol := mustSolve(t, b)
			start, c0 := time.Now(), threadCPU()
			counts := logicalPath(t, b, sol, nil)
			times = append(times, time.Since(start))
			cpu = append(cpu, threadCPU()-c0)
			for i, k := range counts {
				total[i] += k
			}
		}
		slices.Sort(times)
		slices.Sort(cpu)
		r := func(d time.Duration) time.Duration { return d.Round(time.Microsecond) }
		t.Logf("%s: %d puzzles, logical path median %v, max %v (thread CPU median %v, max %v); nets %d, forcing chains %d",
			set.name, len(times), r(times[len(times)/2]), r(times[len(times)-1]), r(cpu[len(cpu)/2]), r(cpu[len(cpu)-1]),
			total[tForcingNet], total[tCellForcingChain]+total[tUnitForcingChain]+total[tDigitForcingChain])
	}
}

// TestGeneratedNeverSearch: a generated puzzle of any shape and level has
// one solution, so its rating (Generate's, and Grade's again) never holds
// "search".
func TestGeneratedNeverSearch(t *testing.T) {
	shapes := Shapes()
	if testing.Short() {
		shapes = []Shape{{6, 2, 3}, {9, 3, 3}, {12, 4, 3}}
	}
	for _, s := range shapes {
		for _, lv := range LevelsOf(s) {
			for seed := uint64(1); seed <= 2; seed++ {
				p, err := Generate(context.Background(), rand.New(rand.NewPCG(seed, 31)), Options{Shape: s, Level: lv})
				if err != nil {
					t.Fatalf("%v %v seed %d: %v", s, lv, seed, err)
				}
				r, err := Grade(context.Background(), p.Puzzle, Limits{})
				if err != nil {
					t.Fatalf("%v %v seed %d: %v", s, lv, seed, err)
				}
				if p.Rating.Techniques["search"] != 0 || r.Techniques["search"] != 0 || r.Level != lv {
					t.Errorf("%v %v seed %d: generated %+v, graded %+v", s, lv, seed, p.Rating, r)
				}
			}
		}
	}
}

// TestHintBudgetExhausted: a hint on a board that needs forcing nets, with
// a budget that suffices for the search but not for the nets, says that
// the budget ran out (technique budget_exhausted) instead of passing the
// revealed cell off as a logical step.
func TestHintBudgetExhausted(t *testing.T) {
	b := loadBoards(t, "9x9/forum_hardest_1905_11plus.txt", 1)[0]
	sol := mustSolve(t, b)
	st, err := Hint(context.Background(), b, HintOptions{}, Limits{MaxNodes: 300})
	if err != nil {
		t.Fatal(err)
	}
	if st.Technique != "budget_exhausted" || st.Kind != StepPlacement || sol.At(st.Row*9+st.Col) != st.Value {
		t.Errorf("hint %+v", st)
	}
}

// TestInitClearsTrialSkip: a pooled state left by a Hint trial (skip > 0)
// is loaded afresh; a leftover skip made the forcing techniques, which
// offer one instance, decline, and Hint revealed cells of boards with one
// solution.
func TestInitClearsTrialSkip(t *testing.T) {
	b := loadBoards(t, "9x9/forum_hardest_1106.txt", 1)[0]
	l := new(logic)
	l.skip = 3
	l.init(&b)
	l.unique = true
	sol := mustSolve(t, b)
	for l.empty > 0 {
		tc, ok := l.step()
		if !ok || l.bad {
			t.Fatalf("stalled (skip %d)", l.skip)
		}
		checkState(t, l, sol, tc)
	}
}
