package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokud/sudokud/internal/dataset"
)

func TestSolveDataSets(t *testing.T) {
	sets := []struct {
		file string
		max  int
	}{
		{"9x9/17_clue.txt", 0}, {"9x9/magictour_top1465.txt", 0}, {"9x9/forum_hardest_1905_11plus.txt", 0},
		{"9x9/forum_hardest_1106.txt", 0}, {"9x9/serg_benchmark.txt", 0}, {"9x9/gecode_9x9.txt", 0},
		{"16x16/goomii17_puzzles.txt", 0}, {"16x16/gecode_16x16.txt", 0},
	}
	for _, set := range sets {
		t.Run(set.file, func(t *testing.T) {
			max := set.max
			if testing.Short() {
				max = 200
			}
			unique := 0
			ps := dataset.Load(t, set.file, max)
			for _, p := range ps {
				b := mustParse(t, p)
				res, err := Solve(context.Background(), b, Limits{MaxNodes: 50_000_000})
				if err != nil {
					t.Fatalf("%s: %v", p, err)
				}
				checkSolution(t, b, res.Solution)
				if res.Unique {
					unique++
				}
			}
			t.Logf("%d puzzles, %d unique", len(ps), unique)
		})
	}
}

func TestSolveErrors(t *testing.T) {
	ctx := context.Background()
	conflict := mustParse(t, "11"+repeatDot(79))
	if _, err := Solve(ctx, conflict, Limits{}); !errors.Is(err, ErrConflict) {
		t.Errorf("conflict: err = %v", err)
	} else if ce := new(ConflictError); !errors.As(err, &ce) || len(ce.Conflicts) != 2 {
		t.Errorf("conflict cells = %v", err)
	}
	// r1c1 can hold nothing: its row has 1-8 and its column has 9.
	unsolvable := mustParse(t, ".12345678"+"9........"+repeatDot(63))
	if _, err := Solve(ctx, unsolvable, Limits{}); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("unsolvable: err = %v", err)
	}
	empty25 := NewBoard(mustShape(t, 25, ""))
	if _, err := Solve(ctx, empty25, Limits{MaxNodes: 3}); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("node limit: err = %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	hard := mustParse(t, dataset.Load(t, "25x25/gecode_25x25.txt", 1)[0])
	if _, err := Solve(cancelled, hard, Limits{}); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("cancelled: err = %v", err)
	}
}

func mustShape(tb testing.TB, n int, box string) Shape {
	tb.Helper()
	s, err := ParseShape(n, box)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func repeatDot(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '.'
	}
	return string(b)
}

// allGrids4 enumerates every solved 4×4 grid (2×2 boxes) by plain
// backtracking, independent of the solver.
func allGrids4() []string {
	var out []string
	var g [16]int
	ok := func(i, v int) bool {
		r, c := i/4, i%4
		for j := 0; j < 4; j++ {
			if g[r*4+j] == v || g[j*4+c] == v {
				return false
			}
		}
		br, bc := r/2*2, c/2*2
		for dr := 0; dr < 2; dr++ {
			for dc := 0; dc < 2; dc++ {
				if g[(br+dr)*4+bc+dc] == v {
					return false
				}
			}
		}
		return true
	}
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			b := make([]byte, 16)
			for k, v := range g {
				b[k] = byte('0' + v)
			}
			out = append(out, string(b))
			return
		}
		for v := 1; v <= 4; v++ {
			if ok(i, v) {
				g[i] = v
				fill(i + 1)
				g[i] = 0
			}
		}
	}
	fill(0)
	return out // in lexicographic order, by construction
}

// gridsKeeping returns the grids that agree with every given of p ('.'
// for an empty cell), in the order of grids.
func gridsKeeping(grids []string, p []byte) []string {
	var out []string
	for _, h := range grids {
		keep := true
		for i := range p {
			if p[i] != '.' && p[i] != h[i] {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, h)
		}
	}
	return out
}

// TestSolveLexicographic4x4 compares Solve with brute force on 4×4 puzzles
// made from each of the 288 grids: the answer must be the smallest grid that
// keeps the givens, and Unique must say whether it is the only one.
func TestSolveLexicographic4x4(t *testing.T) {
	grids := allGrids4()
	if len(grids) != 288 {
		t.Fatalf("%d grids of 4x4, want 288", len(grids))
	}
	rng := NewRandForTest(1)
	for gi, g := range grids {
		for trial := 0; trial < 4; trial++ {
			p := []byte(g)
			for _, i := range rng.Perm(16)[:6+rng.IntN(10)] {
				p[i] = '.'
			}
			matches := gridsKeeping(grids, p)
			b := mustParse(t, string(p))
			res, err := Solve(context.Background(), b, Limits{})
			if err != nil {
				t.Fatalf("grid %d %s: %v", gi, p, err)
			}
			if got := res.Solution.String(); got != matches[0] || res.Unique != (len(matches) == 1) {
				t.Fatalf("%s: got %s unique=%v, want %s (%d solutions)", p, got, res.Unique, matches[0], len(matches))
			}
			n, _, err := CountSolutions(context.Background(), b, 1000, Limits{})
			if err != nil || n != len(matches) {
				t.Fatalf("%s: CountSolutions = %d, %v; want %d", p, n, err, len(matches))
			}
		}
	}
}

// TestSolveEveryShape solves, on every supported shape, the empty board and
// boards made by removing cells from a solved grid, checking each answer
// against the rules and the givens.
func TestSolveEveryShape(t *testing.T) {
	for _, s := range Shapes() {
		t.Run(s.Box()+"_"+s.String(), func(t *testing.T) {
			rng := NewRandForTest(uint64(s.Size*100 + s.BoxRows))
			empty := NewBoard(s)
			full := firstSolution(t, empty)
			checkSolution(t, empty, full)
			budget := int64(200_000)
			if testing.Short() {
				budget = 20_000
			}
			res, err := Solve(context.Background(), empty, Limits{MaxNodes: budget})
			if err != nil {
				t.Fatalf("empty: %v", err)
			}
			checkSolution(t, empty, res.Solution)
			if res.Unique {
				t.Fatal("empty board reported unique")
			}
			for _, keep := range []float64{0.7, 0.5, 0.35} {
				p := full
				for i := 0; i < s.Cells(); i++ {
					if rng.Float64() > keep {
						p.SetAt(i, 0)
					}
				}
				res, err := Solve(context.Background(), p, Limits{MaxNodes: 10 * budget})
				if errors.Is(err, ErrSearchLimit) && s.Size >= 16 {
					// Proving which of many solutions is the smallest can
					// exceed the budget on large sparse boards; finding
					// that there are several must not.
					if n, _, err := CountSolutions(context.Background(), p, 2, Limits{}); err != nil || n != 2 {
						t.Fatalf("keep %.2f: smallest beyond budget but count = %d, %v", keep, n, err)
					}
					t.Logf("keep %.2f: smallest of several solutions beyond %d nodes", keep, 10*budget)
					continue
				}
				if err != nil {
					t.Fatalf("keep %.2f: %v\n%s", keep, err, p.Pretty())
				}
				checkSolution(t, p, res.Solution)
			}
		})
	}
}

// firstSolution returns the first solution the MRV search finds.
func firstSolution(tb testing.TB, b Board) Board {
	tb.Helper()
	s := getSolver(b.Shape())
	defer solverPool.Put(s)
	s.begin(context.Background(), Limits{})
	if n, err := s.run(&b, 1, true); n != 1 || err != nil {
		tb.Fatalf("no first solution: %d, %v", n, err)
	}
	out := Board{shape: b.Shape()}
	copy(out.cells[:], s.out[:b.Shape().Cells()])
	return out
}

func TestSolveAllocatesNothing(t *testing.T) {
	b := mustParse(t, dataset.Load(t, "9x9/magictour_top1465.txt", 1)[0])
	ctx := context.Background()
	Solve(ctx, b, Limits{})
	if a := testing.AllocsPerRun(50, func() { Solve(ctx, b, Limits{}) }); a != 0 {
		t.Errorf("Solve allocates %v times per run", a)
	}
}

func FuzzSolve(f *testing.F) {
	f.Add("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "")
	f.Add("1...", "")
	f.Add("..3.......1.....4.2..............", "3x2")
	f.Add("1.3.4..2..2.1..4.", "")
	f.Fuzz(func(t *testing.T, s, box string) {
		b, err := Parse(s, 0, box)
		if err != nil {
			return
		}
		res, err := Solve(context.Background(), b, Limits{MaxNodes: 20000})
		switch {
		case err == nil:
			checkSolution(t, b, res.Solution)
		case errors.Is(err, ErrConflict):
			if Conflicts(b) == nil {
				t.Fatal("ErrConflict without conflicts")
			}
		case errors.Is(err, ErrUnsolvable), errors.Is(err, ErrSearchLimit):
		default:
			t.Fatalf("unexpected error %v", err)
		}
	})
}

// TestSolveStopsAtDeadline: a search on a large sparse board stops soon
// after its context's deadline, whatever its node budget.
func TestSolveStopsAtDeadline(t *testing.T) {
	p := mustParse(t, dataset.Load(t, "25x25/gecode_25x25.txt", 1)[0])
	for i := 0; i < p.Shape().Cells(); i += 3 {
		p.SetAt(i, 0)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := Solve(ctx, p, Limits{MaxNodes: 1 << 40})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, ErrSearchLimit) {
			t.Fatalf("err = %v", err)
		}
	case <-time.After(30 * time.Second): // generous: a hang, not a slow machine
		t.Fatal("Solve did not stop after its deadline")
	}
}
