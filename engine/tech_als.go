package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// This file holds the almost-locked-set techniques. An almost locked set
// (ALS) is k cells of one unit whose candidates are k+1 values: removing
// any one value from it would lock the other k into its cells. Two ALSs
// A and B with a restricted common candidate x (every cell of A holding x
// sees every cell of B holding x, so at most one of them holds x) make an
// ALS-XZ: one of them lacks x and is locked, so any other value z common
// to both is in A or in B, and z goes from every cell that sees all their
// cells holding z.
//
// Each set carries cell bitsets (one bit per cell of the board): its
// cells and, per value, the cells holding it and the targets, the other
// cells with that value that see all of them. The cells that see all the
// cells of one unit holding a value are the cells of the units those
// share (one cell's peers are the cells of its three units; two or more
// cells of one unit share one or two units, and a cell seeing them all
// lies in one of those), so the targets are a union of at most three
// units' candidates. Disjointness, restricted commons and eliminations
// are then a few word operations. To find the pairs with a restricted
// common candidate without looking at every pair, an index holds per
// candidate (cell and value) the bitset of the sets whose cells hold it:
// a set B can have a restricted common x with A only if one of B's cells
// holding x is a target of A for x.

const (
	alsMaxCells = 6    // largest ALS searched
	alsMax      = 2048 // ALSs kept per search
	alsBudget   = 1 << 15
	alsMaxEdges = 1 << 13
	alsWords    = (MaxCells + 63) / 64 // words of a cell bitset
)

// als is one almost locked set: cells of unit u and their candidates.
type als struct {
	cells [alsMaxCells]int16
	n     uint8
	u     int16
	cand  uint32
	reach uint32 // the values with targets: the only ones a rule can remove
	// rows and columns (bits 0… and 32…) of the cells: two sets meet only
	// if these meet in both halves
	rc uint64
}

// rcOf returns the rows and columns summary of cell c.
func (l *logic) rcOf(c int) uint64 { return 1<<(c/l.n) | 1<<(32+c%l.n) }

// mayMeet reports whether cell sets with summaries x and y may meet.
func mayMeet(x, y uint64) bool { m := x & y; return uint32(m) != 0 && m>>32 != 0 }

// alsScratch is the working storage of an ALS search, pooled apart from
// logic so that copies of a logic state stay small. It caches the sets and
// their restricted common candidates for the candidates key (of the
// topology keyT): ALS-XY-Wing runs on the state ALS-XZ has just searched,
// and Hint tries the same state again and again. The cache depends on
// nothing but the candidates, so a scratch that served another board is
// as good as a new one.
type alsScratch struct {
	sets  [alsMax]als
	nsets int
	nodes int
	w     int                 // words per cell bitset on this board
	bits  []uint64            // per set, stride words: its cells, then per value its holders and targets
	ucand []uint64            // per unit and value (u*MaxSize+d), w words: the unit's cells with the value
	built [3 * MaxSize]uint32 // the values of each unit whose ucand is built
	// The index: per candidate k (kOf[c*n+d] for value d+1 in cell c), sw
	// words from k*sw on: the sets whose cells hold it; then sw words of
	// scratch.
	sw    int
	kOf   [MaxCells * MaxSize]int32
	index []uint64
	// edges: the pairs of disjoint sets with restricted common candidates
	edges   [alsMaxEdges]alsEdge
	nedges  int
	edgesOK bool // every pair was looked at (edges may still be capped)
	keyT    *topology
	key     [MaxCells]uint32
	// CSR adjacency of edges, for ALS-XY-Wing: set i's edges are
	// adj[start[i]:start[i+1]]
	start [alsMax + 1]int32
	fill  [alsMax]int32
	adj   [2 * alsMaxEdges]int32
}

// alsEdge: sets a and b are disjoint and x (not 0) are their restricted
// common candidates.
type alsEdge struct {
	a, b int16
	x    uint32
}

var alsFree = make(freeList[alsScratch], 4)

// stride is the words of one set's bitsets.
func (sc *alsScratch) stride() int { return sc.w * (1 + 2*(alsMaxCells+1)) }

// cellsOf returns the cell bitset of set i.
func (sc *alsScratch) cellsOf(i int) []uint64 {
	o := i * sc.stride()
	return sc.bits[o : o+sc.w]
}

// holdersOf returns the cells of set i holding its k-th value.
func (sc *alsScratch) holdersOf(i, k int) []uint64 {
	o := i*sc.stride() + sc.w*(1+2*k)
	return sc.bits[o : o+sc.w]
}

// targetsOf returns the targets of set i's k-th value.
func (sc *alsScratch) targetsOf(i, k int) []uint64 {
	o := i*sc.stride() + sc.w*(2+2*k)
	return sc.bits[o : o+sc.w]
}

// valueIndex returns the index of value bit among the values of a.
func (a *als) valueIndex(bit uint32) int { return popcount(a.cand & (bit - 1)) }

func setBit(b []uint64, c int) { b[c>>6] |= 1 << (c & 63) }

func hasBit(b []uint64, c int) bool { return b[c>>6]&(1<<(c&63)) != 0 }

// collectALS fills sc with the ALSs of the board, up to alsMax of them and
// alsBudget search nodes. A set lying in two units (a row and a box) is
// kept once, from the line.
func (l *logic) collectALS(sc *alsScratch) {
	t := l.t
	sc.nsets, sc.nodes = 0, 0
	sc.w = (t.cells + 63) / 64
	var cells [MaxSize]int16
	for u := 0; u < 3*l.n; u++ {
		k := 0
		for _, c := range t.unit(u) {
			if pc := popcount(l.cand[c]); pc >= 2 && pc <= alsMaxCells+1 {
				cells[k] = c
				k++
			}
		}
		var cur als
		cur.u = int16(u)
		l.alsRec(sc, &cur, cells[:k], 0)
	}
	if sc.nsets == 0 {
		return
	}
	// The sets' bitsets, from the units' cells per value, each built when
	// first needed.
	if need := 3 * l.n * MaxSize * sc.w; len(sc.ucand) < need {
		sc.ucand = make([]uint64, need)
	}
	clear(sc.built[:3*l.n])
	if need := sc.nsets * sc.stride(); len(sc.bits) < need {
		sc.bits = append(sc.bits, make([]uint64, need-len(sc.bits))...)
	}
	for i := 0; i < sc.nsets; i++ {
		l.alsBits(sc, i)
	}
}

func (l *logic) alsRec(sc *alsScratch, cur *als, cells []int16, start int) {
	for i := start; i < len(cells); i++ {
		if sc.nsets == alsMax || sc.nodes >= alsBudget {
			return
		}
		sc.nodes++
		c := cells[i]
		prev := cur.cand
		cur.cand |= l.cand[c]
		cur.cells[cur.n] = c
		cur.n++
		if pc := popcount(cur.cand); pc <= alsMaxCells+1 {
			if pc == int(cur.n)+1 && l.alsOwnUnit(cur) {
				sc.sets[sc.nsets] = *cur
				sc.nsets++
			}
			if int(cur.n) < alsMaxCells {
				l.alsRec(sc, cur, cells, i+1)
			}
		}
		cur.n--
		cur.cand = prev
	}
}

// alsOwnUnit reports whether cur.u is the first unit holding all of cur's
// cells: rows before columns before boxes.
func (l *logic) alsOwnUnit(cur *als) bool {
	us := l.t.cellUnits[cur.cells[0]]
	for k := 0; k < 3; k++ {
		if int(us[k]) >= int(cur.u) {
			return true
		}
		all := true
		for _, c := range cur.cells[1:cur.n] {
			if l.t.cellUnits[c][k] != us[k] {
				all = false
				break
			}
		}
		if all {
			return false
		}
	}
	return true
}

// unitCands returns the cells of unit u with value d+1 as a bitset.
func (l *logic) unitCands(sc *alsScratch, u, d int) []uint64 {
	b := sc.ucand[(u*MaxSize+d)*sc.w : (u*MaxSize+d+1)*sc.w]
	if sc.built[u]&(1<<d) == 0 {
		sc.built[u] |= 1 << d
		clear(b)
		for _, c := range l.t.unit(u) {
			if l.cand[c]&(1<<d) != 0 {
				setBit(b, int(c))
			}
		}
	}
	return b
}

// alsBits fills the bitsets and summaries of set i.
func (l *logic) alsBits(sc *alsScratch, i int) {
	a := &sc.sets[i]
	a.reach, a.rc = 0, 0
	o := i * sc.stride()
	clear(sc.bits[o : o+sc.stride()])
	cs := sc.cellsOf(i)
	for _, c := range a.cells[:a.n] {
		setBit(cs, int(c))
		a.rc |= l.rcOf(int(c))
	}
	k := 0
	for m := a.cand; m != 0; m &= m - 1 {
		bit := m & -m
		d := bits.TrailingZeros32(bit)
		hs := sc.holdersOf(i, k)
		var shared [3]int16 // the units all holders share, -1 where they differ
		first := true
		for _, c := range a.cells[:a.n] {
			if l.cand[c]&bit == 0 {
				continue
			}
			setBit(hs, int(c))
			us := l.t.cellUnits[c]
			if first {
				shared, first = us, false
				continue
			}
			for j := range us {
				if shared[j] != us[j] {
					shared[j] = -1
				}
			}
		}
		ts := sc.targetsOf(i, k)
		for _, u := range shared {
			if u >= 0 {
				uc := l.unitCands(sc, int(u), d)
				for w := range ts {
					ts[w] |= uc[w]
				}
			}
		}
		var any uint64
		for w := range ts {
			ts[w] &^= cs[w]
			any |= ts[w]
		}
		if any != 0 {
			a.reach |= bit
		}
		k++
	}
}

// alsPrepare loads sc with the ALSs of the board, from its cache when the
// candidates are the same, and reports whether the cache held them.
func (l *logic) alsPrepare(sc *alsScratch) bool {
	cells := l.t.cells
	if sc.keyT == l.t && slices.Equal(sc.key[:cells], l.cand[:cells]) {
		return true
	}
	sc.keyT = nil
	l.collectALS(sc)
	sc.nedges, sc.edgesOK = 0, false
	return false
}

// alsIndex builds the index: for each candidate, the sets holding it.
func (l *logic) alsIndex(sc *alsScratch) {
	n, k := l.n, int32(0)
	for c := 0; c < l.t.cells; c++ {
		for m := l.cand[c]; m != 0; m &= m - 1 {
			sc.kOf[c*n+bits.TrailingZeros32(m)] = k
			k++
		}
	}
	sc.sw = (sc.nsets + 63) / 64
	need := (int(k) + 1) * sc.sw
	if len(sc.index) < need {
		sc.index = make([]uint64, need)
	}
	clear(sc.index[:need])
	for j := 0; j < sc.nsets; j++ {
		a := &sc.sets[j]
		bit := uint64(1) << (j & 63)
		for _, c := range a.cells[:a.n] {
			for m := l.cand[c]; m != 0; m &= m - 1 {
				sc.index[int(sc.kOf[int(c)*n+bits.TrailingZeros32(m)])*sc.sw+j>>6] |= bit
			}
		}
	}
}

// alsEdges finds every pair of disjoint sets with a restricted common
// candidate, calling try on each as it is found (when try is not nil),
// and stops early when try reports true. When it runs to the end the
// edges are complete for the current candidates.
func (l *logic) alsEdges(sc *alsScratch, try func(e alsEdge) bool) bool {
	sc.nedges = 0
	if sc.nsets > 0 {
		l.alsIndex(sc)
	}
	n, sw := l.n, sc.sw
	tail := len(sc.index) - sw
	for i := 0; i < sc.nsets; i++ {
		meet := sc.index[tail : tail+sw] // the sets after i that may share a restricted common with it
		a := &sc.sets[i]
		ca := sc.cellsOf(i)
		// A restricted common x needs b's holders of x among a's targets
		// for x, so b holds x in one of those targets.
		lo := (i + 1) >> 6
		clear(meet[lo:])
		k := 0
		for m := a.cand; m != 0; m &= m - 1 {
			d := bits.TrailingZeros32(m)
			for w, x := range sc.targetsOf(i, k) {
				for ; x != 0; x &= x - 1 {
					c := w<<6 | bits.TrailingZeros64(x)
					o := int(sc.kOf[c*n+d]) * sw
					for v, y := range sc.index[o+lo : o+sw] {
						meet[lo+v] |= y
					}
				}
			}
			k++
		}
		if lo < sw {
			meet[lo] &^= 1<<((i+1)&63) - 1
		}
		for v := lo; v < sw; v++ {
			for y := meet[v]; y != 0; y &= y - 1 {
				j := v<<6 | bits.TrailingZeros64(y)
				b := &sc.sets[j]
				if mayMeet(a.rc, b.rc) && intersects(ca, sc.cellsOf(j)) {
					continue
				}
				x := sc.rcc(i, j)
				if x == 0 {
					continue
				}
				e := alsEdge{int16(i), int16(j), x}
				if sc.nedges < alsMaxEdges {
					sc.edges[sc.nedges] = e
					sc.nedges++
				}
				if try != nil && try(e) {
					return true
				}
			}
		}
	}
	sc.edgesOK = true
	sc.keyT = l.t
	copy(sc.key[:l.t.cells], l.cand[:l.t.cells])
	return false
}

func intersects(a, b []uint64) bool {
	for w := range a {
		if a[w]&b[w] != 0 {
			return true
		}
	}
	return false
}

// rcc returns the restricted common candidates of disjoint sets i and j:
// the common values whose holders in j are all targets of i.
func (sc *alsScratch) rcc(i, j int) uint32 {
	a, b := &sc.sets[i], &sc.sets[j]
	var out uint32
	for m := a.cand & b.cand; m != 0; m &= m - 1 {
		bit := m & -m
		ts, hs := sc.targetsOf(i, a.valueIndex(bit)), sc.holdersOf(j, b.valueIndex(bit))
		ok := true
		for w := range ts {
			if hs[w]&^ts[w] != 0 {
				ok = false
				break
			}
		}
		if ok {
			out |= bit
		}
	}
	return out
}

// alsRule is one elimination rule of an ALS technique: each value of vals
// goes from the targets of set a for it that are also targets of set b
// (b < 0: of a alone).
type alsRule struct {
	vals uint32
	a, b int
}

// alsApply applies the rules, each cell losing everything the rules take
// from it in one elimination.
func (l *logic) alsApply(sc *alsScratch, rules []alsRule) bool {
	var tgt [3 * (alsMaxCells + 1)][alsWords]uint64 // per value of the rules: its targets
	var vals [3 * (alsMaxCells + 1)]uint32
	var union [alsWords]uint64
	nv := 0
	for _, r := range rules {
		a := &sc.sets[r.a]
		for m := r.vals; m != 0 && nv < len(vals); m &= m - 1 {
			bit := m & -m
			t := &tgt[nv]
			copy(t[:sc.w], sc.targetsOf(r.a, a.valueIndex(bit)))
			if r.b >= 0 {
				tb := sc.targetsOf(r.b, sc.sets[r.b].valueIndex(bit))
				for w := range tb {
					t[w] &= tb[w]
				}
			}
			var any uint64
			for w := 0; w < sc.w; w++ {
				union[w] |= t[w]
				any |= t[w]
			}
			if any != 0 {
				vals[nv] = bit
				nv++
			}
		}
	}
	hit := false
	for w := 0; w < sc.w; w++ {
		for m := union[w]; m != 0; m &= m - 1 {
			c := w<<6 | bits.TrailingZeros64(m)
			var lose uint32
			for k := 0; k < nv; k++ {
				if hasBit(tgt[k][:], c) {
					lose |= vals[k]
				}
			}
			hit = l.elim(c, lose) || hit
		}
	}
	return hit
}

// alsXZ finds two ALSs with a restricted common candidate x and removes
// their other common values z from the cells that see all their z cells.
// With two restricted common candidates (doubly linked) both sets are
// locked: each of their values goes from the cells that see all of its
// cells in the set, and each common candidate from those that see all its
// cells in both.
func (l *logic) alsXZ() bool {
	sc := alsFree.get()
	defer alsFree.put(sc)
	try := func(e alsEdge) bool { return l.alsXZElim(sc, e) }
	if l.alsPrepare(sc) && sc.edgesOK {
		for _, e := range sc.edges[:sc.nedges] {
			if try(e) {
				return true
			}
		}
		return false
	}
	return l.alsEdges(sc, try)
}

// alsXZElim applies the ALS-XZ of edge e, if it removes anything.
func (l *logic) alsXZElim(sc *alsScratch, e alsEdge) bool {
	i, j, x := int(e.a), int(e.b), e.x
	a, b := &sc.sets[i], &sc.sets[j]
	common := a.cand & b.cand
	var rules [3]alsRule
	rules[0] = alsRule{common &^ x & a.reach & b.reach, i, j}
	nr := 1
	if popcount(x) >= 2 { // doubly linked: both sets are locked
		rules[0].vals = common & a.reach & b.reach
		rules[1] = alsRule{a.cand &^ x & a.reach, i, -1}
		rules[2] = alsRule{b.cand &^ x & b.reach, j, -1}
		nr = 3
	}
	if rules[0].vals|rules[1].vals|rules[2].vals == 0 {
		return false
	}
	l.begin(tALSXZ)
	if !l.alsApply(sc, rules[:nr]) || !l.accept() {
		return false
	}
	l.mv.digits = x
	l.recordALS(a, b)
	l.alsLink(a, b, x)
	l.counts[tALSXZ]++
	return true
}

// recordALS records the sets' cells and units.
func (l *logic) recordALS(sets ...*als) {
	for _, a := range sets {
		var cs [alsMaxCells]int
		for i, c := range a.cells[:a.n] {
			cs[i] = int(c)
			l.addCell(int(c))
		}
		l.addSet(cs[:a.n]...)
		l.addUnit(int(a.u))
	}
}

// holders writes the cells of a holding bit to out and returns how many.
func (l *logic) holders(a *als, bit uint32, out []int) int {
	k := 0
	for _, c := range a.cells[:a.n] {
		if l.cand[c]&bit != 0 {
			out[k] = int(c)
			k++
		}
	}
	return k
}

// alsLink records the restricted common candidates of a and b as weak
// links between their cells holding them.
func (l *logic) alsLink(a, b *als, x uint32) {
	for m := x; m != 0; m &= m - 1 {
		bit := m & -m
		var ha, hb [alsMaxCells]int
		na := l.holders(a, bit, ha[:])
		nb := l.holders(b, bit, hb[:])
		v := lowValue(bit)
		l.addLink(groupNode(v, ha[:na]...), groupNode(v, hb[:nb]...), false)
	}
}

// alsXYWing: ALSs A and B each have a restricted common candidate with a
// third ALS C, x with A and y with B (x ≠ y). C holds x or y (it lacks at
// most one value), so A or B is locked, and a value z of both A and B
// (other than x and y) is in A or in B: z goes from every cell that sees
// all their z cells.
func (l *logic) alsXYWing() bool {
	sc := alsFree.get()
	defer alsFree.put(sc)
	if !l.alsPrepare(sc) || !sc.edgesOK {
		l.alsEdges(sc, nil)
	}
	// Adjacency: for each set, the edges it is in.
	clear(sc.start[:sc.nsets+1])
	clear(sc.fill[:sc.nsets])
	for _, e := range sc.edges[:sc.nedges] {
		sc.start[e.a+1]++
		sc.start[e.b+1]++
	}
	for i := 0; i < sc.nsets; i++ {
		sc.start[i+1] += sc.start[i]
	}
	for k, e := range sc.edges[:sc.nedges] {
		for _, s := range [2]int16{e.a, e.b} {
			sc.adj[sc.start[s]+sc.fill[s]] = int32(k)
			sc.fill[s]++
		}
	}
	for ci := 0; ci < sc.nsets; ci++ {
		part := sc.adj[sc.start[ci]:sc.start[ci+1]]
		for i, ei := range part {
			ea := &sc.edges[ei]
			ai := ea.other(ci)
			a := &sc.sets[ai]
			for _, ej := range part[i+1:] {
				eb := &sc.edges[ej]
				bi := eb.other(ci)
				b := &sc.sets[bi]
				common := a.cand & b.cand & a.reach & b.reach
				if common == 0 || mayMeet(a.rc, b.rc) && intersects(sc.cellsOf(ai), sc.cellsOf(bi)) {
					continue
				}
				if l.alsXYElim(sc, ai, bi, ci, ea.x, eb.x, common) {
					return true
				}
			}
		}
	}
	return false
}

// other returns the set of e that is not i.
func (e *alsEdge) other(i int) int {
	if int(e.a) == i {
		return int(e.b)
	}
	return int(e.a)
}

// alsXYElim tries the ALS-XY-Wing of sets a and b around c, with
// restricted commons ra (of c and a) and rb (of c and b).
func (l *logic) alsXYElim(sc *alsScratch, a, b, c int, ra, rb uint32, common uint32) bool {
	for mx := ra; mx != 0; mx &= mx - 1 {
		x := mx & -mx
		for my := rb &^ x; my != 0; my &= my - 1 {
			y := my & -my
			zs := common &^ (x | y)
			if zs == 0 {
				continue
			}
			l.begin(tALSXYWing)
			if !l.alsApply(sc, []alsRule{{zs, a, b}}) || !l.accept() {
				continue
			}
			l.mv.digits = zs
			l.recordALS(&sc.sets[a], &sc.sets[c], &sc.sets[b])
			l.alsLink(&sc.sets[a], &sc.sets[c], x)
			l.alsLink(&sc.sets[c], &sc.sets[b], y)
			l.counts[tALSXYWing]++
			return true
		}
	}
	return false
}

// commonIn says that the common values m are each in one of two sets:
// "their common 7 is", "each of their common values 1 and 2 is".
func commonIn(m uint32) string {
	if popcount(m) == 1 {
		return "their common " + values(m) + " is"
	}
	return "each of their common values " + values(m) + " is"
}

// describeALS explains an ALS-XZ or ALS-XY-Wing; gone says what it
// removes.
func (l *logic) describeALS(mv *move, gone string) string {
	p := &mv.pattern
	set := func(i int) string {
		s := l.cellList(p.set(i))
		if len(p.set(i)) > 1 && i < int(p.nunits) {
			s += " (" + l.unitName(int(p.units[i])) + ")"
		}
		return s
	}
	if mv.tech == tALSXZ && p.nsets == 2 {
		x := values(mv.digits)
		if popcount(mv.digits) > 1 {
			return fmt.Sprintf("an ALS-XZ: the almost locked sets %s and %s share the restricted common values %s (the cells of each that hold one see all the other's), so both sets are locked, which %s",
				set(0), set(1), x, gone)
		}
		return fmt.Sprintf("an ALS-XZ: the almost locked sets %s and %s share the restricted common value %s (every cell of one holding %s sees every cell of the other holding it), so one set is locked and %s in one of them, which %s",
			set(0), set(1), x, x, commonIn(mv.removed), gone)
	}
	if mv.tech == tALSXYWing && p.nsets == 3 && p.nlinks >= 2 {
		x, y := sym(int(p.links[0].from.v)), sym(int(p.links[1].from.v))
		return fmt.Sprintf("an ALS-XY-Wing: the almost locked set %s shares the restricted common %s with %s and %s with %s, so one of those two is locked and %s in one of them, which %s",
			set(1), x, set(0), y, set(2), commonIn(mv.digits), gone)
	}
	return fmt.Sprintf("an %s %s", techs[mv.tech].title, gone)
}
