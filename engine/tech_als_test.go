package engine

import "testing"

// checkALS checks that cells form an almost locked set in state l: all in
// one unit, with one value more than cells. It returns their values.
func checkALS(t *testing.T, l *logic, cells []int16) uint32 {
	t.Helper()
	var union uint32
	var common [3]int16 = l.t.cellUnits[cells[0]]
	for _, c := range cells {
		union |= l.cand[c]
		for k, u := range l.t.cellUnits[c] {
			if u != common[k] {
				common[k] = -1
			}
		}
	}
	if common == [3]int16{-1, -1, -1} || popcount(union) != len(cells)+1 {
		t.Fatalf("not an ALS: %s (values %b)", l.cellList(cells), union)
	}
	return union
}

// restrictedCommon reports whether every cell of a holding bit sees every
// cell of b holding it, and both hold it.
func restrictedCommon(l *logic, a, b []int16, bit uint32) bool {
	na, nb := 0, 0
	for _, x := range a {
		if l.cand[x]&bit == 0 {
			continue
		}
		na++
		for _, y := range b {
			if x == y || l.cand[y]&bit != 0 && !l.sees(int(x), int(y)) {
				return false
			}
		}
	}
	for _, y := range b {
		if l.cand[y]&bit != 0 {
			nb++
		}
	}
	return na > 0 && nb > 0
}

// seesAllHolders reports whether c, outside the sets, sees every cell of
// the sets that holds bit.
func seesAllHolders(l *logic, c int, bit uint32, sets ...[]int16) bool {
	for _, s := range sets {
		for _, h := range s {
			if int(h) == c || l.cand[h]&bit != 0 && !l.sees(c, int(h)) {
				return false
			}
		}
	}
	return true
}

// verifyALSXZ checks an ALS-XZ against state before: two disjoint ALSs,
// the restricted common candidates recorded (mv.digits) are restricted,
// and every elimination follows: a common value other than the restricted
// ones from a cell seeing all its cells in both sets, or, doubly linked,
// also a value of one set from a cell seeing all its cells in that set.
func verifyALSXZ(t *testing.T, before, after *logic) {
	t.Helper()
	mv := &after.mv
	p := &mv.pattern
	if p.nsets != 2 || mv.digits == 0 {
		t.Fatalf("ALS-XZ: %d sets, restricted %b", p.nsets, mv.digits)
	}
	a, b := p.set(0), p.set(1)
	ua, ub := checkALS(t, before, a), checkALS(t, before, b)
	for m := mv.digits; m != 0; m &= m - 1 {
		if !restrictedCommon(before, a, b, m&-m) {
			t.Fatalf("ALS-XZ: %d is not a restricted common of %s and %s", lowValue(m), before.cellList(a), before.cellList(b))
		}
	}
	doubly := popcount(mv.digits) > 1
	elimsOf(before, after, func(c int, gone uint32) {
		for m := gone; m != 0; m &= m - 1 {
			bit := m & -m
			ok := ua&ub&bit != 0 && (doubly || mv.digits&bit == 0) && seesAllHolders(before, c, bit, a, b)
			if doubly && !ok {
				ok = ua&^mv.digits&bit != 0 && seesAllHolders(before, c, bit, a) ||
					ub&^mv.digits&bit != 0 && seesAllHolders(before, c, bit, b)
			}
			if !ok {
				t.Fatalf("ALS-XZ %s / %s (restricted %b) removed %d from %s", before.cellList(a), before.cellList(b), mv.digits, lowValue(bit), before.cellName(c))
			}
		}
	})
}

// verifyALSXYWing checks an ALS-XY-Wing: ALSs A, C, B; x restricted
// common of A and C, y of C and B, x ≠ y; every elimination is a value z
// of A and B other than x and y, from a cell that sees all of A's and B's
// cells holding z.
func verifyALSXYWing(t *testing.T, before, after *logic) {
	t.Helper()
	mv := &after.mv
	p := &mv.pattern
	if p.nsets != 3 || p.nlinks != 2 {
		t.Fatalf("ALS-XY-Wing: %d sets, %d links", p.nsets, p.nlinks)
	}
	a, c, b := p.set(0), p.set(1), p.set(2)
	ua, ub := checkALS(t, before, a), checkALS(t, before, b)
	checkALS(t, before, c)
	x, y := uint32(1)<<(p.links[0].from.v-1), uint32(1)<<(p.links[1].from.v-1)
	if x == y || !restrictedCommon(before, a, c, x) || !restrictedCommon(before, c, b, y) {
		t.Fatalf("ALS-XY-Wing: x %b, y %b not restricted", x, y)
	}
	elimsOf(before, after, func(cell int, gone uint32) {
		for m := gone; m != 0; m &= m - 1 {
			bit := m & -m
			if bit&(x|y) != 0 || ua&ub&bit == 0 || !seesAllHolders(before, cell, bit, a, b) {
				t.Fatalf("ALS-XY-Wing removed %d from %s", lowValue(bit), before.cellName(cell))
			}
		}
	})
}

func TestALS(t *testing.T) {
	fired := testOnPaths(t, pathBoards(t), []pathTech{
		{tALSXZ, (*logic).alsXZ, verifyALSXZ},
		{tALSXYWing, (*logic).alsXYWing, verifyALSXYWing},
	})
	for tc, byShape := range fired {
		t.Logf("%-16s %v", techs[tc].name, byShape)
		if byShape["3x3"] == 0 {
			t.Errorf("%s never fired on a 9×9", techs[tc].name)
		}
	}
}
