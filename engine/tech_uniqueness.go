package engine

// This file holds the uniqueness techniques: unique rectangles (types 1 to
// 4 and hidden) and BUG+1. Each rests on the puzzle having exactly one
// solution: a pattern that could be completed in two ways (a deadly
// pattern) cannot be what the solution is. They run only when l.unique
// is set, and their explanations say so.

// A rectangle's corners: a (the bivalue corner the search starts from), b
// in a's row, c in a's column, d opposite a. Its cells lie in two rows,
// two columns and two boxes, so swapping its two values keeps every unit
// whole: the deadly pattern.
type rect struct{ a, b, c, d int }

// corners returns the corners in the order a, b, c, d.
func (r *rect) corners() [4]int { return [4]int{r.a, r.b, r.c, r.d} }

// rectangles calls f for every rectangle whose corners are empty, hold
// both values of pair, span two boxes, and whose corner a has exactly the
// candidates pair; f returns true to stop.
func (l *logic) rectangles(f func(r rect, pair uint32) bool) bool {
	t, n := l.t, l.n
	for a := 0; a < t.cells; a++ {
		pair := l.cand[a]
		if popcount(pair) != 2 {
			continue
		}
		r1, c1 := a/n, a%n
		for c2 := 0; c2 < n; c2++ {
			b := r1*n + c2
			if c2 == c1 || l.cand[b]&pair != pair {
				continue
			}
			for r2 := 0; r2 < n; r2++ {
				c, d := r2*n+c1, r2*n+c2
				if r2 == r1 || l.cand[c]&pair != pair || l.cand[d]&pair != pair {
					continue
				}
				ba, bb, bc, bd := t.cellUnits[a][2], t.cellUnits[b][2], t.cellUnits[c][2], t.cellUnits[d][2]
				if !(ba == bb && bc == bd && ba != bc || ba == bc && bb == bd && ba != bb) {
					continue
				}
				if f(rect{a, b, c, d}, pair) {
					return true
				}
			}
		}
	}
	return false
}

// urFinish records a rectangle step that has removed something.
func (l *logic) urFinish(tc tech, r rect, pair uint32) bool {
	if !l.accept() {
		return false
	}
	l.mv.digits = pair
	for _, c := range r.corners() {
		l.addCell(c)
	}
	l.counts[tc]++
	return true
}

// uniqueRect1: three corners hold only {a,b}; the fourth would complete
// the deadly pattern with either, so a and b go from it.
func (l *logic) uniqueRect1() bool {
	if !l.unique {
		return false
	}
	return l.rectangles(func(r rect, pair uint32) bool {
		extra, x := 0, -1
		for _, c := range r.corners() {
			if l.cand[c] != pair {
				extra++
				x = c
			}
		}
		if extra != 1 {
			return false
		}
		l.begin(tUniqueRectangle1)
		l.elim(x, pair)
		return l.urFinish(tUniqueRectangle1, r, pair)
	})
}

// roof returns, for a rectangle whose two corners of one side (a line)
// hold only the pair, the other two corners (the roof), or false.
func (l *logic) roof(r rect, pair uint32) (p, q int, ok bool) {
	cs := r.corners()
	// Sides: a-b and c-d share rows; a-c and b-d share columns.
	for _, side := range [4][4]int{{0, 1, 2, 3}, {2, 3, 0, 1}, {0, 2, 1, 3}, {1, 3, 0, 2}} {
		if l.cand[cs[side[0]]] == pair && l.cand[cs[side[1]]] == pair &&
			l.cand[cs[side[2]]] != pair && l.cand[cs[side[3]]] != pair {
			return cs[side[2]], cs[side[3]], true
		}
	}
	return 0, 0, false
}

// uniqueRect2: the two roof corners hold {a,b} and one same extra value z;
// one of them is z, so z goes from every cell that sees both.
func (l *logic) uniqueRect2() bool {
	if !l.unique {
		return false
	}
	return l.rectangles(func(r rect, pair uint32) bool {
		p, q, ok := l.roof(r, pair)
		if !ok {
			return false
		}
		z := l.cand[p] &^ pair
		if popcount(z) != 1 || l.cand[q]&^pair != z {
			return false
		}
		l.begin(tUniqueRectangle2)
		hit := false
		for _, x := range l.t.peersOf(p) {
			if int(x) != q && l.sees(int(x), q) {
				hit = l.elim(int(x), z) || hit
			}
		}
		return hit && l.urFinish(tUniqueRectangle2, r, pair)
	})
}

// uniqueRect3: one of the roof corners holds one of its extra values, so
// the roof acts as one cell whose candidates are the extras; with k-1
// other cells of a unit it shares it forms a naked subset of k values,
// which go from the unit's other cells.
func (l *logic) uniqueRect3() bool {
	if !l.unique {
		return false
	}
	return l.rectangles(func(r rect, pair uint32) bool {
		p, q, ok := l.roof(r, pair)
		if !ok {
			return false
		}
		extra := (l.cand[p] | l.cand[q]) &^ pair
		if popcount(extra) < 2 {
			return false // one extra value: type 2
		}
		pu, qu := l.t.cellUnits[p], l.t.cellUnits[q]
		for k := 0; k < 3; k++ {
			if pu[k] != qu[k] {
				continue
			}
			u := int(pu[k])
			l.nsub = 0
			for _, c := range l.t.unit(u) {
				if int(c) != p && int(c) != q && l.val[c] == 0 && popcount(l.cand[c]) <= 4 {
					l.sub[l.nsub] = c
					l.nsub++
				}
			}
			if l.ur3Rec(r, pair, u, p, q, 0, 0, extra) {
				return true
			}
		}
		return false
	})
}

// ur3Rec picks cells of l.sub (from start; depth picked so far) whose
// candidates with the roof's extras union make depth+1 values.
func (l *logic) ur3Rec(r rect, pair uint32, u, p, q, start, depth int, union uint32) bool {
	if depth > 0 && popcount(union) == depth+1 {
		l.begin(tUniqueRectangle3)
		hit := false
		for _, c := range l.t.unit(u) {
			if int(c) != p && int(c) != q && l.val[c] == 0 && !l.picked(int(c), depth) {
				hit = l.elim(int(c), union) || hit
			}
		}
		if hit && l.urFinish(tUniqueRectangle3, r, pair) {
			l.mv.unit = u
			l.addUnit(u)
			for i := 0; i < depth; i++ {
				l.addSet(l.pick[i])
			}
			return true
		}
		return false
	}
	if depth == 3 {
		return false
	}
	for i := start; i < l.nsub; i++ {
		c := int(l.sub[i])
		nu := union | l.cand[c]
		if popcount(nu) > 4 {
			continue
		}
		l.pick[depth] = c
		if l.ur3Rec(r, pair, u, p, q, i+1, depth+1, nu) {
			return true
		}
	}
	return false
}

// uniqueRect4: in a unit both roof corners share, one value of the pair
// has no other place; the roof then holds it once, and the other value of
// the pair would complete the deadly pattern, so it goes from both.
func (l *logic) uniqueRect4() bool {
	if !l.unique {
		return false
	}
	return l.rectangles(func(r rect, pair uint32) bool {
		p, q, ok := l.roof(r, pair)
		if !ok {
			return false
		}
		pu, qu := l.t.cellUnits[p], l.t.cellUnits[q]
		for k := 0; k < 3; k++ {
			if pu[k] != qu[k] {
				continue
			}
			u := int(pu[k])
			for m := pair; m != 0; m &= m - 1 {
				bit := m & -m
				if !l.onlyIn(u, bit, p, q) {
					continue
				}
				l.begin(tUniqueRectangle4)
				l.elim(p, pair&^bit)
				l.elim(q, pair&^bit)
				if l.urFinish(tUniqueRectangle4, r, pair) {
					l.mv.unit = u
					l.addUnit(u)
					return true
				}
			}
		}
		return false
	})
}

// onlyIn reports whether the value bit has no place in unit u but cells p
// and q.
func (l *logic) onlyIn(u int, bit uint32, p, q int) bool {
	for _, c := range l.t.unit(u) {
		if int(c) != p && int(c) != q && l.cand[c]&bit != 0 {
			return false
		}
	}
	return true
}

// hiddenUniqueRect: corner a holds only {x,y}; in the row and the column
// of the opposite corner d, x has no place outside the rectangle. If d
// were y, x would fill the two corners beside d, a would be y: the deadly
// pattern. So y goes from d.
func (l *logic) hiddenUniqueRect() bool {
	if !l.unique {
		return false
	}
	return l.rectangles(func(r rect, pair uint32) bool {
		if l.cand[r.d] == pair {
			return false // a type 1 at best
		}
		du := l.t.cellUnits[r.d]
		for m := pair; m != 0; m &= m - 1 {
			x := m & -m
			if !l.onlyIn(int(du[0]), x, r.c, r.d) || !l.onlyIn(int(du[1]), x, r.b, r.d) {
				continue
			}
			l.begin(tHiddenUniqueRectangle)
			l.elim(r.d, pair&^x)
			if l.urFinish(tHiddenUniqueRectangle, r, pair) {
				l.mv.value = lowValue(x) // the value locked in d's lines
				l.addUnit(int(du[0]))
				l.addUnit(int(du[1]))
				return true
			}
		}
		return false
	})
}

// bugPlus1: every empty cell holds two candidates but one, which holds
// three, and each value has two places in every unit but the value v
// with three in that cell's units (a bivalue universal grave plus one).
// Without v that cell would leave a grave, which has no single solution:
// so the cell is v, and its other candidates go.
func (l *logic) bugPlus1() bool {
	if !l.unique {
		return false
	}
	t, n := l.t, l.n
	x := -1
	for c := 0; c < t.cells; c++ {
		if l.val[c] != 0 {
			continue
		}
		switch popcount(l.cand[c]) {
		case 2:
		case 3:
			if x >= 0 {
				return false
			}
			x = c
		default:
			return false
		}
	}
	if x < 0 {
		return false
	}
	v := uint32(0)
	xu := t.cellUnits[x]
	for u := 0; u < 3*n; u++ {
		var one, two, three uint32
		for _, c := range t.unit(u) {
			m := l.cand[c]
			three |= two & m
			two |= one & m
			one |= m
		}
		if one&^two != 0 {
			return false // a value with one place: not a grave
		}
		if int(xu[0]) != u && int(xu[1]) != u && int(xu[2]) != u {
			if three != 0 {
				return false
			}
			continue
		}
		// In x's units, the value v has three places (two beside x); no
		// value has more.
		if popcount(three) != 1 || l.count(u, three) != 3 || v != 0 && three != v {
			return false
		}
		v = three
	}
	if l.cand[x]&v == 0 {
		return false
	}
	l.begin(tBUGPlus1)
	l.elim(x, l.cand[x]&^v)
	if !l.accept() {
		return false
	}
	l.mv.digits = v
	l.addCell(x)
	l.counts[tBUGPlus1]++
	return true
}

// count returns the cells of unit u holding the value bit.
func (l *logic) count(u int, bit uint32) int {
	k := 0
	for _, c := range l.t.unit(u) {
		if l.cand[c]&bit != 0 {
			k++
		}
	}
	return k
}

// describeUnique explains a move of this file's techniques (stepOf adds
// that it uses the puzzle's single solution).
func (l *logic) describeUnique(mv *move, gone string) string {
	pair := values(mv.digits)
	rect := l.cellList(mv.cells[:mv.ncells])
	switch mv.tech {
	case tUniqueRectangle1:
		return "the rectangle " + rect + " of " + pair + " would be a deadly pattern, two ways to finish the puzzle, unless its one corner with other candidates holds one of them; that " + gone
	case tUniqueRectangle2:
		return "the rectangle " + rect + " of " + pair + " would be a deadly pattern unless one of its two corners with one more value holds it, which " + gone
	case tUniqueRectangle3:
		return "the rectangle " + rect + " of " + pair + " would be a deadly pattern unless one of its two corners with more values holds one of them; those extras form a naked subset in " + l.unitName(mv.unit) + ", which " + gone
	case tUniqueRectangle4:
		return "the rectangle " + rect + " of " + pair + " would be a deadly pattern; one value of the pair must go in its two corners of " + l.unitName(mv.unit) + ", so the other cannot be there, which " + gone
	case tHiddenUniqueRectangle:
		return "the rectangle " + rect + " of " + pair + " would be a deadly pattern: " + sym(mv.value) + " has no place outside it in the lines of its opposite corner, which " + gone
	case tBUGPlus1:
		return "every empty cell but " + rect + " has two candidates and every value two places per unit, a deadly pattern; so " + rect + " holds " + values(mv.digits) + ", the value with three places in its units, which " + gone
	}
	return ""
}
