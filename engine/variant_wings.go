package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// The classic wings, single-digit patterns and ALS chains that
// variant_tech.go lacked, on variant boards: WXYZ-Wings, empty
// rectangles, remote pairs and ALS-XY-Wings. As there, a value may be in
// at most one of two cells that see each other (ruleSet.peersOf: unit
// and cage mates, knight and king moves), and only a full unit, which
// holds every value exactly once, gives a strong link or a locked set.

// wxyzWing: four cells, a pivot and three cells it sees, with four values
// between them, each value but at most one (z) in cells that all see each
// other, so in at most one of them. The restricted values fill at most
// three of the four cells, so one of the cells holding z does: no cell
// that sees all of them can be z. When every value is restricted, each is
// in the four cells once, and each goes from the cells that see all its
// holders.
func (l *vlogic) wxyzWing() (Step, bool) { return l.wxyzWingWhere(nil) }

// wxyzWingWhere is wxyzWing over the wings (cells, the pivot first) that
// keep accepts, or all when keep is nil.
func (l *vlogic) wxyzWingWhere(keep func(w []int) bool) (Step, bool) {
	var wings []int16
	for p := range l.cells {
		pm := l.cand[p]
		if pc := bits.OnesCount32(pm); l.val[p] != 0 || pc < 2 || pc > 4 {
			continue
		}
		wings = wings[:0]
		for _, q := range l.rs.peersOf(p) {
			if qm := l.cand[q]; l.val[q] == 0 && bits.OnesCount32(qm) >= 2 && bits.OnesCount32(qm|pm) <= 4 {
				wings = append(wings, q)
			}
		}
		for i, a := range wings {
			ma := pm | l.cand[a]
			for j := i + 1; j < len(wings); j++ {
				b := wings[j]
				mb := ma | l.cand[b]
				if bits.OnesCount32(mb) > 4 {
					continue
				}
				for _, c := range wings[j+1:] {
					if bits.OnesCount32(mb|l.cand[c]) != 4 {
						continue
					}
					w := []int{p, int(a), int(b), int(c)}
					if keep != nil && !keep(w) {
						continue
					}
					if st, ok := l.wxyzStep(w); ok {
						return st, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// wxyzStep returns the step of the WXYZ-Wing of cells w (the pivot first),
// or false when w is none or removes nothing.
func (l *vlogic) wxyzStep(w []int) (Step, bool) {
	var union, loose uint32
	for _, c := range w {
		union |= l.cand[c]
	}
	for m := union; m != 0; m &= m - 1 {
		if !l.restrictedIn(w, m&-m) {
			loose |= m & -m
		}
	}
	if bits.OnesCount32(loose) > 1 || loose == 0 && l.shareGroup(w) {
		return Step{}, false // not a wing; or a naked quad, which nakedSubset finds
	}
	elim := loose
	if loose == 0 {
		elim = union
	}
	gone := map[int]uint32{}
	for m := elim; m != 0; m &= m - 1 {
		bit := m & -m
		var holders []int
		for _, c := range w {
			if l.cand[c]&bit != 0 {
				holders = append(holders, c)
			}
		}
		for c, g := range l.seenByAll(bit, holders...) {
			if !slices.Contains(w, c) {
				gone[c] |= g
			}
		}
	}
	if len(gone) == 0 {
		return Step{}, false
	}
	cells := make([]int16, len(w))
	for i, c := range w {
		cells[i] = int16(c)
	}
	why := fmt.Sprintf("the pivot %s and %s, which it sees, hold only %s between them, and each of those but %s lies in cells that see each other, so is in at most one of them: one of them is %s, and no cell that sees all their %ss can be",
		l.cellName(w[0]), l.cellList(cells[1:]), l.valueList(union), l.sym(lowValue(loose)), l.sym(lowValue(loose)), l.sym(lowValue(loose)))
	if loose == 0 {
		why = fmt.Sprintf("the pivot %s and %s, which it sees, hold only %s between them, and each value lies in cells that see each other: each is in one of them, so no cell that sees all the holders of one can hold it",
			l.cellName(w[0]), l.cellList(cells[1:]), l.valueList(union))
	}
	return l.elimination(vtWXYZWing, gone, why, l.cellsOf(cells), nil, &Pattern{Sets: [][]Cell{l.cellsOf(cells)}})
}

// restrictedIn reports whether the cells of set that may hold bit all see
// each other.
func (l *vlogic) restrictedIn(set []int, bit uint32) bool {
	var holders []int
	for _, c := range set {
		if l.cand[c]&bit != 0 {
			holders = append(holders, c)
		}
	}
	return !slices.ContainsFunc(holders, func(a int) bool {
		return slices.ContainsFunc(holders, func(b int) bool { return a != b && !l.sees(a, b) })
	})
}

// shareGroup reports whether the cells cs lie in one full unit or cage.
func (l *vlogic) shareGroup(cs []int) bool {
	if k := l.rs.cageOf[cs[0]]; k >= 0 && !slices.ContainsFunc(cs, func(c int) bool { return l.rs.cageOf[c] != k }) {
		return true
	}
	for _, u := range l.rs.unitsOf(cs[0]) {
		unit := l.rs.unit(int(u))
		if !slices.ContainsFunc(cs, func(c int) bool { return !slices.Contains(unit, int16(c)) }) {
			return true
		}
	}
	return false
}

// erUnit reports whether full unit u may be an empty rectangle's box.
//
// The classic empty rectangle is a box whose places of a value lie in one
// row and one column of it. What the deduction needs is only that the
// unit holds the value exactly once and that its places lie in one row r
// and one column c: a cell in column c sees every place there, and a cell
// in row r every place there, whatever the unit's shape. So a jigsaw
// region serves as a box does, even where a row crosses it in two
// separate stretches, and so do windows, extra regions and disjoint
// groups; rows, columns and diagonals do not (their places meet a row and
// a column in one cell each: a strong link, which turbot finds).
func (l *vlogic) erUnit(u int) bool {
	switch l.rs.unitKind[u] {
	case kindRow, kindColumn, kindDiagonal:
		return false
	}
	return true
}

// emptyRectangle: the places of a value in a box-like unit (erUnit) lie in
// one row r and one column c, with places off their crossing on both. A
// strong link X=Y on the value, outside the unit, with X in column c: if
// X holds the value, the unit's is in row r; if not, Y holds it. So no
// cell of row r outside the unit that sees Y can hold it. Likewise with
// rows and columns swapped.
func (l *vlogic) emptyRectangle() (Step, bool) {
	n := l.n
	for d := range n {
		bit := uint32(1) << d
		var links []vlink
		for u := range l.rs.unitKind {
			if !l.erUnit(u) {
				continue
			}
			places := l.places(u, bit)
			if len(places) < 3 {
				continue // two places are a strong link
			}
			for _, pr := range places {
				r := int(pr) / n
				for _, pc := range places {
					c := int(pc) % n
					if !l.crossHolds(places, r, c) {
						continue
					}
					if links == nil {
						links = l.strongLinks(bit)
					}
					if st, ok := l.erStep(d, u, places, r, c, links); ok {
						return st, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// crossHolds reports whether the places lie in row r or column c, with
// some in row r outside column c and some in column c outside row r.
func (l *vlogic) crossHolds(places []int16, r, c int) bool {
	n := l.n
	inRow, inCol := false, false
	for _, p := range places {
		pr, pc := int(p)/n, int(p)%n
		switch {
		case pr != r && pc != c:
			return false
		case pr == r && pc != c:
			inRow = true
		case pc == c && pr != r:
			inCol = true
		}
	}
	return inRow && inCol
}

// erStep tries the strong links on value d+1 against the empty rectangle
// of unit u (its places, in row r and column c).
func (l *vlogic) erStep(d, u int, places []int16, r, c int, links []vlink) (Step, bool) {
	n := l.n
	bit := uint32(1) << d
	inUnit := func(x int) bool { return slices.Contains(l.rs.unit(u), int16(x)) }
	for _, lk := range links {
		if inUnit(lk.a) || inUnit(lk.b) {
			continue
		}
		for _, xy := range [2][2]int{{lk.a, lk.b}, {lk.b, lk.a}} {
			x, y := xy[0], xy[1]
			// xLine is the line X lies in (it sees the unit's places
			// there), tLine the other: the targets' line.
			for side := range 2 {
				var inX, inT func(int) bool
				if side == 0 {
					inX, inT = func(q int) bool { return q%n == c }, func(q int) bool { return q/n == r }
				} else {
					inX, inT = func(q int) bool { return q/n == r }, func(q int) bool { return q%n == c }
				}
				if !inX(x) {
					continue
				}
				gone := map[int]uint32{}
				for _, t := range l.rs.peersOf(y) {
					if q := int(t); q != x && inT(q) && !inUnit(q) && l.val[q] == 0 && l.cand[q]&bit != 0 {
						gone[q] = bit
					}
				}
				if len(gone) == 0 {
					continue
				}
				var xArm, tArm []int16 // the places X sees, the rest
				for _, p := range places {
					if inX(int(p)) {
						xArm = append(xArm, p)
					} else {
						tArm = append(tArm, p)
					}
				}
				v := l.sym(d + 1)
				row, col := fmt.Sprintf("row %d", r+1), fmt.Sprintf("column %d", c+1)
				xLine, tLine := col, row
				if side == 1 {
					xLine, tLine = row, col
				}
				why := fmt.Sprintf("%s holds %s only in %s and %s; %s holds it only in %s or %s: if %s is %s, which sees %s's %ss in %s, the %s of %s is in %s, else %s is, so no cell of %s outside %s that sees %s can be %s",
					l.unitName(u), v, row, col, l.unitName(lk.u), l.cellName(x), l.cellName(y), l.cellName(x), v, l.unitName(u), v, xLine, v, l.unitName(u), tLine, l.cellName(y), tLine, l.unitName(u), l.cellName(y), v)
				pl := []Link{
					{From: l.node(y, d+1), To: l.node(x, d+1), Strong: true},
					{From: l.node(x, d+1), To: Node{Cells: l.cellsOf(xArm), Value: d + 1}},
					{From: Node{Cells: l.cellsOf(xArm), Value: d + 1}, To: Node{Cells: l.cellsOf(tArm), Value: d + 1}, Strong: true},
				}
				cells := append(slices.Clone(places), int16(x), int16(y))
				if st, ok := l.elimination(vtEmptyRectangle, gone, why, l.cellsOf(cells), []Unit{l.unitOf(u), l.unitOf(lk.u)}, &Pattern{Links: pl, Sets: [][]Cell{l.cellsOf(places)}}); ok {
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// remotePair: bivalue cells that all hold the same two values, each seeing
// the next, alternate them; two of them an odd number of steps apart (four
// cells or more) hold both values between them, so no cell that sees both
// can hold either.
func (l *vlogic) remotePair() (Step, bool) {
	dist := make([]int, l.cells)
	parent := make([]int, l.cells)
	var done []uint32 // pairs searched
	for s := range l.cells {
		pair := l.cand[s]
		if !l.bivalue(s) || slices.Contains(done, pair) {
			continue
		}
		var cells []int // the cells of the pair
		for c := range l.cells {
			if l.bivalue(c) && l.cand[c] == pair {
				cells = append(cells, c)
			}
		}
		done = append(done, pair)
		if len(cells) < 4 {
			continue
		}
		for _, start := range cells {
			for _, c := range cells {
				dist[c] = -1
			}
			dist[start], parent[start] = 0, -1
			queue := []int{start}
			for h := 0; h < len(queue); h++ {
				a := queue[h]
				for _, b := range cells {
					if dist[b] >= 0 || !l.sees(a, b) {
						continue
					}
					dist[b], parent[b] = dist[a]+1, a
					queue = append(queue, b)
					if dist[b] < 3 || dist[b]%2 == 0 {
						continue
					}
					gone := l.seenByAll(pair, start, b)
					for _, c := range cells {
						if dist[c] >= 0 {
							delete(gone, c)
						}
					}
					if len(gone) == 0 {
						continue
					}
					var path []int16
					for c := b; c >= 0; c = parent[c] {
						path = append(path, int16(c))
					}
					slices.Reverse(path)
					why := fmt.Sprintf("%s all hold only %s and each sees the next, so they alternate: %s and %s hold %s between them, and no cell that sees both can hold either",
						l.cellList(path), l.valueList(pair), l.cellName(start), l.cellName(b), l.valueList(pair))
					// (x)c0=(y)c0-(y)c1=(x)c1-(x)c2=…
					var links []Link
					x, y := lowValue(pair), lowValue(pair&(pair-1))
					for i, c := range path {
						if i > 0 {
							links = append(links, Link{From: l.node(int(path[i-1]), x), To: l.node(int(c), x)})
						}
						links = append(links, Link{From: l.node(int(c), x), To: l.node(int(c), y), Strong: true})
						x, y = y, x
					}
					if st, ok := l.elimination(vtRemotePair, gone, why, l.cellsOf(path), nil, &Pattern{Links: links}); ok {
						l.se = float64(chainSE(techs[tRemotePair].se, 2*len(path)-1)) / 10
						return st, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// alsXYWing: three almost locked sets A, B and C with no cell in common;
// A and B have a restricted common value x, B and C another, y. If A
// lacks x it is locked; if it holds x, B lacks x, so is locked and holds
// y, and C, lacking y, is locked. So A or C is locked: a value z ≠ x, y of
// both is in one of them, and no cell that sees all their cells holding z
// can be z.
func (l *vlogic) alsXYWing() (Step, bool) {
	sets := l.alsSets()
	type rcc struct {
		set int
		x   uint32
	}
	partners := make([][]rcc, len(sets)) // per set, the sets and values it shares a restricted common with
	for i := range sets {
		for j := i + 1; j < len(sets); j++ {
			a, b := &sets[i], &sets[j]
			common := a.cand & b.cand
			if common == 0 || slices.ContainsFunc(a.cells, func(c int16) bool { return slices.Contains(b.cells, c) }) {
				continue
			}
			if l.budget--; l.budget <= 0 {
				return Step{}, false
			}
			for m := common; m != 0; m &= m - 1 {
				x := m & -m
				if l.restrictedCommon(a, b, x) {
					partners[i] = append(partners[i], rcc{j, x})
					partners[j] = append(partners[j], rcc{i, x})
				}
			}
		}
	}
	for bi := range sets {
		ps := partners[bi]
		for i, pa := range ps {
			for _, pc := range ps[i+1:] {
				a, b, c := &sets[pa.set], &sets[bi], &sets[pc.set]
				zs := a.cand & c.cand &^ (pa.x | pc.x)
				if pa.x == pc.x || pa.set == pc.set || zs == 0 || slices.ContainsFunc(a.cells, func(x int16) bool { return slices.Contains(c.cells, x) }) {
					continue
				}
				for zm := zs; zm != 0; zm &= zm - 1 {
					z := zm & -zm
					gone := l.seenByAll(z, append(l.holding(a, z), l.holding(c, z)...)...)
					for _, x := range slices.Concat(a.cells, b.cells, c.cells) {
						delete(gone, int(x))
					}
					if len(gone) == 0 {
						continue
					}
					zv := l.sym(lowValue(z))
					why := fmt.Sprintf("%s (%s in %s), %s (%s in %s) and %s (%s in %s) are almost locked sets; the first two cannot both hold %s, the last two cannot both hold %s, so the first or the last is locked and %s is in one of them: no cell that sees all their %ss can be %s",
						l.cellList(a.cells), l.valueList(a.cand), l.groupName(a.g), l.cellList(b.cells), l.valueList(b.cand), l.groupName(b.g),
						l.cellList(c.cells), l.valueList(c.cand), l.groupName(c.g), l.sym(lowValue(pa.x)), l.sym(lowValue(pc.x)), zv, zv, zv)
					cells := slices.Concat(a.cells, b.cells, c.cells)
					pattern := &Pattern{Sets: [][]Cell{l.cellsOf(a.cells), l.cellsOf(b.cells), l.cellsOf(c.cells)}}
					if st, ok := l.elimination(vtALSXYWing, gone, why, l.cellsOf(cells), []Unit{l.groupUnit(a.g), l.groupUnit(b.g), l.groupUnit(c.g)}, pattern); ok {
						return st, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// restrictedCommon reports whether every cell of a that may hold x sees
// every cell of b that may, so that at most one of the sets holds x.
func (l *vlogic) restrictedCommon(a, b *vals, x uint32) bool {
	for _, p := range a.cells {
		if l.cand[p]&x == 0 {
			continue
		}
		for _, q := range b.cells {
			if l.cand[q]&x != 0 && (p == q || !l.sees(int(p), int(q))) {
				return false
			}
		}
	}
	return true
}
