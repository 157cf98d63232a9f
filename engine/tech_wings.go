package engine

import "fmt"

// This file holds the wings: XY-Wing and XYZ-Wing (a pivot cell and two
// pincers), W-Wing (two like bivalue cells joined by a strong link) and
// WXYZ-Wing (four cells with four candidates in all).

// xyWing: a pivot with candidates {x,y} sees pincers {x,z} and {y,z};
// whichever the pivot holds, one pincer is z, so z goes from every cell
// that sees both pincers.
func (l *logic) xyWing() bool {
	t := l.t
	for p := 0; p < t.cells; p++ {
		cp := l.cand[p]
		if popcount(cp) != 2 {
			continue
		}
		for _, a := range t.peersOf(p) {
			ca := l.cand[a]
			if popcount(ca) != 2 || popcount(ca&cp) != 1 {
				continue
			}
			z := ca &^ cp
			y := cp &^ ca
			for _, b := range t.peersOf(p) {
				if l.cand[b] != y|z {
					continue
				}
				l.begin(tXYWing)
				hit := false
				for _, q := range t.peersOf(int(a)) {
					if int(q) != p && int(q) != int(b) && l.sees(int(q), int(b)) {
						hit = l.elim(int(q), z) || hit
					}
				}
				if hit && l.accept() {
					l.mv.digits = z
					l.addCell(p)
					l.addCell(int(a))
					l.addCell(int(b))
					l.counts[tXYWing]++
					return true
				}
			}
		}
	}
	return false
}

// xyzWing: a pivot {x,y,z} sees pincers {x,z} and {y,z}; z goes from every
// cell that sees all three.
func (l *logic) xyzWing() bool {
	t := l.t
	for p := 0; p < t.cells; p++ {
		cp := l.cand[p]
		if popcount(cp) != 3 {
			continue
		}
		for _, a := range t.peersOf(p) {
			ca := l.cand[a]
			if popcount(ca) != 2 || ca&^cp != 0 {
				continue
			}
			for _, b := range t.peersOf(p) {
				cb := l.cand[b]
				if popcount(cb) != 2 || cb&^cp != 0 || cb == ca || b < a {
					continue
				}
				z := ca & cb
				l.begin(tXYZWing)
				hit := false
				for _, q := range t.peersOf(p) {
					if q != a && q != b && l.sees(int(q), int(a)) && l.sees(int(q), int(b)) {
						hit = l.elim(int(q), z) || hit
					}
				}
				if hit && l.accept() {
					l.mv.digits = z
					l.addCell(p)
					l.addCell(int(a))
					l.addCell(int(b))
					l.counts[tXYZWing]++
					return true
				}
			}
		}
	}
	return false
}

// wWing: two cells a and b with the same two candidates {x,y} that do not
// see each other, and a strong link on x between a cell p that sees a and
// a cell q that sees b. If neither a nor b held y, both would hold x, and p
// and q could not: so one of a and b holds y, and y goes from every cell
// that sees both.
func (l *logic) wWing() bool {
	t := l.t
	var pairs [MaxCells]int16
	np := 0
	for c := 0; c < t.cells; c++ {
		if l.val[c] == 0 && popcount(l.cand[c]) == 2 {
			pairs[np] = int16(c)
			np++
		}
	}
	for i := 0; i < np; i++ {
		a := int(pairs[i])
		for j := i + 1; j < np; j++ {
			b := int(pairs[j])
			if l.cand[b] != l.cand[a] || l.sees(a, b) {
				continue
			}
			for m := l.cand[a]; m != 0; m &= m - 1 {
				x := m & -m
				y := l.cand[a] &^ x
				if !l.seenByBoth(y, a, b) {
					continue
				}
				if l.wWingLink(a, b, x, y) {
					return true
				}
			}
		}
	}
	return false
}

// seenByBoth reports whether some cell other than a and b that sees both
// still has a candidate in mask.
func (l *logic) seenByBoth(mask uint32, a, b int) bool {
	for _, q := range l.t.peersOf(a) {
		if l.cand[q]&mask != 0 && int(q) != b && l.sees(int(q), b) {
			return true
		}
	}
	return false
}

// wWingLink looks for the strong link on x that joins the W-Wing a, b and
// applies it.
func (l *logic) wWingLink(a, b int, x, y uint32) bool {
	t := l.t
	for u := 0; u < 3*l.n; u++ {
		p, q, cnt := -1, -1, 0
		for _, c := range t.unit(u) {
			if l.cand[c]&x != 0 {
				if cnt++; cnt == 1 {
					p = int(c)
				} else if cnt == 2 {
					q = int(c)
				} else {
					break
				}
			}
		}
		if cnt != 2 || p == a || p == b || q == a || q == b {
			continue
		}
		if !(l.sees(p, a) && l.sees(q, b)) {
			if !(l.sees(p, b) && l.sees(q, a)) {
				continue
			}
			p, q = q, p
		}
		l.begin(tWWing)
		hit := false
		for _, r := range t.peersOf(a) {
			if int(r) != b && l.sees(int(r), b) {
				hit = l.elim(int(r), y) || hit
			}
		}
		if !hit || !l.accept() {
			continue
		}
		l.mv.digits = x | y
		l.addUnit(u)
		for _, c := range [4]int{a, p, q, b} {
			l.addCell(c)
		}
		vx, vy := lowValue(x), lowValue(y)
		l.addLink(cellNode(a, vy), cellNode(a, vx), true)
		l.addLink(cellNode(a, vx), cellNode(p, vx), false)
		l.addLink(cellNode(p, vx), cellNode(q, vx), true)
		l.addLink(cellNode(q, vx), cellNode(b, vx), false)
		l.addLink(cellNode(b, vx), cellNode(b, vy), true)
		l.counts[tWWing]++
		return true
	}
	return false
}

// wxyzWing: a pivot and three cells it sees, four cells with four
// candidates in all, of which exactly one, z, is not restricted (the cells
// holding any other candidate all see each other, so it is in at most one
// of them). The three restricted values fill at most three of the four
// cells, so one of the cells holding z does: z goes from every cell that
// sees all of them. When all four values are restricted, each is in the
// set exactly once, and every value goes from the cells that see all its
// holders.
func (l *logic) wxyzWing() bool {
	t := l.t
	var wing [3 * MaxSize]int16
	for p := 0; p < t.cells; p++ {
		cp := l.cand[p]
		if pc := popcount(cp); pc < 2 || pc > 4 {
			continue
		}
		nw := 0
		for _, q := range t.peersOf(p) {
			cq := l.cand[q]
			if pc := popcount(cq); pc >= 2 && popcount(cq|cp) <= 4 {
				wing[nw] = q
				nw++
			}
		}
		for i := 0; i < nw; i++ {
			ci := cp | l.cand[wing[i]]
			for j := i + 1; j < nw; j++ {
				cj := ci | l.cand[wing[j]]
				if popcount(cj) > 4 {
					continue
				}
				for k := j + 1; k < nw; k++ {
					if popcount(cj|l.cand[wing[k]]) != 4 {
						continue
					}
					if l.wxyzElim([4]int{p, int(wing[i]), int(wing[j]), int(wing[k])}) {
						return true
					}
				}
			}
		}
	}
	return false
}

// wxyzElim applies the WXYZ-Wing of cells w, if it is one and removes
// anything.
func (l *logic) wxyzElim(w [4]int) bool {
	union := l.cand[w[0]] | l.cand[w[1]] | l.cand[w[2]] | l.cand[w[3]]
	var loose uint32 // values not restricted
	for m := union; m != 0; m &= m - 1 {
		bit := m & -m
		if !l.restricted(w[:], bit) {
			loose |= bit
		}
	}
	if popcount(loose) > 1 || loose == 0 && l.oneUnit(w) {
		return false // not a wing; or a naked quad, which nakedSubset finds
	}
	elim := loose
	if loose == 0 {
		elim = union
	}
	l.begin(tWXYZWing)
	hit := false
	// A cell may lose several values (when all four are restricted): each
	// cell is removed from once, with all it loses.
	for m := elim; m != 0; m &= m - 1 {
		bit := m & -m
		h := -1 // a holder of bit
		for _, c := range w {
			if l.cand[c]&bit != 0 {
				h = c
				break
			}
		}
		for _, q := range l.t.peersOf(h) {
			if l.cand[q]&bit == 0 {
				continue
			}
			c := int(q)
			if c == w[0] || c == w[1] || c == w[2] || c == w[3] {
				continue
			}
			var lose uint32
			for e := elim & l.cand[c]; e != 0; e &= e - 1 {
				if l.seesHolders(c, w[:], e&-e) {
					lose |= e & -e
				}
			}
			if lose != 0 {
				hit = l.elim(c, lose) || hit
			}
		}
	}
	if !hit || !l.accept() {
		return false
	}
	l.mv.digits = elim
	for _, c := range w {
		l.addCell(c)
	}
	l.addSet(w[:]...)
	l.counts[tWXYZWing]++
	return true
}

// oneUnit reports whether the cells of w share a unit.
func (l *logic) oneUnit(w [4]int) bool {
	us := l.t.cellUnits[w[0]]
	for k := range us {
		if l.t.cellUnits[w[1]][k] == us[k] && l.t.cellUnits[w[2]][k] == us[k] && l.t.cellUnits[w[3]][k] == us[k] {
			return true
		}
	}
	return false
}

// restricted reports whether the cells of set holding bit all see each
// other.
func (l *logic) restricted(set []int, bit uint32) bool {
	for i, a := range set {
		if l.cand[a]&bit == 0 {
			continue
		}
		for _, b := range set[i+1:] {
			if l.cand[b]&bit != 0 && !l.sees(a, b) {
				return false
			}
		}
	}
	return true
}

// seesHolders reports whether c sees every cell of set that holds bit.
func (l *logic) seesHolders(c int, set []int, bit uint32) bool {
	for _, a := range set {
		if l.cand[a]&bit != 0 && !l.sees(c, a) {
			return false
		}
	}
	return true
}

// describeWing explains a W-Wing or a WXYZ-Wing; gone says what it
// removes.
func (l *logic) describeWing(mv *move, gone string) string {
	p := &mv.pattern
	if mv.tech == tWWing && mv.ncells == 4 && p.nlinks >= 3 && p.nunits >= 1 {
		a, pc, q, b := int(mv.cells[0]), int(mv.cells[1]), int(mv.cells[2]), int(mv.cells[3])
		y, x := sym(int(p.links[0].from.v)), sym(int(p.links[0].to.v))
		return fmt.Sprintf("a W-Wing: %s and %s hold only %s, and the %ss of %s lie only in %s, which sees %s, and %s, which sees %s; they cannot both be %s, so one of them holds %s, which %s",
			l.cellName(a), l.cellName(b), values(mv.digits), x, l.unitName(int(p.units[0])), l.cellName(pc), l.cellName(a), l.cellName(q), l.cellName(b), x, y, gone)
	}
	cells := ""
	if mv.ncells == 4 {
		cells = fmt.Sprintf("pivot %s with %s, %s and %s", l.cellName(int(mv.cells[0])), l.cellName(int(mv.cells[1])), l.cellName(int(mv.cells[2])), l.cellName(int(mv.cells[3])))
	}
	if popcount(mv.digits) == 1 {
		z := values(mv.digits)
		return fmt.Sprintf("a WXYZ-Wing (%s: four values in four cells, each value but %s in cells that see each other): one of them holds %s, which %s",
			cells, z, z, gone)
	}
	return fmt.Sprintf("a WXYZ-Wing (%s: four values in four cells, each in cells that see each other): each value is in one of them, which %s",
		cells, gone)
}
