package engine

import "math/bits"

// This file holds the subsets: naked pairs, triples and quads (k cells of a
// unit holding only k values) and hidden ones (k values of a unit with only
// k places).

// nakedSubset: k cells of a unit whose candidates together are k values;
// those values go from the unit's other cells.
func (l *logic) nakedSubset(k int, tc tech) bool {
	t := l.t
	for u := 0; u < 3*l.n; u++ {
		l.nsub = 0
		empty := 0
		for _, c := range t.unit(u) {
			if l.val[c] != 0 {
				continue
			}
			empty++
			if pc := popcount(l.cand[c]); pc >= 2 && pc <= k {
				l.sub[l.nsub] = c
				l.nsub++
			}
		}
		if l.nsub < k || empty <= k {
			continue
		}
		if l.nakedRec(u, k, tc, 0, 0, 0) {
			return true
		}
	}
	return false
}

func (l *logic) nakedRec(u, k int, tc tech, start, depth int, union uint32) bool {
	if depth == k {
		if popcount(union) != k {
			return false
		}
		l.begin(tc)
		hit := false
		for _, c := range l.t.unit(u) {
			if l.val[c] != 0 || l.picked(int(c), k) {
				continue
			}
			hit = l.elim(int(c), union) || hit
		}
		if !hit || !l.accept() {
			return false
		}
		l.mv.unit, l.mv.digits = u, union
		l.addUnit(u)
		for i := 0; i < k; i++ {
			l.addCell(l.pick[i])
		}
		l.counts[tc]++
		return true
	}
	for i := start; i <= l.nsub-(k-depth); i++ {
		c := int(l.sub[i])
		nu := union | l.cand[c]
		if popcount(nu) > k {
			continue
		}
		l.pick[depth] = c
		if l.nakedRec(u, k, tc, i+1, depth+1, nu) {
			return true
		}
	}
	return false
}

func (l *logic) picked(c, k int) bool {
	for i := 0; i < k; i++ {
		if l.pick[i] == c {
			return true
		}
	}
	return false
}

// hiddenSubset: k values of a unit that fit only k cells; the other values
// go from those cells.
func (l *logic) hiddenSubset(k int, tc tech) bool {
	t, n := l.t, l.n
	for u := 0; u < 3*n; u++ {
		cells := t.unit(u)
		for d := 0; d < n; d++ {
			l.pos[d] = 0
		}
		for i, c := range cells {
			for m := l.cand[c]; m != 0; m &= m - 1 {
				l.pos[bits.TrailingZeros32(m)] |= 1 << i
			}
		}
		l.nsub = 0
		open := 0
		for d := 0; d < n; d++ {
			pc := popcount(l.pos[d])
			if pc > 0 {
				open++
			}
			if pc >= 2 && pc <= k {
				l.sub[l.nsub] = int16(d)
				l.nsub++
			}
		}
		if l.nsub < k || open <= k {
			continue
		}
		if l.hiddenRec(u, k, tc, 0, 0, 0, 0) {
			return true
		}
	}
	return false
}

func (l *logic) hiddenRec(u, k int, tc tech, start, depth int, union, digits uint32) bool {
	if depth == k {
		if popcount(union) != k {
			return false
		}
		l.begin(tc)
		l.mv.unit = u
		hit := false
		cells := l.t.unit(u)
		for m := union; m != 0; m &= m - 1 {
			c := int(cells[bits.TrailingZeros32(m)])
			hit = l.elim(c, l.all&^digits) || hit
		}
		if !hit || !l.accept() {
			return false
		}
		l.mv.unit, l.mv.digits = u, digits
		l.addUnit(u)
		for m := union; m != 0; m &= m - 1 {
			l.addCell(int(cells[bits.TrailingZeros32(m)]))
		}
		l.counts[tc]++
		return true
	}
	for i := start; i <= l.nsub-(k-depth); i++ {
		d := int(l.sub[i])
		nu := union | l.pos[d]
		if popcount(nu) > k {
			continue
		}
		if l.hiddenRec(u, k, tc, i+1, depth+1, nu, digits|1<<d) {
			return true
		}
	}
	return false
}
