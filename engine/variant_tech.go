package engine

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
)

// The classic techniques beyond subsets, on variant boards: fish, wings,
// the single-digit patterns, coloring and chains, written once over a rule
// set's topology. A strong link is a value with two places left in a full
// unit (row, column, box or jigsaw region, diagonal, window, extra region,
// disjoint group) or a cell with two values left; a weak link is one value
// in two cells that see each other (ruleSet.peersOf: unit and cage mates,
// knight and king moves), two values of one cell, or on a non-consecutive
// board two consecutive values side by side. Each technique keeps
// its classic name and level (techs), so a variant puzzle grades by what
// its logic needs as a classic one does, and its classic Sudoku Explainer
// rating but for the patterns Sukaku Explainer rates lower (sukakuVTech).
//
// The uniqueness techniques (unique rectangles, BUG+1) are left out: they
// rest on a deadly pattern (a rectangle or a bivalue grid whose values
// could swap) having two solutions, and under extra constraints the swap
// may break a diagonal, window, cage sum, knight, king or non-consecutive
// rule, so the pattern is no longer deadly and the deduction is unsound.

// classicVTech is the vtech entry of classic technique tc.
func classicVTech(tc tech) vtech {
	t := &techs[tc]
	return vtech{t.name, t.title, t.level, float64(t.se) / 10}
}

// sukakuVTech is the vtech entry of classic technique tc rated se, Sukaku
// Explainer's rating of it. Sudoku Explainer 1.2.1.3, which the classic
// grader follows, knows no skyscraper, kite, turbot fish, W-Wing or finned
// fish and rates them as the chains they are (6.6 and up); Sukaku
// Explainer, the reference for variants, rates them as patterns: 4.0, 4.1
// and 4.2 (its Rule.java), W-Wing 4.4, a finned X-Wing 4.0-4.3 by its
// strong links (4.3 here, the median of the puzzles compared), a finned
// Swordfish and Jellyfish as its grouped fishes of 3 and 4 strong links
// (StrongLinksHint: 5.4 and 5.8, 0.3 more grouped).
func sukakuVTech(tc tech, se float64) vtech {
	v := classicVTech(tc)
	v.se = se
	return v
}

// vfishFamilies returns the families of disjoint full units fish use as
// base and cover: rows and columns, and the jigsaw regions when the board
// has them.
func (l *vlogic) vfishFamilies() [][]int {
	var rows, cols, regions []int
	for u, k := range l.rs.unitKind {
		switch k {
		case kindRow:
			rows = append(rows, u)
		case kindColumn:
			cols = append(cols, u)
		case kindRegion:
			regions = append(regions, u)
		}
	}
	fam := [][]int{rows, cols}
	if len(regions) > 0 {
		fam = append(fam, regions)
	}
	return fam
}

// places returns the empty cells of unit u that may hold bit.
func (l *vlogic) places(u int, bit uint32) []int16 {
	var out []int16
	for _, c := range l.rs.unit(u) {
		if l.val[c] == 0 && l.cand[c]&bit != 0 {
			out = append(out, c)
		}
	}
	return out
}

// vfishTech returns the technique of a fish of size k.
func vfishTech(k int, finned bool) int {
	if finned {
		return []int{0, 0, vtFinnedXWing, vtFinnedSwordfish, vtFinnedJellyfish}[k]
	}
	return []int{0, 0, vtXWing, vtSwordfish, vtJellyfish}[k]
}

// fish: for one value, k base units of one family (rows, say) whose places
// lie in k cover units of another (columns): the value goes from the rest
// of the cover units. Finned, the places outside the cover units (the
// fins) may hold it instead, so it goes only from the cells of the cover
// units that also see every fin.
func (l *vlogic) fish(k int, finned bool) (Step, bool) {
	if k == 4 && l.n > 16 {
		return Step{}, false
	}
	fams := l.vfishFamilies()
	coverOf := make([]int, l.cells)  // a cell's cover unit, by its index in the cover family
	inBase := make([]int32, l.cells) // stamp: the cell is a place of the base units
	stamp := int32(0)
	maxPlaces := k
	if finned {
		maxPlaces = k + 2
	}
	for d := range l.n {
		bit := uint32(1) << d
		for bi, base := range fams {
			var cand []int
			var placesOf [][]int16
			for _, u := range base {
				if p := l.places(u, bit); len(p) >= 2 && len(p) <= maxPlaces {
					cand = append(cand, u)
					placesOf = append(placesOf, p)
				}
			}
			if len(cand) < k {
				continue
			}
			for ci, cover := range fams {
				if ci == bi {
					continue
				}
				count := make([]int, len(cover)) // places of bit per cover unit
				for i, u := range cover {
					for _, c := range l.rs.unit(u) {
						coverOf[c] = i
					}
					for _, c := range l.rs.unit(u) {
						if l.val[c] == 0 && l.cand[c]&bit != 0 {
							count[i]++
						}
					}
				}
				masks := make([]uint32, len(cand)) // the cover units each base unit meets
				for i, p := range placesOf {
					for _, c := range p {
						masks[i] |= 1 << coverOf[c]
					}
				}
				var out Step
				found := combinations(len(cand), k, func(pick []int) bool {
					var union uint32
					for _, i := range pick {
						union |= masks[i]
					}
					if m := bits.OnesCount32(union); !finned && m != k || finned && (m == k || m > k+2) {
						return false
					}
					stamp++
					for _, i := range pick {
						for _, c := range placesOf[i] {
							inBase[c] = stamp
						}
					}
					var touched []int
					for m := union; m != 0; m &= m - 1 {
						touched = append(touched, bits.TrailingZeros32(m))
					}
					return combinations(len(touched), k, func(cp []int) bool {
						var covers uint32
						more := 0 // places in the cover units outside the base units
						for _, i := range cp {
							covers |= 1 << touched[i]
							more += count[touched[i]]
						}
						var baseCells, fins []int16
						for _, i := range pick {
							for _, c := range placesOf[i] {
								baseCells = append(baseCells, c)
								if covers&(1<<coverOf[c]) == 0 {
									fins = append(fins, c)
								} else {
									more--
								}
							}
						}
						if more == 0 || len(fins) > 0 && !l.finTarget(bit, coverOf, covers, fins, inBase, stamp) {
							return false
						}
						bases, cs := make([]int, k), make([]int, 0, k)
						for j, i := range pick {
							bases[j] = cand[i]
						}
						for m := covers; m != 0; m &= m - 1 {
							cs = append(cs, cover[bits.TrailingZeros32(m)])
						}
						st, ok := l.fishElim(k, bit, bases, cs, baseCells, fins)
						out = st
						return ok
					})
				})
				if found {
					return out, true
				}
			}
		}
	}
	return Step{}, false
}

// finTarget reports whether a cell of the cover units (covers, a mask of
// cover unit indexes as coverOf gives them) other than the base places
// (inBase == stamp) may hold bit and sees every fin.
func (l *vlogic) finTarget(bit uint32, coverOf []int, covers uint32, fins []int16, inBase []int32, stamp int32) bool {
	for _, c := range l.rs.peersOf(int(fins[0])) {
		if covers&(1<<coverOf[c]) == 0 || inBase[c] == stamp || l.val[c] != 0 || l.cand[c]&bit == 0 {
			continue
		}
		all := true
		for _, f := range fins[1:] {
			all = all && l.sees(int(c), int(f))
		}
		if all {
			return true
		}
	}
	return false
}

// fishElim returns the step of a fish on bit with base and cover units
// (the places baseCells, fins among them), or false when it removes
// nothing.
func (l *vlogic) fishElim(k int, bit uint32, bases, covers []int, baseCells, fins []int16) (Step, bool) {
	gone := map[int]uint32{}
	for _, u := range covers {
		for _, c := range l.rs.unit(u) {
			if l.val[c] != 0 || l.cand[c]&bit == 0 || slices.Contains(baseCells, c) {
				continue
			}
			seesFins := true
			for _, f := range fins {
				seesFins = seesFins && l.sees(int(c), int(f))
			}
			if seesFins {
				gone[int(c)] = bit
			}
		}
	}
	if len(gone) == 0 {
		return Step{}, false
	}
	v := l.sym(lowValue(bit))
	why := fmt.Sprintf("%s hold %s only in %s, so no other cell of those can", l.unitList(bases), v, l.unitList(covers))
	var pattern *Pattern
	if len(fins) > 0 {
		why = fmt.Sprintf("%s hold %s only in %s or in the fins %s, so no cell of those that sees every fin can", l.unitList(bases), v, l.unitList(covers), l.cellList(fins))
		pattern = &Pattern{Fins: l.cellsOf(fins)}
	}
	var units []Unit
	for _, u := range append(slices.Clone(bases), covers...) {
		units = append(units, l.unitOf(u))
	}
	return l.elimination(vfishTech(k, len(fins) > 0), gone, why, l.cellsOf(baseCells), units, pattern)
}

// unitList names units: "rows 2 and 6", or each unit when their kinds
// differ.
func (l *vlogic) unitList(us []int) string {
	names := make([]string, len(us))
	same := true
	for i, u := range us {
		names[i] = l.unitName(u)
		same = same && l.rs.unitKind[u] == l.rs.unitKind[us[0]] && l.rs.unitKind[u] != kindDiagonal
	}
	if !same {
		return joinAnd(names)
	}
	kind := l.unitOf(us[0]).Kind
	for i, u := range us {
		names[i] = fmt.Sprint(l.unitOf(u).Index + 1)
	}
	return strings.ReplaceAll(kind, "_", " ") + "s " + joinAnd(names)
}

// bivalue reports whether cell c is empty with two values left.
func (l *vlogic) bivalue(c int) bool {
	return l.val[c] == 0 && bits.OnesCount32(l.cand[c]) == 2
}

// seenByAll returns the cells other than the given ones that may hold bit
// and see every one of cs, mapped to bit.
func (l *vlogic) seenByAll(bit uint32, cs ...int) map[int]uint32 {
	gone := map[int]uint32{}
	for _, x := range l.rs.peersOf(cs[0]) {
		if l.val[x] != 0 || l.cand[x]&bit == 0 || slices.Contains(cs, int(x)) {
			continue
		}
		all := true
		for _, c := range cs[1:] {
			all = all && l.sees(int(x), c)
		}
		if all {
			gone[int(x)] = bit
		}
	}
	return gone
}

// xyWing: a pivot with values x and y sees a pincer with x and z and one
// with y and z; one of the pincers holds z, so no cell that sees both can.
// xyzWing: the pivot holds x, y and z, so z goes only from the cells that
// see all three.
func (l *vlogic) wing(xyz bool) (Step, bool) {
	t, size := vtXYWing, 2
	if xyz {
		t, size = vtXYZWing, 3
	}
	for p := range l.cells {
		pm := l.cand[p]
		if l.val[p] != 0 || bits.OnesCount32(pm) != size {
			continue
		}
		peers := l.rs.peersOf(p)
		for i, a := range peers {
			if !l.bivalue(int(a)) {
				continue
			}
			for _, b := range peers[i+1:] {
				if !l.bivalue(int(b)) {
					continue
				}
				am, bm := l.cand[a], l.cand[b]
				z := am & bm
				if am == bm || bits.OnesCount32(z) != 1 {
					continue
				}
				if xyz && (am|bm != pm) || !xyz && ((am|bm)&^z != pm || pm&z != 0) {
					continue
				}
				ends := []int{int(a), int(b)}
				if xyz {
					ends = append(ends, p)
				}
				gone := l.seenByAll(z, ends...)
				delete(gone, p)
				if len(gone) == 0 {
					continue
				}
				v := l.sym(lowValue(z))
				why := fmt.Sprintf("%s holds %s and sees %s (%s) and %s (%s): one of them is %s, so no cell that sees %s can be %s",
					l.cellName(p), l.valueList(pm), l.cellName(int(a)), l.valueList(am), l.cellName(int(b)), l.valueList(bm), v, map[bool]string{false: "both", true: "all three"}[xyz], v)
				if st, ok := l.elimination(t, gone, why, l.cellsOf([]int16{int16(p), a, b}), nil, nil); ok {
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// vlink is a strong link on one value: its only two places a and b in
// full unit u.
type vlink struct {
	a, b int
	u    int
}

// strongLinks lists the strong links on bit, each pair of cells once.
func (l *vlogic) strongLinks(bit uint32) []vlink {
	var out []vlink
	for u := range l.rs.unitKind {
		p := l.places(u, bit)
		if len(p) != 2 {
			continue
		}
		lk := vlink{int(p[0]), int(p[1]), u}
		if !slices.ContainsFunc(out, func(x vlink) bool { return x.a == lk.a && x.b == lk.b }) {
			out = append(out, lk)
		}
	}
	return out
}

// wWing: two cells with the same two values x and y that do not see each
// other, and a strong link on x whose ends see one of them each: one of
// the two cells holds y, so no cell that sees both can.
func (l *vlogic) wWing() (Step, bool) {
	for a := range l.cells {
		if !l.bivalue(a) {
			continue
		}
		for b := a + 1; b < l.cells; b++ {
			if !l.bivalue(b) || l.cand[b] != l.cand[a] || l.sees(a, b) {
				continue
			}
			for m := l.cand[a]; m != 0; m &= m - 1 {
				x := m & -m
				y := l.cand[a] &^ x
				gone := l.seenByAll(y, a, b)
				if len(gone) == 0 {
					continue
				}
				for _, lk := range l.strongLinks(x) {
					for _, e := range [2][2]int{{lk.a, lk.b}, {lk.b, lk.a}} {
						if e[0] == a || e[0] == b || e[1] == a || e[1] == b || !l.sees(e[0], a) || !l.sees(e[1], b) {
							continue
						}
						why := fmt.Sprintf("%s and %s both hold %s; %s must hold %s in %s or %s, which see one of them each, so one of the two is %s and no cell that sees both can be",
							l.cellName(a), l.cellName(b), l.valueList(l.cand[a]), l.unitName(lk.u), l.sym(lowValue(x)), l.cellName(e[0]), l.cellName(e[1]), l.sym(lowValue(y)))
						if st, ok := l.elimination(vtWWing, gone, why, l.cellsOf([]int16{int16(a), int16(e[0]), int16(e[1]), int16(b)}), []Unit{l.unitOf(lk.u)}, nil); ok {
							return st, true
						}
					}
				}
			}
		}
	}
	return Step{}, false
}

// turbot: two strong links on one value joined by a weak one (an end of
// each sees the other): one of the two far ends holds it, so no cell that
// sees both can. Two parallel lines are a Skyscraper, a row and a column
// joined in a box a 2-String Kite, any other a Turbot Fish.
func (l *vlogic) turbot() (Step, bool) {
	for d := range l.n {
		bit := uint32(1) << d
		links := l.strongLinks(bit)
		for i, x := range links {
			for _, y := range links[i+1:] {
				for _, p := range [4][4]int{{x.a, x.b, y.a, y.b}, {x.a, x.b, y.b, y.a}, {x.b, x.a, y.a, y.b}, {x.b, x.a, y.b, y.a}} {
					a, b, c, e := p[0], p[1], p[2], p[3] // a=b - c=e
					if a == c || a == e || b == c || b == e || !l.sees(b, c) || l.seOrder && !l.shareUnit(b, c) {
						continue
					}
					gone := l.seenByAll(bit, a, e)
					if len(gone) == 0 {
						continue
					}
					t := vtTurbotFish
					kx, ky := l.rs.unitKind[x.u], l.rs.unitKind[y.u]
					switch {
					case kx == ky && (kx == kindRow || kx == kindColumn):
						t = vtSkyscraper
					case kx != ky && (kx == kindRow || kx == kindColumn) && (ky == kindRow || ky == kindColumn) && l.shareKind(b, c, kindBox):
						t = vtTwoStringKite
					}
					v := l.sym(d + 1)
					why := fmt.Sprintf("%s holds %s in %s or %s, %s in %s or %s, and %s sees %s: one of %s and %s is %s, so no cell that sees both can be",
						l.unitName(x.u), v, l.cellName(a), l.cellName(b), l.unitName(y.u), l.cellName(c), l.cellName(e), l.cellName(b), l.cellName(c), l.cellName(a), l.cellName(e), v)
					links := []Link{
						{From: l.node(a, d+1), To: l.node(b, d+1), Strong: true},
						{From: l.node(b, d+1), To: l.node(c, d+1)},
						{From: l.node(c, d+1), To: l.node(e, d+1), Strong: true},
					}
					if st, ok := l.elimination(t, gone, why, l.cellsOf([]int16{int16(a), int16(b), int16(c), int16(e)}), []Unit{l.unitOf(x.u), l.unitOf(y.u)}, &Pattern{Links: links}); ok {
						return st, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// shareUnit reports whether cells a and b lie in one full unit.
func (l *vlogic) shareUnit(a, b int) bool {
	for _, u := range l.rs.unitsOf(a) {
		if slices.Contains(l.rs.unit(int(u)), int16(b)) {
			return true
		}
	}
	return false
}

// shareKind reports whether cells a and b lie in one unit of kind k.
func (l *vlogic) shareKind(a, b int, k uint8) bool {
	for _, u := range l.rs.unitsOf(a) {
		if l.rs.unitKind[u] == k && slices.Contains(l.rs.unit(int(u)), int16(b)) {
			return true
		}
	}
	return false
}

func (l *vlogic) node(c, v int) Node { return Node{Cells: []Cell{l.cellOf(c)}, Value: v} }

// coloring: the strong links on one value split its places into connected
// clusters of two colours, one of which holds the value. Two cells of one
// colour that see each other rule that colour out (a wrap); a cell that
// sees both colours of a cluster cannot hold it (a trap).
func (l *vlogic) coloring() (Step, bool) {
	color := make([]int8, l.cells)
	for d := range l.n {
		bit := uint32(1) << d
		links := l.strongLinks(bit)
		adj := map[int][]int{}
		for _, lk := range links {
			adj[lk.a] = append(adj[lk.a], lk.b)
			adj[lk.b] = append(adj[lk.b], lk.a)
		}
		clear(color)
		for _, lk := range links {
			s := lk.a
			if color[s] != 0 {
				continue
			}
			cluster := []int{s}
			color[s] = 1
			for h := 0; h < len(cluster); h++ {
				for _, y := range adj[cluster[h]] {
					if color[y] == 0 {
						color[y] = -color[cluster[h]]
						cluster = append(cluster, y)
					}
				}
			}
			if len(cluster) < 3 { // one strong link: locked candidates
				continue
			}
			if st, ok := l.colorStep(bit, cluster, color); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// colorStep finds a wrap or a trap in cluster (coloured by color).
func (l *vlogic) colorStep(bit uint32, cluster []int, color []int8) (Step, bool) {
	v := l.sym(lowValue(bit))
	var on, off []int16
	for _, c := range cluster {
		if color[c] == 1 {
			on = append(on, int16(c))
		} else {
			off = append(off, int16(c))
		}
	}
	cells := l.cellsOf(append(slices.Clone(on), off...))
	pattern := &Pattern{Sets: [][]Cell{l.cellsOf(on), l.cellsOf(off)}}
	for _, side := range [2][]int16{on, off} {
		for i, a := range side {
			for _, b := range side[i+1:] {
				if !l.sees(int(a), int(b)) {
					continue
				}
				gone := map[int]uint32{}
				for _, c := range side {
					gone[int(c)] = bit
				}
				why := fmt.Sprintf("the strong links on %s colour %s one way and %s the other; %s and %s have one colour and see each other, so that colour cannot hold %s", v, l.cellList(on), l.cellList(off), l.cellName(int(a)), l.cellName(int(b)), v)
				return l.elimination(vtSimpleColoring, gone, why, cells, nil, pattern)
			}
		}
	}
	gone := map[int]uint32{}
	for c := range l.cells {
		if l.val[c] != 0 || l.cand[c]&bit == 0 || color[c] != 0 {
			continue
		}
		seesOn := slices.ContainsFunc(on, func(x int16) bool { return l.sees(c, int(x)) })
		seesOff := slices.ContainsFunc(off, func(x int16) bool { return l.sees(c, int(x)) })
		if seesOn && seesOff {
			gone[c] = bit
		}
	}
	why := fmt.Sprintf("the strong links on %s colour %s one way and %s the other, and one colour holds %s; a cell that sees both colours cannot", v, l.cellList(on), l.cellList(off), v)
	return l.elimination(vtSimpleColoring, gone, why, cells, nil, pattern)
}

// Chain modes: which links a chain may use.
const (
	vchainX   = iota // one value: strong links of units, weak links of peers
	vchainXY         // bivalue cells (strong) joined by one value in cells that see each other (weak)
	vchainAIC        // every strong and weak link
)

// vchainMaxLinks bounds the length of a chain; a search from one start
// costs the request's budget a node per vchainStatesPerNode states it
// reaches (about the time of a node of the search).
const (
	vchainMaxLinks      = 20
	vchainStatesPerNode = 32
)

// chain finds an alternating chain of strong and weak links between
// candidates (value v of cell c is node c·n+v-1) that starts with a
// strong link from a candidate s and ends with one into a candidate e:
// if s is false then e is true, so any candidate weakly linked to both is
// false. Breadth-first from each start, so the shortest chains come first.
func (l *vlogic) chain(mode int) (Step, bool) {
	n := l.n
	nodes := l.cells * n
	strong := make([][]int32, nodes)
	addStrong := func(a, b int32) {
		if !slices.Contains(strong[a], b) {
			strong[a] = append(strong[a], b)
			strong[b] = append(strong[b], a)
		}
	}
	if mode != vchainXY {
		for d := range n {
			for _, lk := range l.strongLinks(1 << d) {
				addStrong(int32(lk.a*n+d), int32(lk.b*n+d))
			}
		}
	}
	if mode != vchainX {
		for c := range l.cells {
			if l.bivalue(c) {
				m := l.cand[c]
				addStrong(int32(c*n+bits.TrailingZeros32(m)), int32(c*n+bits.TrailingZeros32(m&(m-1))))
			}
		}
	}
	// States are node·2+on; parent and depth are per search.
	parent := make([]int32, 2*nodes)
	depth := make([]uint8, 2*nodes)
	seen := make([]int32, 2*nodes)
	var queue []int32
	t := []int{vchainX: vtXChain, vchainXY: vtXYChain, vchainAIC: vtAIC}[mode]
	var st, stamp int32 // the state expanded, the search's mark
	visit := func(y int32) bool {
		if seen[y] == stamp {
			return false
		}
		seen[y], parent[y], depth[y] = stamp, st, depth[st]+1
		queue = append(queue, y)
		return y&1 == 1 && depth[y] >= 3
	}
	falseAfter := func(y int32) { visit(y * 2) }
	for s := int32(0); s < int32(nodes); s++ {
		if len(strong[s]) == 0 {
			continue
		}
		if l.budget <= 0 || l.ctx.Err() != nil {
			return Step{}, false
		}
		stamp = s + 1
		start := s * 2
		seen[start], parent[start], depth[start] = stamp, -1, 0
		queue = append(queue[:0], start)
		for h := 0; h < len(queue); h++ {
			st = queue[h]
			if depth[st] >= vchainMaxLinks {
				continue
			}
			x := st >> 1
			if st&1 == 0 { // x is false: its strong partners are true
				for _, y := range strong[x] {
					if visit(y*2 + 1) {
						if step, ok := l.chainEnd(t, s, y*2+1, parent); ok {
							return step, true
						}
					}
				}
				continue
			}
			// x is true: what it weakly links to is false
			l.weakLinks(x, mode == vchainAIC, falseAfter)
		}
		l.budget -= 1 + int64(len(queue))/vchainStatesPerNode
	}
	return Step{}, false
}

// weakLinks calls f with each candidate weakly linked to candidate x: the
// same value in the cells x's cell sees and, when all is set, the other
// values of its cell and on a non-consecutive board the values next to
// x's in the cells beside it.
func (l *vlogic) weakLinks(x int32, all bool, f func(int32)) {
	n := l.n
	c, d := int(x)/n, int(x)%n
	for _, p := range l.rs.peersOf(c) {
		if l.val[p] == 0 && l.cand[p]&(1<<d) != 0 {
			f(int32(int(p)*n + d))
		}
	}
	if !all {
		return
	}
	for m := l.cand[c] &^ (1 << d); m != 0; m &= m - 1 {
		f(int32(c*n + bits.TrailingZeros32(m)))
	}
	if l.rs.nonConsec {
		next := (uint32(1)<<(d+1) | uint32(1)<<d>>1) & l.full
		for _, q := range orthogonal(c, n) {
			if q < 0 || l.val[q] != 0 {
				continue
			}
			for m := l.cand[q] & next; m != 0; m &= m - 1 {
				f(int32(q*n + bits.TrailingZeros32(m)))
			}
		}
	}
}

// weak reports whether candidates a and b (nodes) cannot both be true:
// two values of one cell, one value in cells that see each other, or on a
// non-consecutive board consecutive values side by side.
func (l *vlogic) weak(a, b int32) bool {
	n := int32(l.n)
	ca, cb := int(a/n), int(b/n)
	if ca == cb {
		return a != b
	}
	if da, db := a%n, b%n; da != db {
		return l.rs.nonConsec && (da-db == 1 || db-da == 1) && l.adjacent(ca, cb)
	}
	return l.sees(ca, cb)
}

// chainStep returns the step of a chain from the start node s (false) to
// the state end (true), or false when it removes nothing.
func (l *vlogic) chainStep(t int, s, end int32, parent []int32) (Step, bool) {
	n := l.n
	e := end >> 1
	gone := map[int]uint32{}
	l.weakLinks(s, true, func(q int32) {
		if q != e && l.weak(q, e) {
			gone[int(q)/n] |= 1 << (int(q) % n)
		}
	})
	if len(gone) == 0 {
		return Step{}, false
	}
	var path []int32
	for st := end; st >= 0; st = parent[st] {
		path = append(path, st)
	}
	slices.Reverse(path)
	var links []Link
	var cells []int16
	var text strings.Builder
	for i, st := range path {
		c, v := int(st>>1)/n, int(st>>1)%n+1
		if !slices.Contains(cells, int16(c)) {
			cells = append(cells, int16(c))
		}
		if i > 0 {
			prev := path[i-1]
			strongLink := prev&1 == 0
			links = append(links, Link{From: l.node(int(prev>>1)/n, int(prev>>1)%n+1), To: l.node(c, v), Strong: strongLink})
			text.WriteString(map[bool]string{true: "=", false: "-"}[strongLink])
		}
		fmt.Fprintf(&text, "(%s)%s", l.sym(v), l.cellName(c))
	}
	sv, ev := l.sym(int(s)%n+1), l.sym(int(e)%n+1)
	why := fmt.Sprintf("the chain %s: if %s is not %s then %s is %s, so whatever conflicts with both is false", text.String(), l.cellName(int(s)/n), sv, l.cellName(int(e)/n), ev)
	st, ok := l.elimination(t, gone, why, l.cellsOf(cells), nil, &Pattern{Links: links})
	if ok {
		l.se = float64(chainSE(uint8(math.Round(vtechs[t].se*10)), len(links))) / 10
	}
	return st, ok
}

// adjacent reports whether cells a and b are orthogonal neighbours.
func (l *vlogic) adjacent(a, b int) bool {
	ra, ca, rb, cb := a/l.n, a%l.n, b/l.n, b%l.n
	return ra == rb && (ca-cb == 1 || cb-ca == 1) || ca == cb && (ra-rb == 1 || rb-ra == 1)
}

// valsMaxCells and valsMax bound the ALS-XZ search: the largest set and
// how many sets it keeps.
const (
	valsMaxCells = 4
	valsMax      = 1024
)

// vals is an almost locked set: k cells of group g (a full unit or a
// cage) holding k+1 values between them.
type vals struct {
	g     vgroup
	cells []int16
	cand  uint32
}

// alsSets lists the almost locked sets of the full units and cages, each
// set of cells once, at most valsMax of them.
func (l *vlogic) alsSets() []vals {
	var out []vals
	seen := map[string]bool{}
	for _, g := range l.groups() {
		var free []int16
		for _, c := range g.cells {
			if l.val[c] == 0 {
				free = append(free, c)
			}
		}
		for k := 1; k <= valsMaxCells && k < len(free); k++ {
			combinations(len(free), k, func(pick []int) bool {
				var m uint32
				cells := make([]int16, k)
				for j, i := range pick {
					cells[j] = free[i]
					m |= l.cand[free[i]]
				}
				if bits.OnesCount32(m) != k+1 {
					return false
				}
				key := fmt.Sprint(cells)
				if !seen[key] {
					seen[key] = true
					out = append(out, vals{g, cells, m})
				}
				return len(out) >= valsMax
			})
		}
	}
	return out
}

// holding returns the cells of s that may hold bit.
func (l *vlogic) holding(s *vals, bit uint32) []int {
	var out []int
	for _, c := range s.cells {
		if l.cand[c]&bit != 0 {
			out = append(out, int(c))
		}
	}
	return out
}

// alsXZ: two almost locked sets A and B (in a full unit or a cage) with no cell in common and a
// restricted common value x (every cell of either holding x sees every
// cell of the other holding it, so at most one of them holds x): the one
// without x is locked, so any other value z of both is in A or B, and no
// cell that sees all their cells holding z can hold it.
func (l *vlogic) alsXZ() (Step, bool) { return l.alsXZWhere(nil) }

// alsXZWhere is alsXZ over the pairs of sets that keep accepts, or all
// when keep is nil.
func (l *vlogic) alsXZWhere(keep func(a, b *vals) bool) (Step, bool) {
	sets := l.alsSets()
	for i := range sets {
		a := &sets[i]
		for j := i + 1; j < len(sets); j++ {
			b := &sets[j]
			common := a.cand & b.cand
			if bits.OnesCount32(common) < 2 || slices.ContainsFunc(a.cells, func(c int16) bool { return slices.Contains(b.cells, c) }) ||
				keep != nil && !keep(a, b) {
				continue
			}
			if l.budget--; l.budget <= 0 {
				return Step{}, false
			}
			for xm := common; xm != 0; xm &= xm - 1 {
				x := xm & -xm
				if !l.restrictedCommon(a, b, x) {
					continue
				}
				for zm := common &^ x; zm != 0; zm &= zm - 1 {
					z := zm & -zm
					zs := append(l.holding(a, z), l.holding(b, z)...)
					gone := l.seenByAll(z, zs...)
					for _, c := range append(slices.Clone(a.cells), b.cells...) {
						delete(gone, int(c))
					}
					if len(gone) == 0 {
						continue
					}
					xv, zv := l.sym(lowValue(x)), l.sym(lowValue(z))
					why := fmt.Sprintf("%s (%s in %s) and %s (%s in %s) are almost locked sets that cannot both hold %s, so one is locked and %s is in one of them: no cell that sees all their %ss can be %s",
						l.cellList(a.cells), l.valueList(a.cand), l.groupName(a.g), l.cellList(b.cells), l.valueList(b.cand), l.groupName(b.g), xv, zv, zv, zv)
					cells := append(slices.Clone(a.cells), b.cells...)
					pattern := &Pattern{Sets: [][]Cell{l.cellsOf(a.cells), l.cellsOf(b.cells)}}
					if st, ok := l.elimination(vtALSXZ, gone, why, l.cellsOf(cells), []Unit{l.groupUnit(a.g), l.groupUnit(b.g)}, pattern); ok {
						return st, true
					}
				}
			}
		}
	}
	return Step{}, false
}
