package engine

import "testing"

// TestFilterUnitExact compares filterUnit with brute force on random
// candidate sets of one unit: it must keep exactly the values that some
// assignment of distinct values to all the unit's cells gives their cell,
// and report a contradiction when there is no such assignment.
func TestFilterUnitExact(t *testing.T) {
	rng := NewRandForTest(5)
	for _, sh := range []Shape{{4, 2, 2}, {6, 2, 3}, {8, 4, 2}, {9, 3, 3}} {
		s := getSolver(sh)
		n := sh.Size
		for trial := 0; trial < 3000; trial++ {
			st := s.level(0)
			clear(st)
			cand, placed := st[:s.cells], st[s.cells:s.cells+s.nu]
			for c := range cand {
				cand[c] = s.full
			}
			u := rng.IntN(s.nu)
			unit := s.t.unit(u)
			var masks [MaxSize]uint32
			for i, c := range unit {
				m := rng.Uint32() & s.full
				if rng.IntN(3) == 0 {
					m &= rng.Uint32()
				}
				if m == 0 {
					m = 1 << rng.IntN(n)
				}
				masks[i], cand[c] = m, m
			}
			// Every value some perfect matching gives each cell.
			var support [MaxSize]uint32
			var pick [MaxSize]uint32
			var match func(i int, used uint32)
			match = func(i int, used uint32) {
				if i == n {
					for k := range n {
						support[k] |= pick[k]
					}
					return
				}
				for m := masks[i] &^ used; m != 0; m &= m - 1 {
					pick[i] = m & -m
					match(i+1, used|pick[i])
				}
			}
			match(0, 0)
			s.qh, s.qt = 0, 0
			r := s.filterUnit(cand, placed, u)
			if support[0] == 0 {
				if r != lcContradiction {
					t.Fatalf("%v unit %d %x: no assignment, filterUnit = %d", sh, u, masks[:n], r)
				}
				continue
			}
			changed := false
			for i, c := range unit {
				if cand[c] != support[i] {
					t.Fatalf("%v unit %d %x: cell %d keeps %b, want %b", sh, u, masks[:n], i, cand[c], support[i])
				}
				changed = changed || support[i] != masks[i]
			}
			if want := map[bool]int{false: lcNone, true: lcProgress}[changed]; r != want {
				t.Fatalf("%v unit %d %x: filterUnit = %d, want %d", sh, u, masks[:n], r, want)
			}
			if r := s.filterUnit(cand, placed, u); r != lcNone {
				t.Fatalf("%v unit %d: filtering again = %d", sh, u, r)
			}
		}
		solverPool.Put(s)
	}
}
