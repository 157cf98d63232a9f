package engine

import (
	"math/rand/v2"
	"testing"
)

// TestChains solves hard 9×9 puzzles step by step: every chain step is
// sound (checked against the solution) and each chain technique is used
// (but remote pairs: simple coloring takes them first on these boards;
// TestChainsDirect covers them).
func TestChains(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 40
	}
	ts := techScan{}
	for _, b := range loadBoards(t, "9x9/magictour_top1465.txt", n) {
		ts.run(t, b, mustSolve(t, b))
	}
	for _, tc := range []tech{tXYChain, tAIC, tNiceLoop} {
		t.Logf("%-12s %4d  %s", techs[tc].name, ts.counts[tc], ts.first[tc])
		if ts.counts[tc] == 0 {
			t.Errorf("%s never used on %d puzzles", techs[tc].name, n)
		}
	}
}

// TestChainsShapes runs the chain and uniqueness techniques on generated
// puzzles of other shapes, every step checked against the solution.
func TestChainsShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 2))
	ts := techScan{unique: true}
	shapes := []Shape{{4, 2, 2}, {6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {10, 2, 5}, {12, 3, 4}, {12, 4, 3}}
	per := 6
	if testing.Short() {
		per = 2
	}
	for _, s := range shapes {
		for i := 0; i < per; i++ {
			p, sol := refPuzzle(t, s, rng, 0)
			ts.run(t, p, sol)
		}
	}
	for tc := range numTech {
		if ts.counts[tc] > 0 && (isUniqueness(tc) || techs[tc].level == Expert) {
			t.Logf("%-24s %4d  %s", techs[tc].name, ts.counts[tc], ts.first[tc])
		}
	}
}

func TestChainSE(t *testing.T) {
	for _, tt := range []struct {
		links int
		want  uint8
	}{{3, 70}, {4, 70}, {5, 71}, {6, 71}, {8, 72}, {12, 73}, {16, 74}, {24, 75}, {25, 76}} {
		if got := chainSE(70, tt.links); got != tt.want {
			t.Errorf("chainSE(70, %d) = %d, want %d", tt.links, got, tt.want)
		}
	}
}

// TestChainsDirect runs each chain and uniqueness technique by itself on
// every state of the logical paths of hard puzzles, whatever cheaper
// technique would apply: each must fire, every
// elimination must be sound, and a chain's record must be a valid chain of
// that state.
func TestChainsDirect(t *testing.T) {
	n := 80
	if testing.Short() {
		n = 25
	}
	fns := []struct {
		tc  tech
		run func(*logic) bool
	}{
		{tRemotePair, (*logic).remotePair},
		{tXYChain, (*logic).xyChain},
		{tAIC, (*logic).aic},
		{tUniqueRectangle1, (*logic).uniqueRect1},
		{tUniqueRectangle2, (*logic).uniqueRect2},
		{tUniqueRectangle3, (*logic).uniqueRect3},
		{tUniqueRectangle4, (*logic).uniqueRect4},
		{tHiddenUniqueRectangle, (*logic).hiddenUniqueRect},
		{tBUGPlus1, (*logic).bugPlus1},
	}
	var fired [numTech]int
	tr := new(logic)
	for _, b := range loadBoards(t, "9x9/magictour_top1465.txt", n) {
		sol := mustSolve(t, b)
		l := new(logic)
		l.init(&b)
		l.unique = true
		for l.empty > 0 && !l.bad {
			for _, f := range fns {
				*tr = *l
				if !f.run(tr) {
					continue
				}
				checkState(t, tr, sol, tr.mv.tech)
				if tr.mv.tech != f.tc && !(f.tc == tAIC && tr.mv.tech == tNiceLoop) {
					t.Fatalf("%s recorded its move as %s", techs[f.tc].name, techs[tr.mv.tech].name)
				}
				if !isUniqueness(f.tc) {
					checkChain(t, l, &tr.mv)
				}
				fired[tr.mv.tech]++
			}
			if _, ok := l.step(); !ok {
				c := l.mostConstrained()
				l.place(c, sol.At(c))
			}
		}
	}
	for _, f := range append(fns, struct {
		tc  tech
		run func(*logic) bool
	}{tNiceLoop, nil}) {
		t.Logf("%-24s %5d", techs[f.tc].name, fired[f.tc])
		// BUG+1 is rare on these boards; TestUniqueness finds it.
		if fired[f.tc] == 0 && f.tc != tBUGPlus1 {
			t.Errorf("%s never fired", techs[f.tc].name)
		}
	}
}

// checkChain checks the recorded chain of move mv against the state l
// before it: nodes hold their value (a group within one box∩line), the
// links join up, alternate and are what they claim (strong: at least one
// end holds, weak: at most one), an open chain starts and ends strong, a
// loop closes with a weak link, and every elimination conflicts with both
// ends of the chain (of some weak link, for a loop).
func checkChain(t *testing.T, l *logic, mv *move) {
	t.Helper()
	p := &mv.pattern
	k := int(p.nlinks)
	if k == 0 {
		t.Fatalf("%s recorded no links", techs[mv.tech].name)
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s (%s): "+format, append([]any{techs[mv.tech].name, l.describe(mv)}, args...)...)
	}
	loop := mv.tech == tNiceLoop
	for i := 0; i < k; i++ {
		lk := &p.links[i]
		if lk.strong != (i%2 == 0) {
			fail("link %d strong %v", i, lk.strong)
		}
		if i+1 < k && lk.to != p.links[i+1].from {
			fail("link %d does not join link %d", i, i+1)
		}
		for _, nd := range []*pnode{&lk.from, &lk.to} {
			checkNode(t, l, nd, fail)
		}
		if lk.strong && !strongLinked(l, &lk.from, &lk.to) || !lk.strong && !l.weakLinked(&lk.from, &lk.to) {
			fail("link %d is not %s", i, map[bool]string{true: "strong", false: "weak"}[lk.strong])
		}
	}
	if loop != (k%2 == 0) || loop && p.links[k-1].to != p.links[0].from {
		fail("%d links, loop %v", k, loop)
	}
	a, y := &p.links[0].from, &p.links[k-1].to
	for i := 0; i < mv.nelims; i++ {
		c := int(mv.elims[i])
		for m := mv.emask[i]; m != 0; m &= m - 1 {
			q := cellNode(c, lowValue(m))
			ok := conflicts(l, &q, a) && conflicts(l, &q, y)
			for j := 1; loop && !ok && j < k; j += 2 {
				ok = conflicts(l, &q, &p.links[j].from) && conflicts(l, &q, &p.links[j].to)
			}
			if mv.tech == tRemotePair {
				ok = l.seesAll(c, a) && l.seesAll(c, y) && mv.digits&(1<<(q.v-1)) != 0
			}
			if !ok {
				fail("eliminates %s from %s, which does not conflict with both ends", sym(int(q.v)), CellName(c/l.n, c%l.n))
			}
		}
	}
}

func checkNode(t *testing.T, l *logic, nd *pnode, fail func(string, ...any)) {
	t.Helper()
	bit := uint32(1) << (nd.v - 1)
	var same [3]bool
	for i := 0; i < int(nd.n); i++ {
		c := nd.cells[i]
		if l.cand[c]&bit == 0 {
			fail("node cell %s lacks %s", CellName(int(c)/l.n, int(c)%l.n), sym(int(nd.v)))
		}
		for k := 0; k < 3; k++ {
			same[k] = i == 0 || same[k] && l.t.cellUnits[c][k] == l.t.cellUnits[nd.cells[0]][k]
		}
	}
	if nd.n > 1 && !(same[2] && (same[0] || same[1])) {
		fail("group node is not in one box∩line")
	}
}

// strongLinked reports whether at least one of p and q holds: the only two
// values of a cell, or between them every place of their value in a unit.
func strongLinked(l *logic, p, q *pnode) bool {
	if p.v != q.v {
		c := p.cells[0]
		return p.n == 1 && q.n == 1 && c == q.cells[0] && l.cand[c] == 1<<(p.v-1)|1<<(q.v-1)
	}
	bit := uint32(1) << (p.v - 1)
	for k := 0; k < 3; k++ {
		u := int(l.t.cellUnits[p.cells[0]][k])
		in := func(c int16) bool {
			for _, nd := range []*pnode{p, q} {
				for i := 0; i < int(nd.n); i++ {
					if nd.cells[i] == c {
						return true
					}
				}
			}
			return false
		}
		all := true
		for _, nd := range []*pnode{p, q} {
			for i := 0; i < int(nd.n); i++ {
				if int(l.t.cellUnits[nd.cells[i]][k]) != u {
					all = false
				}
			}
		}
		for _, c := range l.t.unit(u) {
			if l.cand[c]&bit != 0 && !in(c) {
				all = false
			}
		}
		if all {
			return true
		}
	}
	return false
}

// conflicts reports whether candidate q and node p cannot both hold.
func conflicts(l *logic, q, p *pnode) bool {
	return l.weakLinked(q, p)
}
