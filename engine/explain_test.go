package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// explainAll runs Explain on b and replays the path.
func explainAll(tb testing.TB, b Board) map[string]int {
	tb.Helper()
	sol := mustSolve(tb, b)
	steps, err := Explain(context.Background(), b, Limits{})
	if err != nil {
		tb.Fatalf("%s: %v", b, err)
	}
	ps := newPathState(tb, b, sol)
	seen := map[string]int{}
	for _, st := range steps {
		ps.apply(tb, st)
		seen[st.Technique]++
	}
	if ps.b != sol {
		tb.Fatalf("%s: the path ends at %s, not the solution", b, ps.b)
	}
	return seen
}

// TestExplainPaths checks the logical path of puzzles of every shape and
// level step by step against the solution.
func TestExplainPaths(t *testing.T) {
	ctx := context.Background()
	seen := map[string]int{}
	add := func(m map[string]int) {
		for k, v := range m {
			seen[k] += v
		}
	}
	n := 20
	if testing.Short() {
		n = 4
	}
	for _, name := range []string{"9x9/17_clue.txt", "9x9/magictour_top1465.txt", "9x9/forum_hardest_1106.txt"} {
		for _, b := range loadBoards(t, name, n) {
			add(explainAll(t, b))
		}
	}
	for _, s := range []Shape{{4, 2, 2}, {6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {9, 3, 3}, {12, 3, 4}, {16, 4, 4}} {
		for _, lv := range LevelsOf(s) {
			if s.Size == 16 && lv > Medium && testing.Short() {
				continue
			}
			p, err := Generate(ctx, NewRand(int64(lv)), Options{Shape: s, Level: lv})
			if err != nil {
				t.Fatalf("%v %v: %v", s, lv, err)
			}
			add(explainAll(t, p.Puzzle))
		}
	}
	t.Logf("techniques: %v", seen)
	for _, name := range []string{"full_house", "naked_single", "hidden_single", "pointing", "claiming", "naked_pair"} {
		if seen[name] == 0 {
			t.Errorf("no path used %s", name)
		}
	}
}

func TestExplainErrors(t *testing.T) {
	ctx := context.Background()
	if steps, err := Explain(ctx, mustParse(t, "1234341221434321"), Limits{}); err != nil || len(steps) != 0 {
		t.Errorf("full grid: %v, %v", steps, err)
	}
	if _, err := Explain(ctx, mustParse(t, "11.............."), Limits{}); !errors.Is(err, ErrConflict) {
		t.Errorf("conflict: %v", err)
	}
	if _, err := Explain(ctx, mustParse(t, "123........4...."), Limits{}); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("unsolvable: %v", err)
	}
	// Several solutions: logic stalls and the path reveals cells of the
	// smallest solution.
	empty := NewBoard(Shape{4, 2, 2})
	steps, err := Explain(ctx, empty, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	res, _ := Solve(ctx, empty, Limits{})
	b := empty
	for _, st := range steps {
		if st.Kind == StepPlacement {
			b.Set(st.Row, st.Col, st.Value)
		}
	}
	if b != res.Solution || steps[0].Technique != "solution" {
		t.Errorf("empty 4x4: path ends at %s (first %s), want %s", b, steps[0].Technique, res.Solution)
	}
}

// FuzzParseCandidates: candidates that parse format back (each cell's
// values in order) to strings that parse to the same bitsets; a filled
// cell never has any, no bit lies above N.
func FuzzParseCandidates(f *testing.F) {
	f.Add("12.4....", "1,,3,4,12,34,1234,")
	f.Add("........", ",,,,,,,,,,,,,,,")
	f.Add("1.......", "x,2,,,,,,,,,,,,,,")
	f.Fuzz(func(t *testing.T, board, cands string) {
		b, err := ParseBoard((board + strings.Repeat(".", 16))[:16], Shape{4, 2, 2})
		if err != nil {
			return
		}
		parts := strings.Split(cands, ",")
		got, err := ParseCandidates(parts, b)
		if err != nil {
			if !errors.Is(err, ErrInvalidBoard) {
				t.Fatalf("error %v is not ErrInvalidBoard", err)
			}
			return
		}
		back := make([]string, len(got))
		for c, m := range got {
			if m>>4 != 0 || (m != 0 && b.At(c) != 0) {
				t.Fatalf("cell %d: %b", c, m)
			}
			for ; m != 0; m &= m - 1 {
				back[c] += sym(lowValue(m))
			}
		}
		again, err := ParseCandidates(back, b)
		if err != nil || !slices.Equal(again, got) {
			t.Fatalf("%q → %v → %q → %v, %v", parts, got, back, again, err)
		}
	})
}

// TestDescribeMoreCells: an explanation lists the first 16 cells that lose
// candidates and says "and more" only when more cells lost some. Row 1 of
// an otherwise open board starts with a naked pair {1,2}; every other cell
// of the row holds both, so the pair removes 1 and 2 from the row's other
// N-2 cells: exactly 16 on 18×18, 18 on 20×20.
func TestDescribeMoreCells(t *testing.T) {
	for _, tt := range []struct {
		shape Shape
		more  bool
	}{
		{Shape{18, 3, 6}, false},
		{Shape{20, 4, 5}, true},
	} {
		n := tt.shape.Size
		all := symbols[1 : n+1]
		parts := make([]string, tt.shape.Cells())
		for c := range parts {
			parts[c] = all
		}
		parts[0], parts[1] = "12", "12"
		l := decodeState(t, tt.shape, strings.Join(parts, ","))
		if tc, ok := l.step(); !ok || tc != tNakedPair {
			t.Fatalf("%v: first step %s (ok %v), want naked_pair", tt.shape, techs[tc].name, ok)
		}
		var listed []string
		for c := 2; c < min(n, 18); c++ {
			listed = append(listed, CellName(0, c))
		}
		want := "r1c1, r1c2 in row 1 can hold only 1 and 2 (a naked pair), which removes 1 and 2 from " + strings.Join(listed, ", ")
		if tt.more {
			want += " and more"
		}
		if got := l.describe(&l.mv); got != want {
			t.Errorf("%v:\n got %q\nwant %q", tt.shape, got, want)
		}
	}
}
