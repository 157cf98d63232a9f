package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/internal/dataset"
)

// cdclCount runs the clause-learning search alone on b.
func cdclCount(tb testing.TB, b Board, max int, lim Limits) (int, Board, error) {
	tb.Helper()
	s := getSolver(b.Shape())
	defer solverPool.Put(s)
	s.begin(context.Background(), lim)
	n, err := s.runCDCL(&b, max, true)
	out := Board{shape: b.Shape()}
	copy(out.cells[:], s.out[:b.Shape().Cells()])
	return n, out, err
}

// propagationCount runs the propagation search alone on b.
func propagationCount(tb testing.TB, b Board, max int) int {
	tb.Helper()
	n, known := propagationCountWithin(tb, b, max, 1<<40)
	if !known {
		tb.Fatal("propagation search: out of its budget")
	}
	return n
}

// propagationCountWithin runs the propagation search alone on b within
// budget nodes; known is false when it ran out.
func propagationCountWithin(tb testing.TB, b Board, max int, budget int64) (n int, known bool) {
	tb.Helper()
	s := getSolver(b.Shape())
	defer solverPool.Put(s)
	s.begin(context.Background(), Limits{MaxNodes: budget})
	n, err := s.run(&b, max, false)
	if errors.Is(err, ErrSearchLimit) {
		return 0, false
	}
	if err != nil {
		tb.Fatalf("propagation search: %v", err)
	}
	return n, true
}

// TestCDCLCountsAgree: on random puzzles of many shapes — unique, with
// several solutions, and unsolvable — the clause-learning search counts
// exactly what the propagation search counts, and its first solution keeps
// the givens and the rules.
func TestCDCLCountsAgree(t *testing.T) {
	shapes := []Shape{
		mustShape(t, 4, ""), mustShape(t, 6, "2x3"), mustShape(t, 6, "3x2"),
		mustShape(t, 8, "2x4"), mustShape(t, 9, ""), mustShape(t, 10, "2x5"),
		mustShape(t, 12, "3x4"), mustShape(t, 16, ""),
	}
	perShape := 40
	if testing.Short() {
		perShape = 10
	}
	for _, sh := range shapes {
		t.Run(sh.String()+"_"+sh.Box(), func(t *testing.T) {
			rng := NewRandForTest(uint64(sh.Size*31 + sh.BoxRows))
			seen := map[int]int{}
			for i := 0; i < perShape; i++ {
				full := refGrid(sh, rng)
				p := full
				keep := 0.25 + 0.5*rng.Float64()
				for c := 0; c < sh.Cells(); c++ {
					if rng.Float64() > keep {
						p.SetAt(c, 0)
					}
				}
				if i%4 == 3 {
					// A wrong given that breaks no rule on its face: the
					// puzzle usually has no solution at all.
					for c := 0; c < sh.Cells(); c++ {
						if p.At(c) != 0 {
							continue
						}
						v := rng.IntN(sh.Size) + 1
						p.SetAt(c, v)
						if v == full.At(c) || !Valid(&p) {
							p.SetAt(c, 0)
							continue
						}
						break
					}
				}
				want := propagationCount(t, p, 3)
				got, sol, err := cdclCount(t, p, 3, Limits{MaxNodes: 1 << 40})
				if err != nil {
					t.Fatalf("puzzle %d: %v\n%s", i, err, p)
				}
				if got != want {
					t.Fatalf("puzzle %d: clause learning counts %d, propagation %d\n%s", i, got, want, p)
				}
				if got > 0 {
					checkSolution(t, p, sol)
				}
				seen[got]++
			}
			t.Logf("counts seen: %v", seen)
		})
	}
}

// TestSolveGecode25: minimal 25×25 puzzles that the propagation search does
// not finish are solved and proven unique through the clause-learning search.
func TestSolveGecode25(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds per puzzle; runs in the full suite")
	}
	ps := dataset.Load(t, "25x25/gecode_25x25.txt", 18)
	for _, i := range []int{2, 16, 17} { // among the quickest of the set
		if i >= len(ps) {
			continue
		}
		b := mustParse(t, ps[i])
		res, err := Solve(context.Background(), b, Limits{MaxNodes: 20_000_000})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
		checkSolution(t, b, res.Solution)
		if !res.Unique {
			t.Errorf("puzzle %d: not reported unique", i+1)
		}
		t.Logf("puzzle %d: %d nodes, %d guesses", i+1, res.Stats.Nodes, res.Stats.Guesses)
	}
}

// TestCDCLLearnedClausesHold: every clause the search learns follows from
// the puzzle, so every solution satisfies it. The first solution found is
// one, and what was learned before it (analysis, minimisation and shrinking
// of the native constraints' reasons) is checked against it clause by
// clause: a wrong explanation shows here even when it happens not to cost
// the solution.
func TestCDCLLearnedClausesHold(t *testing.T) {
	puzzles := dataset.Load(t, "16x16/gecode_16x16.txt", 55)
	quick := []int{2, 16, 17}
	if !testing.Short() {
		quick = append(quick, 11, 5)
	}
	p25 := dataset.Load(t, "25x25/gecode_25x25.txt", 18)
	for _, i := range quick {
		if i < len(p25) {
			puzzles = append(puzzles, p25[i])
		}
	}
	checked := 0
	for i, p := range puzzles {
		b := mustParse(t, p)
		func() {
			s := getSolver(b.Shape())
			defer solverPool.Put(s)
			s.begin(context.Background(), Limits{MaxNodes: 1 << 40})
			if n, err := s.runCDCL(&b, 1, true); err != nil || n != 1 {
				t.Fatalf("puzzle %d: %d solutions, %v", i, n, err)
			}
			sol := Board{shape: b.Shape()}
			copy(sol.cells[:], s.out[:b.Shape().Cells()])
			checkSolution(t, b, sol)
			cd, size := s.cd, int32(b.Size())
			for _, cref := range cd.learnts {
				lits := cd.arena[cref+clauseHeader : cref+clauseHeader+int32(cd.arena[cref])]
				holds := false
				for _, l := range lits {
					v := int32(l >> 1)
					placed := sol.At(int(v/size)) == int(v%size)+1
					holds = holds || placed == (l&1 == 0)
				}
				if !holds {
					t.Fatalf("puzzle %d: learned clause %v is false in the solution", i, lits)
				}
				checked++
			}
		}()
	}
	if checked < 1000 {
		t.Fatalf("only %d learned clauses checked", checked)
	}
	t.Logf("%d learned clauses hold", checked)
}

// TestCDCLLimits: the clause-learning search stops at its node budget and
// when its context is done.
func TestCDCLLimits(t *testing.T) {
	b := mustParse(t, dataset.Load(t, "25x25/gecode_25x25.txt", 1)[0])
	if _, _, err := cdclCount(t, b, 2, Limits{MaxNodes: 500}); !errors.Is(err, ErrSearchLimit) {
		t.Fatalf("budget of 500 nodes: err = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := getSolver(b.Shape())
	defer solverPool.Put(s)
	s.begin(ctx, Limits{MaxNodes: 1 << 40})
	if _, err := s.runCDCL(&b, 2, true); !errors.Is(err, ErrSearchLimit) {
		t.Fatalf("cancelled context: err = %v", err)
	}
}

func FuzzCDCL(f *testing.F) {
	f.Add("1.3.4..2..2.1..4.", "")
	f.Add("..3.......1.....4.2..............", "3x2")
	f.Add("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "")
	// The shapes the search serves in Solve (16×16 and up): a gecode
	// 16×16 puzzle, and a 20×20 board with 4×5 boxes and a few givens.
	f.Add(dataset.Load(f, "16x16/gecode_16x16.txt", 1)[0], "")
	f.Add("1234"+strings.Repeat(".", 396), "4x5")
	f.Fuzz(func(t *testing.T, s, box string) {
		b, err := Parse(s, 0, box)
		if err != nil || !Valid(&b) {
			return
		}
		// Both searches are bounded: past 16×16 or on a sparse board the
		// propagation search may not finish, and then only the clause-
		// learning search's answer is checked against the rules. Where it
		// finishes, the clause-learning search must too.
		want, known := propagationCountWithin(t, b, 3, 200_000)
		got, sol, err := cdclCount(t, b, 3, Limits{MaxNodes: 2_000_000})
		if errors.Is(err, ErrSearchLimit) && !known {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if known && got != want {
			t.Fatalf("clause learning counts %d, propagation %d", got, want)
		}
		if got > 0 {
			checkSolution(t, b, sol)
		}
	})
}

// TestCDCLAllocatesNothing: once warm, a solve that goes through the
// clause-learning search allocates nothing either.
func TestCDCLAllocatesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("a second per solve; runs in the full suite")
	}
	b := mustParse(t, dataset.Load(t, "25x25/gecode_25x25.txt", 18)[17])
	ctx := context.Background()
	res, err := Solve(ctx, b, Limits{})
	if err != nil || res.Stats.Nodes <= cdclAfter {
		t.Fatalf("nodes %d, %v: the puzzle no longer needs the clause-learning search", res.Stats.Nodes, err)
	}
	if a := testing.AllocsPerRun(2, func() { Solve(ctx, b, Limits{}) }); a != 0 {
		t.Errorf("Solve allocates %v times per run", a)
	}
}
