package engine

import (
	"fmt"
	"math/bits"
)

// Sukaku Explainer's chaining rules on variant boards, for the order of
// seNext: the rules of Sudoku Explainer that tech_sechain.go follows on
// classic 9×9 boards, over the rule set's units and peers (Sukaku's
// chains take a cell's visible cells, knight and king moves and the
// extra regions included, and on a non-consecutive board the values next
// to a cell's beside it). A potential is a candidate on or off; an "on"
// turns off the value in the cells that see it, the cell's other values
// (not in Nishio chains) and its neighbours' values next to it; an "off"
// turns on the cell's last value or the value's last place in a unit.
// Dynamic chains remove what they turn off as they go. In Explainer's
// order:
//
//   - Nishio forcing chains (7.5): one value's links only, dynamic; a
//     candidate on (or off) that leads to a contradiction;
//   - multiple forcing chains (8.0): static chains from every candidate
//     of a cell, or every place of a value in a unit, to one conclusion;
//   - dynamic forcing chains (8.5): dynamic chains to a contradiction, a
//     candidate whose on and off both lead to one conclusion, and cell
//     and unit forcing chains.
//
// Each step rates its rule's base plus the length adjustment of its
// complexity (seLength: the potentials of its chains, counted once per
// chain), the easiest step of the first rule that has one.

// vset is what one assumption implies: the potentials, each with the
// potentials that force it.
type vset struct {
	stamp uint32
	in    []uint32 // in[p] == stamp: p is in the set
	par   [][]int32
	list  []int32 // in the order found
}

func (s *vset) has(p int32) bool { return s.in[p] == s.stamp }

func (s *vset) add(p int32, parents []int32) {
	s.in[p] = s.stamp
	s.par[p] = append(s.par[p][:0], parents...)
	s.list = append(s.list, p)
}

// vchainer follows chains over a variant board.
type vchainer struct {
	l       *vlogic
	n       int
	cur     []uint32
	dynamic bool
	ychain  bool
	sets    [2]vset // an "on" branch and an "off" one
	onBits  [][]uint64
	qOn     []int32
	qOff    []int32
	ons     []int32 // offToOn's scratch
	ends    []int
	tmp     []int32
	anc     []int32 // ancestors' queue
	vis     []uint32
	visN    uint32
	// a contradiction: the two potentials, the new one's parents absPar
	absOn, absOff int32
	absNewOn      bool
	absPar        []int32
}

func newVChainer(l *vlogic) *vchainer {
	np := 2 * l.cells * l.n
	h := &vchainer{l: l, n: l.n, cur: make([]uint32, l.cells), vis: make([]uint32, np), onBits: make([][]uint64, l.cells*l.n)}
	for i := range h.sets {
		h.sets[i] = vset{in: make([]uint32, np), par: make([][]int32, np)}
	}
	return h
}

func (h *vchainer) pot(c, v int, on bool) int32 {
	p := int32(c*h.n+v-1) << 1
	if on {
		p |= 1
	}
	return p
}

// follow makes s the set of what p0 implies; false on a contradiction.
func (h *vchainer) follow(s *vset, p0 int32) bool {
	l := h.l
	copy(h.cur, l.cand)
	s.stamp++
	s.list, h.qOn, h.qOff = s.list[:0], h.qOn[:0], h.qOff[:0]
	s.add(p0, nil)
	if p0&1 != 0 {
		h.qOn = append(h.qOn, p0)
	} else {
		h.qOff = append(h.qOff, p0)
	}
	var one [1]int32
	off := func(x, w int, p int32) bool {
		q := h.pot(x, w, false)
		if s.has(q | 1) {
			h.absOn, h.absOff, h.absNewOn = q|1, q, false
			h.absPar = append(h.absPar[:0], p)
			return false
		}
		if !s.has(q) {
			one[0] = p
			s.add(q, one[:])
			h.qOff = append(h.qOff, q)
		}
		return true
	}
	for hOn, hOff := 0, 0; hOn < len(h.qOn) || hOff < len(h.qOff); {
		if hOn < len(h.qOn) {
			p := h.qOn[hOn]
			hOn++
			c, v := int(p>>1)/h.n, int(p>>1)%h.n+1
			bit := uint32(1) << (v - 1)
			if h.ychain {
				for m := h.cur[c] &^ bit; m != 0; m &= m - 1 {
					if !off(c, lowValue(m), p) {
						return false
					}
				}
			}
			for _, x := range l.rs.peersOf(c) {
				if l.val[x] == 0 && h.cur[x]&bit != 0 && !off(int(x), v, p) {
					return false
				}
			}
			if l.rs.nonConsec && h.ychain {
				next := (bit<<1 | bit>>1) & l.full
				for _, q := range orthogonal(c, h.n) {
					if q < 0 || l.val[q] != 0 {
						continue
					}
					for m := h.cur[q] & next; m != 0; m &= m - 1 {
						if !off(q, lowValue(m), p) {
							return false
						}
					}
				}
			}
			continue
		}
		p := h.qOff[hOff]
		hOff++
		if !h.offToOn(s, p) {
			return false
		}
	}
	return true
}

// offToOn applies p, off: the cell's last other value, or the value's
// last other place in a unit of the cell, turns on, resting on p and on
// the candidates the chain removed before.
func (h *vchainer) offToOn(s *vset, p int32) bool {
	l := h.l
	c, v := int(p>>1)/h.n, int(p>>1)%h.n+1
	bit := uint32(1) << (v - 1)
	ons, ends := h.ons[:0], h.ends[:0] // the parents of ons[i] end at tmp[ends[i]]
	tmp := h.tmp[:0]
	if h.ychain && l.val[c] == 0 && popcount(h.cur[c]) == 2 && h.cur[c]&bit != 0 {
		tmp = append(tmp, p)
		if h.dynamic {
			for m := l.cand[c] &^ h.cur[c]; m != 0; m &= m - 1 {
				tmp = append(tmp, h.pot(c, lowValue(m), false))
			}
		}
		ons, ends = append(ons, h.pot(c, lowValue(h.cur[c]&^bit), true)), append(ends, len(tmp))
	}
	for _, u := range l.rs.unitsOf(c) {
		cells := l.rs.unit(int(u))
		other, places := -1, 0
		for _, x := range cells {
			if l.val[x] == 0 && h.cur[x]&bit != 0 {
				places++
				if int(x) != c {
					other = int(x)
				}
			}
		}
		if places != 2 || other < 0 {
			continue
		}
		q := h.pot(other, v, true)
		dup := false
		for _, o := range ons {
			dup = dup || o == q
		}
		if dup {
			continue
		}
		tmp = append(tmp, p)
		if h.dynamic {
			for _, x := range cells {
				if l.val[x] == 0 && l.cand[x]&bit != 0 && h.cur[x]&bit == 0 {
					tmp = append(tmp, h.pot(int(x), v, false))
				}
			}
		}
		ons, ends = append(ons, q), append(ends, len(tmp))
	}
	h.ons, h.ends, h.tmp = ons, ends, tmp
	if h.dynamic {
		h.cur[c] &^= bit
	}
	start := 0
	for i, q := range ons {
		par := tmp[start:ends[i]]
		start = ends[i]
		if s.has(q &^ 1) {
			h.absOn, h.absOff, h.absNewOn = q, q&^1, true
			h.absPar = append(h.absPar[:0], par...)
			return false
		}
		if !s.has(q) {
			s.add(q, par)
			h.qOn = append(h.qOn, q)
		}
	}
	return true
}

// ancestors counts the distinct potentials p (with parents par, or its
// own in s when par is nil) rests on, p included.
func (h *vchainer) ancestors(s *vset, p int32, par []int32) int {
	h.visN++
	if par == nil {
		par = s.par[p]
	}
	queue := append(h.anc[:0], p)
	h.vis[p] = h.visN
	for i := 0; i < len(queue); i++ {
		if i > 0 {
			par = s.par[queue[i]]
		}
		for _, q := range par {
			if h.vis[q] != h.visN {
				h.vis[q] = h.visN
				queue = append(queue, q)
			}
		}
	}
	h.anc = queue
	return len(queue)
}

// absComplexity is the complexity of the contradiction s ended on.
func (h *vchainer) absComplexity(s *vset) int {
	if h.absNewOn {
		return h.ancestors(s, h.absOn, h.absPar) + h.ancestors(s, h.absOff, nil)
	}
	return h.ancestors(s, h.absOn, nil) + h.ancestors(s, h.absOff, h.absPar)
}

// vseStep is the easiest step found: its rating (tenths), complexity,
// and the potential it sets.
type vseStep struct {
	found bool
	se    int
	cx    int
	p     int32
}

func (b *vseStep) offer(base, cx int, p int32) {
	se := base + seLength(cx)
	if !b.found || se < b.se || se == b.se && (cx < b.cx || cx == b.cx && p < b.p) {
		*b = vseStep{true, se, cx, p}
	}
}

// seChains finds the easiest step of chaining rule rule (seNishio,
// seMultiple or seDynamic) on l.
func (h *vchainer) seChains(rule int) vseStep {
	l := h.l
	h.dynamic = rule != seMultiple
	h.ychain = rule != seNishio
	base := map[int]int{seNishio: 75, seMultiple: 80, seDynamic: 85}[rule]
	var best vseStep
	on, off := &h.sets[0], &h.sets[1]
	words := (len(on.in) + 63) / 64
	for c := range l.cells {
		if l.val[c] != 0 || popcount(l.cand[c]) < 2 {
			continue
		}
		for m := l.cand[c]; m != 0; m &= m - 1 {
			if l.budget--; l.budget <= 0 || l.ctx.Err() != nil {
				return vseStep{}
			}
			v := lowValue(m)
			pOn, pOff := h.pot(c, v, true), h.pot(c, v, false)
			okOn := h.follow(on, pOn)
			ob := h.onBits[c*h.n+v-1]
			if ob == nil {
				ob = make([]uint64, words)
				h.onBits[c*h.n+v-1] = ob
			}
			clear(ob)
			for _, p := range on.list {
				ob[p>>6] |= 1 << (p & 63)
			}
			if !h.dynamic {
				continue
			}
			if !okOn {
				best.offer(base, h.absComplexity(on), pOff)
			}
			if !h.follow(off, pOff) {
				best.offer(base, h.absComplexity(off), pOn)
			}
			if rule == seNishio || popcount(l.cand[c]) < 3 {
				continue
			}
			// on and off both lead to p (a branch that failed keeps what
			// it found before)
			for _, p := range off.list {
				if on.has(p) {
					best.offer(base, h.ancestors(on, p, nil)+h.ancestors(off, p, nil), p)
				}
			}
		}
	}
	if rule == seNishio {
		return best
	}
	// every candidate of a cell, or every place of a value in a unit,
	// leads to p
	common := make([]uint64, words)
	cx := map[int32]int{}
	reduce := func(cands []int32) {
		copy(common, h.onBits[cands[0]>>1])
		for _, x := range cands[1:] {
			for i, w := range h.onBits[x>>1] {
				common[i] &= w
			}
		}
		clear(cx)
		for i, w := range common {
			for ; w != 0; w &= w - 1 {
				cx[int32(i*64+bits.TrailingZeros64(w))] = 0
			}
		}
		if len(cx) == 0 {
			return
		}
		for _, x := range cands {
			if l.budget--; l.budget <= 0 {
				return
			}
			h.follow(on, x)
			for p := range cx {
				cx[p] += h.ancestors(on, p, nil)
			}
		}
		for p, k := range cx {
			best.offer(base, k, p)
		}
	}
	for c := range l.cells {
		if l.val[c] != 0 || popcount(l.cand[c]) < 3 && !(popcount(l.cand[c]) == 2 && h.dynamic) {
			continue
		}
		var cands []int32
		for m := l.cand[c]; m != 0; m &= m - 1 {
			cands = append(cands, h.pot(c, lowValue(m), true))
		}
		reduce(cands)
	}
	for u := range l.rs.unitKind {
		for d := range l.n {
			p := l.places(u, 1<<d)
			if len(p) < 2 || len(p) == 2 && !h.dynamic {
				continue
			}
			cands := make([]int32, len(p))
			for i, c := range p {
				cands[i] = h.pot(int(c), d+1, true)
			}
			reduce(cands)
		}
	}
	return best
}

// seChain takes the easiest step of the first of Explainer's Nishio,
// multiple and dynamic forcing chains that has one, rated by its rule
// and length.
func (l *vlogic) seChain() (Step, bool) {
	h := newVChainer(l)
	for _, rule := range [...]int{seNishio, seMultiple, seDynamic} {
		best := h.seChains(rule)
		if !best.found {
			continue
		}
		p := best.p
		c, v := int(p>>1)/l.n, int(p>>1)%l.n+1
		name := map[int]string{seNishio: "Nishio", seMultiple: "multiple", seDynamic: "dynamic"}[rule]
		var st Step
		ok := true
		if p&1 != 0 {
			why := fmt.Sprintf("%s forcing chains show that %s is %s", name, l.cellName(c), l.sym(v))
			st = l.placement(vtContradiction, c, v, why, nil, nil)
		} else {
			why := fmt.Sprintf("%s forcing chains show that %s is not %s", name, l.cellName(c), l.sym(v))
			st, ok = l.elimination(vtContradiction, map[int]uint32{c: 1 << (v - 1)}, why, []Cell{l.cellOf(c)}, nil, nil)
		}
		if ok {
			l.se = float64(best.se) / 10
			return st, true
		}
	}
	return Step{}, false
}
