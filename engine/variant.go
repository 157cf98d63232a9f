package engine

import (
	"container/list"
	"slices"
	"sync"
	"sync/atomic"
)

// Unit and relation kinds a variant adds, as Conflict.Units and the API's
// "rule" name them.
const (
	UnitRegion         = "region"
	UnitDiagonal       = "diagonal"
	UnitWindow         = "window"
	UnitExtraRegion    = "extra_region"
	UnitDisjointGroup  = "disjoint_group"
	RuleAntiKnight     = "anti_knight"
	RuleAntiKing       = "anti_king"
	RuleNonConsecutive = "non_consecutive"
	RuleParity         = "parity"
	RuleCage           = "cage"
	RuleCageSum        = "cage_sum"
)

// unitKinds are the kinds of full units (N cells holding every value
// once), in the order variantTopology lists them.
var unitKinds = [...]string{UnitRow, UnitColumn, UnitBox, UnitRegion, UnitDiagonal, UnitWindow, UnitExtraRegion, UnitDisjointGroup}

const (
	kindRow uint8 = iota
	kindColumn
	kindBox
	kindRegion
	kindDiagonal
	kindWindow
	kindExtraRegion
	kindDisjointGroup
)

// cageInfo is a compiled cage: its cells and sum (0 for none).
type cageInfo struct {
	cells []int16
	sum   int
}

// ruleSet is a board's variant rules compiled against its shape: every
// full unit, each cell's peers (cells that may never share its value) and
// the rules that are not units. It is built once per distinct shape and
// rules, kept in a bounded cache and never modified, so boards share it
// between goroutines.
type ruleSet struct {
	rules    Rules  // a deep copy of the rules as given
	cacheKey string // rules.key(shape)
	shape    Shape
	n, cells int

	units     []int16 // full units of n cells: unit u is units[u*n:(u+1)*n]
	unitKind  []uint8 // kind of unit u (kindRow…)
	unitIndex []int16 // index of unit u among its kind

	cellUnitAt []int32 // cell c's units are cellUnits[cellUnitAt[c]:cellUnitAt[c+1]]
	cellUnits  []int16
	peerAt     []int32 // cell c's peers are peers[peerAt[c]:peerAt[c+1]]
	peers      []int16

	allowed   []uint32 // per cell, the values its parity allows (bit v-1)
	cageOf    []int16  // per cell, its cage or -1
	cages     []cageInfo
	sumCages  []int16 // the cages with a sum
	nonConsec bool

	// windows is how many windows the rules draw; the units of kind
	// kindWindow past them are the implied windows, which only the rule
	// set of the logical solver has (forLogic).
	windows   int
	logicOnce sync.Once
	logic     *ruleSet

	// Pairs of full units that share two cells or more, for locked
	// candidates: pair i is inters[i]; see unitPair.
	inters     []unitPair
	interCells []int16
}

// unitPair is two full units a and b that share cells: interCells[at:a]
// are the shared cells, [a:b] the rest of a, [b:end] the rest of b.
type unitPair struct{ at, a, b, end int32 }

func (rs *ruleSet) unit(u int) []int16 { return rs.units[u*rs.n : (u+1)*rs.n] }

func (rs *ruleSet) unitsOf(c int) []int16 { return rs.cellUnits[rs.cellUnitAt[c]:rs.cellUnitAt[c+1]] }

func (rs *ruleSet) peersOf(c int) []int16 { return rs.peers[rs.peerAt[c]:rs.peerAt[c+1]] }

// MaxCachedRules is how many compiled rule sets the engine keeps; the
// least recently used goes first, so requests that each bring a new jigsaw
// cannot grow memory without bound.
const MaxCachedRules = 256

var ruleCache = struct {
	sync.Mutex
	byKey map[string]*list.Element
	order *list.List // front: most recently used
}{byKey: map[string]*list.Element{}, order: list.New()}

var ruleEvictions atomic.Int64

// RuleCacheStats returns how many compiled rule sets are cached and how
// many have been evicted since the process started.
func RuleCacheStats() (entries int, evictions int64) {
	ruleCache.Lock()
	defer ruleCache.Unlock()
	return ruleCache.order.Len(), ruleEvictions.Load()
}

// compileRules returns the cached rule set of r on s, building it on first
// use. r must be valid on s and not classic.
func compileRules(r *Rules, s Shape) *ruleSet {
	key := r.key(s)
	ruleCache.Lock()
	if e, ok := ruleCache.byKey[key]; ok {
		ruleCache.order.MoveToFront(e)
		ruleCache.Unlock()
		return e.Value.(*ruleSet)
	}
	ruleCache.Unlock()
	rs := buildRuleSet(r, s) // outside the lock: a jigsaw takes a moment
	rs.cacheKey = key
	ruleCache.Lock()
	defer ruleCache.Unlock()
	if e, ok := ruleCache.byKey[key]; ok {
		ruleCache.order.MoveToFront(e)
		return e.Value.(*ruleSet)
	}
	ruleCache.byKey[key] = ruleCache.order.PushFront(rs)
	for ruleCache.order.Len() > MaxCachedRules {
		last := ruleCache.order.Back()
		ruleCache.order.Remove(last)
		delete(ruleCache.byKey, last.Value.(*ruleSet).cacheKey)
		ruleEvictions.Add(1)
	}
	return rs
}

// windowStarts returns the first rows (and columns) of the windows on a
// board of size n with square boxes of side b: 1, b+2, 2b+3, … while a
// window fits.
func windowStarts(n, b int) []int {
	var out []int
	for s := 1; s+b <= n; s += b + 1 {
		out = append(out, s)
	}
	return out
}

// forLogic returns the rule set the logical solver works over: rs itself
// but on a windoku board (windows drawn as such or as extra regions, as
// f-puzzles has them), where it adds the implied windows as units (see
// impliedWindows). Built once per rule set, on first use.
func (rs *ruleSet) forLogic() *ruleSet {
	rs.logicOnce.Do(func() {
		rs.logic = rs
		if rs.shape.BoxRows != rs.shape.BoxCols {
			return
		}
		n, b := rs.n, rs.shape.BoxRows
		starts := windowStarts(n, b)
		w := make([]int16, 0, n)
		for _, r0 := range starts {
			for _, c0 := range starts {
				w = w[:0]
				for j := range n {
					w = append(w, int16((r0+j/b)*n+c0+j%b))
				}
				if !rs.hasUnit(w) {
					return
				}
			}
		}
		rs.logic = buildRules(&rs.rules, rs.shape, true)
	})
	return rs.logic
}

// hasUnit reports whether the cells cs (in order) are a full unit of rs.
func (rs *ruleSet) hasUnit(cs []int16) bool {
	for u := range rs.unitKind {
		if slices.Equal(rs.unit(u), cs) {
			return true
		}
	}
	return false
}

// impliedWindows returns the cells of the implied windows of a windoku
// board of size n = b·b: the b-1 windows along each line leave b rows
// (and b columns) outside them, at 0, b+1, 2b+2, …, and those rows
// crossed with the columns of a column of windows, the rows of a row of
// windows crossed with those columns, and those rows crossed with those
// columns make 2b-1 more groups of n cells. Each holds every value once:
// the b columns of a column of windows hold each value b times, its b-1
// windows once each, so the b·b cells left hold it once (likewise along
// rows, and for the corner group what the b gap rows hold less the
// implied windows along them). Sukaku Explainer's windoku has them as
// regions (its Grid.Window, nine on 9×9), so players and its rating use
// them as units.
func impliedWindows(n, b int) [][]int16 {
	starts := windowStarts(n, b)
	var gaps []int
	for i := range n {
		if !slices.ContainsFunc(starts, func(s int) bool { return i >= s && i < s+b }) {
			gaps = append(gaps, i)
		}
	}
	if len(gaps) != b || len(starts) != b-1 {
		return nil
	}
	band := func(s int) []int {
		out := make([]int, b)
		for j := range b {
			out[j] = s + j
		}
		return out
	}
	group := func(rows, cols []int) []int16 {
		out := make([]int16, 0, n)
		for _, r := range rows {
			for _, c := range cols {
				out = append(out, int16(r*n+c))
			}
		}
		return out
	}
	var out [][]int16
	for _, c0 := range starts {
		out = append(out, group(gaps, band(c0)))
	}
	for _, r0 := range starts {
		out = append(out, group(band(r0), gaps))
	}
	return append(out, group(gaps, gaps))
}

func buildRuleSet(r *Rules, s Shape) *ruleSet { return buildRules(r, s, false) }

// buildRules compiles r on s, with the implied windows of a windoku board
// as units when implied is set.
func buildRules(r *Rules, s Shape, implied bool) *ruleSet {
	n, cells := s.Size, s.Size*s.Size
	rs := &ruleSet{rules: r.clone(), shape: s, n: n, cells: cells, nonConsec: r.NonConsecutive}
	addUnit := func(kind uint8, index int, cs []int16) {
		rs.units = append(rs.units, cs...)
		rs.unitKind = append(rs.unitKind, kind)
		rs.unitIndex = append(rs.unitIndex, int16(index))
	}
	line := make([]int16, n)
	for i := range n {
		for j := range n {
			line[j] = int16(i*n + j)
		}
		addUnit(kindRow, i, line)
	}
	for i := range n {
		for j := range n {
			line[j] = int16(j*n + i)
		}
		addUnit(kindColumn, i, line)
	}
	if r.Regions == nil {
		for b := range n {
			r0, c0 := (b/(n/s.BoxCols))*s.BoxRows, (b%(n/s.BoxCols))*s.BoxCols
			for j := range n {
				line[j] = int16((r0+j/s.BoxCols)*n + c0 + j%s.BoxCols)
			}
			addUnit(kindBox, b, line)
		}
	} else {
		for g := range n {
			line = line[:0]
			for i, x := range r.Regions {
				if x == g {
					line = append(line, int16(i))
				}
			}
			addUnit(kindRegion, g, line)
		}
		line = line[:n]
	}
	if r.Diagonals&DiagonalMain != 0 {
		for j := range n {
			line[j] = int16(j*n + j)
		}
		addUnit(kindDiagonal, 0, line)
	}
	if r.Diagonals&DiagonalAnti != 0 {
		for j := range n {
			line[j] = int16((n-1-j)*n + j)
		}
		addUnit(kindDiagonal, 1, line)
	}
	if r.Windows {
		b := s.BoxRows
		starts := windowStarts(n, b)
		w := 0
		for _, r0 := range starts {
			for _, c0 := range starts {
				for j := range n {
					line[j] = int16((r0+j/b)*n + c0 + j%b)
				}
				addUnit(kindWindow, w, line)
				w++
			}
		}
		rs.windows = w
	}
	for i, reg := range r.ExtraRegions {
		for j, c := range reg {
			line[j] = int16(c.Row*n + c.Col)
		}
		slices.Sort(line)
		addUnit(kindExtraRegion, i, line)
	}
	if r.DisjointGroups {
		for g := range n {
			gr, gc := g/s.BoxCols, g%s.BoxCols
			for b := range n {
				r0, c0 := (b/(n/s.BoxCols))*s.BoxRows, (b%(n/s.BoxCols))*s.BoxCols
				line[b] = int16((r0+gr)*n + c0 + gc)
			}
			slices.Sort(line)
			addUnit(kindDisjointGroup, g, line)
		}
	}
	if implied {
		w := rs.windows
		for _, g := range impliedWindows(n, s.BoxRows) {
			if !rs.hasUnit(g) {
				addUnit(kindWindow, w, g)
				w++
			}
		}
	}

	// Each cell's units, and its peers: unit mates, cage mates, knight and
	// king neighbours.
	nUnits := len(rs.unitKind)
	byCell := make([][]int16, cells)
	for u := range nUnits {
		for _, c := range rs.unit(u) {
			byCell[c] = append(byCell[c], int16(u))
		}
	}
	rs.cellUnitAt = make([]int32, cells+1)
	for c := range cells {
		rs.cellUnits = append(rs.cellUnits, byCell[c]...)
		rs.cellUnitAt[c+1] = int32(len(rs.cellUnits))
	}
	rs.cageOf = make([]int16, cells)
	for i := range rs.cageOf {
		rs.cageOf[i] = -1
	}
	for k, cage := range r.Cages {
		ci := cageInfo{sum: cage.Sum}
		for _, c := range cage.Cells {
			ci.cells = append(ci.cells, int16(c.Row*n+c.Col))
			rs.cageOf[c.Row*n+c.Col] = int16(k)
		}
		rs.cages = append(rs.cages, ci)
		if cage.Sum > 0 {
			rs.sumCages = append(rs.sumCages, int16(k))
		}
	}
	mark := make([]int32, cells)
	rs.peerAt = make([]int32, cells+1)
	for c := range cells {
		stamp := int32(c + 1)
		mark[c] = stamp
		add := func(p int) {
			if mark[p] != stamp {
				mark[p] = stamp
				rs.peers = append(rs.peers, int16(p))
			}
		}
		for _, u := range rs.unitsOf(c) {
			for _, p := range rs.unit(int(u)) {
				add(int(p))
			}
		}
		if k := rs.cageOf[c]; k >= 0 {
			for _, p := range rs.cages[k].cells {
				add(int(p))
			}
		}
		row, col := c/n, c%n
		if r.AntiKnight {
			for _, d := range knightMoves {
				if rr, cc := row+d[0], col+d[1]; rr >= 0 && rr < n && cc >= 0 && cc < n {
					add(rr*n + cc)
				}
			}
		}
		if r.AntiKing {
			for _, d := range kingMoves {
				if rr, cc := row+d[0], col+d[1]; rr >= 0 && rr < n && cc >= 0 && cc < n {
					add(rr*n + cc)
				}
			}
		}
		slices.Sort(rs.peers[rs.peerAt[c]:])
		rs.peerAt[c+1] = int32(len(rs.peers))
	}
	rs.pairUnits(nUnits)
	full := uint32(1)<<n - 1
	var odd uint32
	for v := 1; v <= n; v += 2 {
		odd |= 1 << (v - 1)
	}
	rs.allowed = make([]uint32, cells)
	for i := range rs.allowed {
		rs.allowed[i] = full
	}
	for _, c := range r.Odd {
		rs.allowed[c.Row*n+c.Col] &= odd
	}
	for _, c := range r.Even {
		rs.allowed[c.Row*n+c.Col] &= full &^ odd
	}
	return rs
}

// pairUnits lists the pairs of full units that share two cells or more.
func (rs *ruleSet) pairUnits(nUnits int) {
	in := make([]bool, rs.cells)
	for a := range nUnits {
		for _, c := range rs.unit(a) {
			in[c] = true
		}
		for b := a + 1; b < nUnits; b++ {
			shared := 0
			for _, c := range rs.unit(b) {
				if in[c] {
					shared++
				}
			}
			if shared < 2 {
				continue
			}
			p := unitPair{at: int32(len(rs.interCells))}
			for _, c := range rs.unit(b) {
				if in[c] {
					rs.interCells = append(rs.interCells, c)
				}
			}
			p.a = int32(len(rs.interCells))
			for _, c := range rs.unit(a) {
				if !slices.Contains(rs.interCells[p.at:p.a], c) {
					rs.interCells = append(rs.interCells, c)
				}
			}
			p.b = int32(len(rs.interCells))
			for _, c := range rs.unit(b) {
				if !in[c] {
					rs.interCells = append(rs.interCells, c)
				}
			}
			p.end = int32(len(rs.interCells))
			rs.inters = append(rs.inters, p)
		}
		for _, c := range rs.unit(a) {
			in[c] = false
		}
	}
}

var (
	knightMoves = [8][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}
	kingMoves   = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
)

// clone returns a deep copy of r.
func (r *Rules) clone() Rules {
	out := *r
	out.Regions = slices.Clone(r.Regions)
	out.Odd = slices.Clone(r.Odd)
	out.Even = slices.Clone(r.Even)
	out.ExtraRegions = nil
	for _, reg := range r.ExtraRegions {
		out.ExtraRegions = append(out.ExtraRegions, slices.Clone(reg))
	}
	out.Cages = nil
	for _, c := range r.Cages {
		out.Cages = append(out.Cages, Cage{Cells: slices.Clone(c.Cells), Sum: c.Sum})
	}
	return out
}

// WithRules returns b under the variant rules r, or an error wrapping
// ErrInvalidRules (a *RulesError naming the field) when r is malformed or
// cannot hold on b's shape. Classic rules (the zero Rules) give b as a
// classic board. The rules are compiled once per distinct shape and rules
// and cached (at most MaxCachedRules of them).
func (b Board) WithRules(r Rules) (Board, error) {
	b.rules = nil
	if r.IsClassic() {
		return b, nil
	}
	if err := r.Validate(b.shape); err != nil {
		return Board{}, err
	}
	b.rules = compileRules(&r, b.shape)
	return b, nil
}

// Rules returns a copy of b's variant rules; the zero Rules for a classic
// board.
func (b *Board) Rules() Rules {
	if b.rules == nil {
		return Rules{}
	}
	return b.rules.rules.clone()
}

// IsVariant reports whether b has rules beyond classic Sudoku.
func (b *Board) IsVariant() bool { return b.rules != nil }
