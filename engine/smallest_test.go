package engine

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// lexSearch runs the row-major search (smallest values first) on b with the
// given unit filtering and no look-ahead, counting up to 2 solutions within
// max nodes. It returns the first solution found, which is the smallest
// whatever the filtering, as long as the filtering is sound.
func lexSearch(tb testing.TB, b Board, mode subsetMode, max int64) (Board, int, error) {
	tb.Helper()
	s := getSolver(b.Shape())
	defer solverPool.Put(s)
	s.begin(context.Background(), Limits{MaxNodes: max})
	probing := s.probing
	s.lex, s.subsets, s.probing = true, mode, false
	n, err := s.run(&b, 2, true)
	s.lex, s.subsets, s.probing = false, noSubsets, probing
	out := Board{shape: b.Shape()}
	copy(out.cells[:], s.out[:b.Shape().Cells()])
	return out, n, err
}

// witnessSmallest returns the smallest solution of b found by the witness
// walk alone (MRV refutations, no unit filtering, no row-major search).
func witnessSmallest(tb testing.TB, b Board, max int64) (Board, error) {
	tb.Helper()
	s := getSolver(b.Shape())
	defer solverPool.Put(s)
	s.begin(context.Background(), Limits{MaxNodes: max})
	if n, err := s.run(&b, 1, true); n != 1 || err != nil {
		return Board{}, fmt.Errorf("no first solution: %d, %v", n, err)
	}
	err := s.byWitness(&b)
	out := Board{shape: b.Shape()}
	copy(out.cells[:], s.out[:b.Shape().Cells()])
	return out, err
}

// naiveSmallest finds the smallest completion of b by plain backtracking in
// row-major order, checking only that no value repeats in a unit: nothing
// shared with the solver. It gives up (false) after max nodes.
func naiveSmallest(b Board, max int) (Board, bool) {
	sh := b.Shape()
	n := sh.Size
	var rows, cols, boxes [MaxSize]uint32
	for i := 0; i < sh.Cells(); i++ {
		if v := b.At(i); v != 0 {
			bit := uint32(1) << (v - 1)
			rows[i/n] |= bit
			cols[i%n] |= bit
			boxes[sh.BoxOf(i/n, i%n)] |= bit
		}
	}
	nodes := 0
	var fill func(i int) bool
	fill = func(i int) bool {
		for i < sh.Cells() && b.At(i) != 0 {
			i++
		}
		if i == sh.Cells() {
			return true
		}
		if nodes++; nodes > max {
			return false
		}
		r, c := i/n, i%n
		x := sh.BoxOf(r, c)
		for v := 1; v <= n; v++ {
			bit := uint32(1) << (v - 1)
			if (rows[r]|cols[c]|boxes[x])&bit != 0 {
				continue
			}
			rows[r], cols[c], boxes[x] = rows[r]|bit, cols[c]|bit, boxes[x]|bit
			b.SetAt(i, v)
			if fill(i + 1) {
				return true
			}
			if nodes > max {
				return false
			}
			b.SetAt(i, 0)
			rows[r], cols[c], boxes[x] = rows[r]&^bit, cols[c]&^bit, boxes[x]&^bit
		}
		return false
	}
	return b, fill(0)
}

// TestSolveEmptyEveryShape: Solve answers the smallest grid of every empty
// board: the same as the row-major search filtering every unit, and as the
// witness walk and plain backtracking where these finish within a budget.
func TestSolveEmptyEveryShape(t *testing.T) {
	witness, naive := 0, 0
	for _, s := range Shapes() {
		t.Run(s.Box()+"_"+s.String(), func(t *testing.T) {
			empty := NewBoard(s)
			res, err := Solve(context.Background(), empty, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, empty, res.Solution)
			if res.Unique {
				t.Fatal("empty board reported unique")
			}
			all, n, err := lexSearch(t, empty, allSubsets, 100_000)
			if err != nil || n != 2 || all != res.Solution {
				t.Fatalf("Solve gives\n%s\nfiltering every unit (%d solutions, %v)\n%s", res.Solution.Pretty(), n, err, all.Pretty())
			}
			if testing.Short() && s.Size > 12 {
				return
			}
			if g, err := witnessSmallest(t, empty, 50_000); err == nil {
				witness++
				if g != res.Solution {
					t.Fatalf("Solve gives\n%s\nthe witness walk\n%s", res.Solution.Pretty(), g.Pretty())
				}
			}
			if g, ok := naiveSmallest(empty, 200_000); ok {
				naive++
				if g != res.Solution {
					t.Fatalf("Solve gives\n%s\nbacktracking\n%s", res.Solution.Pretty(), g.Pretty())
				}
			}
		})
	}
	t.Logf("%d shapes also checked by the witness walk, %d by plain backtracking", witness, naive)
}

// TestLexFilteringSmallest4x4: the row-major search with either unit
// filtering finds the brute-force smallest grid of puzzles made from every
// 4×4 grid, and counts them right up to 2.
func TestLexFilteringSmallest4x4(t *testing.T) {
	grids := allGrids4()
	rng := NewRandForTest(4)
	for _, g := range grids {
		for trial := 0; trial < 4; trial++ {
			p := []byte(g)
			for _, i := range rng.Perm(16)[:4+rng.IntN(13)] {
				p[i] = '.'
			}
			matches := gridsKeeping(grids, p)
			b := mustParse(t, string(p))
			for _, mode := range []subsetMode{focusSubsets, allSubsets} {
				got, n, err := lexSearch(t, b, mode, 1_000_000)
				if err != nil || got.String() != matches[0] || n != min(len(matches), 2) {
					t.Fatalf("%s mode %d: %s, %d solutions, %v; want %s, %d", p, mode, got, n, err, matches[0], len(matches))
				}
			}
		}
	}
}

// TestSparseBoardsSmallest: boards with few givens (which Solve answers by
// the row-major search with focused unit filtering) get the same smallest
// solution as the witness walk, on every shape.
func TestSparseBoardsSmallest(t *testing.T) {
	ctx := context.Background()
	for _, s := range Shapes() {
		t.Run(s.Box()+"_"+s.String(), func(t *testing.T) {
			rng := NewRandForTest(uint64(s.Size*100 + s.BoxRows + 11))
			sv := getSolver(s)
			var full Board
			ok := sv.fill(ctx, &Board{shape: s}, rng, 1_000_000, &full)
			solverPool.Put(sv)
			if !ok {
				t.Fatal("no random grid")
			}
			divs := []int{40, 20, 10} // 1/div of the cells are givens
			if testing.Short() {
				divs = divs[:2]
			}
			for _, div := range divs {
				p := NewBoard(s)
				for _, i := range rng.Perm(s.Cells())[:s.Cells()/div] {
					p.SetAt(i, full.At(i))
				}
				res, err := Solve(ctx, p, Limits{MaxNodes: 1_000_000})
				if errors.Is(err, ErrSearchLimit) {
					t.Logf("1/%d givens: beyond budget", div)
					continue
				}
				if err != nil {
					t.Fatalf("1/%d givens: %v", div, err)
				}
				checkSolution(t, p, res.Solution)
				n, _, err := CountSolutions(ctx, p, 2, Limits{})
				if err != nil || res.Unique != (n == 1) {
					t.Fatalf("1/%d givens: unique=%v, count %d, %v", div, res.Unique, n, err)
				}
				if all, _, err := lexSearch(t, p, allSubsets, 100_000); err == nil && all != res.Solution {
					t.Fatalf("1/%d givens: Solve gives\n%s\nfiltering every unit\n%s\npuzzle\n%s", div, res.Solution.Pretty(), all.Pretty(), p.Pretty())
				}
				if testing.Short() {
					continue
				}
				if want, err := witnessSmallest(t, p, 20_000); err == nil && res.Solution != want {
					t.Fatalf("1/%d givens: Solve gives\n%s\nthe witness walk\n%s\npuzzle\n%s", div, res.Solution.Pretty(), want.Pretty(), p.Pretty())
				}
			}
		})
	}
}

// TestLexFilteringAgree: on partly filled boards of 12×12 and up, the
// row-major search with either unit filtering finds the same smallest
// solution as the witness walk (boards beyond the node budget are skipped).
func TestLexFilteringAgree(t *testing.T) {
	keeps := []float64{0.6, 0.4, 0.3}
	if testing.Short() {
		keeps = keeps[:1]
	}
	compared := 0
	for _, s := range Shapes() {
		if s.Size < 12 {
			continue
		}
		rng := NewRandForTest(uint64(s.Size*100 + s.BoxRows + 13))
		full := firstSolution(t, NewBoard(s))
		for _, keep := range keeps {
			p := full
			for i := 0; i < s.Cells(); i++ {
				if rng.Float64() > keep {
					p.SetAt(i, 0)
				}
			}
			want, err := witnessSmallest(t, p, 50_000)
			if err != nil {
				t.Logf("%v keep %.2f: witness walk %v", s, keep, err)
				continue
			}
			for _, mode := range []subsetMode{focusSubsets, allSubsets} {
				got, n, err := lexSearch(t, p, mode, 20_000)
				if errors.Is(err, ErrSearchLimit) {
					continue
				}
				if err != nil || n == 0 || got != want {
					t.Fatalf("%v keep %.2f mode %d: %d solutions, %v\n%s\nwitness walk\n%s", s, keep, mode, n, err, got.Pretty(), want.Pretty())
				}
				compared++
			}
		}
	}
	if compared == 0 {
		t.Fatal("nothing compared")
	}
	t.Logf("%d searches compared", compared)
}

// BenchmarkSolveEmptyShapes solves the empty board of every supported shape
// (the answer is its lexicographically smallest grid); nodes/op is the
// search's node count.
func BenchmarkSolveEmptyShapes(b *testing.B) {
	for _, s := range Shapes() {
		b.Run(fmt.Sprintf("%dx%d_%s", s.Size, s.Size, s.Box()), func(b *testing.B) {
			board := NewBoard(s)
			ctx := context.Background()
			res, err := Solve(ctx, board, Limits{})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if res, err = Solve(ctx, board, Limits{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.Stats.Nodes), "nodes/op")
		})
	}
}

// TestSmallestMethodsAgree: on boards over 16×16 the smallest solution is
// usually found by the row-major search with unit domain consistency; the
// witness walk, which uses neither, must find the same grid.
func TestSmallestMethodsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("about a minute of search; runs in the full suite")
	}
	ctx := context.Background()
	compared := 0
	for _, s := range Shapes() {
		if s.Size <= 16 {
			continue
		}
		rng := NewRandForTest(uint64(s.Size*100 + s.BoxRows + 7))
		p := firstSolution(t, NewBoard(s))
		for i := 0; i < s.Cells(); i++ {
			if rng.Float64() < 0.6 {
				p.SetAt(i, 0)
			}
		}
		res, err := Solve(ctx, p, Limits{MaxNodes: 1_000_000})
		if err != nil || res.Unique {
			t.Logf("%v: %v unique=%v, not compared", s, err, res.Unique)
			continue
		}
		sv := getSolver(s)
		sv.begin(ctx, Limits{MaxNodes: 1_000_000})
		if n, err := sv.run(&p, 1, true); n != 1 || err != nil {
			t.Fatalf("%v: no first solution: %v", s, err)
		}
		err = sv.byWitness(&p)
		got := Board{shape: s}
		copy(got.cells[:], sv.out[:s.Cells()])
		solverPool.Put(sv)
		if err != nil {
			t.Logf("%v: witness walk: %v, not compared", s, err)
			continue
		}
		if got != res.Solution {
			t.Fatalf("%v: witness walk gives\n%s\nSolve gives\n%s", s, got.Pretty(), res.Solution.Pretty())
		}
		compared++
	}
	if compared == 0 {
		t.Fatal("no board compared")
	}
	t.Logf("%d shapes compared", compared)
}
