package engine

import (
	"context"
	"math/bits"
	"sync"
)

// This file holds the state of the logical solver behind Grade, Hint and
// Explain: pencil-mark candidates as one uint32 bitset per cell (bit v-1
// for value v), the move a technique records, the forcing techniques'
// budget, and the primitives every technique uses (begin, accept, place,
// elim).

// move records the last step the logical solver took, for Hint. Only the
// fields a technique uses are set; begin resets the counts (not the
// arrays, to keep the grading hot path cheap).
type move struct {
	tech    tech
	se      uint8  // this step's Sudoku Explainer rating in tenths; 0: techs[tech].se
	cell    int    // placed cell, -1 for an elimination
	value   int    // placed value
	unit    int    // the unit the step is about, -1 if none
	unit2   int    // a second unit (the line of a pointing pair, …), -1 if none
	digits  uint32 // the values of the pattern
	lines   uint32 // fish: base line indexes
	cover   uint32 // fish: cover line indexes
	colBase bool   // fish: the base lines are columns
	cells   [16]int16
	ncells  int
	elims   [16]int16  // cells that lost candidates (the first 16)
	emask   [16]uint32 // the values each of elims lost
	nelims  int
	removed uint32     // values removed
	total   int        // cells that lost candidates (all of them)
	pattern            // links, fins, sets and units (pattern.go)
	forcing forcingRec // forcing chains and nets (tech_forcing.go)
}

// logic is the candidate state of the logical solver. It is large (it
// holds every array for the largest board) but allocated once per call.
type logic struct {
	t      *topology
	n      int
	all    uint32
	empty  int
	bad    bool // a contradiction was found: the board has no solution
	unique bool // the board is known to have one solution: uniqueness techniques may run
	batch  bool // place every single found in one sweep (Grade) or one step at a time (Hint)
	// seOrder makes step follow seTable, Sudoku Explainer's order, and
	// direct makes accept take only an instance that leaves a hidden
	// single (see seTable).
	seOrder bool
	direct  bool
	// seChains makes step take, on 9×9, Sudoku Explainer's chaining
	// rules in place of stepTable's forcing rows (chainTable): Hint and
	// Explain show the chain steps Grade rates.
	seChains bool
	// preferSingle makes Explainer's chaining rules take, of the steps
	// of the first rule that has one, the easiest after which a single
	// follows (Hint on a bare board, whose answer is a placement).
	preferSingle bool
	counts       [numTech]int
	// the rating's running maxima (note)
	maxSE   uint8   // Sudoku Explainer rating in tenths
	stepSE  uint8   // the rating of the last step noted
	seTech  tech    // the technique of the first step rated maxSE
	seSum   float64 // the sum over steps of seWeight[step's rating]
	hardest tech    // the technique of highest weight used, if used
	limits          // the forcing techniques' budget (see limits)
	used    bool
	mv      move
	val     [MaxCells]uint8
	cand    [MaxCells]uint32
	uempty  [3 * MaxSize]uint8  // empty cells per unit
	uval    [3 * MaxSize]uint32 // values placed per unit

	// scratch for subsets, fish and chains
	sub    [MaxSize]int16
	nsub   int
	pick   [4]int
	pos    [MaxSize]uint32
	comp   [MaxCells]int16
	par    [MaxCells]uint8
	adj    [MaxCells][3]int16
	nadj   [MaxCells]uint8
	queue  [MaxCells]int16
	dcells [MaxCells]int16
	// Hint trials: skip the first skip instances of a technique, undoing
	// their eliminations (see accept).
	skip      int
	badBefore bool
	undo      [MaxCells]undoEntry
	nundo     int
	// X-chain search: states are cell*2+on
	stamp  uint32
	vis    [2 * MaxCells]uint32
	parent [2 * MaxCells]int32
	xq     [2 * MaxCells]int32
}

type undoEntry struct {
	c int16
	m uint32
}

// logicPool recycles logic states: one is too large to zero on every call.
var logicPool = sync.Pool{New: func() any { return new(logic) }}

// getLogic returns a logic state loaded with b; the caller returns it with
// putLogic.
func getLogic(b *Board, batch bool) *logic {
	l := logicPool.Get().(*logic)
	l.batch = batch
	l.init(b)
	return l
}

func putLogic(l *logic) { logicPool.Put(l) }

func popcount(m uint32) int { return bits.OnesCount32(m) }

// lowBit returns the value (1-based) of the lowest set bit of m.
func lowValue(m uint32) int { return bits.TrailingZeros32(m) + 1 }

// init loads the board. The caller has checked it for conflicts. Every
// field a technique reads before writing is reset here.
func (l *logic) init(b *Board) {
	t := topologyOf(b.shape)
	l.t, l.n = t, t.n
	l.all = uint32(1)<<t.n - 1
	l.empty = 0
	l.bad = false
	l.unique = false
	l.skip, l.nundo = 0, 0 // a pooled state may come from a Hint trial
	l.limits = limits{nodes: DefaultMaxNodes}
	l.counts = [numTech]int{}
	l.maxSE, l.seSum, l.hardest, l.used, l.seTech = 0, 0, 0, false, 0
	l.seOrder, l.direct, l.seChains, l.preferSingle = false, false, false, false
	copy(l.val[:t.cells], b.cells[:t.cells])
	l.recount()
	for c := 0; c < t.cells; c++ {
		if l.val[c] != 0 {
			l.cand[c] = 0
			continue
		}
		l.empty++
		us := t.cellUnits[c]
		l.cand[c] = l.all &^ (l.uval[us[0]] | l.uval[us[1]] | l.uval[us[2]])
		if l.cand[c] == 0 {
			l.bad = true
		}
	}
}

// recount sets the per-unit counts from the values.
func (l *logic) recount() {
	t := l.t
	for u := 0; u < 3*t.n; u++ {
		l.uempty[u], l.uval[u] = 0, 0
	}
	for c := 0; c < t.cells; c++ {
		v := l.val[c]
		for _, u := range t.cellUnits[c] {
			if v == 0 {
				l.uempty[u]++
			} else {
				l.uval[u] |= 1 << (v - 1)
			}
		}
	}
}

func (l *logic) begin(tc tech) {
	mv := &l.mv
	mv.tech, mv.se, mv.cell, mv.value, mv.unit, mv.unit2 = tc, 0, -1, 0, -1, -1
	mv.digits, mv.lines, mv.cover, mv.colBase = 0, 0, 0, false
	mv.ncells, mv.nelims, mv.removed, mv.total = 0, 0, 0, 0
	mv.pattern.reset()
	l.nundo = 0
	l.badBefore = l.bad
}

// accept reports whether the instance of a technique just found (whose
// eliminations are applied) is taken. While skip > 0 it is not: its
// eliminations are undone and the technique searches on, so Hint can try
// every instance in turn. In direct mode only an instance that leaves a
// hidden single (or a contradiction) is taken.
func (l *logic) accept() bool {
	if l.direct {
		if l.bad || l.directSingle() {
			return true
		}
		l.rollback()
		return false
	}
	if l.skip == 0 {
		return true
	}
	l.skip--
	l.rollback()
	return false
}

// directSingle reports whether the eliminations of the move just found
// leave a hidden single where Sudoku Explainer looks for one: for locked
// candidates, of the value in a unit of the first unit's kind (another box
// for pointing, another parallel line for claiming); for a hidden set, in
// its unit. The hidden singles found before were all placed.
func (l *logic) directSingle() bool {
	t, mv := l.t, &l.mv
	switch mv.tech {
	case tPointing, tClaiming:
		kind := 2 // box
		if mv.unit < 2*l.n {
			kind = mv.unit / l.n // 0 row, 1 column
		}
		for _, e := range l.undo[:l.nundo] {
			k := 0
			for _, c := range t.unit(int(t.cellUnits[e.c][kind])) {
				if l.cand[c]&mv.digits != 0 {
					k++
				}
			}
			if k == 1 {
				return true
			}
		}
	case tHiddenPair, tHiddenTriple:
		var once, twice uint32
		for _, c := range t.unit(mv.unit) {
			twice |= once & l.cand[c]
			once |= l.cand[c]
		}
		return once&^twice != 0
	}
	return false
}

// rollback undoes the eliminations of the instance just found.
func (l *logic) rollback() {
	for i := l.nundo - 1; i >= 0; i-- {
		l.cand[l.undo[i].c] = l.undo[i].m
	}
	l.nundo = 0
	l.bad = l.badBefore
}

func (l *logic) addCell(c int) {
	if l.mv.ncells < len(l.mv.cells) {
		l.mv.cells[l.mv.ncells] = int16(c)
		l.mv.ncells++
	}
}

// place puts v in the empty cell c and removes v from its peers.
func (l *logic) place(c, v int) {
	bit := uint32(1) << (v - 1)
	if l.val[c] != 0 || l.cand[c]&bit == 0 {
		l.bad = true
		return
	}
	l.val[c] = uint8(v)
	l.cand[c] = 0
	l.empty--
	for _, u := range l.t.cellUnits[c] {
		l.uempty[u]--
		l.uval[u] |= bit
	}
	for _, p := range l.t.peersOf(c) {
		if l.cand[p]&bit != 0 {
			l.cand[p] &^= bit
			if l.cand[p] == 0 {
				l.bad = true
			}
		}
	}
}

// placeMove records and applies a placement found by technique tc.
func (l *logic) placeMove(tc tech, c, v, unit int) {
	l.begin(tc)
	l.mv.cell, l.mv.value, l.mv.unit = c, v, unit
	if unit >= 0 {
		l.addUnit(unit)
	}
	l.counts[tc]++
	l.place(c, v)
}

// elim removes the values in mask from cell c and reports whether any was
// there.
func (l *logic) elim(c int, mask uint32) bool {
	m := l.cand[c] & mask
	if m == 0 {
		return false
	}
	if (l.skip > 0 || l.direct) && l.nundo < len(l.undo) {
		l.undo[l.nundo] = undoEntry{int16(c), l.cand[c]}
		l.nundo++
	}
	l.cand[c] &^= m
	if l.cand[c] == 0 {
		l.bad = true
	}
	mv := &l.mv
	if mv.nelims < len(mv.elims) {
		mv.elims[mv.nelims] = int16(c)
		mv.emask[mv.nelims] = m
		mv.nelims++
	}
	mv.removed |= m
	mv.total++
	return true
}

// sees reports whether distinct cells a and b share a unit.
func (l *logic) sees(a, b int) bool {
	if a == b {
		return false
	}
	ua, ub := &l.t.cellUnits[a], &l.t.cellUnits[b]
	return ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2]
}

// mostConstrained returns the empty cell with the fewest candidates, the
// first in row-major order on ties, or -1 when the grid is full.
func (l *logic) mostConstrained() int {
	best, bestN := -1, 99
	for c := 0; c < l.t.cells; c++ {
		if l.val[c] == 0 {
			if k := popcount(l.cand[c]); k < bestN {
				best, bestN = c, k
			}
		}
	}
	return best
}

// limits bound the forcing techniques of one request.
type limits struct {
	nodes     int64 // branches left to follow
	spent     int64 // branches followed (the context is looked at every 64)
	ctx       context.Context
	exhausted bool // the budget ran out: logic gave up
	// cap, when set, stops step before techniques above this level: the
	// generator asks only whether a puzzle's level is at most cap, and the
	// forcing techniques last in stepTable cost the most.
	cap Level
}

// load copies the candidate state of l into b.
func (b *logic) load(l *logic) {
	t := l.t
	b.t, b.n, b.all, b.empty, b.bad = t, l.n, l.all, l.empty, l.bad
	b.batch, b.skip, b.nundo, b.unique = true, 0, 0, l.unique
	b.seOrder, b.direct = false, false
	b.nodes, b.ctx, b.exhausted, b.cap = l.nodes, l.ctx, false, 0
	b.maxSE = l.maxSE // spares a net's naked singles the look for a hidden one (nakedSingle)
	copy(b.val[:t.cells], l.val[:t.cells])
	copy(b.cand[:t.cells], l.cand[:t.cells])
	copy(b.uempty[:3*l.n], l.uempty[:3*l.n])
	copy(b.uval[:3*l.n], l.uval[:3*l.n])
}

// spend takes k nodes from the budget and reports whether it had them;
// the context is looked at every 64 branches.
func (l *logic) spend(k int64) bool {
	if l.exhausted {
		return false
	}
	l.nodes -= k
	l.spent++
	if l.nodes < 0 || l.spent&63 == 0 && l.ctx != nil && l.ctx.Err() != nil {
		l.exhausted = true
		return false
	}
	return true
}
