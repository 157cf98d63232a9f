package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// The classic forcing family on variant boards. A branch assumes a
// candidate true (or false) and follows it with the propagation of the
// variant search (vsolver.propagate): naked singles over every cell's
// peers (units, cage, knight and king moves), hidden singles over every
// full unit, the non-consecutive neighbours of a placed value and the
// combinations each cage's sum leaves; or it meets a contradiction (a
// cell without a value, a unit without a place for one, a cage sum no
// set reaches). These are the rules themselves, so a branch is sound
// under every rule, and what every branch of a forcing concludes holds.
//
//   - digit_forcing_chain: a candidate true and the same candidate false
//     lead to the same conclusion, or "false" to a contradiction (while
//     each other value of the cell, tried alone, does not), so the
//     candidate holds.
//   - cell_forcing_chain: whichever candidate of a cell holds, the same
//     candidates elsewhere go.
//   - unit_forcing_chain: wherever a value goes in a full unit, the same
//     candidates go.
//   - forcing_net: a value of a two-candidate cell followed by the
//     propagation and, inside the branch, by every candidate that itself
//     leads to a contradiction by the propagation taken out, until the
//     branch meets one: the value goes and the other is placed.
//
// They come in the classic order, by rating: the chains (8.0, 8.2)
// before contradiction_chain (8.5: a candidate true meets a
// contradiction, one branch), the net (9.0) after it and before
// trial_net, the bounded search. A chain whose "true" branch of some
// candidate meets a contradiction is left to contradiction_chain: each
// of its branches must live. The net tries only the values of
// two-candidate cells, where a contradiction places the other value as
// trial_net's would. Each of them spends at most half of the budget
// left, so that on a large board, where a scan of every candidate costs
// thousands of branches, contradiction_chain and trial_net keep their
// share.
//
// Every branch and probe costs the request's budget a node (l.budget),
// as contradiction_chain's probes do, and the chains look at the
// context.
//
// Classic boards give these the levels Master (the chains) and Extreme
// (the net). On variant boards they are Expert techniques with the
// classic ratings (forcingVTech), as contradiction_chain and trial_net
// are: there the levels from Master up follow the rating (gradeVariant:
// 7.5 and up is master, 9.0 extreme) on a board with one solution, and a
// board with several solutions stays expert.

// forcingVTech is the vtech entry of classic forcing technique tc at
// Expert.
func forcingVTech(tc tech) vtech {
	v := classicVTech(tc)
	v.level = Expert
	return v
}

// branch loads l's state into the probe, assumes v in cell c (on) or
// not, and propagates: false on a contradiction. The probe's candidates
// are then the branch's.
func (l *vlogic) branch(c, v int, on bool) bool {
	l.budget--
	p := l.probe
	p.loadState(l.cand, l.val)
	if on {
		return p.place(c, v) && p.propagate()
	}
	return p.remove(c, 1<<(v-1)) && p.propagate()
}

// onCacheCells bounds the boards whose "true" branches are kept: 9×9 and
// smaller, where the expert puzzles are (a 9×9 state has at most 729
// candidates, 81 words each).
const onCacheCells = 81

// onCache keeps the "true" branch of each candidate of one state, which
// the digit, cell and unit forcing chains and contradiction_chain share.
type onCache struct {
	cand []uint32 // the state's candidates and values (when the cache is for it)
	val  []uint8
	at   []int32  // per candidate c·n+v-1: -1 not followed, -2 a contradiction, else its offset in buf
	buf  []uint32 // the branches' candidates
}

// on returns the candidates of the branch "c holds v" from l's state, or
// false when it meets a contradiction; the slice is valid until the next
// branch.
func (l *vlogic) on(c, v int) ([]uint32, bool) {
	if l.cells > onCacheCells {
		if !l.branch(c, v, true) {
			return nil, false
		}
		return l.probe.cand, true
	}
	o := &l.ons
	if !slices.Equal(o.cand, l.cand) || !slices.Equal(o.val, l.val) {
		o.cand, o.val = append(o.cand[:0], l.cand...), append(o.val[:0], l.val...)
		o.at = slices.Grow(o.at[:0], l.cells*l.n)[:l.cells*l.n]
		for i := range o.at {
			o.at[i] = -1
		}
		o.buf = o.buf[:0]
	}
	k := c*l.n + v - 1
	switch at := o.at[k]; at {
	case -1:
	case -2:
		return nil, false
	default:
		return o.buf[at : int(at)+l.cells], true
	}
	if !l.branch(c, v, true) {
		o.at[k] = -2
		return nil, false
	}
	o.at[k] = int32(len(o.buf))
	o.buf = append(o.buf, l.probe.cand...)
	return o.buf[len(o.buf)-l.cells:], true
}

// forcingAcc gathers what every branch of one forcing removes.
type forcingAcc struct {
	gone []uint32 // per cell, the candidates every branch so far removed
	live int      // the branches folded
}

// fold intersects the candidates the branch with candidates cand
// removed from l with those of the earlier branches.
func (l *vlogic) fold(a *forcingAcc, cand []uint32) {
	for c := range l.cells {
		g := uint32(0)
		if l.val[c] == 0 {
			g = l.cand[c] &^ cand[c]
		}
		if a.live == 0 {
			a.gone[c] = g
		} else {
			a.gone[c] &= g
		}
	}
	a.live++
}

// common returns what every branch folded removed, or nil when they
// share nothing.
func (a *forcingAcc) common() map[int]uint32 {
	if !slices.ContainsFunc(a.gone, func(m uint32) bool { return m != 0 }) {
		return nil
	}
	gone := map[int]uint32{}
	for c, m := range a.gone {
		if m != 0 {
			gone[c] = m
		}
	}
	return gone
}

// stopped reports whether the context ends the forcing or the budget fell
// to keep, the share it leaves to the techniques after it.
func (l *vlogic) stopped(keep int64) bool { return l.budget <= keep || l.ctx.Err() != nil }

// digitForcing finds a digit forcing chain.
func (l *vlogic) digitForcing() (Step, bool) {
	a := forcingAcc{gone: make([]uint32, l.cells)}
	keep := l.budget / 2
	for _, c := range l.byFewest() {
		for m := l.cand[c]; m != 0; m &= m - 1 {
			if l.stopped(keep) {
				return Step{}, false
			}
			v := lowValue(m)
			a.live = 0
			cand, ok := l.on(c, v)
			if !ok {
				continue // contradiction_chain's
			}
			l.fold(&a, cand)
			if !l.branch(c, v, false) {
				if !l.forkAll(&a, keep, []int16{int16(c)}, l.cand[c]&^(m&-m)) {
					continue // a value of the others breaks a rule by itself: contradiction_chain's
				}
				why := fmt.Sprintf("if %s were not %s, the singles, cage sums and rules that follow would break a rule, so it is %s", l.cellName(c), l.sym(v), l.sym(v))
				return l.placement(vtDigitForcing, c, v, why, nil, &Pattern{Sets: [][]Cell{{l.cellOf(c)}}}), true
			}
			l.fold(&a, l.probe.cand)
			if gone := a.common(); gone != nil {
				why := fmt.Sprintf("whether %s is %s or not, the singles, cage sums and rules that follow remove the same candidates", l.cellName(c), l.sym(v))
				return l.forcingStep(vtDigitForcing, gone, why, []int16{int16(c)}, nil), true
			}
		}
	}
	return Step{}, false
}

// cellForcing finds a cell forcing chain.
func (l *vlogic) cellForcing() (Step, bool) {
	a := forcingAcc{gone: make([]uint32, l.cells)}
	keep := l.budget / 2
	for _, c := range l.byFewest() {
		if l.stopped(keep) {
			return Step{}, false
		}
		if !l.forkAll(&a, keep, []int16{int16(c)}, l.cand[c]) {
			continue
		}
		if gone := a.common(); gone != nil {
			why := fmt.Sprintf("whichever of %s %s holds, the singles, cage sums and rules that follow remove the same candidates", l.valueList(l.cand[c]), l.cellName(c))
			return l.forcingStep(vtCellForcing, gone, why, []int16{int16(c)}, nil), true
		}
	}
	return Step{}, false
}

// unitForcing finds a unit forcing chain over the full units: a value
// with three places or more (two are a digit forcing chain's).
func (l *vlogic) unitForcing() (Step, bool) {
	a := forcingAcc{gone: make([]uint32, l.cells)}
	keep := l.budget / 2
	for u := range l.rs.unitKind {
		for d := range l.n {
			places := l.places(u, 1<<d)
			if len(places) < 3 {
				continue
			}
			if l.stopped(keep) {
				return Step{}, false
			}
			if !l.forkAll(&a, keep, places, 1<<d) {
				continue
			}
			if gone := a.common(); gone != nil {
				why := fmt.Sprintf("wherever %s goes in %s (%s), the singles, cage sums and rules that follow remove the same candidates", l.sym(d+1), l.unitName(u), l.cellList(places))
				return l.forcingStep(vtUnitForcing, gone, why, places, []Unit{l.unitOf(u)}), true
			}
		}
	}
	return Step{}, false
}

// forkAll follows the branches "c holds v" for each cell c of cs and
// value v of vs it may hold, folding them into a; false when one meets a
// contradiction (contradiction_chain's) or the budget falls to keep.
func (l *vlogic) forkAll(a *forcingAcc, keep int64, cs []int16, vs uint32) bool {
	a.live = 0
	for _, c := range cs {
		for m := l.cand[c] & vs; m != 0; m &= m - 1 {
			if l.budget <= keep {
				return false
			}
			cand, ok := l.on(int(c), lowValue(m))
			if !ok {
				return false
			}
			l.fold(a, cand)
		}
	}
	return true
}

// forcingStep returns the step removing gone (not empty), which the
// explanation why says every branch from the source cells removes.
func (l *vlogic) forcingStep(t int, gone map[int]uint32, why string, src []int16, units []Unit) Step {
	keys := make([]int16, 0, len(gone))
	for c := range l.cells {
		if gone[c] != 0 {
			keys = append(keys, int16(c))
		}
	}
	why = fmt.Sprintf("%s: not %s", why, l.elimText(gone, keys))
	st, _ := l.elimination(t, gone, why, l.cellsOf(src), units, &Pattern{Sets: [][]Cell{l.cellsOf(src)}})
	return st
}

// elimText writes eliminations: "3 in r1c2, 4 or 5 in r2c2", up to four
// cells and "…" past them.
func (l *vlogic) elimText(gone map[int]uint32, keys []int16) string {
	var parts []string
	for i, c := range keys {
		if i == 4 {
			parts = append(parts, "…")
			break
		}
		vs := l.valueList(gone[int(c)])
		parts = append(parts, vs+" in "+l.cellName(int(c)))
	}
	return joinAnd(parts)
}

// forcingNet eliminates a value of a two-candidate cell whose branch,
// with the candidates that lead to a contradiction inside it taken out,
// meets one. It spends at most half of the budget left.
func (l *vlogic) forcingNet() (Step, bool) {
	inner := getVSolver(l.rs)
	defer vsolverPool.Put(inner)
	keep := l.budget / 2 // for trial_net
	for _, c := range l.byFewest() {
		if bits.OnesCount32(l.cand[c]) != 2 {
			break // byFewest: no cell with two candidates is left
		}
		for m := l.cand[c]; m != 0; m &= m - 1 {
			if l.stopped(keep) {
				return Step{}, false
			}
			v := lowValue(m)
			if l.netFails(c, v, inner, keep) {
				why := fmt.Sprintf("if %s were %s, the singles, cage sums and rules that follow, with every candidate that would itself lead to a contradiction by them taken out, would break a rule, so it is %s",
					l.cellName(c), l.sym(v), l.sym(lowValue(l.cand[c]&^(m&-m))))
				return l.elimination(vtForcingNet, map[int]uint32{c: m & -m}, why, []Cell{l.cellOf(c)}, nil, nil)
			}
		}
	}
	return Step{}, false
}

// netFails reports whether v in c, followed by the propagation and by
// the contradictions of single candidates inside the branch (probed with
// inner), meets a contradiction. It answers false when the budget falls
// to keep.
func (l *vlogic) netFails(c, v int, inner *vsolver, keep int64) bool {
	if !l.branch(c, v, true) {
		return true
	}
	p := l.probe
	for {
		progress := false
		for x := range l.cells {
			for m := p.cand[x]; p.val[x] == 0 && m != 0; m &= m - 1 {
				if l.budget--; l.budget <= keep {
					return false
				}
				inner.loadState(p.cand, p.val)
				if inner.place(x, lowValue(m)) && inner.propagate() {
					continue
				}
				if !p.remove(x, m&-m) || !p.propagate() {
					return true
				}
				progress = true
			}
		}
		if !progress {
			return false
		}
	}
}
