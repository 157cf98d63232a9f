package engine

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// pathBoard is a puzzle with its unique solution.
type pathBoard struct{ b, sol Board }

// pathBoards returns puzzles of several shapes, square and rectangular
// boxes, with their solutions: hard 9×9 data sets, 16×16 puzzles and
// generated 6×6, 8×8, 10×10 and 12×12 ones.
func pathBoards(t *testing.T) []pathBoard {
	t.Helper()
	n9, n16, nGen := 60, 4, 4
	if testing.Short() {
		n9, n16, nGen = 8, 1, 1
	}
	var out []pathBoard
	for _, name := range []string{"9x9/magictour_top1465.txt", "9x9/forum_hardest_1106.txt"} {
		for _, b := range loadBoards(t, name, n9) {
			out = append(out, pathBoard{b, mustSolve(t, b)})
		}
	}
	for _, b := range loadBoards(t, "16x16/goomii17_puzzles.txt", n16) {
		out = append(out, pathBoard{b, mustSolve(t, b)})
	}
	rng := rand.New(rand.NewPCG(30, 1))
	for _, s := range []Shape{{6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {8, 4, 2}, {10, 2, 5}, {12, 3, 4}, {12, 4, 3}} {
		for i := 0; i < nGen; i++ {
			p, sol := refPuzzle(t, s, rng, s.Cells()*2/5)
			out = append(out, pathBoard{p, sol})
		}
	}
	return out
}

// pathTech is a technique under test: its function and a checker of the
// pattern it records, given the state before the step and after it.
type pathTech struct {
	tc     tech
	run    func(*logic) bool
	verify func(t *testing.T, before, after *logic)
}

// testOnPaths walks the logical solver along every board's path (placing
// the solution's value where logic stalls) and, at every state, runs each
// technique on a copy: every move it makes must remove something, nothing
// of the solution, exactly the candidates it records, and pass its
// verifier; its explanation must name what it removes in the board's
// symbols. It returns how many times each technique fired, per box shape.
func testOnPaths(t *testing.T, boards []pathBoard, ts []pathTech) map[tech]map[string]int {
	t.Helper()
	fired := map[tech]map[string]int{}
	for _, tt := range ts {
		fired[tt.tc] = map[string]int{}
	}
	l, trial := new(logic), new(logic)
	for _, pb := range boards {
		l.batch = true
		l.init(&pb.b)
		for l.empty > 0 && !l.bad {
			for _, tt := range ts {
				*trial = *l
				if !tt.run(trial) {
					continue
				}
				checkMove(t, l, trial, pb.sol, tt)
				fired[tt.tc][pb.b.Shape().Box()]++
			}
			if _, ok := l.step(); !ok {
				c := l.mostConstrained()
				l.place(c, pb.sol.At(c))
			}
		}
		if l.bad {
			t.Fatalf("%s: contradiction on a solvable board", pb.b)
		}
	}
	return fired
}

// checkMove checks the move a technique made from state before to after.
func checkMove(t *testing.T, before, after *logic, sol Board, tt pathTech) {
	t.Helper()
	mv := &after.mv
	name := techs[tt.tc].name
	if mv.tech != tt.tc || mv.cell >= 0 || after.bad {
		t.Fatalf("%s: move %s, cell %d, contradiction %v", name, techs[mv.tech].name, mv.cell, after.bad)
	}
	checkState(t, after, sol, tt.tc)
	var removed uint32
	cells := 0
	for c := 0; c < before.t.cells; c++ {
		gone := before.cand[c] &^ after.cand[c]
		if after.cand[c]&^before.cand[c] != 0 || after.val[c] != before.val[c] {
			t.Fatalf("%s changed %s beyond eliminations", name, before.cellName(c))
		}
		if gone != 0 {
			cells++
			removed |= gone
		}
	}
	for i := 0; i < mv.nelims; i++ {
		if c := int(mv.elims[i]); mv.emask[i] != before.cand[c]&^after.cand[c] {
			t.Fatalf("%s: recorded elimination %x at %s, the board lost %x", name, mv.emask[i], before.cellName(c), before.cand[c]&^after.cand[c])
		}
	}
	if cells == 0 || cells != mv.total || removed != mv.removed {
		t.Fatalf("%s: %d cells lost candidates %x; the move records %d, %x", name, cells, removed, mv.total, mv.removed)
	}
	tt.verify(t, before, after)
	text := after.describe(mv)
	if !strings.Contains(text, techs[tt.tc].title[strings.LastIndex(techs[tt.tc].title, " ")+1:]) ||
		!strings.Contains(text, "removes "+values(mv.removed)+" from "+before.cellName(int(mv.elims[0]))) {
		t.Fatalf("%s: explanation %q", name, text)
	}
}

// elimsOf calls f with every cell that lost candidates and the values it
// lost.
func elimsOf(before, after *logic, f func(c int, gone uint32)) {
	for c := 0; c < before.t.cells; c++ {
		if gone := before.cand[c] &^ after.cand[c]; gone != 0 {
			f(c, gone)
		}
	}
}

// nodeCells returns the cells of a recorded chain node.
func nodeCells(p *pnode) []int {
	out := make([]int, p.n)
	for i := range out {
		out[i] = int(p.cells[i])
	}
	return out
}

// checkLink verifies one recorded chain link in state l: a strong link
// says one of its ends holds the value (the only candidates for it in a
// unit, or the two values of a bivalue cell), a weak link that they cannot
// both (cells that see each other, or two values of one cell).
func checkLink(t *testing.T, l *logic, lk *plink) {
	t.Helper()
	from, to := nodeCells(&lk.from), nodeCells(&lk.to)
	for _, c := range append(append([]int(nil), from...), to...) {
		if l.cand[c]&(1<<(lk.from.v-1)) == 0 && l.cand[c]&(1<<(lk.to.v-1)) == 0 {
			t.Fatalf("link node %s holds neither value", l.cellName(c))
		}
	}
	if lk.from.v != lk.to.v { // two values of one cell
		if len(from) != 1 || len(to) != 1 || from[0] != to[0] {
			t.Fatalf("link between values %d and %d of different cells", lk.from.v, lk.to.v)
		}
		if want := uint32(1)<<(lk.from.v-1) | 1<<(lk.to.v-1); lk.strong && l.cand[from[0]] != want {
			t.Fatalf("strong link in %s, which is not bivalue", l.cellName(from[0]))
		}
		return
	}
	bit := uint32(1) << (lk.from.v - 1)
	all := append(append([]int(nil), from...), to...)
	for i, a := range all {
		if l.cand[a]&bit == 0 {
			t.Fatalf("link cell %s lacks %d", l.cellName(a), lk.from.v)
		}
		for _, b := range all[i+1:] {
			if a == b {
				t.Fatalf("link ends share %s", l.cellName(a))
			}
		}
	}
	if !lk.strong {
		for _, a := range from {
			for _, b := range to {
				if !l.sees(a, b) {
					t.Fatalf("weak link %s-%s: cells do not see each other", l.cellName(a), l.cellName(b))
				}
			}
		}
		return
	}
	// A unit holding every cell of the link and no other candidate.
	for u := 0; u < 3*l.n; u++ {
		in, others := 0, 0
		for _, c := range l.t.unit(u) {
			if l.cand[c]&bit == 0 {
				continue
			}
			if containsInt(all, int(c)) {
				in++
			} else {
				others++
			}
		}
		if in == len(all) && others == 0 {
			return
		}
	}
	t.Fatalf("strong link %v=%v on %d: no unit holds only them", from, to, lk.from.v)
}

func containsInt(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// verifyChain checks a recorded chain that starts and ends with a strong
// link and alternates: every link holds in state before, and every
// elimination is of the value of both ends, from a cell that sees every
// cell of both end nodes.
func verifyChain(t *testing.T, before, after *logic) {
	t.Helper()
	p := &after.mv.pattern
	if p.nlinks < 3 || p.nlinks%2 == 0 {
		t.Fatalf("%s: %d links", techs[after.mv.tech].name, p.nlinks)
	}
	for i := 0; i < int(p.nlinks); i++ {
		lk := &p.links[i]
		if lk.strong != (i%2 == 0) {
			t.Fatalf("link %d strong %v", i, lk.strong)
		}
		if i > 0 && (lk.from != p.links[i-1].to) {
			t.Fatalf("link %d does not start where link %d ends", i, i-1)
		}
		checkLink(t, before, lk)
	}
	first, last := &p.links[0].from, &p.links[p.nlinks-1].to
	if first.v != last.v {
		t.Fatalf("chain ends on values %d and %d", first.v, last.v)
	}
	ends := append(nodeCells(first), nodeCells(last)...)
	elimsOf(before, after, func(c int, gone uint32) {
		if gone != 1<<(first.v-1) || containsInt(ends, c) {
			t.Fatalf("chain removed %x from %s", gone, before.cellName(c))
		}
		for _, e := range ends {
			if !before.sees(c, e) {
				t.Fatalf("%s lost %d but does not see chain end %s", before.cellName(c), first.v, before.cellName(e))
			}
		}
	})
}

// verifyShortChain checks a skyscraper, kite or turbot fish: a chain of
// three links whose strong links lie in the units recorded, of the kinds
// the technique names.
func verifyShortChain(t *testing.T, before, after *logic) {
	t.Helper()
	verifyChain(t, before, after)
	mv := &after.mv
	if mv.pattern.nlinks != 3 || mv.pattern.nunits != 2 {
		t.Fatalf("%s: %d links, %d units", techs[mv.tech].name, mv.pattern.nlinks, mv.pattern.nunits)
	}
	kx, ky := before.unitKind(int(mv.pattern.units[0])), before.unitKind(int(mv.pattern.units[1]))
	b, c := int(mv.pattern.links[1].from.cells[0]), int(mv.pattern.links[1].to.cells[0])
	ub, uc := before.t.cellUnits[b], before.t.cellUnits[c]
	switch mv.tech {
	case tSkyscraper:
		if kx != ky || kx == 2 || ub[1-kx] != uc[1-kx] {
			t.Fatalf("skyscraper: strong links in units of kinds %d, %d; weak link %s-%s", kx, ky, before.cellName(b), before.cellName(c))
		}
	case tTwoStringKite:
		if kx == ky || kx == 2 || ky == 2 || ub[2] != uc[2] {
			t.Fatalf("kite: strong links in units of kinds %d, %d; weak link %s-%s", kx, ky, before.cellName(b), before.cellName(c))
		}
	}
}

// verifyER checks an empty rectangle: the chain Y=X-G1=G2 (G1 and G2 the
// box's candidates, split by the rectangle's line through X).
func verifyER(t *testing.T, before, after *logic) {
	t.Helper()
	verifyChain(t, before, after)
	p := &after.mv.pattern
	if p.nlinks != 3 || p.links[1].to.n == 0 || p.links[2].to.n == 0 {
		t.Fatalf("empty rectangle: %d links", p.nlinks)
	}
	box := before.t.cellUnits[p.links[2].from.cells[0]][2]
	for _, lk := range p.links[1:p.nlinks] {
		for _, c := range nodeCells(&lk.to) {
			if before.t.cellUnits[c][2] != box {
				t.Fatalf("empty rectangle: group cell %s outside box %d: %s", before.cellName(c), box, after.describe(&after.mv))
			}
		}
	}
}

func TestSingleDigitPatterns(t *testing.T) {
	fired := testOnPaths(t, pathBoards(t), []pathTech{
		{tSkyscraper, (*logic).skyscraper, verifyShortChain},
		{tTwoStringKite, (*logic).twoStringKite, verifyShortChain},
		{tTurbotFish, (*logic).turbotFish, verifyShortChain},
		{tEmptyRectangle, (*logic).emptyRectangle, verifyER},
	})
	for tc, byShape := range fired {
		t.Logf("%-16s %v", techs[tc].name, byShape)
		if byShape["3x3"] == 0 {
			t.Errorf("%s never fired on a 9×9", techs[tc].name)
		}
		rect := 0
		for box, k := range byShape {
			if box != "3x3" && box != "4x4" {
				rect += k
			}
		}
		if !testing.Short() && rect == 0 {
			t.Errorf("%s never fired on a board of rectangular boxes", techs[tc].name)
		}
	}
}
