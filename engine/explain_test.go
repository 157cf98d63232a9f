package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pathState replays steps on a board and its candidates, checking each
// against the solution: a placement equals it, an elimination never
// removes it.
type pathState struct {
	b    Board
	sol  Board
	cand []uint32
	t    *topology
}

func newPathState(tb testing.TB, b, sol Board) *pathState {
	tb.Helper()
	t := topologyOf(b.Shape())
	ps := &pathState{b: b, sol: sol, cand: make([]uint32, t.cells), t: t}
	all := uint32(1)<<t.n - 1
	for c := 0; c < t.cells; c++ {
		if b.At(c) == 0 {
			ps.cand[c] = all
		}
	}
	for c := 0; c < t.cells; c++ {
		if v := b.At(c); v != 0 {
			for _, p := range t.peersOf(c) {
				ps.cand[p] &^= 1 << (v - 1)
			}
		}
	}
	return ps
}

// apply checks st against the solution and applies it.
func (ps *pathState) apply(tb testing.TB, st Step) {
	tb.Helper()
	n := ps.b.Size()
	if st.Technique == "" || st.Explanation == "" {
		tb.Fatalf("step without technique or explanation: %+v", st)
	}
	for _, u := range st.Units {
		if u.Index < 0 || u.Index >= n || (u.Kind != "row" && u.Kind != "column" && u.Kind != "box") {
			tb.Fatalf("%s: unit %+v", st.Technique, u)
		}
	}
	switch st.Kind {
	case StepPlacement:
		c := st.Row*n + st.Col
		if ps.b.At(c) != 0 {
			tb.Fatalf("%s: placement in filled %s", st.Technique, CellName(st.Row, st.Col))
		}
		if want := ps.sol.At(c); st.Value != want {
			tb.Fatalf("%s placed %d at %s, solution %d (%s)", st.Technique, st.Value, CellName(st.Row, st.Col), want, st.Explanation)
		}
		if !strings.Contains(st.Explanation, CellName(st.Row, st.Col)) || !strings.Contains(st.Explanation, sym(st.Value)) {
			tb.Fatalf("%q does not name %s and %s", st.Explanation, CellName(st.Row, st.Col), sym(st.Value))
		}
		ps.b.SetAt(c, st.Value)
		ps.cand[c] = 0
		for _, p := range ps.t.peersOf(c) {
			ps.cand[p] &^= 1 << (st.Value - 1)
		}
	case StepElimination:
		if len(st.Eliminations) == 0 || len(st.Cells) == 0 {
			tb.Fatalf("%s: elimination without eliminations or cells: %+v", st.Technique, st)
		}
		for _, e := range st.Eliminations {
			c := e.Row*n + e.Col
			for _, v := range e.Values {
				if v == ps.sol.At(c) {
					tb.Fatalf("%s removed %d from %s, the solution's value (%s)", st.Technique, v, CellName(e.Row, e.Col), st.Explanation)
				}
				if ps.cand[c]&(1<<(v-1)) == 0 {
					tb.Fatalf("%s removed %d from %s, which was not a candidate", st.Technique, v, CellName(e.Row, e.Col))
				}
				ps.cand[c] &^= 1 << (v - 1)
			}
		}
	default:
		tb.Fatalf("step kind %q: %+v", st.Kind, st)
	}
	checkPattern(tb, st, ps.t)
}

// checkPattern checks a step's pattern: links join in chain order and a
// weak link joins cells that see each other.
func checkPattern(tb testing.TB, st Step, t *topology) {
	tb.Helper()
	if st.Pattern == nil {
		return
	}
	n := t.n
	sees := func(a, b Cell) bool {
		ca, cb := a.Row*n+a.Col, b.Row*n+b.Col
		ua, ub := t.cellUnits[ca], t.cellUnits[cb]
		return ca != cb && (ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2])
	}
	for i, lk := range st.Pattern.Links {
		if len(lk.From.Cells) == 0 || len(lk.To.Cells) == 0 || lk.From.Value < 1 || lk.To.Value < 1 {
			tb.Fatalf("%s: link %d: %+v", st.Technique, i, lk)
		}
		if !lk.Strong && lk.From.Value == lk.To.Value {
			for _, a := range lk.From.Cells {
				for _, b := range lk.To.Cells {
					if !sees(a, b) {
						tb.Fatalf("%s: weak link %d joins %v and %v, which do not see each other", st.Technique, i, a, b)
					}
				}
			}
		}
	}
}

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

// TestHintCandidates walks puzzles with the player's candidates: each hint
// is one step on them, checked against the solution and applied, until the
// grid is full.
func TestHintCandidates(t *testing.T) {
	ctx := context.Background()
	var boards []Board
	boards = append(boards, loadBoards(t, "9x9/magictour_top1465.txt", 3)...)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, s := range []Shape{{6, 2, 3}, {8, 4, 2}, {12, 4, 3}} {
		p, _ := refPuzzle(t, s, rng, s.Cells()*2/5)
		boards = append(boards, p)
	}
	kinds := map[string]int{}
	for _, b := range boards {
		sol := mustSolve(t, b)
		ps := newPathState(t, b, sol)
		for ps.b.Empty() > 0 {
			st, err := Hint(ctx, ps.b, HintOptions{Candidates: ps.cand}, Limits{})
			if err != nil {
				t.Fatalf("%s: %v", ps.b, err)
			}
			if len(st.Steps) != 1 {
				t.Fatalf("a hint on candidates has %d steps", len(st.Steps))
			}
			ps.apply(t, st)
			kinds[st.Kind]++
		}
	}
	if kinds[StepPlacement] == 0 || kinds[StepElimination] == 0 {
		t.Errorf("kinds %v: want placements and eliminations", kinds)
	}
	// A candidate list without the solution's value is a mistake.
	b := boards[0]
	sol := mustSolve(t, b)
	ps := newPathState(t, b, sol)
	c := 0
	for b.At(c) != 0 {
		c++
	}
	ps.cand[c] &^= 1 << (sol.At(c) - 1)
	st, err := Hint(ctx, b, HintOptions{Candidates: ps.cand}, Limits{})
	n := b.Size()
	if err != nil || st.Kind != StepMistake || st.Row*n+st.Col != c || st.Value != sol.At(c) {
		t.Errorf("candidates without %d at %s: %+v, %v", sol.At(c), CellName(c/n, c%n), st, err)
	}
	if _, err := Hint(ctx, b, HintOptions{Candidates: ps.cand[1:]}, Limits{}); !errors.Is(err, ErrInvalidBoard) {
		t.Errorf("short candidates: %v", err)
	}
}

// TestHintSteps: a hint on a bare board lists the eliminations that lead
// to its placement, in order, then the placement; replayed they are sound
// and end with the hint's cell.
func TestHintSteps(t *testing.T) {
	ctx := context.Background()
	withElims := 0
	for _, b := range loadBoards(t, "9x9/forum_hardest_1106.txt", 5) {
		sol := mustSolve(t, b)
		for b.Empty() > 0 {
			st, err := Hint(ctx, b, HintOptions{}, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if len(st.Steps) == 0 {
				t.Fatalf("hint without steps: %+v", st)
			}
			ps := newPathState(t, b, sol)
			for i, s := range st.Steps {
				if (s.Kind == StepPlacement) != (i == len(st.Steps)-1) {
					t.Fatalf("step %d of %d is a %s", i, len(st.Steps), s.Kind)
				}
				ps.apply(t, s)
			}
			last := st.Steps[len(st.Steps)-1]
			if last.Row != st.Row || last.Col != st.Col || last.Value != st.Value {
				t.Fatalf("last step %+v, hint %+v", last, st)
			}
			if len(st.Steps) > 1 {
				withElims++
			}
			b.Set(st.Row, st.Col, st.Value)
		}
	}
	if withElims == 0 {
		t.Error("no hint needed eliminations")
	}
}

// TestHintNudge: a nudge names the technique and units of the hint's first
// step, not its cell or value.
func TestHintNudge(t *testing.T) {
	ctx := context.Background()
	for _, b := range loadBoards(t, "9x9/forum_hardest_1106.txt", 3) {
		full, err := Hint(ctx, b, HintOptions{}, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := Hint(ctx, b, HintOptions{Nudge: true}, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		first := full.Steps[0]
		if st.Kind != StepNudge || st.Technique != first.Technique || len(st.Units) == 0 || st.Row != 0 || st.Col != 0 || st.Value != 0 || st.Cells != nil || st.Eliminations != nil {
			t.Errorf("nudge %+v for %+v", st, first)
		}
		if strings.Contains(st.Explanation, CellName(full.Row, full.Col)) || !strings.Contains(st.Explanation, st.Units[0].String()) {
			t.Errorf("nudge %q for %s", st.Explanation, CellName(full.Row, full.Col))
		}
	}
	// A naked single's region is its box.
	st, err := Hint(ctx, mustParse(t, ".2345678."+"........1"+strings.Repeat(".", 63)), HintOptions{Nudge: true}, Limits{})
	if err != nil || st.Technique != "naked_single" || len(st.Units) != 1 || st.Units[0] != (Unit{"box", 2}) {
		t.Errorf("naked single nudge %+v, %v", st, err)
	}
}

// TestStepPatterns: the known x_chain and simple_coloring positions record
// their links; an X-chain's links alternate strong and weak from a strong
// one, each joining the next, and every strong link is a conjugate pair.
func TestStepPatterns(t *testing.T) {
	data, err := os.ReadFile(positionsFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 5 || (f[0] != "x_chain" && f[0] != "simple_coloring") {
			continue
		}
		t.Run(f[0]+"_"+f[1]+"_"+f[2], func(t *testing.T) {
			size, _ := strconv.Atoi(f[1])
			shape, err := ParseShape(size, f[2])
			if err != nil {
				t.Fatal(err)
			}
			l := decodeState(t, shape, f[4])
			before := l.cand
			if _, ok := l.step(); !ok {
				t.Fatal("no step")
			}
			st := l.stepOf(&l.mv, &before, &l.cand)
			if st.Pattern == nil || len(st.Pattern.Links) == 0 {
				t.Fatalf("%s: no links", st.Technique)
			}
			checkPattern(t, st, l.t)
			for i, lk := range st.Pattern.Links {
				v := lk.From.Value
				a, b := lk.From.Cells[0], lk.To.Cells[0]
				if lk.Strong && !conjugate(l.t, &before, a.Row*l.n+a.Col, b.Row*l.n+b.Col, v) {
					t.Errorf("strong link %d: %v %v is no conjugate pair of %d", i, a, b, v)
				}
				if f[0] == "x_chain" {
					if lk.Strong != (i%2 == 0) {
						t.Errorf("link %d strong %v", i, lk.Strong)
					}
					if i > 0 && st.Pattern.Links[i-1].To.Cells[0] != a {
						t.Errorf("link %d does not start where link %d ends", i, i-1)
					}
				}
			}
			t.Logf("%s: %d links", st.Explanation, len(st.Pattern.Links))
		})
	}
}

// conjugate reports whether cells a and b are the only two places for v
// in a unit they share.
func conjugate(t *topology, cand *[MaxCells]uint32, a, b, v int) bool {
	bit := uint32(1) << (v - 1)
	for k := 0; k < 3; k++ {
		u := t.cellUnits[a][k]
		if t.cellUnits[b][k] != u {
			continue
		}
		cnt := 0
		for _, c := range t.unit(int(u)) {
			if cand[c]&bit != 0 {
				cnt++
			}
		}
		if cnt == 2 {
			return true
		}
	}
	return false
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
