package engine

import (
	"fmt"
	"math/bits"
)

// This file holds the single-digit patterns: short chains of one value
// built from strong links (the only two places for the value in a unit)
// joined by one weak link (two cells that see each other). Skyscraper,
// 2-string kite and turbot fish are strong–weak–strong chains a=b-c=d:
// one of a and d holds the value, so no cell that sees both can. The empty
// rectangle puts a box whose candidates lie on one row and one column in
// place of a strong link.

// slink is a strong link of one value: cells a and b are the only two
// places for it in unit u.
type slink struct{ a, b, u int16 }

// linkTable holds the strong links of every value: links[d][:n[d]] for
// value d+1.
type linkTable struct {
	links [MaxSize][3 * MaxSize]slink
	n     [MaxSize]int
}

// strongLinks fills lt with the strong links of every value, unit by unit
// (rows, columns, boxes). A pair of cells that is the only pair in a line
// and in a box is listed once, with the line.
func (l *logic) strongLinks(lt *linkTable) {
	t, n := l.t, l.n
	clear(lt.n[:n])
	var two [3 * MaxSize]uint32 // per unit, the values with exactly two candidates
	for u := 0; u < 3*n; u++ {
		cells := t.unit(u)
		var once, twice, more uint32
		for _, c := range cells {
			m := l.cand[c]
			more |= twice & m
			twice |= once & m
			once |= m
		}
		two[u] = twice &^ more
		if two[u] == 0 {
			continue
		}
		var first [MaxSize]int16
		var met uint32
		for _, c := range cells {
			for m := l.cand[c] & two[u]; m != 0; m &= m - 1 {
				d := bits.TrailingZeros32(m)
				if met&(1<<d) == 0 {
					met |= 1 << d
					first[d] = c
					continue
				}
				a := first[d]
				if u >= 2*n { // a box: skip a pair its row or column has already
					ua, uc := t.cellUnits[a], t.cellUnits[c]
					if ua[0] == uc[0] && two[ua[0]]&(1<<d) != 0 || ua[1] == uc[1] && two[ua[1]]&(1<<d) != 0 {
						continue
					}
				}
				lt.links[d][lt.n[d]] = slink{a, c, int16(u)}
				lt.n[d]++
			}
		}
	}
}

// unitKind returns the kind of unit u: 0 a row, 1 a column, 2 a box.
func (l *logic) unitKind(u int) int { return u / l.n }

// elimSeenBy removes bit from every cell, other than the pattern's cells
// pat, that sees both a and e, and reports whether any lost it.
func (l *logic) elimSeenBy(bit uint32, a, e int, pat [4]int) bool {
	hit := false
	for _, q := range l.t.peersOf(a) {
		c := int(q)
		if l.cand[c]&bit == 0 || !l.sees(c, e) || c == pat[0] || c == pat[1] || c == pat[2] || c == pat[3] {
			continue
		}
		hit = l.elim(c, bit) || hit
	}
	return hit
}

// shortChain finds a strong–weak–strong chain a=b-c=d of one value whose
// two strong links match want (the kinds of units they lie in and of the
// unit joining b and c) and removes the value from the cells that see
// both a and d. want is called with the two links, b, c: it reports
// whether the chain is the technique's.
func (l *logic) shortChain(tc tech, want func(l *logic, x, y slink, b, c int) bool) bool {
	var lt linkTable
	l.strongLinks(&lt)
	for d := 0; d < l.n; d++ {
		bit := uint32(1) << d
		links, k := &lt.links[d], lt.n[d]
		for i := 0; i < k; i++ {
			for j := i + 1; j < k; j++ {
				x, y := links[i], links[j]
				for o := 0; o < 4; o++ {
					// o picks which end of each link is joined by the weak link.
					a, b := int(x.a), int(x.b)
					if o&1 != 0 {
						a, b = b, a
					}
					c, e := int(y.a), int(y.b)
					if o&2 != 0 {
						c, e = e, c
					}
					if a == c || a == e || b == c || b == e || !l.sees(b, c) || !want(l, x, y, b, c) {
						continue
					}
					l.begin(tc)
					if !l.elimSeenBy(bit, a, e, [4]int{a, b, c, e}) || !l.accept() {
						continue
					}
					l.mv.digits = bit
					l.addUnit(int(x.u))
					l.addUnit(int(y.u))
					for _, p := range [4]int{a, b, c, e} {
						l.addCell(p)
					}
					v := d + 1
					l.addLink(cellNode(a, v), cellNode(b, v), true)
					l.addLink(cellNode(b, v), cellNode(c, v), false)
					l.addLink(cellNode(c, v), cellNode(e, v), true)
					l.counts[tc]++
					return true
				}
			}
		}
	}
	return false
}

// skyscraper: two strong links in parallel lines (two rows or two
// columns) whose ends b and c share the crossing line.
func (l *logic) skyscraper() bool {
	return l.shortChain(tSkyscraper, func(l *logic, x, y slink, b, c int) bool {
		kx := l.unitKind(int(x.u))
		if kx == 2 || kx != l.unitKind(int(y.u)) {
			return false
		}
		// b and c share the other kind of line.
		return l.t.cellUnits[b][1-kx] == l.t.cellUnits[c][1-kx]
	})
}

// twoStringKite: a strong link in a row and one in a column whose ends b
// and c share a box.
func (l *logic) twoStringKite() bool {
	return l.shortChain(tTwoStringKite, func(l *logic, x, y slink, b, c int) bool {
		kx, ky := l.unitKind(int(x.u)), l.unitKind(int(y.u))
		return kx != 2 && ky != 2 && kx != ky && l.t.cellUnits[b][2] == l.t.cellUnits[c][2]
	})
}

// turbotFish: any other strong–weak–strong chain (a strong link in a box,
// or a weak link that is not the skyscraper's or the kite's).
func (l *logic) turbotFish() bool {
	return l.shortChain(tTurbotFish, func(*logic, slink, slink, int, int) bool { return true })
}

// emptyRectangle: the candidates for a value in a box all lie in one row r
// and one column c of it, on both arms (else it is a pointing). A strong
// link X=Y with X in column c outside the box: if X holds the value, the
// box's is in row r; if not, Y holds it. Either way the cell of row r in
// Y's column cannot hold it. Likewise with rows and columns swapped.
func (l *logic) emptyRectangle() bool {
	t, s, n := l.t, l.t.shape, l.n
	var colMask [MaxSize / 2]uint32 // the box positions of each box column
	for j := 0; j < s.BoxCols; j++ {
		for r := 0; r < s.BoxRows; r++ {
			colMask[j] |= 1 << (r*s.BoxCols + j)
		}
	}
	var lt linkTable
	linked := false                 // lt is built on the first rectangle found
	var dm [MaxSize][MaxSize]uint32 // per value and box, the value's positions in the box
	for bx := 0; bx < n; bx++ {
		for i, c := range t.unit(2*n + bx) {
			for m := l.cand[c]; m != 0; m &= m - 1 {
				dm[bits.TrailingZeros32(m)][bx] |= 1 << i
			}
		}
	}
	for d := 0; d < n; d++ {
		for bx := 0; bx < n; bx++ {
			m := dm[d][bx]
			if popcount(m) < 2 {
				continue
			}
			cells := t.unit(2*n + bx)
			for i := 0; i < s.BoxRows; i++ {
				rowMask := (uint32(1)<<s.BoxCols - 1) << (i * s.BoxCols)
				for j := 0; j < s.BoxCols; j++ {
					if m&^(rowMask|colMask[j]) != 0 || m&rowMask&^colMask[j] == 0 || m&colMask[j]&^rowMask == 0 {
						continue
					}
					if !linked {
						l.strongLinks(&lt)
						linked = true
					}
					hinge := int(cells[i*s.BoxCols+j])
					if l.erLinks(uint32(1)<<d, bx, hinge, lt.links[d][:lt.n[d]]) {
						return true
					}
				}
			}
		}
	}
	return false
}

// erLinks tries every strong link against the empty rectangle of box bx
// whose row and column cross at hinge.
func (l *logic) erLinks(bit uint32, bx, hinge int, links []slink) bool {
	t, n := l.t, l.n
	hr, hc := hinge/n, hinge%n
	erRow, erCol := hr, n+hc
	for _, lk := range links {
		for o := 0; o < 2; o++ {
			x, y := int(lk.a), int(lk.b)
			if o == 1 {
				x, y = y, x
			}
			if int(t.cellUnits[x][2]) == 2*n+bx || int(t.cellUnits[y][2]) == 2*n+bx {
				continue
			}
			// X in the rectangle's column: the target is in its row and
			// Y's column; X in its row: in its column and Y's row.
			var target, xLine int // xLine: 0 if X lies in the rectangle's row, 1 its column
			switch {
			case x%n == hc && y/n != hr:
				target, xLine = hr*n+y%n, 1
			case x/n == hr && y%n != hc:
				target, xLine = (y/n)*n+hc, 0
			default:
				continue
			}
			if int(t.cellUnits[target][2]) == 2*n+bx || target == x || l.cand[target]&bit == 0 {
				continue
			}
			l.begin(tEmptyRectangle)
			if !l.elim(target, bit) || !l.accept() {
				continue
			}
			l.mv.digits = bit
			l.addUnit(2*n + bx)
			l.addUnit(erRow)
			l.addUnit(erCol)
			l.addUnit(int(lk.u))
			// The chain Y=X-G1=G2: G1 the box's cells in X's line, G2 the
			// rest of the box's cells; the target sees Y and all of G2.
			v := lowValue(bit)
			var g1, g2 [MaxSize]int
			n1, n2 := 0, 0
			for _, c := range t.unit(2*n + bx) {
				if l.cand[c]&bit == 0 {
					continue
				}
				l.addCell(int(c))
				if int(t.cellUnits[c][xLine]) == int(t.cellUnits[x][xLine]) {
					g1[n1] = int(c)
					n1++
				} else {
					g2[n2] = int(c)
					n2++
				}
			}
			l.addCell(x)
			l.addCell(y)
			l.addLink(cellNode(y, v), cellNode(x, v), true)
			l.addLink(cellNode(x, v), groupNode(v, g1[:n1]...), false)
			l.addLink(groupNode(v, g1[:n1]...), groupNode(v, g2[:n2]...), true)
			l.counts[tEmptyRectangle]++
			return true
		}
	}
	return false
}

// cellName names cell c in players' notation: "r3c5".
func (l *logic) cellName(c int) string { return CellName(c/l.n, c%l.n) }

// sharedUnit returns the first unit (row, column, box) that cells a and
// b share, with kind preferred first when they share it, or -1.
func (l *logic) sharedUnit(a, b, kind int) int {
	ua, ub := l.t.cellUnits[a], l.t.cellUnits[b]
	if ua[kind] == ub[kind] {
		return int(ua[kind])
	}
	for k := range ua {
		if ua[k] == ub[k] {
			return int(ua[k])
		}
	}
	return -1
}

// describeSingleDigit explains a skyscraper, 2-string kite, turbot fish or
// empty rectangle; gone says what it removes.
func (l *logic) describeSingleDigit(mv *move, gone string) string {
	v := values(mv.digits)
	title := techs[mv.tech].title
	if mv.tech == tEmptyRectangle {
		p := &mv.pattern
		if mv.ncells < 2 || p.nunits < 3 {
			return fmt.Sprintf("an %s on %s %s", title, v, gone)
		}
		x, y := int(mv.cells[mv.ncells-2]), int(mv.cells[mv.ncells-1])
		box, row, col := int(p.units[0]), int(p.units[1]), int(p.units[2])
		arm := row // X in the rectangle's column puts the box's value in its row
		if int(l.t.cellUnits[x][0]) == row {
			arm = col
		}
		return fmt.Sprintf("an %s on %s: the %ss of %s lie only in %s and %s, and %s=%s is a strong link: if %s holds %s, the %s of %s is in %s; if not, %s holds it; either way it %s",
			title, v, v, l.unitName(box), l.unitName(row), l.unitName(col), l.cellName(y), l.cellName(x),
			l.cellName(x), v, v, l.unitName(box), l.unitName(arm), l.cellName(y), gone)
	}
	if mv.ncells < 4 || mv.pattern.nunits < 2 {
		return fmt.Sprintf("a %s on %s %s", title, v, gone)
	}
	a, b, c, e := int(mv.cells[0]), int(mv.cells[1]), int(mv.cells[2]), int(mv.cells[3])
	ux, uy := int(mv.pattern.units[0]), int(mv.pattern.units[1])
	kind := 0 // the first unit b and c share
	switch mv.tech {
	case tSkyscraper:
		kind = 1 - l.unitKind(ux) // the crossing line
	case tTwoStringKite:
		kind = 2
	}
	join := l.sharedUnit(b, c, kind)
	return fmt.Sprintf("a %s on %s: %s, strong links in %s joined in %s; %s or %s holds %s, which %s",
		title, v, l.chainText(&mv.pattern), l.unitPair(ux, uy), l.unitName(join), l.cellName(a), l.cellName(e), v, gone)
}

// unitPair names two units: "rows 1 and 5", "row 2 and column 4".
func (l *logic) unitPair(u, w int) string {
	if k := l.unitKind(u); k == l.unitKind(w) {
		kinds := [3]string{"rows", "columns", "boxes"}
		return fmt.Sprintf("%s %d and %d", kinds[k], u-k*l.n+1, w-k*l.n+1)
	}
	return l.unitName(u) + " and " + l.unitName(w)
}
