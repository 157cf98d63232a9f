package engine

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// The logical solver of variant boards: what Hint and Grade use on a board
// with rules. Every technique works over the rule set's groups: its full
// units (rows, columns, boxes or jigsaw regions, diagonals, windows, extra
// regions, disjoint groups) and its cages, and over each cell's peers
// (units, cage, knight and king moves). From the cheapest:
//
//	hidden_single       a value has one place left in a unit
//	naked_single        a cell has one value left
//	cage_combination    the sets of distinct values that reach a cage's sum
//	locked_candidates   a value's places in a unit all see a cell
//	cage_intersection   a value every set of a cage needs: its places all see a cell
//	non_consecutive     a cell whose values are all next to w rules w out beside it
//	naked/hidden pairs, triples, quads over units and cages
//	innies_outies       the rule of 45 over rows, columns, boxes and bands
//	fish, wings, single-digit patterns, coloring, chains and ALS-XZ as on classic
//	boards, over every full unit and peer (variant_tech.go); WXYZ-Wings, empty
//	rectangles, remote pairs, ALS-XY-Wings (variant_wings.go), nice loops
//	(variant_loop.go)
//	digit, cell and unit forcing chains: what every branch of a candidate, a
//	cell or a unit's places leads to by the rules (variant_forcing.go)
//	contradiction_chain a value whose singles and cage sums run into a contradiction
//	forcing_net         a value of a two-value cell whose branch, with nested
//	                    contradictions, breaks a rule
//	trial_net           a value that leaves no solution, found by a bounded search

// vtech is a technique of the variant solver.
type vtech struct {
	name, title string
	level       Level
	se          float64
}

const (
	vtHiddenSingle = iota
	vtNakedSingle
	vtCageCombination
	vtLockedCandidates
	vtCageIntersection
	vtNonConsecutive
	vtNakedPair
	vtHiddenPair
	vtNakedTriple
	vtHiddenTriple
	vtXWing
	vtXYWing
	vtXYZWing
	vtInniesOuties
	vtNakedQuad
	vtHiddenQuad
	vtSwordfish
	vtJellyfish
	vtSkyscraper
	vtTwoStringKite
	vtTurbotFish
	vtEmptyRectangle
	vtWWing
	vtFinnedXWing
	vtFinnedSwordfish
	vtWXYZWing
	vtFinnedJellyfish
	vtSimpleColoring
	vtXChain
	vtRemotePair
	vtXYChain
	vtAIC
	vtNiceLoop
	vtALSXZ
	vtALSXYWing
	vtDigitForcing
	vtCellForcing
	vtUnitForcing
	vtContradiction
	vtForcingNet
	vtTrial
	vtSearch
)

// vtechs names, titles, levels and rates each technique. Those the
// classic solver also has rate as it does; non_consecutive and
// contradiction_chain as Sukaku Explainer rates its own: its non-consecutive
// forcing cell 2.4, its dynamic contradiction forcing chain 8.5 before the
// length bonus (bench/se_variants.sh).
var vtechs = [...]vtech{
	vtHiddenSingle:     {"hidden_single", "hidden single", Easy, 1.5},
	vtNakedSingle:      {"naked_single", "naked single", Easy, 2.3},
	vtCageCombination:  {"cage_combination", "cage combination", Easy, 2.0},
	vtLockedCandidates: {"locked_candidates", "locked candidates", Medium, 2.6},
	vtCageIntersection: {"cage_intersection", "cage/unit intersection", Medium, 2.8},
	vtNonConsecutive:   {"non_consecutive", "non-consecutive elimination", Medium, 2.4},
	vtNakedPair:        {"naked_pair", "naked pair", Medium, 3.0},
	vtHiddenPair:       {"hidden_pair", "hidden pair", Medium, 3.4},
	vtNakedTriple:      {"naked_triple", "naked triple", Medium, 3.6},
	vtHiddenTriple:     {"hidden_triple", "hidden triple", Medium, 4.0},
	vtNakedQuad:        {"naked_quad", "naked quad", Medium, 5.0},
	vtHiddenQuad:       {"hidden_quad", "hidden quad", Medium, 5.4},
	vtInniesOuties:     {"innies_outies", "innies and outies", Hard, 4.2},
	vtXWing:            classicVTech(tXWing),
	vtSwordfish:        classicVTech(tSwordfish),
	vtJellyfish:        classicVTech(tJellyfish),
	vtXYWing:           classicVTech(tXYWing),
	vtXYZWing:          classicVTech(tXYZWing),
	vtSkyscraper:       sukakuVTech(tSkyscraper, 4.0),
	vtTwoStringKite:    sukakuVTech(tTwoStringKite, 4.1),
	vtTurbotFish:       sukakuVTech(tTurbotFish, 4.2),
	vtWWing:            sukakuVTech(tWWing, 4.4),
	vtFinnedXWing:      sukakuVTech(tFinnedXWing, 4.3),
	vtFinnedSwordfish:  sukakuVTech(tFinnedSwordfish, 5.7),
	vtFinnedJellyfish:  sukakuVTech(tFinnedJellyfish, 6.1),
	vtSimpleColoring:   classicVTech(tSimpleColoring),
	vtXChain:           classicVTech(tXChain),
	vtXYChain:          classicVTech(tXYChain),
	vtAIC:              classicVTech(tAIC),
	vtALSXZ:            classicVTech(tALSXZ),
	vtContradiction:    {"contradiction_chain", "contradiction forcing chain", Expert, 8.5},
	vtTrial:            {"trial_net", "trial forcing net", Expert, 9.0},
	vtWXYZWing:         classicVTech(tWXYZWing),
	vtEmptyRectangle:   classicVTech(tEmptyRectangle),
	vtRemotePair:       classicVTech(tRemotePair),
	vtNiceLoop:         classicVTech(tNiceLoop),
	vtALSXYWing:        classicVTech(tALSXYWing),
	vtDigitForcing:     forcingVTech(tDigitForcingChain),
	vtCellForcing:      forcingVTech(tCellForcingChain),
	vtUnitForcing:      forcingVTech(tUnitForcingChain),
	vtForcingNet:       forcingVTech(tForcingNet),
	vtSearch:           {"search", "search", Expert, 0},
}

// VariantTechniques lists the techniques of the variant solver, in the
// order Hint and Grade try them on a board with rules.
func VariantTechniques() []Technique {
	out := make([]Technique, 0, len(vtechs))
	for _, t := range vtechs {
		out = append(out, Technique{Name: t.name, Title: t.title, Level: t.level, SE: t.se})
	}
	return out
}

// vlogic is the state of the variant logical solver.
type vlogic struct {
	rs       *ruleSet
	n, cells int
	full     uint32
	cand     []uint32
	val      []uint8
	probe    *vsolver
	ctx      context.Context
	budget   int64 // search nodes left for the probes and trials
	board    Board // for symbols
	// maxLevel, when set, skips the techniques above it (the generator's
	// test of a level).
	maxLevel Level
	// se is the rating of the step next found when it is not its
	// technique's (a longer chain rates higher), else 0.
	se float64
	// seOrder is set while the board is solved in Sukaku Explainer's
	// order (seSolve), where the single-digit patterns join their strong
	// links by a unit only, as its strong-linked fishes do.
	seOrder bool
	// ons keeps the forcing techniques' "true" branches of one state.
	ons onCache
}

func newVLogic(ctx context.Context, b *Board, lim Limits) *vlogic {
	rs := b.rules.forLogic()
	l := &vlogic{rs: rs, n: rs.n, cells: rs.cells, full: uint32(1)<<rs.n - 1,
		cand: slices.Clone(rs.allowed), val: make([]uint8, rs.cells),
		probe: getVSolver(rs), ctx: ctx, budget: lim.NodeBudget(), board: *b}
	for c := 0; c < l.cells; c++ {
		if v := b.cells[c]; v != 0 {
			l.set(c, int(v))
		}
	}
	return l
}

func (l *vlogic) release() { vsolverPool.Put(l.probe) }

// set places v in c and takes it from c's peers (and v±1 from its
// orthogonal neighbours on a non-consecutive board).
func (l *vlogic) set(c, v int) {
	bit := uint32(1) << (v - 1)
	l.val[c], l.cand[c] = uint8(v), bit
	for _, p := range l.rs.peersOf(c) {
		if l.val[p] == 0 {
			l.cand[p] &^= bit
		}
	}
	if l.rs.nonConsec {
		for _, q := range orthogonal(c, l.n) {
			if q >= 0 && l.val[q] == 0 {
				l.cand[q] &^= (bit<<1 | bit>>1) & l.full
			}
		}
	}
}

func (l *vlogic) sym(v int) string { return string(l.board.symbol(uint8(v))) }

func (l *vlogic) cellName(c int) string { return CellName(c/l.n, c%l.n) }

func (l *vlogic) cellOf(c int) Cell { return Cell{c / l.n, c % l.n} }

func (l *vlogic) cellsOf(cs []int16) []Cell {
	out := make([]Cell, len(cs))
	for i, c := range cs {
		out[i] = l.cellOf(int(c))
	}
	return out
}

func (l *vlogic) valueList(m uint32) string {
	var out []string
	for ; m != 0; m &= m - 1 {
		out = append(out, l.sym(lowValue(m)))
	}
	return joinAnd(out)
}

// unitOf returns the Unit of full unit u.
func (l *vlogic) unitOf(u int) Unit {
	return Unit{Kind: unitKinds[l.rs.unitKind[u]], Index: int(l.rs.unitIndex[u])}
}

// unitName names full unit u for an explanation.
func (l *vlogic) unitName(u int) string {
	switch k, i := l.rs.unitKind[u], int(l.rs.unitIndex[u]); {
	case k == kindDiagonal && i == 0:
		return "the main diagonal"
	case k == kindDiagonal:
		return "the anti-diagonal"
	case k == kindWindow && i >= l.rs.windows:
		return "the implied window " + l.cellList(l.rs.unit(u))
	}
	return strings.ReplaceAll(l.unitOf(u).String(), "_", " ")
}

// cageName writes cage k as players do: "the cage r1c1+r1c2 = 3".
func (l *vlogic) cageName(k int) string {
	cage := &l.rs.cages[k]
	names := make([]string, len(cage.cells))
	for i, c := range cage.cells {
		names[i] = l.cellName(int(c))
	}
	s := "the cage " + strings.Join(names, "+")
	if cage.sum > 0 {
		s += " = " + strconv.Itoa(cage.sum)
	}
	return s
}

// group is a set of cells that hold different values: a full unit (u ≥
// 0) or a cage (cage ≥ 0).
type vgroup struct {
	cells []int16
	unit  int
	cage  int
}

func (l *vlogic) groups() []vgroup {
	var out []vgroup
	for u := range l.rs.unitKind {
		out = append(out, vgroup{cells: l.rs.unit(u), unit: u, cage: -1})
	}
	for k, cage := range l.rs.cages {
		if len(cage.cells) > 1 {
			out = append(out, vgroup{cells: cage.cells, unit: -1, cage: k})
		}
	}
	return out
}

func (l *vlogic) groupName(g vgroup) string {
	if g.unit >= 0 {
		return l.unitName(g.unit)
	}
	return l.cageName(g.cage)
}

func (l *vlogic) groupUnit(g vgroup) Unit {
	if g.unit >= 0 {
		return l.unitOf(g.unit)
	}
	return Unit{Kind: "cage", Index: g.cage}
}

// placement returns the step placing v in c.
func (l *vlogic) placement(t int, c, v int, why string, units []Unit, pattern *Pattern) Step {
	return Step{Kind: StepPlacement, Row: c / l.n, Col: c % l.n, Value: v, Technique: vtechs[t].name,
		Explanation: why, Cells: []Cell{l.cellOf(c)}, Units: l.drawn(units), Pattern: pattern}
}

// drawn returns units less the implied windows, which the board's rules
// do not draw (Step.Units names what the rules have; the explanation names
// an implied window by its cells).
func (l *vlogic) drawn(units []Unit) []Unit {
	return slices.DeleteFunc(units, func(u Unit) bool { return u.Kind == UnitWindow && u.Index >= l.rs.windows })
}

// elimination returns the step removing gone[c] from each cell c, or
// false when it removes nothing.
func (l *vlogic) elimination(t int, gone map[int]uint32, why string, cells []Cell, units []Unit, pattern *Pattern) (Step, bool) {
	st := Step{Kind: StepElimination, Technique: vtechs[t].name, Explanation: why, Cells: cells, Units: l.drawn(units), Pattern: pattern}
	keys := make([]int, 0, len(gone))
	for c, m := range gone {
		if m&l.cand[c] != 0 {
			keys = append(keys, c)
		}
	}
	if len(keys) == 0 {
		return Step{}, false
	}
	slices.Sort(keys)
	for _, c := range keys {
		e := Elimination{Row: c / l.n, Col: c % l.n}
		for m := gone[c] & l.cand[c]; m != 0; m &= m - 1 {
			e.Values = append(e.Values, lowValue(m))
		}
		st.Eliminations = append(st.Eliminations, e)
	}
	return st, true
}

// apply makes st's change to the state.
func (l *vlogic) apply(st *Step) {
	if st.Kind == StepPlacement {
		l.set(st.Row*l.n+st.Col, st.Value)
		return
	}
	for _, e := range st.Eliminations {
		c := e.Row*l.n + e.Col
		for _, v := range e.Values {
			l.cand[c] &^= 1 << (v - 1)
		}
	}
}

// next finds the cheapest step, or false when logic stalls.
func (l *vlogic) next(unique bool) (Step, bool) {
	finders := []struct {
		level Level
		find  func() (Step, bool)
	}{
		{Easy, l.hiddenSingle}, {Easy, l.nakedSingle}, {Easy, l.cageCombination},
		{Medium, l.lockedCandidates}, {Medium, l.nonConsecutive},
		{Medium, func() (Step, bool) { return l.nakedSubset(2) }}, {Medium, func() (Step, bool) { return l.hiddenSubset(2) }},
		{Medium, func() (Step, bool) { return l.nakedSubset(3) }}, {Medium, func() (Step, bool) { return l.hiddenSubset(3) }},
		{Hard, func() (Step, bool) { return l.fish(2, false) }},
		{Hard, func() (Step, bool) { return l.wing(false) }}, {Hard, func() (Step, bool) { return l.wing(true) }},
		{Hard, l.inniesOuties},
		{Medium, func() (Step, bool) { return l.nakedSubset(4) }}, {Medium, func() (Step, bool) { return l.hiddenSubset(4) }},
		{Hard, func() (Step, bool) { return l.fish(3, false) }}, {Hard, func() (Step, bool) { return l.fish(4, false) }},
		{Hard, l.turbot}, {Hard, l.emptyRectangle}, {Hard, l.wWing},
		{Hard, func() (Step, bool) { return l.fish(2, true) }}, {Hard, func() (Step, bool) { return l.fish(3, true) }},
		{Hard, l.wxyzWing},
		{Hard, func() (Step, bool) { return l.fish(4, true) }},
		{Hard, l.coloring},
		{Expert, func() (Step, bool) { return l.chain(vchainX) }},
		{Expert, l.remotePair},
		{Expert, func() (Step, bool) { return l.chain(vchainXY) }},
		{Expert, func() (Step, bool) { return l.chain(vchainAIC) }},
		{Expert, l.alsXZ},
		{Expert, l.alsXYWing},
		{Expert, l.digitForcing},
		{Expert, l.cellForcing},
		{Expert, l.unitForcing},
		{Expert, l.contradiction},
	}
	l.se = 0
	for _, f := range finders {
		if l.maxLevel != 0 && f.level > l.maxLevel {
			continue
		}
		if st, ok := f.find(); ok {
			return l.rated(st), true
		}
	}
	if unique && (l.maxLevel == 0 || l.maxLevel >= Expert) {
		if st, ok := l.forcingNet(); ok {
			return l.rated(st), true
		}
		st, ok := l.trial()
		return l.rated(st), ok
	}
	return Step{}, false
}

// rated sets st's SE: its technique's rating, or the one the finder
// just gave it (l.se, a chain's by its length).
func (l *vlogic) rated(st Step) Step {
	st.SE = vtechs[vtechOf(st.Technique)].se
	if l.se != 0 {
		st.SE = l.se
	}
	return st
}

func (l *vlogic) hiddenSingle() (Step, bool) {
	for u := range l.rs.unitKind {
		cs := l.rs.unit(u)
		var placed uint32
		count := make([]int, l.n)
		where := make([]int, l.n)
		for _, c := range cs {
			if l.val[c] != 0 {
				placed |= l.cand[c]
				continue
			}
			for m := l.cand[c]; m != 0; m &= m - 1 {
				v := bits.TrailingZeros32(m)
				count[v]++
				where[v] = int(c)
			}
		}
		for v := range l.n {
			if placed&(1<<v) == 0 && count[v] == 1 {
				c := where[v]
				why := fmt.Sprintf("%s is the only cell in %s that can hold %s", l.cellName(c), l.unitName(u), l.sym(v+1))
				return l.placement(vtHiddenSingle, c, v+1, why, []Unit{l.unitOf(u)}, nil), true
			}
		}
	}
	return Step{}, false
}

func (l *vlogic) nakedSingle() (Step, bool) {
	for c := range l.cells {
		if m := l.cand[c]; l.val[c] == 0 && m != 0 && m&(m-1) == 0 {
			v := lowValue(m)
			why := fmt.Sprintf("%s can only hold %s: every other value is ruled out by the cells it sees", l.cellName(c), l.sym(v))
			var units []Unit
			for _, u := range l.rs.unitsOf(c) {
				units = append(units, l.unitOf(int(u)))
			}
			return l.placement(vtNakedSingle, c, v, why, units, nil), true
		}
	}
	return Step{}, false
}

// cageState returns the empty cells of cage k, the sum they must make and
// the values they may still use, with what cageOptions finds: the values
// of some set that reaches the sum, and those every such set uses.
func (l *vlogic) cageState(k int) (free []int16, t int, keep, required uint32, ok bool) {
	cage := &l.rs.cages[k]
	t = cage.sum
	var used, union uint32
	p := l.probe
	p.enumCovered = p.enumCovered[:0]
	for _, c := range cage.cells {
		if v := l.val[c]; v != 0 {
			t -= int(v)
			used |= 1 << (v - 1)
		} else {
			free = append(free, c)
			p.enumCovered = append(p.enumCovered, l.cand[c])
			union |= l.cand[c]
		}
	}
	if len(free) == 0 {
		return nil, t, 0, 0, t == 0
	}
	keep, ok = p.cageOptions(union&^used, len(free), t)
	return free, t, keep, p.enumReq & keep, ok
}

func (l *vlogic) cageCombination() (Step, bool) {
	for _, k := range l.rs.sumCages {
		free, t, keep, _, ok := l.cageState(int(k))
		if !ok || len(free) == 0 {
			continue
		}
		gone := map[int]uint32{}
		for _, c := range free {
			if l.cand[c]&^keep != 0 {
				gone[int(c)] = l.cand[c] &^ keep
			}
		}
		if len(gone) == 0 {
			continue
		}
		why := fmt.Sprintf("%s can only hold %s", l.cageName(int(k)), l.valueList(keep))
		if len(free) < len(l.rs.cages[k].cells) {
			why = fmt.Sprintf("%s needs %d more in %s, so they can only hold %s", l.cageName(int(k)), t, l.cellList(free), l.valueList(keep))
		}
		cells := l.cellsOf(l.rs.cages[k].cells)
		if st, ok := l.elimination(vtCageCombination, gone, why, cells, []Unit{{Kind: "cage", Index: int(k)}}, &Pattern{Sets: [][]Cell{cells}}); ok {
			return st, true
		}
	}
	return Step{}, false
}

func (l *vlogic) cellList(cs []int16) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = l.cellName(int(c))
	}
	return joinAnd(names)
}

// sees reports whether cells a and b can never hold the same value.
func (l *vlogic) sees(a, b int) bool {
	_, found := slices.BinarySearch(l.rs.peersOf(a), int16(b))
	return found
}

// lockedCandidates: a value a group must hold (every value, in a full
// unit; in a cage, what every set reaching its sum uses) whose places all
// see one cell outside the group cannot be in that cell.
func (l *vlogic) lockedCandidates() (Step, bool) {
	for _, g := range l.groups() {
		var must uint32
		var placed uint32
		for _, c := range g.cells {
			if l.val[c] != 0 {
				placed |= l.cand[c]
			}
		}
		if g.unit >= 0 {
			must = l.full &^ placed
		} else if l.rs.cages[g.cage].sum > 0 {
			_, _, _, req, ok := l.cageState(g.cage)
			if !ok {
				continue
			}
			must = req &^ placed
		}
		for ; must != 0; must &= must - 1 {
			bit := must & -must
			var places []int16
			for _, c := range g.cells {
				if l.val[c] == 0 && l.cand[c]&bit != 0 {
					places = append(places, c)
				}
			}
			if len(places) < 1 {
				continue
			}
			gone := map[int]uint32{}
			for _, x := range l.rs.peersOf(int(places[0])) {
				if l.val[x] != 0 || l.cand[x]&bit == 0 || slices.Contains(g.cells, x) {
					continue
				}
				all := true
				for _, p := range places[1:] {
					if !l.sees(int(x), int(p)) {
						all = false
						break
					}
				}
				if all {
					gone[int(x)] = bit
				}
			}
			if len(gone) == 0 {
				continue
			}
			v := l.sym(lowValue(bit))
			t := vtLockedCandidates
			why := fmt.Sprintf("%s must hold %s in %s; every cell that sees all of them cannot be %s", l.groupName(g), v, l.cellList(places), v)
			if g.unit < 0 {
				t = vtCageIntersection
				why = fmt.Sprintf("every set of values that makes %s uses %s, which can only go in %s; every cell that sees all of them cannot be %s", l.cageName(g.cage), v, l.cellList(places), v)
			}
			if st, ok := l.elimination(t, gone, why, l.cellsOf(places), []Unit{l.groupUnit(g)}, &Pattern{Sets: [][]Cell{l.cellsOf(g.cells)}}); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

func (l *vlogic) nonConsecutive() (Step, bool) {
	if !l.rs.nonConsec {
		return Step{}, false
	}
	for x := range l.cells {
		if l.val[x] != 0 {
			continue
		}
		for _, y := range orthogonal(x, l.n) {
			if y < 0 || l.val[y] != 0 {
				continue
			}
			// y is on x's row or column, so it can be neither x's value
			// nor one next to it: y loses w when every value x may
			// hold is w or next to w (x holding {4, 5} rules out 4 and 5).
			var gone uint32
			for m := l.cand[y]; m != 0; m &= m - 1 {
				w := m & -m
				if l.cand[x]&^((w<<1|w|w>>1)&l.full) == 0 {
					gone |= w
				}
			}
			if gone == 0 {
				continue
			}
			why := fmt.Sprintf("%s holds %s, and its neighbour %s can be neither the same value nor one next to it, so not %s", l.cellName(x), l.valueList(l.cand[x]), l.cellName(y), l.valueList(gone))
			if st, ok := l.elimination(vtNonConsecutive, map[int]uint32{y: gone}, why, []Cell{l.cellOf(x), l.cellOf(y)}, nil, nil); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// subsetTech returns the technique of a naked or hidden subset of size k.
func subsetTech(k int, hidden bool) int {
	t := []int{0, 0, vtNakedPair, vtNakedTriple, vtNakedQuad}[k]
	if hidden {
		t = []int{0, 0, vtHiddenPair, vtHiddenTriple, vtHiddenQuad}[k]
	}
	return t
}

// combinations calls f with every k-subset of idx (as positions) until f
// returns true.
func combinations(m, k int, f func([]int) bool) bool {
	pick := make([]int, k)
	var rec func(start, depth int) bool
	rec = func(start, depth int) bool {
		if depth == k {
			return f(pick)
		}
		for i := start; i <= m-(k-depth); i++ {
			pick[depth] = i
			if rec(i+1, depth+1) {
				return true
			}
		}
		return false
	}
	return rec(0, 0)
}

func (l *vlogic) nakedSubset(k int) (Step, bool) {
	if k == 4 && l.n > 16 {
		return Step{}, false
	}
	var out Step
	for _, g := range l.groups() {
		var free []int16
		for _, c := range g.cells {
			if l.val[c] == 0 {
				free = append(free, c)
			}
		}
		if len(free) <= k {
			continue
		}
		found := combinations(len(free), k, func(pick []int) bool {
			var union uint32
			for _, i := range pick {
				union |= l.cand[free[i]]
			}
			if bits.OnesCount32(union) != k {
				return false
			}
			set := make([]int16, k)
			for j, i := range pick {
				set[j] = free[i]
			}
			gone := map[int]uint32{}
			for _, c := range free {
				if !slices.Contains(set, c) && l.cand[c]&union != 0 {
					gone[int(c)] = union
				}
			}
			why := fmt.Sprintf("%s can only hold %s between them, so no other cell of %s can", l.cellList(set), l.valueList(union), l.groupName(g))
			st, ok := l.elimination(subsetTech(k, false), gone, why, l.cellsOf(set), []Unit{l.groupUnit(g)}, nil)
			out = st
			return ok
		})
		if found {
			return out, true
		}
	}
	return Step{}, false
}

func (l *vlogic) hiddenSubset(k int) (Step, bool) {
	if k == 4 && l.n > 16 {
		return Step{}, false
	}
	var out Step
	for u := range l.rs.unitKind {
		if l.hiddenSets(u, k, func(vals uint32, set []int16) bool {
			gone := map[int]uint32{}
			for _, c := range set {
				if l.cand[c]&^vals != 0 {
					gone[int(c)] = l.cand[c] &^ vals
				}
			}
			why := fmt.Sprintf("in %s, %s can only go in %s, so those cells hold nothing else", l.unitName(u), l.valueList(vals), l.cellList(set))
			st, ok := l.elimination(subsetTech(k, true), gone, why, l.cellsOf(set), []Unit{l.unitOf(u)}, nil)
			out = st
			return ok
		}) {
			return out, true
		}
	}
	return Step{}, false
}

// hiddenSets calls f with each set of k values missing from full unit u
// that have k places left in it (vals) and those places (set), until f
// returns true; it reports whether f did.
func (l *vlogic) hiddenSets(u, k int, f func(vals uint32, set []int16) bool) bool {
	cs := l.rs.unit(u)
	var missing []int
	var placed uint32
	for _, c := range cs {
		if l.val[c] != 0 {
			placed |= l.cand[c]
		}
	}
	for v := range l.n {
		if placed&(1<<v) == 0 {
			missing = append(missing, v)
		}
	}
	if len(missing) <= k {
		return false
	}
	return combinations(len(missing), k, func(pick []int) bool {
		var vals uint32
		for _, i := range pick {
			vals |= 1 << missing[i]
		}
		var set []int16
		for _, c := range cs {
			if l.val[c] == 0 && l.cand[c]&vals != 0 {
				set = append(set, c)
			}
		}
		return len(set) == k && f(vals, set)
	})
}

// inniesOuties applies the rule of 45 (every unit adds up to N(N+1)/2) to
// single rows, columns and boxes or regions, and to bands of adjacent rows
// or columns: the cells of the area that no cage inside it covers (the
// innies) or the cells outside it of the cages that cross its edge (the
// outies) make a known sum; one such cell is placed, and two or three
// cells that see each other are treated as a cage of that sum.
func (l *vlogic) inniesOuties() (Step, bool) {
	if len(l.rs.sumCages) == 0 {
		return Step{}, false
	}
	n := l.n
	unitSum := n * (n + 1) / 2
	var areas [][]int // unit lists
	for u := range l.rs.unitKind {
		if k := l.rs.unitKind[u]; k == kindRow || k == kindColumn || k == kindBox || k == kindRegion {
			areas = append(areas, []int{u})
		}
	}
	for w := 2; w < n; w++ {
		for start := 0; start+w <= n; start++ {
			var rows, cols []int
			for i := start; i < start+w; i++ {
				rows = append(rows, i)
				cols = append(cols, n+i)
			}
			areas = append(areas, rows, cols)
		}
	}
	in := make([]bool, l.cells)
	for _, area := range areas {
		clear(in)
		for _, u := range area {
			for _, c := range l.rs.unit(u) {
				in[c] = true
			}
		}
		total := unitSum * len(area)
		var rest []int16 // innies
		insideSum, overSum := 0, 0
		var outies []int16
		free := false // an innie that no sum cage covers
		for k, cage := range l.rs.cages {
			if cage.sum == 0 {
				continue
			}
			inside, outside := 0, 0
			for _, c := range cage.cells {
				if in[c] {
					inside++
				} else {
					outside++
				}
			}
			switch {
			case inside == 0:
			case outside == 0:
				insideSum += cage.sum
			default:
				overSum += cage.sum
				for _, c := range l.rs.cages[k].cells {
					if !in[c] {
						outies = append(outies, c)
					}
				}
			}
		}
		for c := range l.cells {
			if !in[c] {
				continue
			}
			k := l.rs.cageOf[c]
			if k >= 0 && l.rs.cages[k].sum > 0 {
				inside := true
				for _, p := range l.rs.cages[k].cells {
					inside = inside && in[p]
				}
				if inside {
					continue
				}
			} else {
				free = true
			}
			rest = append(rest, int16(c))
		}
		name := l.areaName(area)
		units := make([]Unit, len(area))
		for i, u := range area {
			units[i] = l.unitOf(u)
		}
		if st, ok := l.knownSum(rest, total-insideSum, fmt.Sprintf("%s adds up to %d and its cages inside it to %d", name, total, insideSum), "innies", units); ok {
			return st, true
		}
		if !free && len(outies) > 0 {
			why := fmt.Sprintf("%s adds up to %d; the cages inside it make %d and the cages crossing its edge %d", name, total, insideSum, overSum)
			if st, ok := l.knownSum(outies, overSum-(total-insideSum), why, "outies", units); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// areaName names a unit or a band of rows or columns.
func (l *vlogic) areaName(area []int) string {
	if len(area) == 1 {
		return l.unitName(area[0])
	}
	first, last := l.unitOf(area[0]), l.unitOf(area[len(area)-1])
	return fmt.Sprintf("%ss %d-%d", first.Kind, first.Index+1, last.Index+1)
}

// knownSum uses that the cells cs add up to t: one empty cell is placed;
// two or three empty cells that all see each other keep only the values of
// sets of distinct values that make what is left. units are the area that
// adds up, which the step names; its pattern's one set is the empty cells.
func (l *vlogic) knownSum(cs []int16, t int, why, what string, units []Unit) (Step, bool) {
	var free []int16
	for _, c := range cs {
		if v := l.val[c]; v != 0 {
			t -= int(v)
		} else {
			free = append(free, c)
		}
	}
	if len(free) == 0 || len(free) > 3 || t <= 0 {
		return Step{}, false
	}
	cells := l.cellsOf(free)
	if len(free) == 1 {
		c := int(free[0])
		if t > l.n || l.cand[c]&(1<<(t-1)) == 0 {
			return Step{}, false
		}
		why = fmt.Sprintf("%s, so the %s %s holds %s", why, what, l.cellName(c), l.sym(t))
		return l.placement(vtInniesOuties, c, t, why, units, &Pattern{Sets: [][]Cell{cells}}), true
	}
	for i := range free {
		for j := i + 1; j < len(free); j++ {
			if !l.sees(int(free[i]), int(free[j])) {
				return Step{}, false
			}
		}
	}
	p := l.probe
	p.enumCovered = p.enumCovered[:0]
	var union uint32
	for _, c := range free {
		p.enumCovered = append(p.enumCovered, l.cand[c])
		union |= l.cand[c]
	}
	keep, ok := p.cageOptions(union, len(free), t)
	if !ok {
		return Step{}, false
	}
	gone := map[int]uint32{}
	for _, c := range free {
		if l.cand[c]&^keep != 0 {
			gone[int(c)] = l.cand[c] &^ keep
		}
	}
	why = fmt.Sprintf("%s, so the %s %s add up to %d and can only hold %s", why, what, l.cellList(free), t, l.valueList(keep))
	return l.elimination(vtInniesOuties, gone, why, cells, units, &Pattern{Sets: [][]Cell{cells}})
}

// probeFails reports whether v in cell c runs, by the propagation of the
// search (singles over every unit, cage sums, non-consecutive), into a
// contradiction: the forcing chains' "true" branch (variant_forcing.go),
// which costs about a search node unless they followed it already.
func (l *vlogic) probeFails(c, v int) bool {
	_, ok := l.on(c, v)
	return !ok
}

// contradiction eliminates a value whose consequences break a rule.
func (l *vlogic) contradiction() (Step, bool) {
	for _, c := range l.byFewest() {
		for m := l.cand[c]; m != 0; m &= m - 1 {
			if l.budget <= 0 {
				return Step{}, false
			}
			v := lowValue(m)
			if l.probeFails(c, v) {
				why := fmt.Sprintf("if %s were %s, the singles and cage sums that follow would break a rule, so it is not", l.cellName(c), l.sym(v))
				return l.elimination(vtContradiction, map[int]uint32{c: m & -m}, why, []Cell{l.cellOf(c)}, nil, nil)
			}
		}
	}
	return Step{}, false
}

// trial eliminates a value that leaves the board no solution, found by a
// search within the budget left: the last resort on a board with one
// solution, where every wrong value of every cell has none.
func (l *vlogic) trial() (Step, bool) {
	for _, c := range l.byFewest() {
		for m := l.cand[c]; m != 0; m &= m - 1 {
			if l.budget <= 0 {
				return Step{}, false
			}
			v := lowValue(m)
			p := l.probe
			p.begin(l.ctx, Limits{MaxNodes: max(l.budget, 1)})
			p.loadState(l.cand, l.val)
			ok := p.place(c, v) && p.propagate()
			n := 1
			if ok {
				var err error
				n, err = p.count(1, false)
				l.budget -= p.nodes
				if err != nil || l.budget <= 0 {
					return Step{}, false
				}
			}
			if n == 0 {
				why := fmt.Sprintf("if %s were %s, no way of filling the board would keep every rule (tried by a search), so it is not", l.cellName(c), l.sym(v))
				return l.elimination(vtTrial, map[int]uint32{c: m & -m}, why, []Cell{l.cellOf(c)}, nil, nil)
			}
		}
	}
	return Step{}, false
}

// byFewest lists the empty cells, fewest candidates first.
func (l *vlogic) byFewest() []int {
	var out []int
	for c := range l.cells {
		if l.val[c] == 0 && bits.OnesCount32(l.cand[c]) > 1 {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b int) int {
		return bits.OnesCount32(l.cand[a]) - bits.OnesCount32(l.cand[b])
	})
	return out
}

func (l *vlogic) solved() bool {
	return !slices.Contains(l.val, 0)
}

// vtechOf returns the technique named name.
func vtechOf(name string) int {
	for i, t := range vtechs {
		if t.name == name {
			return i
		}
	}
	return vtSearch
}

// hintVariant is Hint for a board with rules (after the checks hint makes
// on every board).
func hintVariant(ctx context.Context, b Board, opt HintOptions, sol *Board, unique bool, lim Limits) (Step, error) {
	l := newVLogic(ctx, &b, lim)
	defer l.release()
	if opt.Candidates != nil {
		for c := range l.cells {
			if l.val[c] == 0 {
				if m := opt.Candidates[c]; unique && sol.cells[c] != 0 && m&(1<<(sol.cells[c]-1)) == 0 {
					return Step{Kind: StepMistake, Row: c / l.n, Col: c % l.n, Value: int(sol.cells[c]),
						Explanation: fmt.Sprintf("The candidates of %s leave out %s, which it needs", l.cellName(c), l.sym(int(sol.cells[c])))}, nil
				}
				l.cand[c] &= opt.Candidates[c]
			}
		}
		if st, ok := l.next(unique); ok {
			return st, nil
		}
		return l.reveal(sol), nil
	}
	var steps []Step
	for {
		if err := ctx.Err(); err != nil {
			return Step{}, ErrSearchLimit
		}
		st, ok := l.next(unique)
		if !ok {
			return l.reveal(sol), nil
		}
		steps = append(steps, st)
		if st.Kind == StepPlacement {
			return chainHint(steps), nil
		}
		l.apply(&st)
	}
}

// chainHint makes the placement that ends steps the hint: its Steps are
// every step, its technique the hardest and its explanation tells them.
func chainHint(steps []Step) Step {
	out := steps[len(steps)-1]
	hardest := out
	var parts []string
	for _, st := range steps {
		if vtechs[vtechOf(st.Technique)].se > vtechs[vtechOf(hardest.Technique)].se {
			hardest = st
		}
		parts = append(parts, st.Explanation)
	}
	out.Technique, out.SE = hardest.Technique, hardest.SE
	if len(parts) > 4 {
		parts = append([]string{hardest.Explanation, "…"}, parts[len(parts)-1])
	}
	out.Explanation = strings.Join(parts, "; then ")
	out.Steps = steps
	return out
}

// reveal gives the most constrained empty cell its value from sol.
func (l *vlogic) reveal(sol *Board) Step {
	best, bc := -1, 99
	for c := range l.cells {
		if k := bits.OnesCount32(l.cand[c]); l.val[c] == 0 && k < bc {
			best, bc = c, k
		}
	}
	v := int(sol.cells[best])
	return Step{Kind: StepPlacement, Row: best / l.n, Col: best % l.n, Value: v, Technique: "solution",
		Explanation: fmt.Sprintf("No technique this engine knows makes progress here; %s is %s in the solution", l.cellName(best), l.sym(v)),
		Cells:       []Cell{l.cellOf(best)}}
}

// gradeVariant is Grade for a board with rules: the techniques of the
// variant solver from the cheapest, to the end. On a 9×9 board without
// cages that has one solution, SE and Score come from a second solution
// in Sukaku Explainer's order (seRateVariant).
func gradeVariant(ctx context.Context, b Board, lim Limits) (Rating, error) {
	if err := b.outOfRange(); err != nil {
		return Rating{}, err
	}
	if !Valid(&b) {
		return Rating{}, &ConflictError{Conflicts: Conflicts(b)}
	}
	sol, unique, err := solveUnique(ctx, b, lim)
	if err != nil {
		return Rating{}, err
	}
	l := newVLogic(ctx, &b, lim)
	defer l.release()
	r := Rating{Techniques: map[string]int{}}
	hardest := -1
	var seSum float64
	for !l.solved() {
		if ctx.Err() != nil {
			return Rating{}, ErrSearchLimit
		}
		st, ok := l.next(unique)
		if !ok {
			st = l.reveal(&sol)
		}
		t := vtechOf(st.Technique)
		r.Techniques[vtechs[t].name]++
		if hardest < 0 || vtechs[t].level > vtechs[hardest].level || (vtechs[t].level == vtechs[hardest].level && vtechs[t].se > vtechs[hardest].se) {
			hardest = t
		}
		se := vtechs[t].se
		if ok {
			se = st.SE
		}
		if se > r.SE || r.SETechnique == "" {
			r.SE, r.SETechnique = se, vtechs[t].name
		}
		seSum += math.Exp(scoreSlope * se)
		l.apply(&st)
	}
	if hardest >= 0 {
		r.Hardest = vtechs[hardest].name
		r.Level = vtechs[hardest].level
		r.Score = math.Round(100*math.Log(seSum)/scoreSlope) / 100
		if unique {
			seRateVariant(ctx, &b, lim, &r)
			// As on classic boards, the level follows the rating from
			// 7.5 up: master from 7.5 (a forcing chain), extreme from
			// 9.0; a board with several solutions stays expert.
			r.Level = max(r.Level, seLevel(uint8(math.Round(10*r.SE))))
		}
	} else {
		r.Level = Easy
	}
	return r, nil
}

// explainVariant is Explain for a board with rules: every step of the
// variant solver to the end.
func explainVariant(ctx context.Context, b Board, sol *Board, unique bool, lim Limits) ([]Step, error) {
	l := newVLogic(ctx, &b, lim)
	defer l.release()
	var steps []Step
	for !l.solved() {
		if ctx.Err() != nil {
			return nil, ErrSearchLimit
		}
		st, ok := l.next(unique)
		if !ok {
			st = l.reveal(sol)
		}
		steps = append(steps, st)
		l.apply(&st)
	}
	return steps, nil
}
