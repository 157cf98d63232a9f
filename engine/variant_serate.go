package engine

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// The second logical solution of a variant board that Grade rates it by
// (Rating.SE and Score), as the classic grader follows Sudoku Explainer's
// order (seRate): the techniques in Sukaku Explainer's order (its Solver,
// serate's default rules), each step the first that one finds. Sukaku
// Explainer, the reference for variants, takes the direct intersections
// (1.7, 1.9) and the direct hidden pair (2.0) before naked singles, has no
// W-Wing (it is left out here), and rates the other single-digit patterns
// as strong-linked fishes. The first solution, whose techniques set the
// level, goes on as it was.

// seVTechs rates the steps of the Sukaku order that have no vtech of
// their own, in tenths: the direct intersections (pointing from a box or
// window 1.7, claiming 1.9) and the direct hidden pair and triple.
const (
	seDirectPointing = 17
	seDirectClaiming = 19
	seDirectPair     = 20
	seDirectTriple   = 25
	seLockedNC       = 25
)

// seNext finds the step Sukaku Explainer would take: the first of its
// techniques, in its order, that makes progress.
func (l *vlogic) seNext() (Step, bool) {
	finders := []func() (Step, bool){
		l.hiddenSingle, l.directLocking,
		func() (Step, bool) { return l.directHidden(2) },
		l.nakedSingle, l.nonConsecutive, l.lockedNonConsecutive,
		func() (Step, bool) { return l.directHidden(3) },
		l.lockedCandidates,
		func() (Step, bool) { return l.nakedSubset(2) },
		func() (Step, bool) { return l.fish(2, false) },
		func() (Step, bool) { return l.hiddenSubset(2) },
		func() (Step, bool) { return l.nakedSubset(3) },
		func() (Step, bool) { return l.fish(3, false) },
		func() (Step, bool) { return l.hiddenSubset(3) },
		l.turbot, func() (Step, bool) { return l.fish(2, true) },
		func() (Step, bool) { return l.wing(false) }, func() (Step, bool) { return l.wing(true) },
		func() (Step, bool) { return l.nakedSubset(4) },
		func() (Step, bool) { return l.fish(4, false) },
		func() (Step, bool) { return l.hiddenSubset(4) },
		func() (Step, bool) { return l.fish(3, true) },
		l.seWXYZWing,
		func() (Step, bool) { return l.fish(4, true) },
		l.seVWXYZWing,
		l.coloring,
		func() (Step, bool) { return l.chain(vchainX) },
		func() (Step, bool) { return l.chain(vchainXY) },
		func() (Step, bool) { return l.chain(vchainAIC) },
		l.alsXZ, l.seChain, l.contradiction, l.trial,
	}
	l.se = 0
	for _, f := range finders {
		if st, ok := f(); ok {
			return st, true
		}
	}
	return Step{}, false
}

// seWXYZWing is Sukaku Explainer's WXYZ-Wing, an ALS-XZ of a bivalue cell
// and three cells that see each other with four values between them:
// those of wxyzWing that have that shape. Sukaku rates it 5.6 when the
// largest of the three cells has three candidates, else 5.5, and takes
// the lowest rated, as this does.
func (l *vlogic) seWXYZWing() (Step, bool) {
	for _, rating := range []int{55, 56} {
		st, ok := l.wxyzWingWhere(func(w []int) bool { return slices.Contains(l.wxyzRatings(w), rating) })
		if ok {
			l.se = float64(rating) / 10
			return st, true
		}
	}
	return Step{}, false
}

// seVWXYZWing is Sukaku Explainer's VWXYZ-Wing, an ALS-XZ of a bivalue
// cell and four cells with five values between them: those of alsXZ
// that have that shape. Sukaku rates it 6.2 plus a tenth for each of 2
// less |3 - the most candidates of the four cells|, and takes the lowest
// rated, as this does.
func (l *vlogic) seVWXYZWing() (Step, bool) {
	for _, rating := range []int{62, 63, 64} {
		st, ok := l.alsXZWhere(func(a, b *vals) bool {
			if len(a.cells) == 4 {
				a, b = b, a
			}
			if len(a.cells) != 1 || len(b.cells) != 4 {
				return false
			}
			big := 0
			for _, c := range b.cells {
				big = max(big, bits.OnesCount32(l.cand[c]))
			}
			return rating == 62+2-max(3-big, big-3)
		})
		if ok {
			l.se = float64(rating) / 10
			return st, true
		}
	}
	return Step{}, false
}

// wxyzRatings returns Sukaku's ratings, in tenths, of the ways cells w
// split into a bivalue cell y and three cells that see each other with
// four values between them, y's among them.
func (l *vlogic) wxyzRatings(w []int) []int {
	var out []int
	for i, y := range w {
		if bits.OnesCount32(l.cand[y]) != 2 {
			continue
		}
		var als []int
		var union uint32
		big := 0
		for j, c := range w {
			if j != i {
				als = append(als, c)
				union |= l.cand[c]
				big = max(big, bits.OnesCount32(l.cand[c]))
			}
		}
		if bits.OnesCount32(union) != 4 || l.cand[y]&^union != 0 ||
			!l.sees(als[0], als[1]) || !l.sees(als[0], als[2]) || !l.sees(als[1], als[2]) {
			continue
		}
		if big == 3 {
			out = append(out, 56)
		} else {
			out = append(out, 55)
		}
	}
	return out
}

// seRateVariant sets r's SE and Score from the solution of b (a board
// with rules and one solution) in Sukaku Explainer's order; it leaves r
// as it is if that solution does not finish. Only 9×9 boards without
// cages have it: Sukaku Explainer rates no other size and no killer
// (their cage techniques have no place in its order).
func seRateVariant(ctx context.Context, b *Board, lim Limits, r *Rating) {
	if b.shape.Size != 9 || len(b.rules.cages) > 0 {
		return
	}
	l := newVLogic(ctx, b, lim)
	defer l.release()
	var maxSE, seSum float64
	var seTech string
	if l.seSolve(func(st *Step, se float64) {
		if se > maxSE || seTech == "" {
			maxSE, seTech = se, st.Technique
		}
		seSum += math.Exp(scoreSlope * se)
	}) {
		r.SE, r.SETechnique = maxSE, seTech
		r.Score = math.Round(100*math.Log(seSum)/scoreSlope) / 100
	}
}

// seSolve solves l in Sukaku Explainer's order to the end, calling f with
// each step (before it is applied) and its rating; it reports whether the
// board was solved.
func (l *vlogic) seSolve(f func(st *Step, se float64)) bool {
	l.seOrder = true
	for !l.solved() {
		if l.ctx.Err() != nil {
			return false
		}
		st, ok := l.seNext()
		if !ok {
			return false
		}
		se := vtechs[vtechOf(st.Technique)].se
		if l.se != 0 {
			se = l.se
		}
		f(&st, se)
		l.apply(&st)
	}
	return true
}

// sameFamily reports whether full units u and v are of one kind for
// Sukaku Explainer's region types (a window drawn as an extra region
// counts as a window).
func (l *vlogic) sameFamily(u, v int) bool {
	family := func(k uint8) uint8 {
		if k == kindExtraRegion {
			return kindWindow
		}
		return k
	}
	return family(l.rs.unitKind[u]) == family(l.rs.unitKind[v])
}

// directLocking is Sukaku Explainer's direct pointing and claiming: a
// value whose places in unit a all lie in unit b (two units of different
// kinds, no diagonal) goes from the rest of b; when that leaves it one
// place in a unit c of a's kind that crosses b, it is placed there.
// Pointing (a a box or window) rates 1.7, claiming 1.9.
func (l *vlogic) directLocking() (Step, bool) {
	units := len(l.rs.unitKind)
	in := make([]int, l.cells) // stamp: the cell is in unit b
	stamp := 0
	for d := range l.n {
		bit := uint32(1) << d
		for a := range units {
			pa := l.places(a, bit)
			if len(pa) < 2 || l.rs.unitKind[a] == kindDiagonal {
				continue
			}
			for b := range units {
				if l.sameFamily(a, b) || l.rs.unitKind[b] == kindDiagonal {
					continue
				}
				stamp++
				for _, c := range l.rs.unit(b) {
					in[c] = stamp
				}
				all := true
				for _, c := range pa {
					all = all && in[c] == stamp
				}
				if !all {
					continue
				}
				for c3 := range units {
					if c3 == a || !l.sameFamily(a, c3) {
						continue
					}
					pc := l.places(c3, bit)
					left, crosses := -1, false
					for _, c := range pc {
						if in[c] == stamp {
							crosses = true
						} else if left == -1 {
							left = int(c)
						} else {
							left = -2
						}
					}
					if !crosses || left < 0 {
						continue
					}
					se := seDirectClaiming
					if k := l.rs.unitKind[a]; k == kindBox || k == kindRegion || k == kindWindow || k == kindExtraRegion {
						se = seDirectPointing
					}
					why := fmt.Sprintf("%s must hold %s in %s, so no other cell of %s can; that leaves %s the only cell in %s that can hold it",
						l.unitName(a), l.sym(d+1), l.cellList(pa), l.unitName(b), l.cellName(left), l.unitName(c3))
					st := l.placement(vtLockedCandidates, left, d+1, why, []Unit{l.unitOf(a), l.unitOf(b), l.unitOf(c3)}, nil)
					l.se = float64(se) / 10
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// directHidden is Sukaku Explainer's direct hidden pair (k = 2, 2.0) and
// triple (k = 3, 2.5): k values that have only k cells in a unit take
// them, and another value left with one place in the unit once those
// cells are taken is placed there.
func (l *vlogic) directHidden(k int) (Step, bool) {
	var out Step
	for u := range l.rs.unitKind {
		if l.hiddenSets(u, k, func(vals uint32, set []int16) bool {
			for w := range l.n {
				bit := uint32(1) << w
				if vals&bit != 0 {
					continue
				}
				p := l.places(u, bit)
				left := -1
				for _, c := range p {
					if !slices.Contains(set, c) {
						if left != -1 {
							left = -2
							break
						}
						left = int(c)
					}
				}
				if len(p) < 2 || left < 0 {
					continue
				}
				why := fmt.Sprintf("in %s, %s can only go in %s, so those cells hold nothing else; that leaves %s the only cell there that can hold %s",
					l.unitName(u), l.valueList(vals), l.cellList(set), l.cellName(left), l.sym(w+1))
				out = l.placement(subsetTech(k, true), left, w+1, why, []Unit{l.unitOf(u)}, nil)
				l.se = float64(map[int]int{2: seDirectPair, 3: seDirectTriple}[k]) / 10
				return true
			}
			return false
		}) {
			return out, true
		}
	}
	return Step{}, false
}

// lockedNonConsecutive is Sukaku Explainer's locked non-consecutive
// (2.5) on a non-consecutive board: one of a value's places in a unit
// holds it, so a cell that is one of those places or beside each of them
// cannot hold a value next to it.
func (l *vlogic) lockedNonConsecutive() (Step, bool) {
	for d := 0; l.rs.nonConsec && d < l.n; d++ {
		bit := uint32(1) << d
		next := (bit<<1 | bit>>1) & l.full
		for u := range l.rs.unitKind {
			p := l.places(u, bit)
			if len(p) < 2 {
				continue
			}
			var victims []int
			near := func(c, x int) bool { return c == x || l.adjacent(c, x) }
			for _, q := range orthogonal(int(p[0]), l.n) {
				victims = append(victims, q)
			}
			victims = append(victims, int(p[0]))
			gone := map[int]uint32{}
			for _, c := range victims {
				if c < 0 || l.val[c] != 0 || l.cand[c]&next == 0 {
					continue
				}
				all := true
				for _, x := range p[1:] {
					all = all && near(c, int(x))
				}
				if all {
					gone[c] = next
				}
			}
			if len(gone) == 0 {
				continue
			}
			why := fmt.Sprintf("%s must hold %s in %s, so a cell that is one of those or beside each of them cannot hold a value next to %s", l.unitName(u), l.sym(d+1), l.cellList(p), l.sym(d+1))
			if st, ok := l.elimination(vtNonConsecutive, gone, why, l.cellsOf(p), []Unit{l.unitOf(u)}, nil); ok {
				l.se = float64(seLockedNC) / 10
				return st, true
			}
		}
	}
	return Step{}, false
}
