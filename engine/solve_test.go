package engine

import (
	"context"
	"errors"
	"testing"
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
			ps := loadPuzzles(t, set.file, max)
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
	hard := mustParse(t, loadPuzzles(t, "25x25/gecode_25x25.txt", 1)[0])
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
