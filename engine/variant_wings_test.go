package engine

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// vdirect is a variant technique the direct test runs by itself, and what
// its step must show beyond soundness.
type vdirect struct {
	name  string
	run   func(*vlogic) (Step, bool)
	check func(t *testing.T, l *vlogic, st *Step)
}

// variantDirect lists the techniques variant_wings.go, variant_loop.go
// and variant_forcing.go add.
var variantDirect = []vdirect{
	{"wxyz_wing", (*vlogic).wxyzWing, func(t *testing.T, l *vlogic, st *Step) {
		if len(st.Pattern.Sets) != 1 || len(st.Pattern.Sets[0]) != 4 || !strings.Contains(st.Explanation, "pivot") {
			t.Fatalf("wxyz_wing: pattern %v: %s", st.Pattern, st.Explanation)
		}
	}},
	{"empty_rectangle", (*vlogic).emptyRectangle, func(t *testing.T, l *vlogic, st *Step) {
		if len(st.Units) == 0 && !impliedNamed(st) || len(st.Units) > 2 || !strings.Contains(st.Explanation, " only in row ") {
			t.Fatalf("empty_rectangle: units %v: %s", st.Units, st.Explanation)
		}
		checkNamed(t, st)
		checkVLinks(t, l, st, false)
	}},
	{"remote_pair", (*vlogic).remotePair, func(t *testing.T, l *vlogic, st *Step) {
		if len(st.Pattern.Links) < 7 {
			t.Fatalf("remote_pair: %d links: %s", len(st.Pattern.Links), st.Explanation)
		}
		checkVLinks(t, l, st, false)
	}},
	{"nice_loop", func(l *vlogic) (Step, bool) {
		st, ok := l.chain(vchainAIC)
		return st, ok && st.Technique == "nice_loop"
	}, func(t *testing.T, l *vlogic, st *Step) {
		if !strings.Contains(st.Explanation, "loop") {
			t.Fatalf("nice_loop: %s", st.Explanation)
		}
		checkVLinks(t, l, st, true)
	}},
	{"als_xy_wing", (*vlogic).alsXYWing, func(t *testing.T, l *vlogic, st *Step) {
		if len(st.Units) == 0 && !impliedNamed(st) || len(st.Units) > 3 || len(st.Pattern.Sets) != 3 {
			t.Fatalf("als_xy_wing: units %v: %s", st.Units, st.Explanation)
		}
		checkNamed(t, st)
	}},
	{"digit_forcing_chain", (*vlogic).digitForcing, func(t *testing.T, l *vlogic, st *Step) {
		if !strings.Contains(st.Explanation, "whether") && !strings.Contains(st.Explanation, "were not") {
			t.Fatalf("digit_forcing_chain: %s", st.Explanation)
		}
	}},
	{"cell_forcing_chain", (*vlogic).cellForcing, func(t *testing.T, l *vlogic, st *Step) {
		if len(st.Cells) != 1 || !strings.Contains(st.Explanation, "whichever") {
			t.Fatalf("cell_forcing_chain: cells %v: %s", st.Cells, st.Explanation)
		}
	}},
	{"unit_forcing_chain", (*vlogic).unitForcing, func(t *testing.T, l *vlogic, st *Step) {
		if len(st.Units) != 1 && !(len(st.Units) == 0 && impliedNamed(st)) || !strings.Contains(st.Explanation, "wherever") {
			t.Fatalf("unit_forcing_chain: units %v: %s", st.Units, st.Explanation)
		}
	}},
	{"forcing_net", (*vlogic).forcingNet, func(t *testing.T, l *vlogic, st *Step) {
		if c := st.Cells[0]; len(st.Eliminations) != 1 || !l.bivalue(c.Row*l.n+c.Col) {
			t.Fatalf("forcing_net: not one value of a two-value cell: %v", st.Eliminations)
		}
	}},
}

// impliedNamed reports whether st's explanation names an implied window:
// Units leaves those out, and the explanation names them by their cells.
func impliedNamed(st *Step) bool { return strings.Contains(st.Explanation, "implied window") }

// checkNamed fails t when the explanation of st leaves out one of its
// units (but cages and diagonals, which it names otherwise).
func checkNamed(t *testing.T, st *Step) {
	t.Helper()
	for _, u := range st.Units {
		if name := strings.ReplaceAll(u.String(), "_", " "); u.Kind != "cage" && u.Kind != UnitDiagonal && !strings.Contains(st.Explanation, name) {
			t.Fatalf("%s: %s not named: %s", st.Technique, name, st.Explanation)
		}
	}
}

// checkVLinks checks the chain of st against the state l before it: the
// links join up, alternate strong and weak (strong first), every node
// holds its value, each link between single candidates is what it claims
// (strong: the cell's only two values, or the value's only two places in
// a full unit; weak: l.weak) and a loop closes on its first node.
func checkVLinks(t *testing.T, l *vlogic, st *Step, loop bool) {
	t.Helper()
	links := st.Pattern.Links
	id := func(nd Node) int32 {
		if len(nd.Cells) != 1 {
			return -1
		}
		return int32((nd.Cells[0].Row*l.n+nd.Cells[0].Col)*l.n + nd.Value - 1)
	}
	for i, lk := range links {
		if lk.Strong != (i%2 == 0) || i > 0 && !slices.Equal(lk.From.Cells, links[i-1].To.Cells) {
			t.Fatalf("%s: link %d of %v does not alternate or join: %s", st.Technique, i, links, st.Explanation)
		}
		for _, nd := range []Node{lk.From, lk.To} {
			for _, c := range nd.Cells {
				if l.cand[c.Row*l.n+c.Col]&(1<<(nd.Value-1)) == 0 {
					t.Fatalf("%s: node %v lacks its value", st.Technique, nd)
				}
			}
		}
		a, b := id(lk.From), id(lk.To)
		if a < 0 || b < 0 {
			continue
		}
		if lk.Strong && !vstrong(l, a, b) || !lk.Strong && !l.weak(a, b) {
			t.Fatalf("%s: link %d (%v) is not %v: %s", st.Technique, i, lk, map[bool]string{true: "strong", false: "weak"}[lk.Strong], st.Explanation)
		}
	}
	if loop && (len(links)%2 != 0 || id(links[len(links)-1].To) != id(links[0].From)) {
		t.Fatalf("%s: %d links do not close a loop", st.Technique, len(links))
	}
}

// vstrong reports whether candidates a and b (nodes) are strongly linked:
// the only two values of one cell, or one value's only two places in a
// full unit.
func vstrong(l *vlogic, a, b int32) bool {
	n := int32(l.n)
	ca, cb := int(a/n), int(b/n)
	if ca == cb {
		return l.bivalue(ca) && a != b
	}
	if a%n != b%n {
		return false
	}
	for u := range l.rs.unitKind {
		p := l.places(u, 1<<(a%n))
		if len(p) == 2 && slices.Contains(p, int16(ca)) && slices.Contains(p, int16(cb)) {
			return true
		}
	}
	return false
}

// TestVariantTechniquesDirect runs each technique variant_wings.go,
// variant_loop.go and variant_forcing.go add by itself on every state of
// the logical path of expert variant puzzles, whatever cheaper technique
// would apply: each fires, every step agrees with the unique solution (a
// placement is its value, no elimination removes it), and its explanation
// and pattern name what it rests on.
func TestVariantTechniquesDirect(t *testing.T) {
	per := 6
	if testing.Short() {
		per = 1
	}
	names, boards := variantExperts(t, per)
	fired := map[string]int{}
	for i, b := range boards {
		res, err := Solve(context.Background(), b, Limits{})
		if err != nil || !res.Unique {
			t.Fatalf("%s %d: not unique: %v", names[i], i, err)
		}
		l := newVLogic(context.Background(), &b, Limits{})
		for !l.solved() {
			for _, d := range variantDirect {
				tr := *l
				tr.cand, tr.val = slices.Clone(l.cand), slices.Clone(l.val)
				tr.ons = onCache{}
				tr.budget = DefaultMaxNodes
				st, ok := d.run(&tr)
				if !ok {
					continue
				}
				if st.Technique != d.name || st.Explanation == "" || len(st.Cells) == 0 {
					t.Fatalf("%s: step %q, %q, cells %v", d.name, st.Technique, st.Explanation, st.Cells)
				}
				checkStep(t, names[i], &res.Solution, st)
				if d.check != nil {
					d.check(t, l, &st)
				}
				fired[d.name]++
			}
			st, ok := l.next(true)
			if !ok {
				st = l.reveal(&res.Solution)
			}
			l.apply(&st)
		}
		l.release()
	}
	t.Logf("%d puzzles: %v", len(boards), fired)
	for _, d := range variantDirect {
		if fired[d.name] == 0 {
			t.Errorf("%s never fired", d.name)
		}
	}
}
