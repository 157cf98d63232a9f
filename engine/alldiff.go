package engine

import "math/bits"

// subsetMode says which units propagation makes domain-consistent.
type subsetMode uint8

const (
	noSubsets    subsetMode = iota
	allSubsets              // every unit
	focusSubsets            // the units where the row-major search works
)

// allDifferent makes units domain-consistent (see filterUnit): every unit,
// or in focusSubsets mode the row of the first open cell, that cell's box
// and the next box along the row. The row-major search fills cells in that
// order, so its dead ends show there first; filtering those few units
// instead of all 3N keeps a node cheap, and on every empty board the search
// then never backtracks (locked candidates, which propagate then skips,
// add nothing there either). Filtering all the band's boxes from the
// current one on ends no empty board sooner and barely more sparse ones
// within lexFirst's budget (of 372 boards with 1/30 to 1/9 of the cells
// given, 12 ran out of it instead of 13), at up to 1.7 times the cost
// (24×24 with 12×2 boxes); the row and the current box alone ran out on 21.
func (s *solver) allDifferent(cand, placed []uint32) int {
	if s.subsets == allSubsets {
		for u := 0; u < s.nu; u++ {
			if r := s.filterUnit(cand, placed, u); r != lcNone {
				return r // let the cheap rules run before the next unit
			}
		}
		return lcNone
	}
	first := 0
	for first < s.cells && cand[first]&(cand[first]-1) == 0 {
		first++
	}
	if first == s.cells {
		return lcNone
	}
	n, R, C := s.n, s.t.shape.BoxRows, s.t.shape.BoxCols
	row := first / n
	if r := s.filterUnit(cand, placed, row); r != lcNone {
		return r
	}
	bw := n / C                       // boxes across
	box := 2*n + row/R*bw + first%n/C // the first open cell's box
	for u := box; u < min(box+2, 2*n+(row/R+1)*bw); u++ {
		if r := s.filterUnit(cand, placed, u); r != lcNone {
			return r
		}
	}
	return lcNone
}

// filterUnit makes unit u domain-consistent (Régin's filtering for the
// all-different constraint): a value stays a candidate of a cell only when
// some assignment of the whole unit gives it to that cell. This is every
// naked and hidden subset of the unit at once. It finds a perfect matching
// of cells to values by augmenting paths, then keeps, for each cell, the
// values matched within its strongly connected component of the "can give
// its value to" graph, each component found as the cells both reachable
// from one of its cells and reaching it. Cost O(N²) word operations at
// worst, O(N) when the open cells form one component; nothing when the
// unit is as filterUnit last left it.
func (s *solver) filterUnit(cand, placed []uint32, u int) int {
	if placed[u] == s.full {
		return lcNone
	}
	n := s.n
	unit := s.t.units[u*n : (u+1)*n]
	last := &s.consistent[u]
	same := true
	for i, c := range unit {
		if last[i] != cand[c] {
			same = false
			break
		}
	}
	if same {
		return lcNone
	}
	var match [MaxSize]uint32 // value bit matched to the unit's i-th cell
	var owner [MaxSize]int8   // cell index owning each value
	for v := range owner[:n] {
		owner[v] = -1
	}
	for i, c := range unit {
		match[i] = 0
		for free := cand[c]; free != 0; free &= free - 1 {
			if v := bits.TrailingZeros32(free); owner[v] < 0 {
				owner[v], match[i] = int8(i), free&-free
				break
			}
		}
	}
	for i := range unit {
		if match[i] == 0 {
			var seen uint32
			if !augment(cand, unit, i, &match, &owner, &seen) {
				return lcContradiction
			}
		}
	}
	// Cell i can give its value to cell j when it has j's matched value;
	// fwd and bwd hold that graph's edges and their reverse.
	var fwd, bwd [MaxSize]uint32
	var open uint32
	for i, c := range unit {
		m := cand[c] &^ match[i]
		if m != 0 {
			open |= 1 << i
		}
		for ; m != 0; m &= m - 1 {
			j := owner[bits.TrailingZeros32(m)]
			fwd[i] |= 1 << j
			bwd[j] |= 1 << i
		}
	}
	out := lcNone
	for open != 0 {
		i := bits.TrailingZeros32(open)
		scc := closure(&fwd, i) & closure(&bwd, i)
		open &^= scc
		var allowed uint32
		for m := scc; m != 0; m &= m - 1 {
			allowed |= match[bits.TrailingZeros32(m)]
		}
		for m := scc; m != 0; m &= m - 1 {
			c := unit[bits.TrailingZeros32(m)]
			if cand[c]&^allowed != 0 {
				cand[c] &= allowed
				out = lcProgress
				if m := cand[c]; m&(m-1) == 0 {
					s.queue[s.qt] = c
					s.qt++
				}
			}
		}
	}
	for i, c := range unit {
		last[i] = cand[c]
	}
	return out
}

// closure returns the nodes reachable from node i (i included) in the graph
// whose edges from node j are the bits of adj[j].
func closure(adj *[MaxSize]uint32, i int) uint32 {
	seen := uint32(1) << i
	for frontier := seen; frontier != 0; {
		var next uint32
		for m := frontier; m != 0; m &= m - 1 {
			next |= adj[bits.TrailingZeros32(m)]
		}
		frontier = next &^ seen
		seen |= next
	}
	return seen
}

// augment looks for an augmenting path from the unit's unmatched cell i.
func augment(cand []uint32, unit []int16, i int, match *[MaxSize]uint32, owner *[MaxSize]int8, seen *uint32) bool {
	for m := cand[unit[i]] &^ *seen; m != 0; m &= m - 1 {
		bit := m & -m
		*seen |= bit
		v := bits.TrailingZeros32(bit)
		if j := owner[v]; j < 0 || augment(cand, unit, int(j), match, owner, seen) {
			owner[v] = int8(i)
			match[i] = bit
			return true
		}
	}
	return false
}
