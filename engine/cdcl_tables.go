package engine

import "slices"

// This file holds the constraint tables of the clause-learning search
// (cdcl.go): its groups and segment constraints for one shape, built once
// per topology, and the array bounds that let its hot loops index without
// bounds checks.

// A board up to 25×25 has fewer than maxVars variables (15,625), maxGroups
// groups (2,500), maxCells cells and maxUnitCells places in units (1,875).
// The per-variable, per-group and per-cell arrays are allocated that long,
// whatever the board, so that the hot loops can index them through array
// pointers with masked indices, which need no bounds checks (on 25×25
// those would be an eighth of the loops' instructions).
const (
	maxVars      = 1 << 14
	maxGroups    = 1 << 12
	maxCells     = 1 << 10
	maxUnitCells = 1 << 11
	litMask      = 2*maxVars - 1
	varMask      = maxVars - 1
	groupMask    = maxGroups - 1
	cellMask     = maxCells - 1
	unitMask     = maxUnitCells - 1
)

// cdclTables are the constraints of one shape, built once and kept with
// its topology.
type cdclTables struct {
	// Groups: cell c's candidates are group c, the places of digit d in
	// unit u group cells+u·N+d (a bit per member, in the unit's order).
	// Variable c·N+d is in cell c's group and in its 3 units' groups for
	// d (see groupsOf). Member i of unit group cells+u·N+d is variable
	// units[u·N+i]·N+d.
	cells    int32
	units    []int16      // a copy of the topology's, maxUnitCells long
	cellTab  []cellGroups // maxCells long
	divMagic uint64       // v·divMagic>>32 is v/N for every variable v
	// Segment constraints (locked candidates): for each box B, line L
	// crossing it and digit d, constraint 2k holds d's places in B outside
	// L and 2k+1 d's places in L outside B. When every place of one is
	// false, d lies in B∩L, so every place of the other is false too.
	// A constraint's places are some of one group's members (of B's or L's
	// group for d), in the group's order, so its places not false are that
	// group's open members under a fixed mask.
	segStart, segMembers []int32  // constraint k's places: segMembers[segStart[k]:segStart[k+1]]
	segGroup             []int32  // constraint k's group
	segMask              []uint32 // constraint k's places in its group
	// segAt[u·N+i] are the constraints of unit u's group for digit 0
	// whose places leave out member i, in order, with their masks; mask 0
	// where there are fewer than two (a box's have i's row and column, a
	// line's i's box). For digit d they are those plus 2d.
	segAt [][2]segRef // maxUnitCells long
}

// segRef is segment constraint k with its places mask.
type segRef struct {
	k    int32
	mask uint32
}

// cellGroups are the unit groups of one cell for digit 0: cells+u·N for
// unit u in ub[k]+cells, and the cell's bit in each.
type cellGroups struct {
	ub  [3]int32 // u·N
	bit [3]uint32
}

func (t *topology) cdcl() *cdclTables {
	t.cdclOnce.Do(func() { t.cdclTab = buildCDCLTables(t) })
	return t.cdclTab
}

func buildCDCLTables(t *topology) *cdclTables {
	n, nv := t.n, t.cells*t.n
	if nv > maxVars || t.cells+3*n*n > maxGroups || t.cells > maxCells || 3*n*n > maxUnitCells {
		// Also keeps every literal (below 2·maxVars) within the clause
		// arena's int16.
		panic("sudoku: board too large for the clause-learning search")
	}
	varGroups := make([]int32, nv*4) // the 4 groups of each variable
	tab := &cdclTables{}
	tab.cells = int32(t.cells)
	tab.units = make([]int16, maxUnitCells)
	copy(tab.units, t.units)
	tab.cellTab = make([]cellGroups, maxCells)
	tab.divMagic = 1<<32/uint64(n) + 1
	for c := 0; c < t.cells; c++ {
		for d := 0; d < n; d++ {
			v := c*n + d
			varGroups[v*4] = int32(c)
			if uint64(v)*tab.divMagic>>32 != uint64(c) {
				panic("sudoku: divMagic")
			}
		}
		for k, u := range t.cellUnits[c] {
			pos := slices.Index(t.unit(int(u)), int16(c))
			tab.cellTab[c].ub[k] = int32(u) * int32(n)
			tab.cellTab[c].bit[k] = 1 << pos
			for d := 0; d < n; d++ {
				g := t.cells + int(u)*n + d
				varGroups[(c*n+d)*4+1+k] = int32(g)
			}
		}
	}
	inUnit := func(u int, c int16) bool { return slices.Contains(t.cellUnits[c][:], int16(u)) }
	for b := 2 * n; b < 3*n; b++ {
		for l := 0; l < 2*n; l++ {
			box, line := t.unit(b), t.unit(l)
			if !slices.ContainsFunc(box, func(c int16) bool { return inUnit(l, c) }) {
				continue
			}
			for d := 0; d < n; d++ {
				tab.segStart = append(tab.segStart, int32(len(tab.segMembers)))
				for _, c := range box {
					if !inUnit(l, c) {
						tab.segMembers = append(tab.segMembers, int32(int(c)*n+d))
					}
				}
				tab.segStart = append(tab.segStart, int32(len(tab.segMembers)))
				for _, c := range line {
					if !inUnit(b, c) {
						tab.segMembers = append(tab.segMembers, int32(int(c)*n+d))
					}
				}
			}
		}
	}
	nk := len(tab.segStart)
	tab.segStart = append(tab.segStart, int32(len(tab.segMembers)))
	// Each constraint's group: the one of its first place's unit groups
	// that holds all its places (boxes are at least 2×2, so every
	// constraint has places).
	tab.segGroup = make([]int32, nk)
	tab.segMask = make([]uint32, nk)
	for k := 0; k < nk; k++ {
		places := tab.segMembers[tab.segStart[k]:tab.segStart[k+1]]
		for _, g := range varGroups[places[0]*4+1 : places[0]*4+4] {
			var mask uint32
			for _, v := range places {
				// v's bit in g, if g is one of v's groups.
				k := slices.Index(varGroups[v*4+1:v*4+4], g)
				if k < 0 {
					mask = 0
					break
				}
				mask |= tab.cellTab[int(v)/n].bit[k]
			}
			if mask != 0 {
				tab.segGroup[k], tab.segMask[k] = g, mask
				break
			}
		}
		if tab.segMask[k] == 0 {
			panic("sudoku: segment constraint outside one group")
		}
	}
	tab.segAt = make([][2]segRef, maxUnitCells)
	for k := 0; k < nk; k++ {
		if k/2%n != 0 {
			continue // digit 0's only
		}
		ub := tab.segGroup[k] - tab.cells
		for i := 0; i < n; i++ {
			at, r := &tab.segAt[int(ub)+i], segRef{int32(k), tab.segMask[k]}
			switch {
			case r.mask&(1<<i) != 0:
			case at[0].mask == 0:
				at[0] = r
			case at[1].mask == 0:
				at[1] = r
			default:
				panic("sudoku: more than two segment constraints miss a member")
			}
		}
	}
	// Check the shift by digit that the search relies on.
	for k := 0; k < nk; k++ {
		d := int32(k / 2 % n)
		k0 := k - 2*int(d)
		ok := tab.segGroup[k] == tab.segGroup[k0]+d && tab.segMask[k] == tab.segMask[k0] &&
			tab.segStart[k+1]-tab.segStart[k] == tab.segStart[k0+1]-tab.segStart[k0]
		for i, v := range tab.segMembers[tab.segStart[k]:tab.segStart[k+1]] {
			ok = ok && v == tab.segMembers[int(tab.segStart[k0])+i]+d
		}
		if !ok {
			panic("sudoku: segment constraints not shifted by digit")
		}
	}
	return tab
}

// groupsOf returns the 4 groups of variable v (its cell's, then its
// units' for its digit) and its bit in each.
func (t *cdclTables) groupsOf(v, n int32) (g [4]int32, bit [4]uint32) {
	c := int32(uint64(v) * t.divMagic >> 32)
	d := v - c*n
	e := &t.cellTab[c]
	return [4]int32{c, t.cells + e.ub[0] + d, t.cells + e.ub[1] + d, t.cells + e.ub[2] + d},
		[4]uint32{1 << d, e.bit[0], e.bit[1], e.bit[2]}
}
