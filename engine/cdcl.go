package engine

import (
	"math"
	"math/bits"
	"slices"
)

// cdcl is a conflict-driven clause-learning search over the board's
// exactly-one structure, for the puzzles on which the propagation search
// drowns (minimal 25×25 puzzles take it millions of nodes). A variable is
// "cell c holds digit d", numbered c·N+d. Every cell and every (unit, digit)
// pair is a group of N variables of which exactly one is true; the groups
// are native constraints, not clauses: a true variable falsifies the rest of
// its four groups (naked singles and eliminations), a group left with one
// variable that is not false makes it true (naked and hidden singles). What
// conflicts teach is kept as learned clauses, watched two literals each.
//
// Literals are 2·var for "true" and 2·var+1 for "false".
type cdcl struct {
	t     *topology
	n, nv int
	*cdclTables
	value         []int8   // per literal: 1 true, -1 false, 0 unassigned (2·maxVars long)
	level, reason []int32  // per variable (maxVars long)
	open          []uint32 // per group: its members not false, a bit each (maxGroups long)
	rootOpen      []uint32 // open as the last propagation at level 0 left it
	trail, lim    []int32
	qhead         int
	// Learned clauses: [size, lbd, uses, where the last watch search
	// stopped, lits…]. int16 holds every literal of a board up to 25×25
	// (2·15,625), so every size and LBD too; uses saturate. It halves what
	// a clause visit reads from memory.
	arena              []int16
	learnts            []int32 // clause references (arena offsets)
	watches            [][]watch
	act                []float64
	varInc             float64
	heap               []heapEntry
	heapPos            []int32 // maxVars long
	phase              []int8  // maxVars long
	seen               []int8  // maxVars long
	learnt, stack, tmp []int32
	cleared, rbuf      []int32
	sbuf, smark, sadd  []int32
	levelIn            []bool // per decision level: the clause being shrunk has it
	maxLearnts         int
}

type watch struct{ cref, blocker int32 }

// heapEntry is a variable in the heap with a copy of its activity, so that
// ordering the heap reads no other memory.
type heapEntry struct {
	act float64
	v   int32
}

// runCDCL counts up to max solutions of b with the clause-learning search;
// the first is written to s.out when record is set.
func (s *solver) runCDCL(b *Board, max int, record bool) (int, error) {
	if !s.load(b) {
		return 0, nil
	}
	if s.cd == nil {
		s.cd = new(cdcl)
	}
	cd := s.cd
	cd.reset(s.t)
	if !cd.load(s.level(0)[:s.cells]) {
		return 0, nil
	}
	count := 0
	for {
		switch cd.solve(s) {
		case cdclUnsat:
			return count, nil
		case cdclLimit:
			return count, s.err
		}
		if count == 0 && record {
			for v := 0; v < cd.nv; v++ {
				if cd.value[2*v] == 1 {
					s.out[v/s.n] = uint8(v%s.n + 1)
				}
			}
		}
		count++
		if count >= max || !cd.block() {
			return count, nil
		}
	}
}

// cdclResult is how a search ended.
type cdclResult int

const (
	cdclSat cdclResult = iota
	cdclUnsat
	cdclLimit
)

// solve searches for the next model, spending at most the node budget of
// the owning solver (a conflict or a decision is a node).
func (s *cdcl) solve(sv *solver) cdclResult {
	// fast: a moving average of the LBD of the clauses learned since the
	// last restart; sum/learned: the average of all.
	var fast, sum float64
	var since, learned int
	for {
		confl := s.propagate()
		if confl != reasonNone {
			sv.nodes++
			sv.guesses++
			if s.decisionLevel() == 0 {
				return cdclUnsat
			}
			back := s.analyze(confl)
			s.cancelUntil(back)
			lbd := float64(s.addLearnt())
			s.varInc /= varDecay
			learned++
			since++
			sum += lbd
			if since == 1 {
				fast = lbd
			}
			fast += (lbd - fast) / 32
			if sv.overBudget() {
				return cdclLimit
			}
			continue
		}
		if since >= restartMin && fast > restartMargin*sum/float64(learned) {
			since = 0
			s.cancelUntil(0)
			if len(s.learnts) >= s.maxLearnts {
				s.reduce()
				s.maxLearnts += s.maxLearnts / 10
			}
		}
		v := s.pick()
		if v < 0 {
			return cdclSat
		}
		sv.nodes++
		if sv.overBudget() {
			return cdclLimit
		}
		s.lim = append(s.lim, int32(len(s.trail)))
		l := 2 * v
		if s.phase[v] < 0 {
			l++
		}
		s.enqueue(l, reasonNone)
	}
}

// pick returns the variable to decide next, or -1 when all are assigned:
// of the pickWidth most active open variables, the most active in a group (a
// cell, or a digit in a unit) with the fewest open members. On the 25×25
// gecode set, activity alone needs about twice the conflicts, and fewest
// options alone (blind to what conflicts taught) far more. After
// propagation no open variable is in a group of fewer than two, so the
// first candidate in a group of two ends the look (99.5 % of decisions are
// such), and most calls pop one or a few variables off the heap instead of
// pickWidth.
func (s *cdcl) pick() int32 {
	var cands [pickWidth]int32
	k := 0
	best, bestSize := 0, math.MaxInt
	for len(s.heap) > 0 && k < pickWidth {
		x := s.heapPop()
		if s.value[2*x] != 0 {
			continue
		}
		size := math.MaxInt
		g, _ := s.groupsOf(x, int32(s.n))
		for _, g := range g {
			size = min(size, bits.OnesCount32(s.open[g]))
		}
		cands[k] = x
		if size < bestSize {
			best, bestSize = k, size
		}
		k++
		if size <= 2 {
			break
		}
	}
	if k == 0 {
		return -1
	}
	for i, x := range cands[:k] {
		if i != best {
			s.heapInsert(x)
		}
	}
	return cands[best]
}

// block adds a clause that rules out the model just found (the negation of
// its decisions: propagation from them gives back the whole model) and
// returns to level 0. It reports false when the model was forced, so that
// no other exists.
func (s *cdcl) block() bool {
	s.learnt = s.learnt[:0]
	for _, start := range s.lim {
		s.learnt = append(s.learnt, s.trail[start]^1)
	}
	s.cancelUntil(0)
	switch len(s.learnt) {
	case 0:
		return false
	case 1:
		s.enqueue(s.learnt[0], reasonNone)
	default:
		s.addClause(s.learnt, 0) // lbd 0: never reduced away
	}
	return true
}

// Reasons and conflicts are one int32: the kind in the low kindBits bits.
const (
	reasonNone   = -1
	kindBinary   = 1 // data: the true literal whose group forced this one false
	kindGroup    = 2 // data: the group whose last candidate this is
	kindClause   = 3 // data: the learned clause's arena offset
	kindPair     = 0 // conflict only: two true literals in one group (data: one, other in cdcl.tmp)
	kindSeg      = 4 // data: the segment constraint that fired (a conflict: its target in cdcl.tmp)
	kindBits     = 3
	kindMask     = 1<<kindBits - 1
	clauseHeader = 4
)

// A board up to 25×25 has fewer than maxVars variables (15,625), maxGroups
// groups (2,500), maxCells cells and maxUnitCells places in units (1,875).
// The per-variable, per-group and per-cell arrays are allocated that long,
// whatever the board, so that the hot loops can index them through array
// pointers with masked indices, which need no bounds checks (on 25×25,
// bounds checks were an eighth of those loops' instructions).
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

// Search parameters, chosen by experiment on the 25×25 gecode set.
const (
	varDecay = 0.995 // activity decay per conflict: slow, as these puzzles like
	// A restart comes when the LBD of the last clauses learned, on a moving
	// average, exceeds the average of all by restartMargin (Glucose's rule),
	// and not before restartMin conflicts.
	restartMargin = 1 / 0.8
	restartMin    = 50
	// The learned clauses are halved at a restart once there are
	// learntsPerVar per variable; the ceiling then grows by a tenth.
	learntsPerVar = 1.0 / 3
	pickWidth     = 32 // see pick
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

// reset makes s ready for boards of topology t.
func (s *cdcl) reset(t *topology) {
	if s.t == t {
		return
	}
	s.t = t
	n := t.n
	s.n, s.nv = n, t.cells*n
	s.cdclTables = t.cdcl()
	s.value = grow(s.value, 2*maxVars)
	s.level = grow(s.level, maxVars)
	s.reason = grow(s.reason, maxVars)
	s.open = grow(s.open, maxGroups)
	s.heapPos = grow(s.heapPos, maxVars)
	s.phase = grow(s.phase, maxVars)
	s.seen = grow(s.seen, maxVars)
	s.act = grow(s.act, s.nv)
	s.watches = grow(s.watches, 2*s.nv)
	s.levelIn = grow(s.levelIn, s.nv+1)
	clear(s.levelIn)
}

// grow returns b resized to n, reusing its array when it is large enough
// (the caller resets the contents).
func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	return b[:n]
}

// load starts a search from the candidates cand (one mask per cell, as the
// propagation search leaves them at its root). It reports false when they
// already contradict each other.
func (s *cdcl) load(cand []uint32) bool {
	clear(s.value)
	clear(s.act)
	clear(s.seen)
	for i := range s.open {
		s.open[i] = 1<<s.n - 1
	}
	clear(s.phase) // first try every variable true: place the digit
	for i := range s.watches {
		s.watches[i] = s.watches[i][:0]
	}
	s.trail, s.lim, s.qhead = s.trail[:0], s.lim[:0], 0
	s.arena, s.learnts = s.arena[:0], s.learnts[:0]
	s.varInc = 1
	s.maxLearnts = int(float64(s.nv) * learntsPerVar)
	s.heap = s.heap[:0]
	for v := 0; v < s.nv; v++ {
		s.heapPos[v] = -1
	}
	n := s.n
	for c, m := range cand {
		for d := 0; d < n; d++ {
			if m&(1<<d) == 0 {
				s.enqueue(int32(2*(c*n+d)+1), reasonNone)
			}
		}
	}
	for c, m := range cand {
		if m != 0 && m&(m-1) == 0 {
			l := int32(2 * (c*n + bits.TrailingZeros32(m)))
			if s.value[l] == 0 {
				s.enqueue(l, reasonNone)
			}
		}
	}
	if s.propagate() != reasonNone {
		return false
	}
	for v := 0; v < s.nv; v++ {
		if s.value[2*v] == 0 {
			s.heapInsert(int32(v))
		}
	}
	return true
}

func (s *cdcl) decisionLevel() int32 { return int32(len(s.lim)) }

func (s *cdcl) enqueue(l int32, r int32) {
	v := l >> 1
	if l&1 == 1 {
		c := int32(uint64(v) * s.divMagic >> 32)
		s.falsify(v, c, v-c*int32(s.n), r)
		return
	}
	s.value[l], s.value[l^1] = 1, -1
	s.level[v] = s.decisionLevel()
	s.reason[v] = r
	s.trail = append(s.trail, l)
}

// falsify enqueues "not y" (y is digit d in cell c) for reason r: enqueue's
// work for a false literal, for callers that know c and d. propagate's loop
// over a true literal's groups does the same in line (too large for the
// compiler to inline, and a call there costs 6 % more instructions).
func (s *cdcl) falsify(y, c, d, r int32) {
	s.value[2*y], s.value[2*y+1] = -1, 1
	e := &s.cellTab[c]
	g := s.cells + d
	s.open[c] &^= 1 << d
	s.open[g+e.ub[0]] &^= e.bit[0]
	s.open[g+e.ub[1]] &^= e.bit[1]
	s.open[g+e.ub[2]] &^= e.bit[2]
	s.level[y] = int32(len(s.lim))
	s.reason[y] = r
	s.trail = append(s.trail, 2*y+1)
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

// propagate runs the queued assignments to a fixed point and returns the
// conflict found, or reasonNone.
func (s *cdcl) propagate() int32 {
	n := int32(s.n)
	value, open := (*[2 * maxVars]int8)(s.value), (*[maxGroups]uint32)(s.open)
	units, cellTab := (*[maxUnitCells]int16)(s.units), (*[maxCells]cellGroups)(s.cellTab)
	level, reason := (*[maxVars]int32)(s.level), (*[maxVars]int32)(s.reason)
	segAt := (*[maxUnitCells][2]segRef)(s.segAt)
	magic, cells, lv, arena := s.divMagic, s.cells, int32(len(s.lim)), s.arena
	for s.qhead < len(s.trail) {
		p := s.trail[s.qhead]
		s.qhead++
		v := p >> 1
		c := int32(uint64(v) * magic >> 32)
		d := v - c*n
		e := &cellTab[c&cellMask]
		if p&1 == 0 {
			// v is true: the rest of its groups is false. Member i of
			// the cell's group is digit i there, of a unit's group digit
			// d in the unit's cell i. Falsifying is enqueue's work, done
			// here where the cell and digit are known (as calls, 6 %
			// more instructions on 25×25).
			for k := -1; k < len(e.ub); k++ {
				m := open[c&groupMask] &^ (1 << d)
				if k >= 0 {
					m = open[(cells+e.ub[k]+d)&groupMask] &^ e.bit[k]
				}
				for ; m != 0; m &= m - 1 {
					cy, dy := c, int32(bits.TrailingZeros32(m))
					if k >= 0 {
						cy, dy = int32(units[(e.ub[k]+dy)&unitMask]), d
					}
					y := cy*n + dy
					if value[2*y&litMask] == 1 {
						s.tmp = append(s.tmp[:0], y)
						return p<<kindBits | kindPair
					}
					ey, gy := &cellTab[cy&cellMask], cells+dy
					value[2*y&litMask], value[(2*y+1)&litMask] = -1, 1
					open[cy&groupMask] &^= 1 << dy
					open[(gy+ey.ub[0])&groupMask] &^= ey.bit[0]
					open[(gy+ey.ub[1])&groupMask] &^= ey.bit[1]
					open[(gy+ey.ub[2])&groupMask] &^= ey.bit[2]
					level[y&varMask], reason[y&varMask] = lv, p<<kindBits|kindBinary
					s.trail = append(s.trail, 2*y+1)
				}
			}
		} else {
			// v is false: a group left with one member not false makes it
			// true; a segment constraint left with none falsifies its
			// partner's places.
			if m := open[c&groupMask]; m&(m-1) == 0 {
				if m == 0 {
					return c<<kindBits | kindGroup
				}
				if y := c*n + int32(bits.TrailingZeros32(m)); value[2*y&litMask] == 0 {
					s.enqueue(2*y, c<<kindBits|kindGroup)
				}
			}
			// A constraint holding v that has no place open now leaves
			// out the first open member of its group, so it is one of
			// that member's segAt (at most two per group, where looking
			// at all v's constraints would take 16 on 25×25). They fire
			// in constraint order, after the groups' singles; which fire
			// is settled before any does, since the places they falsify
			// lie outside v's units.
			var fired [6]int32
			nf := 0
			for k, ub := range e.ub {
				g := cells + ub + d
				m := open[g&groupMask]
				if m&(m-1) == 0 {
					if m == 0 {
						return g<<kindBits | kindGroup
					}
					// One member left: it is true, or made true here. A
					// segment constraint of this group that fires has it
					// in the box-line intersection, so it falsifies
					// every place the constraint would (a fifth fewer
					// instructions per conflict on 25×25).
					if y := int32(units[(ub+int32(bits.TrailingZeros32(m)))&unitMask])*n + d; value[2*y&litMask] == 0 {
						s.enqueue(2*y, g<<kindBits|kindGroup)
					}
					continue
				}
				// v's bit is out of m: a constraint fires when its
				// places have that and nothing of m.
				bit := e.bit[k]
				at, mb := &segAt[(ub+int32(bits.TrailingZeros32(m)))&unitMask], m|bit
				if at[0].mask&mb != bit && at[1].mask&mb != bit {
					continue // as most do
				}
				for _, r := range at {
					if r.mask&mb != bit {
						continue
					}
					k0 := r.k
					i := nf
					for ; i > 0 && fired[i-1] > k0; i-- {
						fired[i] = fired[i-1]
					}
					fired[i] = k0
					nf++
				}
			}
			g := cells + d
			for _, k := range fired[:nf] {
				k += 2 * d
				o := k ^ 1
				og := s.segGroup[o]
				ub := og - g
				for m := open[og&groupMask] & s.segMask[o]; m != 0; m &= m - 1 {
					cy := int32(units[(ub+int32(bits.TrailingZeros32(m)))&unitMask])
					y := cy*n + d
					if value[2*y&litMask] == 1 {
						s.tmp = append(s.tmp[:0], y)
						return k<<kindBits | kindSeg
					}
					s.falsify(y, cy, d, k<<kindBits|kindSeg)
				}
			}
		}
		// The learned clauses watching p^1, which has just become
		// false (here, not in a call of its own: Go's calls keep no
		// registers, and the loop has many live).
		f := p ^ 1
		f16 := int16(f)
		ws := s.watches[f]
		j := 0
	clauses:
		for i := 0; i < len(ws); i++ {
			w := ws[i]
			if value[w.blocker&litMask] == 1 {
				ws[j] = w
				j++
				continue
			}
			c := int(w.cref) + clauseHeader
			lits := arena[c : c+int(arena[c-clauseHeader])]
			if len(lits) < 2 {
				panic("sudoku: learned clause shorter than 2")
			}
			first := lits[0]
			if first == f16 {
				first = lits[1]
				lits[0], lits[1] = first, f16
			}
			if int32(first) != w.blocker && value[first&litMask] == 1 {
				ws[j] = watch{w.cref, int32(first)}
				j++
				continue
			}
			// The search for a new watch goes on from where the last
			// one stopped, round the clause (Gent's saved position).
			k := int(arena[c-1])
			for range len(lits) - 2 {
				if l := lits[k]; value[l&litMask] != -1 {
					lits[1], lits[k] = l, f16
					arena[c-1] = int16(k)
					s.watches[l] = append(s.watches[l], watch{w.cref, int32(first)})
					continue clauses
				}
				if k++; k == len(lits) {
					k = 2
				}
			}
			ws[j] = watch{w.cref, int32(first)}
			j++
			if value[first&litMask] == -1 {
				j += copy(ws[j:], ws[i+1:])
				s.watches[f] = s.watches[f][:j] // the length alone is written
				return w.cref<<kindBits | kindClause
			}
			s.enqueue(int32(first), w.cref<<kindBits|kindClause)
		}
		s.watches[f] = s.watches[f][:j]
	}
	if len(s.lim) == 0 {
		// What is false now stays false at level 0 for this search:
		// reasons leave it out.
		s.rootOpen = append(s.rootOpen[:0], s.open[:s.cells+3*int32(s.n*s.n)]...)
	}
	return reasonNone
}

// reasonLits appends to dst the literals other than the one implied (all
// false) of reason or conflict r; implied is the variable it forced, or -1
// for a conflict. Of a group or segment constraint, it leaves out members
// known false at level 0 (not in rootOpen), which its callers skip.
func (s *cdcl) reasonLits(dst []int32, r int32, implied int32) []int32 {
	if r&kindMask == kindBinary {
		// Half of all: inlined in the callers.
		return append(dst, r>>kindBits^1)
	}
	return s.groupReasonLits(dst, r, implied)
}

// groupReasonLits is reasonLits for the reasons other than kindBinary.
func (s *cdcl) groupReasonLits(dst []int32, r int32, implied int32) []int32 {
	data := r >> kindBits
	switch r & kindMask {
	case kindPair:
		return append(dst, data^1, 2*s.tmp[0]+1)
	case kindSeg:
		if implied < 0 {
			dst = append(dst, 2*s.tmp[0]+1)
		}
		n := int32(s.n)
		d := data >> 1 % n
		ub := s.segGroup[data] - s.cells - d
		for m := s.segMask[data] & s.rootOpen[s.segGroup[data]]; m != 0; m &= m - 1 {
			dst = append(dst, 2*(int32(s.units[ub+int32(bits.TrailingZeros32(m))])*n+d))
		}
		return dst
	case kindGroup:
		n := int32(s.n)
		m := s.rootOpen[data]
		if data < s.cells {
			for ; m != 0; m &= m - 1 {
				if y := data*n + int32(bits.TrailingZeros32(m)); y != implied {
					dst = append(dst, 2*y)
				}
			}
			return dst
		}
		d := (data - s.cells) % n
		us := s.units[data-s.cells-d : data-s.cells-d+n]
		for ; m != 0; m &= m - 1 {
			if y := int32(us[bits.TrailingZeros32(m)])*n + d; y != implied {
				dst = append(dst, 2*y)
			}
		}
		return dst
	default:
		size := int(s.arena[data])
		lits := s.arena[int(data)+clauseHeader : int(data)+clauseHeader+size]
		if implied >= 0 {
			lits = lits[1:]
		}
		for _, l := range lits {
			dst = append(dst, int32(l))
		}
		return dst
	}
}

// analyze derives the first-UIP clause of conflict confl into s.learnt
// (asserting literal first) and returns the level to jump back to.
func (s *cdcl) analyze(confl int32) int32 {
	s.learnt = append(s.learnt[:0], 0)
	pathC := 0
	p := int32(-1)
	idx := len(s.trail) - 1
	cur := s.decisionLevel()
	seen, level := (*[maxVars]int8)(s.seen), (*[maxVars]int32)(s.level)
	r := confl
	for {
		implied := int32(-1)
		if p >= 0 {
			implied = p >> 1
		}
		s.stack = s.reasonLits(s.stack[:0], r, implied)
		if r&kindMask == kindClause {
			s.bumpClause(r >> kindBits)
		}
		for _, q := range s.stack {
			v := q >> 1 & varMask
			if seen[v] != 0 || level[v] == 0 {
				continue
			}
			s.bump(v)
			seen[v] = 1
			if level[v] >= cur {
				pathC++
			} else {
				s.learnt = append(s.learnt, q)
			}
		}
		for seen[s.trail[idx]>>1&varMask] == 0 {
			idx--
		}
		p = s.trail[idx]
		idx--
		seen[p>>1&varMask] = 0
		pathC--
		if pathC == 0 {
			break
		}
		r = s.reason[p>>1]
	}
	s.learnt[0] = p ^ 1

	// Drop the literals implied by the others (recursive minimisation).
	s.cleared = append(s.cleared[:0], s.learnt[1:]...)
	var abstract uint32
	for _, q := range s.learnt[1:] {
		abstract |= 1 << (s.level[q>>1] & 31)
	}
	j := 1
	for i := 1; i < len(s.learnt); i++ {
		q := s.learnt[i]
		if s.reason[q>>1] == reasonNone || !s.redundant(q, abstract) {
			s.learnt[j] = q
			j++
		}
	}
	s.learnt = s.learnt[:j]
	s.shrink(abstract)
	for _, q := range s.cleared {
		s.seen[q>>1] = 0
	}

	back := int32(0)
	if len(s.learnt) > 1 {
		maxI := 1
		for i := 2; i < len(s.learnt); i++ {
			if s.level[s.learnt[i]>>1] > s.level[s.learnt[maxI]>>1] {
				maxI = i
			}
		}
		s.learnt[1], s.learnt[maxI] = s.learnt[maxI], s.learnt[1]
		back = s.level[s.learnt[1]>>1]
	}
	return back
}

// redundant reports whether literal q of the clause being learned follows
// from the others: every path back through its reasons ends in them or at
// level 0. It walks the reasons depth first; a variable whose walk ends
// well stays marked seen 1 (implied by the clause), and those on a path
// that reaches a decision or a level the clause lacks are marked 2 (not
// implied), so later checks stop at either. All it marks are listed in
// s.cleared.
func (s *cdcl) redundant(q int32, abstract uint32) bool {
	seen, level, reason := (*[maxVars]int8)(s.seen), (*[maxVars]int32)(s.level), (*[maxVars]int32)(s.reason)
	// Frames of 3: the variable, where its reason's literals start in
	// s.rbuf, and the next one to look at; the top frame's run to the end.
	s.rbuf = s.reasonLits(s.rbuf[:0], reason[q>>1&varMask], q>>1)
	stack := append(s.stack[:0], q>>1, 0, 0)
	for {
		t := len(stack) - 3
		if t < 0 {
			s.stack = stack
			return true
		}
		i := stack[t+2]
		if int(i) == len(s.rbuf) {
			s.rbuf = s.rbuf[:stack[t+1]]
			stack = stack[:t]
			continue
		}
		stack[t+2] = i + 1
		x := s.rbuf[i]
		v := x >> 1 & varMask
		if seen[v] == 1 || level[v] == 0 {
			continue
		}
		if seen[v] == 2 || reason[v] == reasonNone || abstract&(1<<(level[v]&31)) == 0 {
			for j := 3; j < len(stack); j += 3 {
				seen[stack[j]&varMask] = 2
			}
			s.stack = stack
			return false
		}
		seen[v] = 1
		s.cleared = append(s.cleared, x)
		start := int32(len(s.rbuf))
		s.rbuf = s.reasonLits(s.rbuf, reason[v], v)
		stack = append(stack, v, start, start)
	}
}

// shrink replaces the literals the learned clause has on one lower level
// by that level's block-UIP, the latest literal of that level that every
// chain of reasons from the level's decision to them passes (CaDiCaL's
// shrinking), when the reasons walked on the way need nothing on lower
// levels but what the clause holds or implies, or literals on levels the
// clause has, fewer than the block less one (those join the clause and
// their levels' blocks: all-UIP shrinking, after Feng and Bacchus). The
// clause keeps its levels, so its LBD and where to jump back, and loses
// literals. It runs after minimisation, on its marks: seen 1 is in the
// clause or implied by it. Levels go from the highest down, so that the
// literals added to a level are there when its turn comes.
func (s *cdcl) shrink(abstract uint32) {
	lits := s.learnt[1:]
	level := s.level
	byLevel := func(a, b int32) int { return int(level[b>>1] - level[a>>1]) }
	slices.SortFunc(lits, byLevel)
	for _, q := range lits {
		s.levelIn[level[q>>1]] = true
	}
	out := 1
	for i := 0; i < len(lits); {
		lv := level[lits[i]>>1]
		j := i + 1
		for j < len(lits) && level[lits[j]>>1] == lv {
			j++
		}
		if j-i > 1 {
			if u, ok := s.blockUIP(lits[i:j], lv, abstract); ok {
				s.learnt[out] = u
				out++
				if len(s.sadd) > 0 {
					s.learnt = append(s.learnt, s.sadd...)
					lits = s.learnt[1:]
					slices.SortFunc(lits[j:], byLevel)
				}
				i = j
				continue
			}
		}
		out += copy(s.learnt[out:], lits[i:j])
		i = j
	}
	s.learnt = s.learnt[:out]
	for _, q := range s.learnt[1:] {
		s.levelIn[level[q>>1]] = false
	}
}

// blockUIP returns the negation of the block-UIP of level lv for the
// clause literals block, all on that level, and whether it replaces them:
// whether its walk needs on lower levels only literals the clause holds or
// implies, and fewer than len(block)-1 others on the clause's levels,
// left in s.sadd to add.
func (s *cdcl) blockUIP(block []int32, lv int32, abstract uint32) (int32, bool) {
	seen, level, reason := (*[maxVars]int8)(s.seen), (*[maxVars]int32)(s.level), (*[maxVars]int32)(s.reason)
	// smark holds pairs: a variable marked 3 (on the walk) or 1 (added)
	// and its mark before.
	s.smark = s.smark[:0]
	s.sadd = s.sadd[:0]
	for _, q := range block {
		s.smark = append(s.smark, q>>1, int32(seen[q>>1]))
		seen[q>>1] = 3
	}
	end := len(s.trail)
	if lv < s.decisionLevel() {
		end = int(s.lim[lv])
	}
	open := len(block)
	uip, ok := int32(-1), true
	for i := end - 1; ok; i-- {
		p := s.trail[i]
		v := p >> 1 & varMask
		if seen[v] != 3 {
			continue
		}
		if open == 1 {
			uip = p ^ 1
			break
		}
		open--
		s.sbuf = s.reasonLits(s.sbuf[:0], reason[v], v)
		for _, x := range s.sbuf {
			u := x >> 1 & varMask
			lu := level[u]
			switch {
			case lu == 0 || seen[u] == 1 && lu < lv:
			case lu == lv:
				if seen[u] != 3 {
					s.smark = append(s.smark, u, int32(seen[u]))
					seen[u] = 3
					open++
				}
			// What minimisation proves implied stays marked, so only
			// while nothing is added, which a failure would take back.
			case len(s.sadd) == 0 && seen[u] == 0 && reason[u] != reasonNone && abstract&(1<<(lu&31)) != 0 && s.redundant(x, abstract):
			case s.levelIn[lu] && len(s.sadd)+2 < len(block):
				s.smark = append(s.smark, u, int32(seen[u]))
				seen[u] = 1
				s.sadd = append(s.sadd, x)
			default:
				ok = false
			}
			if !ok {
				break
			}
		}
	}
	for k := 0; k < len(s.smark); k += 2 {
		v, old := s.smark[k], int8(s.smark[k+1])
		if !ok {
			seen[v] = old
			continue
		}
		// In the clause, or implied by the UIP, now.
		seen[v] = 1
		if old == 0 {
			s.cleared = append(s.cleared, v<<1)
		}
	}
	if !ok {
		s.sadd = s.sadd[:0]
	}
	return uip, ok
}

// lbd is the number of distinct decision levels in s.learnt.
func (s *cdcl) lbd() int32 {
	s.stack = s.stack[:0]
	for _, q := range s.learnt {
		l := s.level[q>>1]
		if !slices.Contains(s.stack, l) {
			s.stack = append(s.stack, l)
		}
	}
	return int32(len(s.stack))
}

func (s *cdcl) cancelUntil(lv int32) {
	if s.decisionLevel() <= lv {
		return
	}
	start := int(s.lim[lv])
	value, open := (*[2 * maxVars]int8)(s.value), (*[maxGroups]uint32)(s.open)
	cellTab, phase, heapPos := (*[maxCells]cellGroups)(s.cellTab), (*[maxVars]int8)(s.phase), (*[maxVars]int32)(s.heapPos)
	n, magic, cells := int32(s.n), s.divMagic, s.cells
	undo := s.trail[start:]
	for i := len(undo) - 1; i >= 0; i-- {
		l := undo[i]
		v := l >> 1 & varMask
		if l&1 == 1 {
			// v is open again in its groups.
			c := int32(uint64(v) * magic >> 32)
			d := v - c*n
			e := &cellTab[c&cellMask]
			g := cells + d
			open[c&groupMask] |= 1 << d
			open[(g+e.ub[0])&groupMask] |= e.bit[0]
			open[(g+e.ub[1])&groupMask] |= e.bit[1]
			open[(g+e.ub[2])&groupMask] |= e.bit[2]
		}
		value[l&litMask], value[(l^1)&litMask] = 0, 0
		phase[v] = int8(1 - 2*(l&1))
		if heapPos[v] < 0 {
			s.heapInsert(v)
		}
	}
	s.trail = s.trail[:start]
	s.qhead = min(s.qhead, start)
	s.lim = s.lim[:lv]
}

// addLearnt stores s.learnt and asserts its first literal.
// It returns the clause's LBD.
func (s *cdcl) addLearnt() int32 {
	if len(s.learnt) == 1 {
		s.enqueue(s.learnt[0], reasonNone)
		return 1
	}
	lbd := s.lbd()
	cref := s.addClause(s.learnt, lbd)
	s.enqueue(s.learnt[0], cref<<kindBits|kindClause)
	return lbd
}

func (s *cdcl) addClause(lits []int32, lbd int32) int32 {
	cref := int32(len(s.arena))
	s.arena = append(s.arena, int16(len(lits)), int16(lbd), 0, 2)
	for _, l := range lits {
		s.arena = append(s.arena, int16(l))
	}
	s.watches[lits[0]] = append(s.watches[lits[0]], watch{cref, lits[1]})
	s.watches[lits[1]] = append(s.watches[lits[1]], watch{cref, lits[0]})
	s.learnts = append(s.learnts, cref)
	return cref
}

func (s *cdcl) bumpClause(cref int32) {
	if s.arena[cref+2] < math.MaxInt16 {
		s.arena[cref+2]++
	}
}

func (s *cdcl) bump(v int32) {
	s.act[v] += s.varInc
	if s.act[v] > 1e100 {
		for i := range s.act {
			s.act[i] *= 1e-100
		}
		for i := range s.heap {
			s.heap[i].act *= 1e-100
		}
		s.varInc *= 1e-100
	}
	if i := s.heapPos[v]; i >= 0 {
		s.heap[i].act = s.act[v]
		s.heapUp(i)
	}
}

// reduce drops the less useful half of the learned clauses, and of the
// rest those true at level 0 (it runs there, where no clause is a reason
// that matters), and rebuilds the watches. LBD is the first sort key, and
// every clause of LBD 2 or less is kept: that is what keeps the clauses
// that block the solutions found (LBD 0) until they are true at level 0.
func (s *cdcl) reduce() {
	slices.SortFunc(s.learnts, func(a, b int32) int {
		la, lb := int(s.arena[a+1]), int(s.arena[b+1])
		if la != lb {
			return la - lb
		}
		return int(s.arena[b+2]) - int(s.arena[a+2])
	})
	keep := len(s.learnts) / 2
	for keep < len(s.learnts) && s.arena[s.learnts[keep]+1] <= 2 {
		keep++
	}
	for i := range s.watches {
		s.watches[i] = s.watches[i][:0]
	}
	// Compact the arena in address order.
	kept := s.learnts[:keep]
	slices.Sort(kept)
	out, n := 0, 0
	for _, cref := range kept {
		size := int(s.arena[cref])
		if slices.ContainsFunc(s.arena[int(cref)+clauseHeader:int(cref)+clauseHeader+size], func(l int16) bool { return s.value[l] == 1 }) {
			continue // true for good (14–36 % of those kept on the 25×25 set)
		}
		copy(s.arena[out:], s.arena[cref:int(cref)+clauseHeader+size])
		s.arena[out+2] /= 2
		kept[n] = int32(out)
		n++
		lits := s.arena[out+clauseHeader : out+clauseHeader+size]
		s.watches[lits[0]] = append(s.watches[lits[0]], watch{int32(out), int32(lits[1])})
		s.watches[lits[1]] = append(s.watches[lits[1]], watch{int32(out), int32(lits[0])})
		out += clauseHeader + size
	}
	s.arena = s.arena[:out]
	s.learnts = kept[:n]
}

// Heap of unassigned variables by activity.

func (s *cdcl) heapInsert(v int32) {
	s.heapPos[v] = int32(len(s.heap))
	s.heap = append(s.heap, heapEntry{s.act[v], v})
	s.heapUp(s.heapPos[v])
}

func (s *cdcl) heapUp(i int32) {
	heap, pos := s.heap, s.heapPos
	x := heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if !(x.act > heap[p].act) {
			break
		}
		heap[i] = heap[p]
		pos[heap[i].v] = i
		i = p
	}
	heap[i] = x
	pos[x.v] = i
}

func (s *cdcl) heapPop() int32 {
	top := s.heap[0].v
	last := s.heap[len(s.heap)-1]
	s.heap = s.heap[:len(s.heap)-1]
	heap, pos := s.heap, s.heapPos
	pos[top] = -1
	if len(heap) > 0 {
		i := 0
		for {
			c := 2*i + 1
			if c >= len(heap) {
				break
			}
			if c+1 < len(heap) && heap[c+1].act > heap[c].act {
				c++
			}
			if !(heap[c].act > last.act) {
				break
			}
			heap[i] = heap[c]
			pos[heap[i].v] = int32(i)
			i = c
		}
		heap[i] = last
		pos[last.v] = int32(i)
	}
	return top
}
