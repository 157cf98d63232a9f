package engine

import (
	"fmt"
	"math/bits"
)

// This file holds the last resort of the logical solver: forcing chains
// and forcing nets. A forcing chain assumes a candidate true (or false)
// and follows what singles then force, one implication at a time: a value
// placed goes from its peers and from the other candidates of its cell
// (weak links); a cell left with one candidate, or a value left with one
// place in a unit, is placed (strong links). The implications are followed
// breadth first on a copy of the candidates, so every conclusion comes with
// the shortest chain that leads to it.
//
//   - cell_forcing_chain: whichever candidate of a cell is true, the same
//     candidate elsewhere goes (or the same value is placed).
//   - unit_forcing_chain: wherever a value goes in a unit, the same
//     conclusion follows.
//   - digit_forcing_chain: a candidate true and the same candidate false
//     lead to the same conclusion, or one of the two leads to a
//     contradiction (a cell without candidates, a value without a place in
//     a unit, a value twice in a unit), so the other holds.
//   - forcing_net: a candidate assumed true is followed with every single,
//     with locked candidates, naked and hidden pairs and X-Wings, and, at
//     depth d > 1, with the contradictions of nets of depth d-1 inside the
//     branch, until it leads to a contradiction; the depth grows until one
//     does. On a board with one solution every candidate that is not the
//     solution's leads to a contradiction at some depth, so nets always
//     make progress there: with them the logical solver finishes every
//     such board.
//
// All of it is bounded by the request's budget (logic.limits: nodes,
// counted in branches followed, and ctx): when the budget runs out the technique
// gives up and sets logic.exhausted, never guessing.

// forcingNodes is what one followed branch costs of the budget.
const forcingNodes = 1

// forcer is the scratch state of forcing chains: the branch being followed
// and, per potential (a candidate on or off: ((c*n + v-1) << 1) | on), the
// potential it follows from and its distance from the assumption.
type forcer struct {
	b     *logic // the branch: a copy of the candidates, changed by the assumption
	q     [MaxCells*MaxSize + MaxCells]int32
	nq    int
	why   [2 * MaxCells * MaxSize]int32
	dep   [2 * MaxCells * MaxSize]uint16
	fail  int32 // the potential whose consequence was the contradiction
	acc   [MaxCells]uint32
	more  [MaxCells]uint32 // conclusions of every source of a sweep
	sum   [MaxCells * MaxSize]int32
	hits  int // live branches folded into acc
	first bool
	// places of each value in each unit (u*n + v-1) in the branch, and in
	// the state the branches start from (set by prepare)
	cnt, base [3 * MaxSize * MaxSize]uint8
}

var forcerFree = make(freeList[forcer], 4)

func potential(n, c, v int, on bool) int32 {
	p := int32(c*n+v-1) << 1
	if on {
		p |= 1
	}
	return p
}

// prepare counts the places of each value in each unit of l, the state
// the branches of one forcing start from.
func (f *forcer) prepare(l *logic) {
	n := l.n
	clear(f.base[:3*n*n])
	for u := 0; u < 3*n; u++ {
		for _, c := range l.t.unit(u) {
			for m := l.cand[c]; m != 0; m &= m - 1 {
				f.base[u*n+bits.TrailingZeros32(m)]++
			}
		}
	}
}

func (f *forcer) mark(p, parent int32) {
	f.why[p] = parent
	if parent < 0 {
		f.dep[p] = 0
	} else {
		f.dep[p] = f.dep[parent] + 1
	}
	f.q[f.nq] = p
	f.nq++
}

// on places v in c in the branch (the potential follows from parent).
func (f *forcer) on(c, v int, parent int32) {
	b := f.b
	if b.bad {
		return
	}
	bit := uint32(1) << (v - 1)
	if b.val[c] != 0 || b.cand[c]&bit == 0 {
		if int(b.val[c]) != v {
			b.bad, f.fail = true, parent
		}
		return
	}
	p := potential(b.n, c, v, true)
	f.mark(p, parent)
	for m := b.cand[c] &^ bit; m != 0; m &= m - 1 {
		f.mark(potential(b.n, c, lowValue(m), false), p)
	}
	us := &b.t.cellUnits[c]
	for m := b.cand[c]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros32(m)
		f.cnt[int(us[0])*b.n+d]--
		f.cnt[int(us[1])*b.n+d]--
		f.cnt[int(us[2])*b.n+d]--
	}
	b.val[c] = uint8(v)
	b.cand[c] = 0
	b.empty--
	for _, u := range b.t.cellUnits[c] {
		b.uempty[u]--
		b.uval[u] |= bit
	}
}

// off removes v from c in the branch.
func (f *forcer) off(c, v int, parent int32) {
	b := f.b
	bit := uint32(1) << (v - 1)
	if b.cand[c]&bit == 0 {
		return
	}
	b.cand[c] &^= bit
	us := &b.t.cellUnits[c]
	f.cnt[int(us[0])*b.n+v-1]--
	f.cnt[int(us[1])*b.n+v-1]--
	f.cnt[int(us[2])*b.n+v-1]--
	f.mark(potential(b.n, c, v, false), parent)
}

// run follows the implications queued from position head on, breadth
// first, until none is left or the branch is contradictory (b.bad).
func (f *forcer) run(head int) {
	b := f.b
	t, n := b.t, b.n
	for ; head < f.nq && !b.bad; head++ {
		p := f.q[head]
		c, v := int(p>>1)/n, int(p>>1)%n+1
		bit := uint32(1) << (v - 1)
		if p&1 != 0 {
			for _, x := range t.peersOf(c) {
				if b.cand[x]&bit != 0 {
					f.off(int(x), v, p)
				} else if int(b.val[x]) == v {
					b.bad, f.fail = true, p
					return
				}
			}
			continue
		}
		if b.val[c] == 0 {
			m := b.cand[c]
			if m == 0 {
				b.bad, f.fail = true, p
				return
			}
			if m&(m-1) == 0 {
				f.on(c, lowValue(m), p)
			}
		}
		for _, u := range t.cellUnits[c] {
			if b.uval[u]&bit != 0 {
				continue
			}
			switch f.cnt[int(u)*n+v-1] {
			case 0:
				b.bad, f.fail = true, p
				return
			case 1:
				for _, x := range t.unit(int(u)) {
					if b.cand[x]&bit != 0 {
						f.on(int(x), v, p)
						break
					}
				}
			}
		}
	}
}

// branch follows the assumption "c holds v" (on) or "c does not hold v"
// from the state l, and reports false when the budget ran out.
func (f *forcer) branch(l *logic, c, v int, on bool) bool {
	if !l.spend(forcingNodes) {
		return false
	}
	f.b.load(l)
	copy(f.cnt[:3*l.n*l.n], f.base[:3*l.n*l.n])
	f.nq = 0
	f.fail = -1
	if on {
		f.on(c, v, -1)
	} else {
		f.off(c, v, -1)
	}
	f.run(0)
	return true
}

// fold intersects the conclusions of the branch just followed (the
// candidates it removed from l) with those of the earlier branches of the
// same forcing, adding their distances to sum.
func (f *forcer) fold(l *logic) {
	b, n := f.b, l.n
	f.hits++
	for c := 0; c < l.t.cells; c++ {
		if l.val[c] != 0 {
			f.acc[c] = 0
			continue
		}
		if !f.first && f.acc[c] == 0 {
			continue
		}
		keep := b.cand[c]
		if b.val[c] != 0 {
			keep |= 1 << (b.val[c] - 1)
		}
		gone := l.cand[c] &^ keep
		if f.first {
			f.acc[c] = gone
		} else {
			f.acc[c] &= gone
		}
		for m := f.acc[c]; m != 0; m &= m - 1 {
			v := bits.TrailingZeros32(m) + 1
			d := int32(f.dep[potential(n, c, v, false)]) + 1
			if f.first {
				f.sum[c*n+v-1] = d
			} else {
				f.sum[c*n+v-1] += d
			}
		}
	}
	f.first = false
}

// best returns the common conclusion of the folded branches with the
// shortest chains: its cell, value and total length, or c = -1.
func (f *forcer) best(l *logic) (c, v int, length int32) {
	c, length = -1, 1<<30
	n := l.n
	for x := 0; x < l.t.cells; x++ {
		for m := f.acc[x]; m != 0; m &= m - 1 {
			w := bits.TrailingZeros32(m) + 1
			if s := f.sum[x*n+w-1]; s < length {
				c, v, length = x, w, s
			}
		}
	}
	return c, v, length
}

// forcingSource is the assumption (or set of assumptions) of a forcing.
type forcingSource struct {
	kind  uint8 // forceCell, forceUnit, forceDigit
	cell  int   // the cell (forceCell, forceDigit)
	unit  int   // the unit (forceUnit)
	value int   // the value (forceUnit, forceDigit)
}

const (
	forceCell = iota
	forceUnit
	forceDigit
)

// forcingRec is what a forcing step records for its explanation.
type forcingRec struct {
	src    forcingSource
	contra int8  // digit: 1 if "true" fails, 2 if "false" fails; net: 1
	depth  uint8 // net depth
	where  int32 // net: the cell without candidates, or -2-u for unit u without a place for a value; -1 if neither
	length int32 // total length of the chains; net: the candidates its contradictory branch placed or removed
}

// follow runs every branch of src from l and folds them; it reports false
// when the budget ran out. Bit i of dead is set when branch i (in the
// order followed) is contradictory.
func (f *forcer) follow(l *logic, src forcingSource, dead *uint32) bool {
	f.hits, f.first, *dead = 0, true, 0
	i := 0
	one := func(c, v int, on bool) bool {
		if !f.branch(l, c, v, on) {
			return false
		}
		if i++; f.b.bad {
			*dead |= 1 << (i - 1)
		} else {
			f.fold(l)
		}
		return true
	}
	switch src.kind {
	case forceCell:
		for m := l.cand[src.cell]; m != 0; m &= m - 1 {
			if !one(src.cell, lowValue(m), true) {
				return false
			}
		}
	case forceUnit:
		bit := uint32(1) << (src.value - 1)
		for _, c := range l.t.unit(src.unit) {
			if l.cand[c]&bit != 0 && !one(int(c), src.value, true) {
				return false
			}
		}
	case forceDigit:
		if !one(src.cell, src.value, true) || !one(src.cell, src.value, false) {
			return false
		}
	}
	return true
}

// forcingChain is the technique tc: it tries every source of its kind,
// keeps the conclusion with the shortest chains and applies every
// conclusion common to that source's branches.
func (l *logic) forcingChain(tc tech) bool {
	if l.skip > 0 || l.exhausted || !l.unique {
		return false // one instance only: the best
	}
	f := forcerFree.get()
	defer forcerFree.put(f)
	if f.b == nil {
		f.b = new(logic)
	}
	f.prepare(l)
	t, n := l.t, l.n
	bestLen := int32(1 << 30)
	var bestSrc forcingSource
	found := false
	// On boards above 9×9 the grader (batch) takes every conclusion of
	// the sweep in one step: a sweep costs a branch per candidate, and
	// Sudoku Explainer's scale, which picks the shortest chain each time,
	// is a 9×9 one.
	sweep := l.batch && n > 9
	if sweep {
		clear(f.more[:t.cells])
	}
	try := func(src forcingSource) bool {
		var dead uint32
		if !f.follow(l, src, &dead) {
			return false
		}
		if f.hits == 0 {
			// Every branch fails: the board has no solution.
			l.bad = true
			return false
		}
		if c, _, length := f.best(l); c >= 0 && length < bestLen {
			bestLen, bestSrc, found = length, src, true
		}
		if sweep {
			for c := 0; c < t.cells; c++ {
				f.more[c] |= f.acc[c]
			}
		}
		return true
	}
	switch tc {
	case tCellForcingChain:
		for c := 0; c < t.cells && !l.bad; c++ {
			if l.val[c] == 0 && popcount(l.cand[c]) >= 2 && !try(forcingSource{kind: forceCell, cell: c}) {
				break
			}
		}
	case tUnitForcingChain:
	units:
		for u := 0; u < 3*n && !l.bad; u++ {
			for v := 1; v <= n; v++ {
				bit := uint32(1) << (v - 1)
				if l.uval[u]&bit != 0 {
					continue
				}
				k := 0
				for _, c := range t.unit(u) {
					if l.cand[c]&bit != 0 {
						k++
					}
				}
				if k >= 3 && !try(forcingSource{kind: forceUnit, unit: u, value: v}) {
					break units
				}
			}
		}
	case tDigitForcingChain:
		for c := 0; c < t.cells && !l.bad && !l.exhausted; c++ {
			for m := l.cand[c]; l.val[c] == 0 && m != 0; m &= m - 1 {
				if !try(forcingSource{kind: forceDigit, cell: c, value: lowValue(m)}) {
					break
				}
			}
		}
	}
	if l.bad {
		return true
	}
	if !found {
		return false
	}
	// Follow the best source again and apply what its branches share.
	var dead uint32
	if !f.follow(l, bestSrc, &dead) {
		return false
	}
	l.begin(tc)
	l.recordForcing(f, bestSrc)
	hit := false
	for c := 0; c < t.cells; c++ {
		m := f.acc[c]
		if sweep {
			m |= f.more[c]
		}
		if m != 0 {
			hit = l.elim(c, m) || hit
		}
	}
	if !hit || !l.accept() {
		return false
	}
	l.mv.forcing = forcingRec{src: bestSrc, length: bestLen + int32(f.hits)}
	if bestSrc.kind == forceDigit {
		l.mv.forcing.contra = int8(dead) // 1: "true" fails, 2: "false" fails
	}
	l.mv.se = forcingSE(tc, int(bestLen)+f.hits, 0)
	l.counts[tc]++
	return true
}

// recordForcing records, for each branch of src, the chain that leads
// from its assumption to the first conclusion in f.acc, the step's, which
// it has not applied yet.
func (l *logic) recordForcing(f *forcer, src forcingSource) {
	tc, tv := -1, 0
	for c := 0; c < l.t.cells && tc < 0; c++ {
		if f.acc[c] != 0 {
			tc, tv = c, lowValue(f.acc[c])
		}
	}
	l.mv.digits = 0
	switch src.kind {
	case forceCell:
		l.addCell(src.cell)
		for m := l.cand[src.cell]; m != 0; m &= m - 1 {
			l.recordBranch(f, src.cell, lowValue(m), true, tc, tv)
		}
	case forceUnit:
		l.addUnit(src.unit)
		l.mv.digits = 1 << (src.value - 1)
		bit := uint32(1) << (src.value - 1)
		for _, c := range l.t.unit(src.unit) {
			if l.cand[c]&bit != 0 {
				l.addCellOnce(int(c))
				l.recordBranch(f, int(c), src.value, true, tc, tv)
			}
		}
	case forceDigit:
		l.addCell(src.cell)
		l.mv.digits = 1 << (src.value - 1)
		l.recordBranch(f, src.cell, src.value, true, tc, tv)
		l.recordBranch(f, src.cell, src.value, false, tc, tv)
	}
}

// recordBranch follows one branch again and records the chain from its
// assumption to "tc does not hold tv" as links.
func (l *logic) recordBranch(f *forcer, c, v int, on bool, tc, tv int) {
	l.nodes++ // the record is not charged
	if !f.branch(l, c, v, on) {
		return
	}
	switch {
	case f.b.bad && f.fail >= 0:
		l.recordPath(f, f.fail)
	case !f.b.bad && tc >= 0:
		l.recordPath(f, potential(l.n, tc, tv, false))
	}
}

// recordPath records the links from the branch's assumption to p.
func (l *logic) recordPath(f *forcer, p int32) {
	var path [maxLinks + 1]int32
	k := 0
	for x := p; x >= 0 && k < len(path); x = f.why[x] {
		path[k] = x
		k++
	}
	n := l.n
	node := func(x int32) pnode {
		nd := cellNode(int(x>>1)/n, int(x>>1)%n+1)
		nd.state = nodeOff - uint8(x&1)
		return nd
	}
	for i := k - 1; i >= 0; i-- {
		l.addCellOnce(int(path[i]>>1) / n)
	}
	for i := k - 1; i > 0; i-- {
		from, to := path[i], path[i-1]
		// "from" off forces "to" on: a strong link; "from" on forces "to"
		// off: a weak one.
		l.addLink(node(from), node(to), from&1 == 0)
	}
}

// forcingSE is the Sudoku Explainer rating, in tenths, of a forcing step
// of technique tc whose chains hold length potentials in all, at net
// depth depth: the technique's base rating plus Sudoku Explainer's length
// increment (0.1 for every step of 4, 6, 8, 12, 16, 24, … potentials).
func forcingSE(tc tech, length, depth int) uint8 {
	se := int(techs[tc].se) + 5*max(depth-1, 0)
	ceil, odd := 4, false
	for length > ceil {
		se++
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return uint8(min(se, 250))
}

// forcingNet is the last resort: it assumes each candidate in turn (cells
// with fewest candidates first) and follows it with the singles, basic
// techniques and, past depth 1, nested nets, until one leads to a
// contradiction; that candidate goes. The depth grows from 1 until a
// contradiction turns up, which on a board with one solution it always
// does (at a depth of the empty cells at most, a net is a full search);
// the budget bounds it. Nets run only on a board known to have one
// solution (l.unique): on another, they would search for ever deeper
// contradictions that do not exist.
func (l *logic) forcingNet() bool {
	if l.skip > 0 || l.exhausted || !l.unique {
		return false
	}
	b := logicPool.Get().(*logic)
	defer putLogic(b)
	for depth := 1; depth <= l.empty; depth++ {
		c, v, ok := l.netContradiction(b, depth)
		if l.exhausted || l.bad {
			return l.bad
		}
		if !ok {
			continue
		}
		l.begin(tForcingNet)
		l.elim(c, 1<<(v-1))
		if !l.accept() {
			return false
		}
		l.mv.forcing = forcingRec{src: forcingSource{kind: forceDigit, cell: c, value: v}, contra: 1, depth: uint8(depth), where: -1, length: l.derived(b)}
		l.mv.digits = 1 << (v - 1)
		l.addCell(c)
		l.recordContradiction(b)
		l.mv.se = forcingSE(tForcingNet, 0, depth)
		l.counts[tForcingNet]++
		return true
	}
	return false
}

// derived counts the candidates the branch b, followed from l, placed or
// removed: a measure of the net's length.
func (l *logic) derived(b *logic) int32 {
	k := 0
	for c := 0; c < l.t.cells; c++ {
		k += popcount(l.cand[c] &^ b.cand[c])
	}
	return int32(k)
}

// netContradiction returns a candidate of l whose assumption leads, by a
// net of the given depth, to a contradiction. b is scratch. Budget
// exhaustion and a board without solution (every candidate of a cell
// fails) show in l.exhausted and l.bad.
func (l *logic) netContradiction(b *logic, depth int) (c, v int, ok bool) {
	t := l.t
	for k := 2; k <= l.n; k++ {
		for c := 0; c < t.cells; c++ {
			if l.val[c] != 0 || popcount(l.cand[c]) != k {
				continue
			}
			for m := l.cand[c]; m != 0; m &= m - 1 {
				v := lowValue(m)
				if !l.spend(forcingNodes) {
					return 0, 0, false
				}
				b.load(l)
				b.place(c, v)
				b.netPropagate(depth)
				l.nodes, l.spent = b.nodes, l.spent+b.spent
				if b.exhausted {
					l.exhausted = true
					return 0, 0, false
				}
				if b.bad {
					return c, v, true
				}
			}
		}
	}
	return 0, 0, false
}

// recordContradiction records where the contradictory branch b shows its
// contradiction: a cell left without candidates, or a unit (and its empty
// cells) left without a place for a value.
func (l *logic) recordContradiction(b *logic) {
	t := b.t
	for c := 0; c < t.cells; c++ {
		if b.val[c] == 0 && b.cand[c] == 0 {
			l.addCell(c)
			l.mv.forcing.where = int32(c)
			return
		}
	}
	for u := 0; u < 3*b.n; u++ {
		var once uint32
		for _, c := range t.unit(u) {
			once |= b.cand[c]
		}
		if once|b.uval[u] != b.all {
			l.addUnit(u)
			for _, c := range t.unit(u) {
				if b.val[c] == 0 {
					l.addCell(int(c))
				}
			}
			l.mv.forcing.where = -2 - int32(u)
			return
		}
	}
}

// netPropagate applies singles, the net techniques and, at depth > 1,
// the contradictions of nets of depth-1 to the branch b until it stalls or
// is contradictory. The net techniques are pointing, claiming, naked and
// hidden pairs and X-Wings, tried in that order, the first instance of the
// first that applies taken (as stepTable's functions would take it), read
// from one table of the places of each value in each unit per round.
func (b *logic) netPropagate(depth int) {
	b.spent = 0
	var pos [3 * MaxSize * MaxSize]uint32
	var boxAt [MaxCells]uint8
	for u := 2 * b.n; u < 3*b.n; u++ {
		for i, c := range b.t.unit(u) {
			boxAt[c] = uint8(i)
		}
	}
	for b.empty > 0 && !b.bad && !b.exhausted {
		if b.fullHouse() || b.nakedSingle() || b.hiddenSingle() {
			continue
		}
		b.netPlaces(pos[:], &boxAt)
		if b.netPointing(pos[:]) || b.netClaiming(pos[:]) || b.nakedSubset(2, tNakedPair) ||
			b.netHiddenPair(pos[:]) || b.netXWing(pos[:]) {
			continue
		}
		if depth <= 1 {
			return
		}
		inner := logicPool.Get().(*logic)
		c, v, ok := b.netContradiction(inner, depth-1)
		putLogic(inner)
		if !ok {
			return
		}
		b.elim(c, 1<<(v-1))
	}
}

// netPlaces fills pos with the places of each value in each unit:
// pos[u*n+d] has bit i when the i-th cell of unit u holds value d+1
// (boxAt gives a cell's position in its box; a row's cells are in column
// order, a column's in row order).
func (b *logic) netPlaces(pos []uint32, boxAt *[MaxCells]uint8) {
	t, n := b.t, b.n
	clear(pos[:3*n*n])
	for c := 0; c < t.cells; c++ {
		m := b.cand[c]
		if m == 0 {
			continue
		}
		us := &t.cellUnits[c]
		row, col, box := pos[int(us[0])*n:], pos[int(us[1])*n:], pos[int(us[2])*n:]
		inRow, inCol, inBox := uint32(1)<<(int(us[1])-n), uint32(1)<<us[0], uint32(1)<<boxAt[c]
		for ; m != 0; m &= m - 1 {
			d := bits.TrailingZeros32(m)
			row[d] |= inRow
			col[d] |= inCol
			box[d] |= inBox
		}
	}
}

// netElim removes value d+1 from the cells of unit u at the positions m
// but those in unit not (-1: none), and reports whether it removed any.
func (b *logic) netElim(tc tech, u, d int, m uint32, k, not int) bool {
	cells := b.t.unit(u)
	hit := false
	for ; m != 0; m &= m - 1 {
		c := int(cells[bits.TrailingZeros32(m)])
		if int(b.t.cellUnits[c][k]) != not {
			if !hit {
				b.begin(tc)
			}
			hit = b.elim(c, 1<<d) || hit
		}
	}
	return hit
}

// netPointing is pointing read from pos: the first box and value (in
// that order) whose places lie in one row (then: one column) with the
// value elsewhere in that line.
func (b *logic) netPointing(pos []uint32) bool {
	t, n := b.t, b.n
	for u := 2 * n; u < 3*n; u++ {
		cells := t.unit(u)
		for d := 0; d < n; d++ {
			p := pos[u*n+d]
			if p == 0 {
				continue
			}
			us := t.cellUnits[cells[bits.TrailingZeros32(p)]]
			row, col := int(us[0]), int(us[1])
			rowOK, colOK := true, true
			for m := p & (p - 1); m != 0; m &= m - 1 {
				us := t.cellUnits[cells[bits.TrailingZeros32(m)]]
				rowOK = rowOK && int(us[0]) == row
				colOK = colOK && int(us[1]) == col
			}
			if rowOK && b.netElim(tPointing, row, d, pos[row*n+d], 2, u) ||
				colOK && b.netElim(tPointing, col, d, pos[col*n+d], 2, u) {
				return true
			}
		}
	}
	return false
}

// netClaiming is claiming read from pos: the first line and value whose
// places lie in one box, with the value elsewhere in that box.
func (b *logic) netClaiming(pos []uint32) bool {
	t, n := b.t, b.n
	for u := 0; u < 2*n; u++ {
		cells := t.unit(u)
		k := 0
		if u >= n {
			k = 1
		}
		for d := 0; d < n; d++ {
			p := pos[u*n+d]
			if p == 0 {
				continue
			}
			box := t.cellUnits[cells[bits.TrailingZeros32(p)]][2]
			ok := true
			for m := p & (p - 1); m != 0 && ok; m &= m - 1 {
				ok = t.cellUnits[cells[bits.TrailingZeros32(m)]][2] == box
			}
			if ok && b.netElim(tClaiming, int(box), d, pos[int(box)*n+d], k, u) {
				return true
			}
		}
	}
	return false
}

// netHiddenPair is hiddenSubset(2) read from pos: the first unit and
// pair of values (in value order) that fit the same two cells and only
// those, with other candidates in them.
func (b *logic) netHiddenPair(pos []uint32) bool {
	n := b.n
	var sub [MaxSize]int
	for u := 0; u < 3*n; u++ {
		p := pos[u*n : u*n+n]
		nsub, open := 0, 0
		for d, m := range p {
			pc := popcount(m)
			if pc > 0 {
				open++
			}
			if pc == 2 {
				sub[nsub] = d
				nsub++
			}
		}
		if nsub < 2 || open <= 2 {
			continue
		}
		cells := b.t.unit(u)
		for i := 0; i < nsub-1; i++ {
			for j := i + 1; j < nsub; j++ {
				if p[sub[i]] != p[sub[j]] {
					continue
				}
				keep := uint32(1)<<sub[i] | 1<<sub[j]
				hit := false
				for m := p[sub[i]]; m != 0; m &= m - 1 {
					c := int(cells[bits.TrailingZeros32(m)])
					if b.cand[c]&^keep != 0 && !hit {
						b.begin(tHiddenPair)
					}
					hit = b.elim(c, b.all&^keep) || hit
				}
				if hit {
					return true
				}
			}
		}
	}
	return false
}

// netXWing is fish(2) read from pos: the first value and orientation
// (rows, then columns as base lines) and pair of base lines whose places
// are the same two cover lines, with the value elsewhere in those.
func (b *logic) netXWing(pos []uint32) bool {
	n := b.n
	var sub [MaxSize]int
	for d := 0; d < n; d++ {
		for orient := 0; orient < 2; orient++ {
			base, cover := 0, n
			if orient == 1 {
				base, cover = n, 0
			}
			nsub := 0
			for i := 0; i < n; i++ {
				if popcount(pos[(base+i)*n+d]) == 2 {
					sub[nsub] = i
					nsub++
				}
			}
			for i := 0; i < nsub-1; i++ {
				p := pos[(base+sub[i])*n+d]
				for j := i + 1; j < nsub; j++ {
					if pos[(base+sub[j])*n+d] != p {
						continue
					}
					lines := uint32(1)<<sub[i] | 1<<sub[j]
					hit := false
					for m := p; m != 0; m &= m - 1 {
						line := cover + bits.TrailingZeros32(m)
						for t := pos[line*n+d] &^ lines; t != 0; t &= t - 1 {
							if !hit {
								b.begin(tXWing)
							}
							hit = b.elim(int(b.t.unit(line)[bits.TrailingZeros32(t)]), 1<<d) || hit
						}
					}
					if hit {
						return true
					}
				}
			}
		}
	}
	return false
}

// describeForcing explains a forcing step.
func (l *logic) describeForcing(mv *move) string {
	r := &mv.forcing
	gone := fmt.Sprintf("removes %s from %s", values(mv.removed), l.cellList(mv.elims[:mv.nelims]))
	if mv.total > mv.nelims {
		gone += " and more"
	}
	cell := func(c int) string { return CellName(c/l.n, c%l.n) }
	switch {
	case mv.tech == tForcingNet:
		by := "singles, locked candidates, pairs and X-Wings"
		if r.depth > 1 {
			by += fmt.Sprintf(" and nested nets of depth %d", r.depth-1)
		}
		what := "a contradiction"
		switch {
		case r.where >= 0:
			what = "a contradiction: " + cell(int(r.where)) + " would have no candidate left"
		case r.where <= -2:
			what = "a contradiction: a value would have no place in " + l.unitName(int(-2-r.where))
		}
		return fmt.Sprintf("a forcing net (depth %d): if %s held %s, %s would lead to %s, which %s",
			r.depth, cell(r.src.cell), sym(r.src.value), by, what, gone)
	case r.src.kind == forceCell:
		return fmt.Sprintf("a cell forcing chain: whichever value %s holds, the chains lead to the same conclusion, which %s", cell(r.src.cell), gone)
	case r.src.kind == forceUnit:
		return fmt.Sprintf("a unit forcing chain: wherever %s goes in %s, the chains lead to the same conclusion, which %s", sym(r.src.value), l.unitName(r.src.unit), gone)
	case r.contra == 1:
		return fmt.Sprintf("a digit forcing chain: if %s held %s, the chain would lead to a contradiction, which %s", cell(r.src.cell), sym(r.src.value), gone)
	case r.contra == 2:
		return fmt.Sprintf("a digit forcing chain: if %s did not hold %s, the chain would lead to a contradiction, which %s", cell(r.src.cell), sym(r.src.value), gone)
	}
	return fmt.Sprintf("a digit forcing chain: whether %s holds %s or not, the chains lead to the same conclusion, which %s", cell(r.src.cell), sym(r.src.value), gone)
}
