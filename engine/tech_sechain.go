package engine

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// This file rates the forcing steps of 9×9 boards as Sudoku Explainer
// does (seTable, the order Grade follows for Rating.SE). Explainer's
// chaining rules, in the order it tries them, each taking its easiest
// step:
//
//   - forcing chains (6.6 on one value, 7.0 over several): a candidate
//     assumed on (or off) leads, by the bivalue cells and bilocal places of
//     the board, to its own negation;
//   - Nishio forcing chains (7.5): a candidate assumed on leads, by one
//     value's places alone, to a contradiction; "dynamic": every candidate
//     turned off on the way is gone for what follows;
//   - multiple forcing chains (8.0): every candidate of a cell (of three
//     or more), or every place of a value in a unit, leads by static
//     chains to the same conclusion;
//   - dynamic forcing chains (8.5): the same with dynamic chains, and a
//     candidate on or off leading to a contradiction, or both leading to
//     the same conclusion;
//   - dynamic forcing chains (+) (9.0): the same with locked candidates,
//     naked and hidden pairs and X-Wings applied inside the chains when
//     they stall;
//   - nested forcing chains (9.5 and up): forcing chains inside the
//     chains; this grader stands in a forcing net of depth d for them (see
//     seNested).
//
// Each step rates its rule's base plus Explainer's length adjustment: the
// complexity of a step is the number of potentials (a candidate on or off)
// its chains hold, counted once per chain, and every step of 4, 6, 8, 12,
// 16, 24, … over 2 adds 0.1 (seLength). The chains are followed as
// Explainer follows them (breadth first, "on" potentials before "off"
// ones, each potential with the first reasons found for it), so their
// complexity is its.

// seMaxPot is the number of potentials of a 9×9 board: ((c*9 + v-1) << 1) | on.
const seMaxPot = 2 * 81 * 9

// seSet is the result of following one assumption: the potentials it
// implies, each with its parents (the potentials that force it).
type seSet struct {
	stamp uint32
	in    [seMaxPot]uint32 // in[p] == stamp: p is in the set
	par0  [seMaxPot]int32  // p's parents are pars[par0[p] : par0[p]+npar[p]]
	npar  [seMaxPot]uint16
	nest  [seMaxPot]int32 // complexity of the nested chain that forced p
	pars  []int32
	list  []int32 // the potentials in the order they were found
}

func (s *seSet) reset() {
	s.stamp++
	if s.stamp == 0 {
		clear(s.in[:])
		s.stamp = 1
	}
	s.pars, s.list = s.pars[:0], s.list[:0]
}

func (s *seSet) has(p int32) bool { return s.in[p] == s.stamp }

func (s *seSet) add(p int32, parents ...int32) {
	s.in[p] = s.stamp
	s.par0[p] = int32(len(s.pars))
	s.npar[p] = uint16(len(parents))
	s.nest[p] = 0
	s.pars = append(s.pars, parents...)
	s.list = append(s.list, p)
}

func (s *seSet) parents(p int32) []int32 { return s.pars[s.par0[p] : s.par0[p]+int32(s.npar[p])] }

// seChainer follows chains for one chaining rule on the board l.
type seChainer struct {
	l       *logic
	cur     [81]uint32 // the branch's candidates (dynamic chains remove from it)
	dynamic bool
	ychain  bool // links within a cell (off for Nishio chains)
	level   int  // 1: basic techniques inside the chains
	qOn     []int32
	qOff    []int32
	vis     [seMaxPot]uint32
	visN    uint32
	stack   []int32
	common  []int32
	tmp     []int32
	// a contradiction: the two potentials, one of them new with the
	// parents in absPar
	absOn, absOff int32
	absNewOn      bool
	absPar        []int32
	sets          [11]seSet // 0: an "on" branch; 9: an "off" branch; 10: scratch
	onBits        [81 * 9][seWords]uint64
	dep           [seMaxPot]uint16 // forcing chains: a potential's distance from the assumption
	last          int32            // forcing chains: the potential that led to the negation
	offers        []seStep         // every step offered, when the logic prefers singles
	partner       [81 * 9][3]int8  // forcing chains: see partners
	// Recording a nested chain (seNested): depth ≥ 2 makes follow, where
	// the chains stall, take a candidate off whose own chains of depth-1
	// lead to a contradiction (nested); such an inner chain starts from
	// the outer branch's candidates, start.
	depth int
	start *[81]uint32
}

func sePot(c, v int, on bool) int32 {
	p := int32(c*9+v-1) << 1
	if on {
		p |= 1
	}
	return p
}

// ancestors counts the distinct potentials p (with parents par, or its
// own in s when par is nil) rests on, p included, and the complexity of
// the nested chains that forced them.
func (h *seChainer) ancestors(s *seSet, p int32, par []int32) int {
	if par == nil {
		k, nest := h.markAncestors(s, true, p)
		return k + nest
	}
	h.markAncestors(s, true)
	h.vis[p] = h.visN
	k, nest := h.markAncestors(s, false, par...)
	return 1 + k + nest
}

// follow completes the set s, which holds the assumption p0, with what
// it implies; it reports false on a contradiction (absOn, absOff).
func (h *seChainer) follow(s *seSet, p0 int32) bool {
	l := h.l
	if h.start != nil {
		copy(h.cur[:], h.start[:])
	} else {
		copy(h.cur[:], l.cand[:81])
	}
	s.reset()
	s.add(p0)
	h.qOn, h.qOff = h.qOn[:0], h.qOff[:0]
	if p0&1 != 0 {
		h.qOn = append(h.qOn, p0)
	} else {
		h.qOff = append(h.qOff, p0)
	}
	t := l.t
	for hOn, hOff := 0, 0; ; {
		switch {
		case hOn < len(h.qOn):
			p := h.qOn[hOn]
			hOn++
			c, v := int(p>>1)/9, int(p>>1)%9+1
			bit := uint32(1) << (v - 1)
			try := func(x, w int) bool {
				q := sePot(x, w, false)
				if s.has(q | 1) {
					h.absOn, h.absOff, h.absNewOn = q|1, q, false
					h.absPar = append(h.absPar[:0], p)
					return false
				}
				if !s.has(q) {
					s.add(q, p)
					h.qOff = append(h.qOff, q)
				}
				return true
			}
			if h.ychain {
				for m := h.cur[c] &^ bit; m != 0; m &= m - 1 {
					if !try(c, lowValue(m)) {
						return false
					}
				}
			}
			us := &t.cellUnits[c]
			for _, u := range [3]int16{us[2], us[0], us[1]} {
				for _, x := range t.unit(int(u)) {
					if int(x) != c && h.cur[x]&bit != 0 && !try(int(x), v) {
						return false
					}
				}
			}
		case hOff < len(h.qOff):
			p := h.qOff[hOff]
			hOff++
			if !h.offToOn(s, p) {
				return false
			}
		default:
			if (h.level == 0 || !h.advanced(s)) && (h.depth < 2 || !h.nested(s)) {
				return true
			}
		}
	}
}

// offToOn applies the potential p, off, in s: a cell left with one
// other candidate, or a value left with one other place in a unit, gets
// it on.
func (h *seChainer) offToOn(s *seSet, p int32) bool {
	t := h.l.t
	c, v := int(p>>1)/9, int(p>>1)%9+1
	bit := uint32(1) << (v - 1)
	var on [4]int32
	var par [4][]int32
	k := 0
	tmp := h.tmp[:0]
	if h.ychain && popcount(h.cur[c]) == 2 {
		w := lowValue(h.cur[c] &^ bit)
		start := len(tmp)
		tmp = append(tmp, p)
		for m := h.l.cand[c] &^ h.cur[c]; m != 0; m &= m - 1 {
			tmp = append(tmp, sePot(c, lowValue(m), false))
		}
		on[k], par[k] = sePot(c, w, true), tmp[start:len(tmp):len(tmp)]
		k++
	}
	us := &t.cellUnits[c]
	for _, u := range [3]int16{us[2], us[0], us[1]} {
		cells := t.unit(int(u))
		other, places := -1, 0
		for _, x := range cells {
			if h.cur[x]&bit != 0 {
				places++
				if int(x) != c {
					other = int(x)
				}
			}
		}
		if places != 2 || other < 0 {
			continue
		}
		q := sePot(other, v, true)
		dup := false
		for i := range k {
			dup = dup || on[i] == q
		}
		if dup {
			continue
		}
		start := len(tmp)
		tmp = append(tmp, p)
		for _, x := range cells {
			if h.l.cand[x]&bit != 0 && h.cur[x]&bit == 0 {
				tmp = append(tmp, sePot(int(x), v, false))
			}
		}
		on[k], par[k] = q, tmp[start:len(tmp):len(tmp)]
		k++
	}
	h.tmp = tmp
	if h.dynamic {
		h.cur[c] &^= bit
	}
	for i := range k {
		q := on[i]
		if s.has(q &^ 1) {
			h.absOn, h.absOff, h.absNewOn = q, q&^1, true
			h.absPar = append(h.absPar[:0], par[i]...)
			return false
		}
		if !s.has(q) {
			s.add(q, par[i]...)
			h.qOn = append(h.qOn, q)
		}
	}
	return true
}

// advanced applies, where the chains of s stall, the first of locked
// candidates, hidden pairs, naked pairs and X-Wings that the chains made
// possible (one resting on candidates the chains turned off): every
// candidate its instances remove turns off. It reports whether any did.
func (h *seChainer) advanced(s *seSet) bool {
	n0 := len(h.qOff)
	l, t := h.l, h.l.t
	var pos [27 * 9]uint16 // places of value d in unit u: bit i for the i-th cell
	for u := range 27 {
		for i, c := range t.unit(u) {
			for m := h.cur[c]; m != 0; m &= m - 1 {
				pos[u*9+bits.TrailingZeros32(m)] |= 1 << i
			}
		}
	}
	par := h.tmp[:0]
	emit := func(c, v int) {
		q := sePot(c, v, false)
		if h.cur[c]&(1<<(v-1)) == 0 || s.has(q) {
			return
		}
		s.add(q, par...)
		h.qOff = append(h.qOff, q)
	}
	// removed reports the places of value d in unit u the chains removed.
	removed := func(u, d int) uint16 {
		var m uint16
		for i, c := range t.unit(u) {
			if l.cand[c]&(1<<d) != 0 && h.cur[c]&(1<<d) == 0 {
				m |= 1 << i
			}
		}
		return m
	}
	inUnit := func(c int16, u int) bool {
		us := &t.cellUnits[c]
		return int(us[0]) == u || int(us[1]) == u || int(us[2]) == u
	}
	// locked candidates: base unit b, cover unit cv
	lock := func(b, cv, d int) {
		if pos[b*9+d] == 0 {
			return
		}
		for m := pos[b*9+d]; m != 0; m &= m - 1 {
			if !inUnit(t.unit(b)[bits.TrailingZeros16(m)], cv) {
				return
			}
		}
		var elims []int16
		for m := pos[cv*9+d]; m != 0; m &= m - 1 {
			if x := t.unit(cv)[bits.TrailingZeros16(m)]; !inUnit(x, b) {
				elims = append(elims, x)
			}
		}
		if len(elims) == 0 {
			return
		}
		par = par[:0]
		for m := removed(b, d); m != 0; m &= m - 1 {
			if x := t.unit(b)[bits.TrailingZeros16(m)]; !inUnit(x, cv) {
				par = append(par, sePot(int(x), d+1, false))
			}
		}
		if len(par) == 0 {
			return
		}
		for _, x := range elims {
			emit(int(x), d+1)
		}
	}
	for d := range 9 {
		for b := 18; b < 27; b++ {
			cells := t.unit(b)
			m := pos[b*9+d]
			if m == 0 {
				continue
			}
			us := t.cellUnits[cells[bits.TrailingZeros16(m)]]
			lock(b, int(us[0]), d)
			lock(b, int(us[1]), d)
		}
		for u := range 18 {
			m := pos[u*9+d]
			if m == 0 {
				continue
			}
			lock(u, int(t.cellUnits[t.unit(u)[bits.TrailingZeros16(m)]][2]), d)
		}
	}
	if len(h.qOff) > n0 {
		h.tmp = par
		return true
	}
	// hidden pairs
	for _, u := range seUnitOrder {
		for a := range 9 {
			pa := pos[u*9+a]
			if bits.OnesCount16(pa) != 2 {
				continue
			}
			for b := a + 1; b < 9; b++ {
				if pos[u*9+b] != pa {
					continue
				}
				keep := uint32(1)<<a | 1<<b
				cells := t.unit(u)
				worth := false
				for m := pa; m != 0; m &= m - 1 {
					worth = worth || h.cur[cells[bits.TrailingZeros16(m)]]&^keep != 0
				}
				if !worth {
					continue
				}
				par = par[:0]
				for i, x := range cells {
					if pa&(1<<i) != 0 {
						continue
					}
					for _, d := range [2]int{a, b} {
						if l.cand[x]&(1<<d) != 0 {
							par = append(par, sePot(int(x), d+1, false))
						}
					}
				}
				if len(par) == 0 {
					continue
				}
				for m := pa; m != 0; m &= m - 1 {
					x := int(cells[bits.TrailingZeros16(m)])
					for r := h.cur[x] &^ keep; r != 0; r &= r - 1 {
						emit(x, lowValue(r))
					}
				}
			}
		}
	}
	if len(h.qOff) > n0 {
		h.tmp = par
		return true
	}
	// naked pairs
	for _, u := range seUnitOrder {
		cells := t.unit(u)
		for i, x := range cells {
			if popcount(h.cur[x]) != 2 || l.val[x] != 0 {
				continue
			}
			for j := i + 1; j < 9; j++ {
				y := cells[j]
				if h.cur[y] != h.cur[x] {
					continue
				}
				pair := h.cur[x]
				par = par[:0]
				for _, z := range [2]int16{x, y} {
					for m := l.cand[z] &^ pair; m != 0; m &= m - 1 {
						par = append(par, sePot(int(z), lowValue(m), false))
					}
				}
				if len(par) == 0 {
					continue
				}
				for _, z := range cells {
					if z != x && z != y {
						for m := h.cur[z] & pair; m != 0; m &= m - 1 {
							emit(int(z), lowValue(m))
						}
					}
				}
			}
		}
	}
	if len(h.qOff) > n0 {
		h.tmp = par
		return true
	}
	// X-Wings: base lines rows (then columns), cover lines the others
	for d := range 9 {
		for base := 0; base < 18; base += 9 {
			cover := 9 - base
			for i := range 9 {
				p := pos[(base+i)*9+d]
				if bits.OnesCount16(p) != 2 {
					continue
				}
				for j := i + 1; j < 9; j++ {
					if pos[(base+j)*9+d] != p {
						continue
					}
					par = par[:0]
					for _, b := range [2]int{base + i, base + j} {
						for m := removed(b, d) &^ p; m != 0; m &= m - 1 {
							par = append(par, sePot(int(t.unit(b)[bits.TrailingZeros16(m)]), d+1, false))
						}
					}
					if len(par) == 0 {
						continue
					}
					for m := p; m != 0; m &= m - 1 {
						cv := cover + bits.TrailingZeros16(m)
						for r := pos[cv*9+d] &^ (1<<i | 1<<j); r != 0; r &= r - 1 {
							emit(int(t.unit(cv)[bits.TrailingZeros16(r)]), d+1)
						}
					}
				}
			}
		}
	}
	h.tmp = par
	return len(h.qOff) > n0
}

// seUnitOrder lists the units as Explainer visits them: boxes, rows,
// columns.
var seUnitOrder = func() []int {
	u := make([]int, 0, 27)
	for i := 18; i < 27; i++ {
		u = append(u, i)
	}
	for i := range 18 {
		u = append(u, i)
	}
	return u
}()

// seStep is the best step found so far: its rating, complexity and kind
// (Explainer's sort key), and what it removes.
type seStep struct {
	found  bool
	se     int // tenths
	cx     int
	key    int
	cell   int
	remove uint32
	why    seWhy
	all    *[]seStep // when set, every step offered is kept there too
}

// seWhy is what a step rests on, for recording its chains: the kind of
// step (its key), the assumption and the conclusion.
//
//   - seKeyChain, seKeyChainXY: a forcing chain from potential src to its
//     negation;
//   - seKeyContra: potential src leads to a contradiction;
//   - seKeyBoth: src (on) and its negation both lead to target;
//   - seKeyCell: every candidate of cell src leads to target;
//   - seKeyUnit: every place of value src%9+1 in unit src/9 leads to
//     target.
type seWhy struct{ src, target int32 }

// Explainer's kinds of chaining steps, in its order among steps of the
// same rating and complexity (seStep.key).
const (
	seKeyBoth    = 1
	seKeyChain   = 2
	seKeyChainXY = 4
	seKeyCell    = 5
	seKeyUnit    = 6
	seKeyContra  = 7
)

// offer keeps the step if it is easier than the best so far.
func (b *seStep) offer(base, cx, key, cell int, remove uint32, why seWhy) {
	if remove == 0 {
		return
	}
	se := base + seLength(cx)
	if b.all != nil {
		*b.all = append(*b.all, seStep{true, se, cx, key, cell, remove, why, nil})
	}
	if b.found && (se > b.se || se == b.se && (cx > b.cx || cx == b.cx && key >= b.key)) {
		return
	}
	*b = seStep{true, se, cx, key, cell, remove, why, b.all}
}

// seLength is Explainer's length adjustment, in tenths, of a step of
// complexity cx: 0.1 for each of 4, 6, 8, 12, 16, 24, … that cx-2 exceeds.
func seLength(cx int) int {
	k, ceil, odd := 0, 4, false
	for length := cx - 2; length > ceil; k++ {
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return k
}

// target returns the step that sets potential p of l: p on removes the
// other candidates of its cell, p off removes its value.
func (l *logic) seTarget(p int32) (cell int, remove uint32) {
	c, v := int(p>>1)/9, int(p>>1)%9+1
	if p&1 != 0 {
		return c, l.cand[c] &^ (1 << (v - 1))
	}
	return c, l.cand[c] & (1 << (v - 1))
}

// Explainer's chaining rules, in its order.
const (
	seNishio = iota
	seMultiple
	seDynamic
	seDynamicPlus
)

// seChains finds the easiest step of chaining rule rule (seNishio to
// seDynamicPlus) on l. It follows each candidate's "on" branch once and
// keeps which potentials it implies (onBits); a cell or unit whose
// branches share a potential has its branches followed again for their
// complexity.
func (h *seChainer) seChains(rule int) seStep {
	l := h.l
	h.dynamic = rule != seMultiple
	h.ychain = rule != seNishio
	h.level = 0
	base := 85
	switch rule {
	case seNishio:
		base = 75
	case seMultiple:
		base = 80
	case seDynamicPlus:
		base, h.level = 90, 1
	}
	source := func(c int) bool {
		k := popcount(l.cand[c])
		return l.val[c] == 0 && (k > 2 || k == 2 && h.dynamic)
	}
	best := h.newBest()
	s, off := &h.sets[0], &h.sets[9]
	for c := range 81 {
		if l.val[c] != 0 {
			continue
		}
		for m := l.cand[c]; m != 0; m &= m - 1 {
			v := lowValue(m)
			pOn, pOff := sePot(c, v, true), sePot(c, v, false)
			okOn := h.follow(s, pOn)
			bits := &h.onBits[c*9+v-1]
			*bits = [seWords]uint64{}
			for _, p := range s.list {
				bits[p>>6] |= 1 << (p & 63)
			}
			if !source(c) || !h.dynamic {
				continue
			}
			if !okOn {
				best.offer(base, h.absComplexity(s), seKeyContra, c, 1<<(v-1), seWhy{pOn, -1})
			}
			if !h.follow(off, pOff) {
				best.offer(base, h.absComplexity(off), seKeyContra, c, l.cand[c]&^(1<<(v-1)), seWhy{pOff, -1})
			}
			if rule == seNishio || popcount(l.cand[c]) < 3 {
				continue
			}
			// Both states of the candidate lead to the same conclusion (a
			// branch that failed keeps what it found before, as
			// Explainer's does).
			for _, p := range s.list {
				if off.has(p) {
					cx := h.ancestors(s, p, nil) + h.ancestors(off, p, nil)
					tc, rm := l.seTarget(p)
					best.offer(base, cx, seKeyBoth, tc, rm, seWhy{pOn, p})
				}
			}
		}
	}
	if rule == seNishio {
		return best
	}
	t := l.t
	var places [9]int32
	for c := range 81 {
		if !source(c) {
			continue
		}
		for m := l.cand[c]; m != 0; m &= m - 1 {
			v := lowValue(m)
			bit := uint32(1) << (v - 1)
			us := &t.cellUnits[c]
			for _, u := range [3]int16{us[2], us[0], us[1]} {
				k := 0
				for _, x := range t.unit(int(u)) {
					if l.cand[x]&bit != 0 {
						places[k] = int32(x)*9 + int32(v-1)
						k++
					}
				}
				if k >= 2 && int(places[0]) == c*9+v-1 {
					h.reduce(&best, base, seKeyUnit, places[:k], int32(u)*9+int32(v-1))
				}
			}
		}
		k := 0
		for m := l.cand[c]; m != 0; m &= m - 1 {
			places[k] = int32(c*9 + lowValue(m) - 1)
			k++
		}
		h.reduce(&best, base, seKeyCell, places[:k], int32(c))
	}
	return best
}

// seWords is the length of a set of potentials as a bitset.
const seWords = (seMaxPot + 63) / 64

// reduce offers the potentials that the "on" branches of every candidate
// of cands (c*9 + v-1) imply: each with the sum of its chains'
// complexities. src is the cell or unit and value of cands (seWhy).
func (h *seChainer) reduce(best *seStep, base, key int, cands []int32, src int32) {
	common := h.onBits[cands[0]]
	any := uint64(0)
	for _, x := range cands[1:] {
		for i := range common {
			common[i] &= h.onBits[x][i]
		}
	}
	for _, w := range common {
		any |= w
	}
	if any == 0 {
		return
	}
	cx := h.common[:0]
	for i, w := range common {
		for ; w != 0; w &= w - 1 {
			cx = append(cx, int32(i*64+bits.TrailingZeros64(w)), 0)
		}
	}
	s := &h.sets[10]
	for _, x := range cands {
		h.follow(s, sePot(int(x)/9, int(x)%9+1, true))
		for i := 0; i < len(cx); i += 2 {
			cx[i+1] += int32(h.ancestors(s, cx[i], nil))
		}
	}
	for i := 0; i < len(cx); i += 2 {
		tc, rm := h.l.seTarget(cx[i])
		best.offer(base, int(cx[i+1]), key, tc, rm, seWhy{src, cx[i]})
	}
	h.common = cx[:0]
}

// seForcing finds the easiest forcing chain: a candidate assumed on (or
// off) leading, by the bivalue cells and bilocal places of l (static
// links), to its own negation; on one value's links alone it rates 6.6,
// with links within cells 7.0, plus the length adjustment. The chains are
// followed in layers ("on" potentials, then "off" ones), as Explainer's.
func (h *seChainer) seForcing() seStep {
	l, t := h.l, h.l.t
	h.partners()
	best := h.newBest()
	s := &h.sets[9]
	for _, xy := range [2]bool{false, true} {
		base, key := 66, seKeyChain
		if xy {
			base, key = 70, seKeyChainXY
		}
		for c := range 81 {
			if l.val[c] != 0 || popcount(l.cand[c]) < 2 {
				continue
			}
			for m := l.cand[c]; m != 0; m &= m - 1 {
				v := lowValue(m)
				for _, on := range [2]bool{true, false} {
					limit := best.limit(base, key)
					if limit < 2 {
						return best // no chain of this pass can be easier
					}
					p0 := sePot(c, v, on)
					if cx := h.unary(s, p0, xy, t, limit); cx > 0 {
						tc, rm := l.seTarget(p0 ^ 1)
						best.offer(base, cx, key, tc, rm, seWhy{p0, p0 ^ 1})
					}
				}
			}
		}
	}
	return best
}

// limit returns the highest complexity a step of base rating base and
// kind key may have to be easier than b (1<<30 when b is empty).
func (b *seStep) limit(base, key int) int {
	if !b.found {
		return 1 << 30
	}
	cx := 1
	for {
		se := base + seLength(cx+1)
		if se > b.se || se == b.se && (cx+1 > b.cx || cx+1 == b.cx && key >= b.key) {
			return cx
		}
		cx++
	}
}

// unary follows p0 by static links (within cells too when xy) and
// returns the complexity of the first chain back to its negation, 0 if
// none of complexity limit or less. The chains are followed in layers, so
// the first is the shortest.
func (h *seChainer) unary(s *seSet, p0 int32, xy bool, t *topology, limit int) int {
	l := h.l
	s.reset()
	s.add(p0)
	h.dep[p0] = 0
	ons, offs := h.qOn[:0], h.qOff[:0]
	if p0&1 != 0 {
		ons = append(ons, p0)
	} else {
		offs = append(offs, p0)
	}
	defer func() { h.qOn, h.qOff = ons[:0], offs[:0] }()
	neg := p0 ^ 1
	// push adds q, implied by p, to s and queue; it reports whether q is
	// the negation of p0 (and keeps p in h.last). A chain is its
	// potentials, so the complexity of the chain to q is p's distance
	// plus 2.
	push := func(q, p int32, queue *[]int32) bool {
		if q == neg {
			h.last = p
			return true
		}
		if !s.has(q) {
			s.add(q, p)
			h.dep[q] = h.dep[p] + 1
			*queue = append(*queue, q)
		}
		return false
	}
	for len(ons) > 0 || len(offs) > 0 {
		for _, p := range ons {
			if int(h.dep[p])+2 > limit {
				return 0
			}
			c, v := int(p>>1)/9, int(p>>1)%9+1
			bit := uint32(1) << (v - 1)
			if xy {
				for m := l.cand[c] &^ bit; m != 0; m &= m - 1 {
					if push(sePot(c, lowValue(m), false), p, &offs) {
						return int(h.dep[p]) + 2
					}
				}
			}
			for _, x := range t.peersOf(c) {
				if l.cand[x]&bit != 0 && push(sePot(int(x), v, false), p, &offs) {
					return int(h.dep[p]) + 2
				}
			}
		}
		ons = ons[:0]
		for _, p := range offs {
			if int(h.dep[p])+2 > limit {
				return 0
			}
			c, d := int(p>>1)/9, int(p>>1)%9
			if xy && popcount(l.cand[c]) == 2 && push(sePot(c, lowValue(l.cand[c]&^(1<<d)), true), p, &ons) {
				return int(h.dep[p]) + 2
			}
			for _, x := range h.partner[c*9+d] {
				if x >= 0 && push(sePot(int(x), d+1, true), p, &ons) {
					return int(h.dep[p]) + 2
				}
			}
		}
		offs = offs[:0]
	}
	return 0
}

// partners fills h.partner: for each candidate, the other place of its
// value in each of its units (box, row, column) that has two, or -1.
func (h *seChainer) partners() {
	l, t := h.l, h.l.t
	for c := range 81 {
		us := &t.cellUnits[c]
		for m := l.cand[c]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros32(m)
			for k, u := range [3]int16{us[2], us[0], us[1]} {
				other, places := int8(-1), 0
				for _, x := range t.unit(int(u)) {
					if l.cand[x]&(1<<d) != 0 {
						places++
						if int(x) != c {
							other = int8(x)
						}
					}
				}
				if places != 2 {
					other = -1
				}
				h.partner[c*9+d][k] = other
			}
		}
	}
}

var seChainerFree = make(freeList[seChainer], 2)

// seChainStep takes the easiest step of Explainer's chaining rules on a
// 9×9 board, the first rule that has one: forcing chains, aligned triplet
// exclusion (seAligned), Nishio,
// multiple, dynamic and dynamic (+) forcing chains; past those, a forcing
// net of depth d stands in for Explainer's nested forcing chains
// (seNested).
func (l *logic) seChainStep() bool {
	if l.n != 9 || l.skip > 0 || l.exhausted || !l.unique {
		return false
	}
	h := seChainerFree.get()
	defer seChainerFree.put(h)
	h.l = l
	h.offers = h.offers[:0]
	rules := [...]struct {
		tc   tech
		find func() seStep
	}{
		{tAIC, h.seForcing},
		{tDigitForcingChain, func() seStep { return h.seChains(seNishio) }},
		{tCellForcingChain, func() seStep { return h.seChains(seMultiple) }},
		{tDigitForcingChain, func() seStep { return h.seChains(seDynamic) }},
		{tDigitForcingChain, func() seStep { return h.seChains(seDynamicPlus) }},
	}
	for i, r := range rules {
		if !l.spend(forcingNodes) {
			return false
		}
		if i == 1 && l.seAlignedTriplet() {
			return true // Explainer tries aligned triplets after forcing chains
		}
		st := r.find()
		if !st.found {
			continue
		}
		if l.preferSingle {
			st = h.toSingle(st)
		}
		l.begin(r.tc)
		if l.batch {
			l.addCell(st.cell)
		} else {
			h.record(&st, uint8(seRuleForcing+i))
		}
		l.elim(st.cell, st.remove)
		l.mv.se = uint8(min(st.se, 250))
		l.counts[r.tc]++
		return true
	}
	return l.seNested()
}

// seNested stands in for Explainer's nested forcing chains: a forcing net
// of depth d (tech_forcing.go), whose nested nets follow singles and the
// basic techniques as Explainer's dynamic forcing chains (+) do, rates
// 10.5 at depth 2 and 0.5 more for each further level (Explainer's
// nesting levels rate 9.5 to 11.0 plus their length, which counts the
// nested chains too; the SE 11+ puzzles need depth 2).
func (l *logic) seNested() bool {
	if !l.forcingNet() {
		return false
	}
	d := int(l.mv.forcing.depth)
	l.mv.se = uint8(min(100+5*max(d-2, 0)+seLength(int(l.mv.forcing.length)), 250))
	if !l.batch && d == 2 {
		l.recordNested()
	}
	return true
}

// recordNested records, for Hint and Explain, the forcing net of depth 2
// just found (l.mv.forcing) as the nested chain it stands in for: from
// the assumption, the dynamic (+) chains and, where they stall, a
// candidate whose own dynamic (+) chains lead to a contradiction goes
// off, linked from the potentials of the branch those chains rest on;
// until the contradiction. If those chains find none (the net's
// propagation differs a little), the step keeps the net's cells alone.
func (l *logic) recordNested() {
	r := &l.mv.forcing
	bit := uint32(1) << (r.src.value - 1)
	l.cand[r.src.cell] |= bit // the state the net started from
	defer func() { l.cand[r.src.cell] &^= bit }()
	h := seChainerFree.get()
	defer seChainerFree.put(h)
	h.l, h.dynamic, h.ychain, h.level, h.depth = l, true, true, 1, 2
	defer func() { h.depth = 0 }()
	st := seStep{key: seKeyContra, why: seWhy{sePot(r.src.cell, r.src.value, true), -1}}
	s := &h.sets[10]
	if h.follow(s, st.why.src) {
		return
	}
	n := l.mv.ncells
	h.record(&st, seRuleNested)
	l.mv.ncells = min(n, l.mv.ncells) // the net's cells, then the chains'
	for _, lk := range l.mv.pattern.net {
		l.addCellOnce(int(lk.to.cells[0]))
	}
}

// nested takes off, in the branch s stalled at, the first candidate
// (in cell order) whose own chains of depth h.depth-1, followed from the
// branch's candidates, lead to a contradiction: its parents are the
// potentials of s those chains rest on. It reports whether it found one.
func (h *seChainer) nested(s *seSet) bool {
	in := seChainerFree.get()
	defer seChainerFree.put(in)
	in.l, in.dynamic, in.ychain, in.level, in.depth, in.start = h.l, true, true, 1, h.depth-1, &h.cur
	defer func() { in.start, in.depth = nil, 0 }()
	t := &in.sets[0]
	for c := range 81 {
		if h.l.val[c] != 0 || popcount(h.cur[c]) < 2 {
			continue
		}
		for m := h.cur[c]; m != 0; m &= m - 1 {
			p := sePot(c, lowValue(m), true)
			if s.has(p) || in.follow(t, p) {
				continue
			}
			old := in.absOn // the contradiction's potential in t
			if in.absNewOn {
				old = in.absOff
			}
			var par []int32
			in.visN++
			if in.visN == 0 {
				clear(in.vis[:])
				in.visN = 1
			}
			var walk func(q int32)
			walk = func(q int32) {
				if in.vis[q] == in.visN {
					return
				}
				in.vis[q] = in.visN
				if !t.has(q) {
					par = append(par, q) // a potential of the outer branch
					return
				}
				for _, r := range t.parents(q) {
					walk(r)
				}
			}
			walk(old)
			for _, q := range append([]int32(nil), in.absPar...) {
				walk(q)
			}
			q := p &^ 1
			s.add(q, par...)
			h.qOff = append(h.qOff, q)
			return true
		}
	}
	return false
}

// absComplexity is the complexity of the contradiction s ended on.
func (h *seChainer) absComplexity(s *seSet) int {
	if h.absNewOn {
		return h.ancestors(s, h.absOn, h.absPar) + h.ancestors(s, h.absOff, nil)
	}
	return h.ancestors(s, h.absOn, nil) + h.ancestors(s, h.absOff, h.absPar)
}

// seAlignedTriplet is Explainer's aligned triplet exclusion (7.5) on l:
// for three cells, the third seen by one of the first two, that two or
// more cells of two or three candidates all see, every combination of
// their values is tried; one that puts a value twice in a unit, or takes
// every candidate of one of those common cells, is excluded, and a value
// of a cell that no remaining combination uses goes. It takes the first
// instance that removes a candidate. (Explainer's aligned pair exclusion,
// 6.2, changed no rating of the SE tests' puzzles and is left out.)
func (l *logic) seAlignedTriplet() bool {
	const degree = 3
	if l.n != 9 || l.skip > 0 {
		return false
	}
	t := l.t
	type cellSet [2]uint64
	var excl [81]cellSet
	var cands []int
	var inList cellSet
	for c := range 81 {
		if l.val[c] != 0 || popcount(l.cand[c]) < 2 {
			continue
		}
		single := false
		for _, x := range t.peersOf(c) {
			switch k := popcount(l.cand[x]); {
			case l.val[x] == 0 && k == 1:
				single = true
			case k >= 2 && k <= degree:
				excl[c][x>>6] |= 1 << (x & 63)
			}
		}
		if !single && excl[c] != (cellSet{}) {
			cands = append(cands, c)
			inList[c>>6] |= 1 << (c & 63)
		}
	}
	var cells, vals [degree]int
	var allowed [3]uint32
	var common cellSet
	var exA [20]uint32
	ex := exA[:0]      // the candidates of the common excluders
	var see [3][3]bool // see[a][b], a < b: cells a and b share a unit
	// rec tries every combination of the values of cells[i:].
	var rec func(i int)
	full := false // every value of every cell is allowed: nothing to find
	rec = func(i int) {
		if i < degree {
			for m := l.cand[cells[i]]; m != 0 && !full; m &= m - 1 {
				vals[i] = lowValue(m)
				clash := false
				for a := range i {
					clash = clash || vals[a] == vals[i] && see[a][i]
				}
				if !clash {
					rec(i + 1)
				}
			}
			return
		}
		var used uint32
		for a := range degree {
			used |= 1 << (vals[a] - 1)
		}
		for _, e := range ex {
			if e&^used == 0 {
				return
			}
		}
		full = true
		for a := range degree {
			allowed[a] |= 1 << (vals[a] - 1)
			full = full && allowed[a] == l.cand[cells[a]]
		}
	}
	try := func() bool {
		common = excl[cells[0]]
		for _, c := range cells[1:] {
			common[0] &= excl[c][0]
			common[1] &= excl[c][1]
		}
		if bits.OnesCount64(common[0])+bits.OnesCount64(common[1]) < 2 {
			return false
		}
		allowed, full = [3]uint32{}, false
		ex = ex[:0]
		for w := range 2 {
			for m := common[w]; m != 0; m &= m - 1 {
				ex = append(ex, l.cand[w*64+bits.TrailingZeros64(m)])
			}
		}
		for a := range degree {
			for b := a + 1; b < degree; b++ {
				see[a][b] = l.sees(cells[a], cells[b])
			}
		}
		rec(0)
		hit := false
		for a, c := range cells {
			if l.cand[c]&^allowed[a] != 0 {
				if !hit {
					l.begin(tALSXZ)
				}
				hit = l.elim(c, l.cand[c]&^allowed[a]) || hit
				l.addCell(c)
			}
		}
		if hit {
			l.mv.se = 75
			l.counts[tALSXZ]++
			if !l.batch {
				l.recordAligned(cells[:], common)
			}
		}
		return hit
	}
	for i, c0 := range cands {
		for _, c1 := range cands[i+1:] {
			cells[0], cells[1] = c0, c1
			twin := cellSet{(excl[c0][0] | excl[c1][0]) & inList[0], (excl[c0][1] | excl[c1][1]) & inList[1]}
			for w := range 2 {
				for m := twin[w]; m != 0; m &= m - 1 {
					x := w*64 + bits.TrailingZeros64(m)
					if x == c0 || x == c1 {
						continue
					}
					cells[2] = x
					if try() {
						return true
					}
				}
			}
		}
	}
	return false
}

// Explainer's chaining rules as a step records them (seRec.rule).
const (
	seRuleForcing = 1 + iota // forcing chains, 6.6 and 7.0
	seRuleNishio
	seRuleMultiple
	seRuleDynamic
	seRulePlus
	seRuleAligned // aligned triplet exclusion, 7.5
	seRuleNested  // nested forcing chains, a forcing net of depth 2
)

// seRec is what a step of Explainer's chaining rules records, for Hint and
// Explain, beside its links (pattern.net): the rule, the kind of step
// and what it rests on, and for a contradiction the potential found both
// on and off (its "on" state).
type seRec struct {
	rule  uint8
	key   uint8
	why   seWhy
	contr int32
}

// chainTable is stepTable with Explainer's chaining rules (seChainStep)
// in place of its forcing rows: the table step follows on 9×9 for Hint
// and Explain (logic.seChains), so that they show the chaining steps
// Grade rates.
var chainTable = func() []stepRow {
	var rows []stepRow
	for _, r := range stepTable {
		if techs[r.tc].flags&fForcing == 0 {
			rows = append(rows, r)
		}
	}
	return append(rows, stepRow{tDigitForcingChain, (*logic).seChainStep})
}()

// sePotNode is the node of potential p of a 9×9 board.
func sePotNode(p int32) pnode {
	nd := cellNode(int(p>>1)/9, int(p>>1)%9+1)
	nd.state = nodeOff - uint8(p&1)
	return nd
}

// record records on l.mv the chains of st, a step of rule (seRule…), found
// on l, whose candidates it has not removed yet: its links (every
// potential the step's conclusion or contradiction rests on, linked from
// its parents, branch by branch in the order the potentials were found,
// so each branch starts at its assumption), its cells (the assumptions
// first) and pattern.sechain. The branches are followed again, as the
// rule followed them.
func (h *seChainer) record(st *seStep, rule uint8) {
	l := h.l
	p := &l.mv.pattern
	p.sechain = seRec{rule: rule, key: uint8(st.key), why: st.why, contr: -1}
	s := &h.sets[10]
	branch := func(p0 int32) {
		h.follow(s, p0)
		h.markAncestors(s, true, st.why.target)
		h.linkMarked(s)
	}
	switch st.key {
	case seKeyChain, seKeyChainXY:
		l.addCell(int(st.why.src>>1) / 9)
		h.partners()
		h.unary(s, st.why.src, st.key == seKeyChainXY, l.t, 1<<30)
		h.markAncestors(s, true, h.last)
		h.linkMarked(s)
		h.addLink(h.last, st.why.target)
	case seKeyContra:
		l.addCell(int(st.why.src>>1) / 9)
		h.follow(s, st.why.src)
		fresh, old := h.absOff, h.absOn // the potential not in s, and the one in it
		if h.absNewOn {
			fresh, old = old, fresh
		}
		p.sechain.contr = h.absOn
		par := append([]int32(nil), h.absPar...)
		h.markAncestors(s, true, old)
		h.markAncestors(s, false, par...)
		h.linkMarked(s)
		for _, q := range par {
			h.addLink(q, fresh)
		}
	case seKeyBoth:
		l.addCell(int(st.why.src>>1) / 9)
		branch(st.why.src)
		branch(st.why.src ^ 1)
	case seKeyCell:
		c := int(st.why.src)
		l.addCell(c)
		for m := l.cand[c]; m != 0; m &= m - 1 {
			branch(sePot(c, lowValue(m), true))
		}
	case seKeyUnit:
		u, v := int(st.why.src)/9, int(st.why.src)%9+1
		for _, x := range l.t.unit(u) {
			if l.cand[x]&(1<<(v-1)) != 0 {
				l.addCell(int(x))
			}
		}
		for _, x := range l.t.unit(u) {
			if l.cand[x]&(1<<(v-1)) != 0 {
				branch(sePot(int(x), v, true))
			}
		}
	}
	for _, lk := range p.net {
		l.addCellOnce(int(lk.to.cells[0]))
	}
}

// markAncestors marks (in h.vis) the potentials ps of s and every
// potential they rest on (fresh: in a new marking) and returns how many
// it marked and the complexity of the nested chains that forced them.
func (h *seChainer) markAncestors(s *seSet, fresh bool, ps ...int32) (k, nest int) {
	if fresh {
		h.visN++
		if h.visN == 0 {
			clear(h.vis[:])
			h.visN = 1
		}
	}
	st := h.stack[:0]
	for _, p := range ps {
		if h.vis[p] != h.visN {
			h.vis[p] = h.visN
			st = append(st, p)
		}
	}
	for len(st) > 0 {
		q := st[len(st)-1]
		st = st[:len(st)-1]
		k++
		nest += int(s.nest[q])
		for _, r := range s.parents(q) {
			if h.vis[r] != h.visN {
				h.vis[r] = h.visN
				st = append(st, r)
			}
		}
	}
	h.stack = st
	return k, nest
}

// linkMarked links every marked potential of s from its parents, in the
// order s found them.
func (h *seChainer) linkMarked(s *seSet) {
	for _, q := range s.list {
		if h.vis[q] == h.visN {
			for _, r := range s.parents(q) {
				h.addLink(r, q)
			}
		}
	}
}

// addLink records that potential from forces potential to.
func (h *seChainer) addLink(from, to int32) {
	p := &h.l.mv.pattern
	p.net = append(p.net, plink{sePotNode(from), sePotNode(to), to&1 != 0})
}

// recordAligned records an aligned triplet exclusion on l.mv: the three
// cells, then the cells all three see whose candidates a combination may
// not take (common, a bitset of cells), as its cells and two sets.
func (l *logic) recordAligned(cells []int, common [2]uint64) {
	l.mv.ncells = 0
	var all []int
	for _, c := range cells {
		l.addCell(c)
		all = append(all, c)
	}
	l.addSet(all...)
	all = all[:0]
	for w := range 2 {
		for m := common[w]; m != 0; m &= m - 1 {
			c := w*64 + bits.TrailingZeros64(m)
			l.addCellOnce(c)
			all = append(all, c)
		}
	}
	l.addSet(all...)
	l.mv.pattern.sechain = seRec{rule: seRuleAligned, contr: -1}
}

// describeSE explains a step of Explainer's chaining rules (mv.pattern.sechain);
// gone says what it removes.
func (l *logic) describeSE(mv *move, gone string) string {
	r := &mv.pattern.sechain
	if r.rule == seRuleAligned {
		return fmt.Sprintf("an aligned triplet exclusion: %s cannot take together values that repeat one in a unit or leave %s (cells all three see) without a candidate, and the combinations left never use what goes, which %s",
			l.cellList(mv.cells[:3]), l.cellList(mv.cells[3:mv.ncells]), gone)
	}
	pot := func(p int32, holds bool) string {
		c, v := int(p>>1)/9, int(p>>1)%9+1
		verb := "holding"
		if !holds {
			verb = "not holding"
		}
		return fmt.Sprintf("%s %s %s", CellName(c/9, c%9), verb, sym(v))
	}
	assume := func(p int32) string {
		c, v := int(p>>1)/9, int(p>>1)%9+1
		if p&1 != 0 {
			return fmt.Sprintf("if %s held %s", CellName(c/9, c%9), sym(v))
		}
		return fmt.Sprintf("if %s did not hold %s", CellName(c/9, c%9), sym(v))
	}
	links := fmt.Sprintf("%d links", len(mv.pattern.net))
	name := "forcing chain"
	switch r.rule {
	case seRuleForcing:
		if r.key == seKeyChain {
			name = "forcing X-chain on " + sym(int(r.why.src>>1)%9+1)
		}
	case seRuleNishio:
		name = "Nishio forcing chain on " + sym(int(r.why.src>>1)%9+1)
		links += ", that value's places alone"
	case seRuleDynamic:
		name = "dynamic forcing chain"
		links += "; a candidate they remove stays gone"
	case seRulePlus:
		name = "dynamic forcing chain (+)"
		links += "; a candidate they remove stays gone; locked candidates, pairs and X-Wings inside"
	case seRuleNested:
		name = "nested forcing chain (a forcing net of depth 2)"
		links += "; dynamic (+) chains, and where they stall a candidate whose own dynamic (+) chains lead to a contradiction goes"
	}
	switch r.key {
	case seKeyChain, seKeyChainXY:
		so := "so it does not"
		if r.why.src&1 == 0 {
			so = "so it does"
		}
		return fmt.Sprintf("a %s: %s, a chain (%s) would lead to %s, %s, which %s",
			name, assume(r.why.src), links, pot(r.why.target, r.why.target&1 != 0), so, gone)
	case seKeyContra:
		so := "so it does not"
		if r.why.src&1 == 0 {
			so = "so it does"
		}
		c := int(r.contr>>1) / 9
		return fmt.Sprintf("a %s: %s, the chains (%s) would lead to a contradiction, %s both holding and not holding %s; %s, which %s",
			name, assume(r.why.src), links, CellName(c/9, c%9), sym(int(r.contr>>1)%9+1), so, gone)
	case seKeyBoth:
		c, v := int(r.why.src>>1)/9, int(r.why.src>>1)%9+1
		return fmt.Sprintf("a %s: whether %s holds %s or not, the chains (%s) lead to %s, which %s",
			name, CellName(c/9, c%9), sym(v), links, pot(r.why.target, r.why.target&1 != 0), gone)
	case seKeyCell:
		c := int(r.why.src)
		return fmt.Sprintf("a %s: whichever of %s %s holds, the chains (%s) lead to %s, which %s",
			strings.Replace(name, "forcing", "cell forcing", 1), orValues(l.cand[c]|mv.removedAt(c)), CellName(c/9, c%9), links, pot(r.why.target, r.why.target&1 != 0), gone)
	case seKeyUnit:
		u, v := int(r.why.src)/9, int(r.why.src)%9+1
		var places []string
		for _, x := range l.t.unit(u) {
			if (l.cand[x]|mv.removedAt(int(x)))&(1<<(v-1)) != 0 {
				places = append(places, CellName(int(x)/9, int(x)%9))
			}
		}
		return fmt.Sprintf("a %s: wherever %s goes in %s (%s), the chains (%s) lead to %s, which %s",
			strings.Replace(name, "forcing", "unit forcing", 1), sym(v), l.unitName(u), strings.Join(places, ", "), links, pot(r.why.target, r.why.target&1 != 0), gone)
	}
	return fmt.Sprintf("a %s, which %s", name, gone)
}

// removedAt returns the candidates the move removed from cell c (if c is
// among the first cells it recorded).
func (mv *move) removedAt(c int) uint32 {
	for i := 0; i < mv.nelims; i++ {
		if int(mv.elims[i]) == c {
			return mv.emask[i]
		}
	}
	return 0
}

// orValues lists the values of a mask as alternatives: "3, 5 or 7".
func orValues(m uint32) string {
	var parts []string
	for ; m != 0; m &= m - 1 {
		parts = append(parts, sym(lowValue(m)))
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// newBest returns an empty best step, which keeps every step offered in
// h.offers when the logic prefers steps that leave a single.
func (h *seChainer) newBest() seStep {
	if h.l.preferSingle {
		return seStep{all: &h.offers}
	}
	return seStep{}
}

// toSingle returns the easiest step offered by the rule that found st
// (Explainer's order: rating, complexity, kind) after which a single
// follows, or st if none does.
func (h *seChainer) toSingle(st seStep) seStep {
	if h.l.leavesSingle(st.cell, st.remove) {
		return st
	}
	slices.SortStableFunc(h.offers, func(a, b seStep) int {
		return cmp.Or(cmp.Compare(a.se, b.se), cmp.Compare(a.cx, b.cx), cmp.Compare(a.key, b.key))
	})
	for _, o := range h.offers {
		if h.l.leavesSingle(o.cell, o.remove) {
			o.all = nil
			return o
		}
	}
	return st
}

// leavesSingle reports whether removing the candidates remove from cell c
// of l, a board without singles, leaves one: c with one candidate, or a
// removed value with one place left in a unit of c.
func (l *logic) leavesSingle(c int, remove uint32) bool {
	if popcount(l.cand[c]&^remove) == 1 {
		return true
	}
	for _, u := range l.t.cellUnits[c] {
		for m := remove & l.cand[c]; m != 0; m &= m - 1 {
			bit := m & -m
			if l.uval[u]&bit != 0 {
				continue
			}
			k := 0
			for _, x := range l.t.unit(int(u)) {
				if int(x) != c && l.cand[x]&bit != 0 {
					k++
				}
			}
			if k == 1 {
				return true
			}
		}
	}
	return false
}
