package engine

import (
	"os"
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
// weak link joins cells that see each other. In a forcing chain (nodes
// with states) a link is an implication: "on" forces "off" in a cell that
// sees it (or the other values of its cell), "off" forces "on" in its
// cell or unit (strong), and "off" forces "off" by a technique inside the
// chain (not a weak link).
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
		if lk.From.State != "" {
			if lk.Strong != (lk.To.State == NodeOn) || lk.From.State == NodeOn && lk.To.State == NodeOn {
				tb.Fatalf("%s: link %d: %+v", st.Technique, i, lk)
			}
			a, b := lk.From.Cells[0], lk.To.Cells[0]
			same := a == b && lk.From.Value != lk.To.Value
			if lk.From.State != lk.To.State && !same && (lk.From.Value != lk.To.Value || !sees(a, b)) {
				tb.Fatalf("%s: link %d joins %v and %v, which share no unit", st.Technique, i, a, b)
			}
			continue
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
