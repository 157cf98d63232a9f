package engine

import (
	"context"
	"errors"
	"flag"
	"testing"

	"github.com/sudokud/sudokud/internal/dataset"
)

var full9 = flag.Bool("full9", false, "cross-check the 9×9 solver with the generic one on every puzzle of the large data sets")

// sameAnswer compares solve9 with the generic solver on b: both errors of
// the same kind, or the same solution and uniqueness, checked against the
// rules and givens. Search limits on either side skip the comparison.
func sameAnswer(tb testing.TB, b Board, lim Limits) {
	tb.Helper()
	ctx := context.Background()
	got, err9 := solve9(ctx, &b, lim)
	want, errG := solveGeneric(ctx, b, lim)
	if errors.Is(err9, ErrSearchLimit) || errors.Is(errG, ErrSearchLimit) {
		return
	}
	switch {
	case errG == nil && err9 == nil:
		checkSolution(tb, b, got.Solution)
		if got.Solution != want.Solution || got.Unique != want.Unique {
			tb.Fatalf("%s: solve9 %s unique=%v, generic %s unique=%v", b, got.Solution, got.Unique, want.Solution, want.Unique)
		}
	case errors.Is(errG, ErrConflict) && errors.Is(err9, ErrConflict):
	case errors.Is(errG, ErrUnsolvable) && errors.Is(err9, ErrUnsolvable):
	default:
		tb.Fatalf("%s: solve9 error %v, generic %v", b, err9, errG)
	}
	n9, _, err9 := count9(ctx, &b, 3, lim, nil)
	nG, _, errG := countGeneric(ctx, b, 3, lim, nil)
	if errors.Is(err9, ErrSearchLimit) || errors.Is(errG, ErrSearchLimit) {
		return
	}
	if n9 != nG || (err9 == nil) != (errG == nil) {
		tb.Fatalf("%s: count9 %d, %v; generic %d, %v", b, n9, err9, nG, errG)
	}
}

// TestSolve9MatchesGeneric compares the two solvers on the 9×9 data sets:
// every puzzle of the small sets, and of the large ones (tens of thousands)
// a regular sample unless -full9 is given. -short samples all sets.
func TestSolve9MatchesGeneric(t *testing.T) {
	for _, file := range []string{
		"9x9/forum_hardest_1106.txt", "9x9/magictour_top1465.txt", "9x9/gecode_9x9.txt",
		"9x9/serg_benchmark.txt", "9x9/17_clue.txt", "9x9/forum_hardest_1905_11plus.txt",
	} {
		t.Run(file, func(t *testing.T) {
			ps := dataset.Load(t, file, 0)
			stride := 1
			switch {
			case testing.Short():
				stride = max(1, len(ps)/100)
			case len(ps) > 20000 && !*full9:
				stride = 16
			}
			lim := Limits{MaxNodes: 50_000_000}
			n := 0
			for i := 0; i < len(ps); i += stride {
				sameAnswer(t, mustParse(t, ps[i]), lim)
				n++
			}
			t.Logf("%d of %d puzzles agree", n, len(ps))
		})
	}
}

// solvedGrids9 returns solutions of data-set puzzles, for making boards.
func solvedGrids9(tb testing.TB, n int) []Board {
	tb.Helper()
	var out []Board
	for _, p := range dataset.Load(tb, "9x9/magictour_top1465.txt", n) {
		res, err := solveGeneric(context.Background(), mustParse(tb, p), Limits{})
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, res.Solution)
	}
	return out
}

// TestSolve9MultiSolution removes cells from solved grids until puzzles
// have many solutions and checks that solve9 returns the same
// lexicographically smallest solution and counts as the generic solver.
func TestSolve9MultiSolution(t *testing.T) {
	rng := NewRandForTest(9)
	grids := solvedGrids9(t, 40)
	multi := 0
	for gi, g := range grids {
		for _, keep := range []int{40, 30, 25, 20, 15, 8} {
			p := g
			for _, i := range rng.Perm(81)[keep:] {
				p.SetAt(i, 0)
			}
			sameAnswer(t, p, Limits{})
			res, err := Solve(context.Background(), p, Limits{})
			if err != nil {
				t.Fatalf("grid %d keep %d: %v", gi, keep, err)
			}
			if !res.Unique {
				multi++
			}
			n, _, err := CountSolutions(context.Background(), p, 20, Limits{})
			m, _, errG := countGeneric(context.Background(), p, 20, Limits{}, nil)
			if err != nil || errG != nil || n != m {
				t.Fatalf("%s: count %d, %v; generic %d, %v", p, n, err, m, errG)
			}
		}
	}
	if multi == 0 {
		t.Fatal("no board with several solutions was made")
	}
	t.Logf("%d boards with several solutions", multi)

	// The smallest 9×9 grid, known independently of any solver.
	res, err := Solve(context.Background(), NewBoard(shape9), Limits{})
	const smallest = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	if err != nil || res.Unique || res.Solution.String() != smallest {
		t.Fatalf("empty board: %s unique=%v %v, want %s", res.Solution, res.Unique, err, smallest)
	}
}

func TestSolve9Errors(t *testing.T) {
	ctx := context.Background()
	conflict := mustParse(t, "1.......1"+repeatDot(72))
	_, err := Solve(ctx, conflict, Limits{})
	if ce := new(ConflictError); !errors.As(err, &ce) || len(ce.Conflicts) != 2 {
		t.Errorf("conflict: err = %v", err)
	}
	if _, _, err := CountSolutions(ctx, conflict, 2, Limits{}); !errors.Is(err, ErrConflict) {
		t.Errorf("conflict count: err = %v", err)
	}
	// r1c1 can hold nothing: its row has 1-8 and its column has 9.
	unsolvable := mustParse(t, ".12345678"+"9........"+repeatDot(63))
	if _, err := Solve(ctx, unsolvable, Limits{}); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("unsolvable: err = %v", err)
	}
	if n, _, err := CountSolutions(ctx, unsolvable, 2, Limits{}); n != 0 || err != nil {
		t.Errorf("unsolvable count = %d, %v", n, err)
	}
	// A unique puzzle with one more given that differs from its solution
	// has no solution, found only by search.
	ps := dataset.Load(t, "9x9/forum_hardest_1106.txt", 20)
	for _, p := range ps {
		b := mustParse(t, p)
		res, err := Solve(ctx, b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 81; i++ {
			if b.At(i) != 0 {
				continue
			}
			for v := 1; v <= 9; v++ {
				if v == res.Solution.At(i) {
					continue
				}
				bad := b
				bad.SetAt(i, v)
				if !Valid(&bad) {
					continue
				}
				if _, err := Solve(ctx, bad, Limits{}); !errors.Is(err, ErrUnsolvable) {
					t.Fatalf("%s: err = %v, want ErrUnsolvable", bad, err)
				}
				sameAnswer(t, bad, Limits{})
				break
			}
			break
		}
	}
	hard := mustParse(t, ps[0])
	res, err := Solve(ctx, hard, Limits{MaxNodes: 5})
	if !errors.Is(err, ErrSearchLimit) || res.Stats.Nodes > 6 {
		t.Errorf("node limit: err = %v after %d nodes", err, res.Stats.Nodes)
	}
	if _, _, err := CountSolutions(ctx, hard, 2, Limits{MaxNodes: 5}); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("node limit count: err = %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	n, st, err := CountSolutions(cancelled, NewBoard(shape9), 1<<30, Limits{})
	if !errors.Is(err, ErrSearchLimit) || st.Nodes > 1024 {
		t.Errorf("cancelled: %d solutions, %d nodes, err = %v", n, st.Nodes, err)
	}
}

func TestSolve9Stats(t *testing.T) {
	b := mustParse(t, dataset.Load(t, "9x9/forum_hardest_1106.txt", 1)[0])
	res, err := Solve(context.Background(), b, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	// Counting to two visits at least the root and, as the puzzle is hard,
	// guesses; each guess is a second branch, so nodes exceed guesses.
	if res.Stats.Nodes < 2 || res.Stats.Guesses < 1 || res.Stats.Guesses >= res.Stats.Nodes {
		t.Errorf("stats %+v", res.Stats)
	}
}

func TestSolve9AllocatesNothing(t *testing.T) {
	ctx := context.Background()
	hard := mustParse(t, dataset.Load(t, "9x9/forum_hardest_1106.txt", 1)[0])
	sparse := mustParse(t, "1........"+repeatDot(72))
	for _, b := range []Board{hard, sparse} {
		Solve(ctx, b, Limits{})
		if a := testing.AllocsPerRun(20, func() { Solve(ctx, b, Limits{}) }); a != 0 {
			t.Errorf("Solve allocates %v times per run", a)
		}
		if a := testing.AllocsPerRun(20, func() { CountSolutions(ctx, b, 2, Limits{}) }); a != 0 {
			t.Errorf("CountSolutions allocates %v times per run", a)
		}
	}
}

// FuzzSolve9 compares solve9 with the generic solver on arbitrary 9×9
// boards: each input byte is a cell, empty unless it is a digit 1-9.
func FuzzSolve9(f *testing.F) {
	f.Add("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	f.Add("1........")
	f.Add("123456789")
	f.Add("..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87")
	f.Fuzz(func(t *testing.T, s string) {
		b := NewBoard(shape9)
		for i := 0; i < len(s) && i < 81; i++ {
			if c := s[i]; c >= '1' && c <= '9' {
				b.SetAt(i, int(c-'0'))
			}
		}
		sameAnswer(t, b, Limits{MaxNodes: 20000})
	})
}

// benchSolveWith is benchSolve with a given solve function.
func benchSolveWith(b *testing.B, file string, solve func(context.Context, Board, Limits) (Result, error)) {
	ps := dataset.Load(b, file, 0)
	boards := make([]Board, len(ps))
	for i, p := range ps {
		boards[i] = mustParse(b, p)
	}
	ctx := context.Background()
	lim := Limits{MaxNodes: 1 << 40}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := solve(ctx, boards[i%len(boards)], lim); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolve9 compares, per 9×9 data set, the 9×9 solver that Solve
// uses (fast9) with the generic solver (generic); ns/op is per puzzle with
// its uniqueness proven.
func BenchmarkSolve9(b *testing.B) {
	for _, set := range []struct{ name, file string }{
		{"17_clue", "9x9/17_clue.txt"},
		{"magictour_top1465", "9x9/magictour_top1465.txt"},
		{"forum_hardest_1905_11plus", "9x9/forum_hardest_1905_11plus.txt"},
		{"forum_hardest_1106", "9x9/forum_hardest_1106.txt"},
		{"serg_benchmark", "9x9/serg_benchmark.txt"},
	} {
		b.Run(set.name+"/fast9", func(b *testing.B) { benchSolveWith(b, set.file, Solve) })
		b.Run(set.name+"/generic", func(b *testing.B) { benchSolveWith(b, set.file, solveGeneric) })
	}
}

// TestSolve9Nodes proves uniqueness on the two benchmark sets of the speed
// target and logs the search effort per puzzle (nodes, guesses), which,
// unlike time, does not depend on the machine's load.
func TestSolve9Nodes(t *testing.T) {
	for _, file := range []string{"9x9/forum_hardest_1106.txt", "9x9/magictour_top1465.txt"} {
		ps := dataset.Load(t, file, 0)
		var nodes, guesses int64
		for _, p := range ps {
			b := mustParse(t, p)
			res, err := Solve(context.Background(), b, Limits{})
			if err != nil || !res.Unique {
				t.Fatalf("%s: unique=%v, %v", p, res.Unique, err)
			}
			checkSolution(t, b, res.Solution)
			nodes += res.Stats.Nodes
			guesses += res.Stats.Guesses
		}
		n := float64(len(ps))
		t.Logf("%s: %d puzzles, %.1f nodes and %.1f guesses per puzzle", file, len(ps), float64(nodes)/n, float64(guesses)/n)
	}
}
