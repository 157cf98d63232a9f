package engine

import (
	"math/bits"
	"strconv"
	"strings"
)

// This file holds the chain techniques beyond the X-chain: remote pairs,
// XY-chains, alternating inference chains (AIC) with grouped nodes and
// continuous nice loops. They share one search: a graph whose nodes are
// "value v in cell c" and grouped nodes "v in one of the cells of a
// box∩line segment", with strong links (at least one end holds: the only
// two places of v in a unit, the only two values of a cell) and weak links
// (at most one end holds: two candidates of one cell, or one value in
// cells that see each other). A breadth-first search from each node A
// assumed false alternates strong and weak links; every node Y reached
// true at the end of a strong link gives "A or Y holds", and whatever
// conflicts with both is eliminated. Shorter chains are tried first (the
// depth limits of chainDepths), and each call is bounded by chainBudget
// link visits, so no board makes it slow; a search cut short only misses
// eliminations, it never makes a wrong one.

// Chain search modes: which links the graph has.
const (
	chainRemote = iota // bivalue cells of one pair, weak links between cells
	chainXY            // bivalue cells, weak links between cells of one value
	chainAIC           // every candidate and grouped node; continuous loops too
)

// chainDepths are the successive limits on the links of a chain: the
// search looks for short chains everywhere before it tries longer ones.
var chainDepths = [...]int{7, 15}

// chainBudget bounds the links one chain search follows, over all its
// starts and depths.
const chainBudget = 1 << 19

// Sizes of the chain graph on the largest board.
const (
	maxSegs    = MaxSize * (maxBoxSide + 2) // box∩line segments: N boxes × (R+C)
	maxNodes   = MaxCells*MaxSize + maxSegs*MaxSize
	maxStrong  = 4 // strong links kept per node: its cell and three units
	maxUnitSeg = maxBoxSide + 2
	maxWeak    = 1 << 17 // weak links kept in lists; past that they are enumerated
)

// chainScratch is the working memory of a chain search. It is pooled apart
// from logic (it is large, and Hint copies logic states).
type chainScratch struct {
	shape Shape // the shape the segment tables below are built for
	// Segments: the cells of box segBox[s] that lie in line segLine[s].
	nseg     int
	segCells [maxSegs][maxGroup]int16
	segLen   [maxSegs]uint8
	segBox   [maxSegs]int16
	segLine  [maxSegs]int16
	unitSegs [3 * MaxSize][maxUnitSeg]int16 // the segments inside each unit
	nuseg    [3 * MaxSize]uint8
	posSeg   [3 * MaxSize][MaxSize][2]int16 // a unit position's segments (a line's: one)

	gmask   [maxSegs * MaxSize]uint16 // segment positions holding value d: gmask[s*n+d]
	strong  [maxNodes][maxStrong]int32
	nstrong [maxNodes]uint8
	linked  [maxNodes]int32 // the nodes with a strong link, in the order found
	nlinked int
	// Weak links between linked nodes, listed on a node's first use in a
	// graph: node x's are weak[woff[x]:woff[x]+wlen[x]] when wgraph[x] is
	// graph. Past maxWeak the search enumerates them itself.
	weak   [maxWeak]int32
	woff   [maxNodes]int32
	wlen   [maxNodes]uint16
	wgraph [maxNodes]uint32
	graph  uint32 // counts the graphs built
	nweak  int
	// The start of the current search: its node, and the cells that see
	// all of it and hold its value (where a same-value end eliminates).
	start  pnode
	tcells [MaxSize * 3]int16
	ntcell int

	// Breadth-first search over states node*2+on.
	stamp  uint32
	vis    [2 * maxNodes]uint32
	parent [2 * maxNodes]int32
	depth  [2 * maxNodes]uint8
	queue  [2 * maxNodes]int32
	budget int
	// done[x] == pass: a search from x ran in this pass, so a chain
	// ending at x was already seen from its other end.
	done [maxNodes]uint32
	pass uint32

	path  [maxLinks + 2]int32 // a chain's states, from its start
	npath int
	pend  [MaxCells]int16 // pending eliminations: cells and values
	pmask [MaxCells]uint32
	npend int
}

// freeList keeps a few scratches for reuse. Unlike a sync.Pool it
// survives garbage collections, so grading allocates none in the steady
// state; a scratch beyond its capacity is left to the collector.
type freeList[T any] chan *T

func (f freeList[T]) get() *T {
	select {
	case x := <-f:
		return x
	default:
		return new(T)
	}
}

func (f freeList[T]) put(x *T) {
	select {
	case f <- x:
	default:
	}
}

var chainFree = make(freeList[chainScratch], 4)

// segments builds the segment tables for the shape of l.
func (cs *chainScratch) segments(l *logic) {
	t, n := l.t, l.n
	if cs.shape == t.shape {
		return
	}
	cs.shape = t.shape
	cs.nseg = 0
	for u := 0; u < 3*n; u++ {
		cs.nuseg[u] = 0
	}
	add := func(box, line int, cells []int16) {
		s := cs.nseg
		cs.nseg++
		cs.segBox[s], cs.segLine[s] = int16(box), int16(line)
		k := 0
		for _, c := range cells {
			us := t.cellUnits[c]
			if int(us[0]) == line || int(us[1]) == line {
				cs.segCells[s][k] = c
				k++
			}
		}
		cs.segLen[s] = uint8(k)
		for _, u := range [2]int{box, line} {
			cs.unitSegs[u][cs.nuseg[u]] = int16(s)
			cs.nuseg[u]++
		}
	}
	for b := 2 * n; b < 3*n; b++ {
		cells := t.unit(b)
		for k := 0; k < 2; k++ { // rows of the box, then columns
			seen := uint32(0)
			for _, c := range cells {
				line := int(t.cellUnits[c][k])
				bit := uint32(1) << (line - k*n)
				if seen&bit == 0 {
					seen |= bit
					add(b, line, cells)
				}
			}
		}
	}
	for u := 0; u < 3*n; u++ {
		for i, c := range t.unit(u) {
			cs.posSeg[u][i] = [2]int16{-1, -1}
			k := 0
			for j := 0; j < int(cs.nuseg[u]); j++ {
				s := int(cs.unitSegs[u][j])
				if cs.segHas(s, int(c)) {
					cs.posSeg[u][i][k] = int16(s)
					k++
				}
			}
		}
	}
}

func (cs *chainScratch) segHas(s, c int) bool {
	for i := 0; i < int(cs.segLen[s]); i++ {
		if int(cs.segCells[s][i]) == c {
			return true
		}
	}
	return false
}

// build loads the graph of the given mode; pair restricts a remote-pair
// graph to cells whose candidates are exactly pair.
func (cs *chainScratch) build(l *logic, mode int, pair uint32) {
	t, n := l.t, l.n
	cs.segments(l)
	for i := 0; i < cs.nlinked; i++ {
		cs.nstrong[cs.linked[i]] = 0
	}
	cs.nlinked = 0
	for c := 0; c < t.cells; c++ {
		m := l.cand[c]
		if popcount(m) != 2 || mode == chainRemote && m != pair {
			continue
		}
		a, b := bits.TrailingZeros32(m), 31-bits.LeadingZeros32(m)
		cs.addStrong(int32(c*n+a), int32(c*n+b))
	}
	if mode == chainAIC {
		cs.buildUnits(l)
	}
	cs.nweak = 0
	cs.graph++
	if cs.graph == 0 {
		cs.wgraph = [maxNodes]uint32{}
		cs.graph = 1
	}
}

// weakList lists the weak links of node x in the current graph, once, and
// reports whether they are listed (false: the list is full).
func (cs *chainScratch) weakList(l *logic, mode int, x int32) bool {
	if cs.wgraph[x] == cs.graph {
		return true
	}
	if cs.nweak+4*l.n+3*maxUnitSeg > maxWeak {
		return false
	}
	cs.woff[x] = int32(cs.nweak)
	cs.weakLinks(l, mode, x, func(y int32) {
		cs.weak[cs.nweak] = y
		cs.nweak++
	})
	cs.wlen[x] = uint16(int32(cs.nweak) - cs.woff[x])
	cs.wgraph[x] = cs.graph
	return true
}

// buildUnits adds the grouped nodes and the strong links of the units.
func (cs *chainScratch) buildUnits(l *logic) {
	t, n := l.t, l.n
	for s := 0; s < cs.nseg; s++ {
		for d := 0; d < n; d++ {
			cs.gmask[s*n+d] = 0
		}
		for i := 0; i < int(cs.segLen[s]); i++ {
			for m := l.cand[cs.segCells[s][i]]; m != 0; m &= m - 1 {
				cs.gmask[s*n+bits.TrailingZeros32(m)] |= 1 << i
			}
		}
	}
	for u := 0; u < 3*n; u++ {
		cells := t.unit(u)
		for d := 0; d < n; d++ {
			bit := uint32(1) << d
			if l.uval[u]&bit != 0 {
				continue
			}
			var S uint32
			for i, c := range cells {
				if l.cand[c]&bit != 0 {
					S |= 1 << i
				}
			}
			if popcount(S) < 2 {
				continue
			}
			if popcount(S) == 2 {
				i, j := bits.TrailingZeros32(S), 31-bits.LeadingZeros32(S)
				cs.addStrong(int32(int(cells[i])*n+d), int32(int(cells[j])*n+d))
			}
			// S split between exactly two segments of one kind (boxes of a
			// line; rows or columns of a box): a strong link between the
			// two parts, grouped where a part has two or more cells.
			kinds := 1
			if u >= 2*n {
				kinds = 2
			}
			for k := 0; k < kinds; k++ {
				s1, s2, many := -1, -1, false
				var p1 uint32
				for m := S; m != 0; m &= m - 1 {
					i := bits.TrailingZeros32(m)
					s := int(cs.posSeg[u][i][k])
					switch {
					case s1 < 0 || s == s1:
						s1 = s
						p1 |= 1 << i
					case s2 < 0 || s == s2:
						s2 = s
					default:
						many = true
					}
				}
				if many || s2 < 0 || popcount(p1) == 1 && popcount(S&^p1) == 1 {
					continue
				}
				cs.addStrong(cs.partNode(l, u, d, s1, p1), cs.partNode(l, u, d, s2, S&^p1))
			}
		}
	}
}

// partNode returns the node of value d on the unit positions part, which
// are all the cells of segment s holding d: a cell node or a group node.
func (cs *chainScratch) partNode(l *logic, u, d, s int, part uint32) int32 {
	n := l.n
	if popcount(part) == 1 {
		return int32(int(l.t.unit(u)[bits.TrailingZeros32(part)])*n + d)
	}
	return int32(l.t.cells*n + s*n + d)
}

func (cs *chainScratch) addStrong(a, b int32) {
	link := func(x, y int32) {
		k := int(cs.nstrong[x])
		for i := 0; i < k; i++ {
			if cs.strong[x][i] == y {
				return
			}
		}
		if k == 0 {
			cs.linked[cs.nlinked] = x
			cs.nlinked++
		}
		if k < maxStrong {
			cs.strong[x][k] = y
			cs.nstrong[x]++
		}
	}
	link(a, b)
	link(b, a)
}

// node returns node id as a pattern node.
func (cs *chainScratch) node(l *logic, id int32) pnode {
	n, cells := l.n, l.t.cells
	if int(id) < cells*n {
		return cellNode(int(id)/n, int(id)%n+1)
	}
	g := int(id) - cells*n
	s, d := g/n, g%n
	p := pnode{v: uint8(d + 1)}
	for m := uint32(cs.gmask[g]); m != 0; m &= m - 1 {
		p.cells[p.n] = cs.segCells[s][bits.TrailingZeros32(m)]
		p.n++
	}
	return p
}

// seesAll reports whether cell q sees every cell of p (and so is not in it).
func (l *logic) seesAll(q int, p *pnode) bool {
	for i := 0; i < int(p.n); i++ {
		if !l.sees(q, int(p.cells[i])) {
			return false
		}
	}
	return true
}

// weakLinked reports whether at most one of p and q can hold: two values
// of one cell, or one value in disjoint cells that all see each other.
func (l *logic) weakLinked(p, q *pnode) bool {
	if p.v != q.v {
		return p.n == 1 && q.n == 1 && p.cells[0] == q.cells[0]
	}
	for i := 0; i < int(p.n); i++ {
		if !l.seesAll(int(p.cells[i]), q) {
			return false
		}
	}
	return true
}

// pendElim queues the removal of the values in mask from cell c, if any
// is a candidate.
func (cs *chainScratch) pendElim(l *logic, c int, mask uint32) {
	if mask &= l.cand[c]; mask == 0 {
		return
	}
	for i := 0; i < cs.npend; i++ {
		if int(cs.pend[i]) == c {
			cs.pmask[i] |= mask
			return
		}
	}
	cs.pend[cs.npend], cs.pmask[cs.npend] = int16(c), mask
	cs.npend++
}

// bothElims queues every candidate that conflicts with both p and q: one
// of them holds, so such a candidate cannot. remote removes both values of
// the pair (the ends of a remote pair chain hold the pair's two values).
func (cs *chainScratch) bothElims(l *logic, p, q *pnode, remote uint32) {
	if p.v == q.v {
		bit := uint32(1) << (p.v - 1)
		if remote != 0 {
			bit = remote
		}
		for _, x := range l.t.peersOf(int(p.cells[0])) {
			if l.cand[x]&bit != 0 && l.seesAll(int(x), p) && l.seesAll(int(x), q) {
				cs.pendElim(l, int(x), bit)
			}
		}
		return
	}
	if p.n == 1 && q.n == 1 && p.cells[0] == q.cells[0] {
		cs.pendElim(l, int(p.cells[0]), l.all&^(1<<(p.v-1)|1<<(q.v-1)))
		return
	}
	if p.n == 1 && l.seesAll(int(p.cells[0]), q) {
		cs.pendElim(l, int(p.cells[0]), 1<<(q.v-1))
	}
	if q.n == 1 && l.seesAll(int(q.cells[0]), p) {
		cs.pendElim(l, int(q.cells[0]), 1<<(p.v-1))
	}
}

// chain runs the chain search of the given mode for technique tc.
func (l *logic) chain(tc tech, mode int) bool {
	cs := chainFree.get()
	defer chainFree.put(cs)
	cs.budget = chainBudget
	if mode != chainRemote {
		cs.build(l, mode, 0)
		return l.chainSearch(cs, tc, mode, 0)
	}
	// One graph per pair of values held by four or more bivalue cells.
	var seen [MaxSize]uint32 // pairs already searched, by their low value
	for c := 0; c < l.t.cells; c++ {
		m := l.cand[c]
		if popcount(m) != 2 {
			continue
		}
		lo := bits.TrailingZeros32(m)
		if seen[lo]&m == m {
			continue
		}
		seen[lo] |= m
		k := 0
		for x := c; x < l.t.cells && k < 4; x++ {
			if l.cand[x] == m {
				k++
			}
		}
		if k < 4 {
			continue
		}
		cs.build(l, mode, m)
		if l.chainSearch(cs, tc, mode, m) {
			return true
		}
	}
	return false
}

// chainSearch searches the built graph from every start, short chains
// first.
func (l *logic) chainSearch(cs *chainScratch, tc tech, mode int, pair uint32) bool {
	for _, maxDepth := range chainDepths {
		cs.pass++
		if cs.pass == 0 {
			cs.done = [maxNodes]uint32{}
			cs.pass = 1
		}
		for i := 0; i < cs.nlinked; i++ {
			a := cs.linked[i]
			if cs.budget <= 0 {
				return false
			}
			if l.chainFrom(cs, tc, mode, pair, a, maxDepth) {
				return true
			}
			cs.done[a] = cs.pass
		}
	}
	return false
}

// chainFrom searches breadth-first from node a assumed false.
func (l *logic) chainFrom(cs *chainScratch, tc tech, mode int, pair uint32, a int32, maxDepth int) bool {
	cs.stamp++
	if cs.stamp == 0 {
		cs.vis = [2 * maxNodes]uint32{}
		cs.stamp = 1
	}
	cs.setStart(l, a, pair)
	st0 := a * 2
	cs.vis[st0], cs.parent[st0], cs.depth[st0] = cs.stamp, -1, 0
	cs.queue[0] = st0
	qn := 1
	for h := 0; h < qn && cs.budget > 0; h++ {
		st := cs.queue[h]
		x := st >> 1
		dep := cs.depth[st] + 1
		if int(dep) > maxDepth {
			continue
		}
		if st&1 == 0 { // x is false: its strong partners hold
			for i := 0; i < int(cs.nstrong[x]); i++ {
				y := cs.strong[x][i]
				ns := y*2 + 1
				if y == a || cs.vis[ns] == cs.stamp {
					continue
				}
				cs.budget--
				cs.vis[ns], cs.parent[ns], cs.depth[ns] = cs.stamp, st, dep
				cs.queue[qn] = ns
				qn++
				if cs.done[y] != cs.pass && l.chainEnd(cs, tc, mode, pair, ns) {
					return true
				}
			}
			continue
		}
		// x holds: every node it conflicts with is false.
		if !cs.weakList(l, mode, x) {
			cs.weakLinks(l, mode, x, func(y int32) {
				if ns := y * 2; cs.vis[ns] != cs.stamp {
					cs.budget--
					cs.vis[ns], cs.parent[ns], cs.depth[ns] = cs.stamp, st, dep
					cs.queue[qn] = ns
					qn++
				}
			})
			continue
		}
		off := cs.woff[x]
		for _, y := range cs.weak[off : off+int32(cs.wlen[x])] {
			ns := y * 2
			if cs.vis[ns] == cs.stamp {
				continue
			}
			cs.budget--
			cs.vis[ns], cs.parent[ns], cs.depth[ns] = cs.stamp, st, dep
			cs.queue[qn] = ns
			qn++
		}
	}
	return false
}

// setStart records the start node a of a search and the cells where a
// chain from it to a node of the same value could eliminate (those that
// hold the value, or for a remote pair either value of pair).
func (cs *chainScratch) setStart(l *logic, a int32, pair uint32) {
	cs.start = cs.node(l, a)
	p := &cs.start
	bit := uint32(1) << (p.v - 1)
	if pair != 0 {
		bit = pair
	}
	cs.ntcell = 0
	if p.n == 1 {
		for _, q := range l.t.peersOf(int(p.cells[0])) {
			if l.cand[q]&bit != 0 {
				cs.tcells[cs.ntcell] = q
				cs.ntcell++
			}
		}
		return
	}
	s := (int(a) - l.t.cells*l.n) / l.n
	for _, u := range [2]int16{cs.segBox[s], cs.segLine[s]} {
		for _, q := range l.t.unit(int(u)) {
			if l.cand[q]&bit != 0 && cs.outsideSeen(l, int(q), s) {
				cs.tcells[cs.ntcell] = q
				cs.ntcell++
			}
		}
	}
}

// outsideSeen reports whether cell q lies in the box or the line of
// segment s but not in both (not in the segment): it then sees every cell
// of the segment.
func (cs *chainScratch) outsideSeen(l *logic, q, s int) bool {
	us := l.t.cellUnits[q]
	line := us[0]
	if int(cs.segLine[s]) >= l.n {
		line = us[1]
	}
	return (us[2] == cs.segBox[s]) != (line == cs.segLine[s])
}

// weakLinks calls f with every linked node that node x (true) makes false.
func (cs *chainScratch) weakLinks(l *logic, mode int, x int32, f func(int32)) {
	n, ncand := l.n, int32(l.t.cells*l.n)
	if x < ncand {
		c, d := int(x)/n, int(x)%n
		bit := uint32(1) << d
		for m := l.cand[c] &^ bit; m != 0; m &= m - 1 {
			y := int32(c*n + bits.TrailingZeros32(m))
			if cs.nstrong[y] > 0 {
				f(y)
			}
		}
		for _, p := range l.t.peersOf(c) {
			if l.cand[p]&bit != 0 && cs.nstrong[int(p)*n+d] > 0 {
				f(int32(int(p)*n + d))
			}
		}
		if mode == chainAIC {
			for _, u := range l.t.cellUnits[c] {
				for j := 0; j < int(cs.nuseg[u]); j++ {
					s := int(cs.unitSegs[u][j])
					g := ncand + int32(s*n+d)
					if cs.nstrong[g] > 0 && !cs.segHas(s, c) {
						f(g)
					}
				}
			}
		}
		return
	}
	g := int(x - ncand)
	s, d := g/n, g%n
	bit := uint32(1) << d
	for _, u := range [2]int16{cs.segBox[s], cs.segLine[s]} {
		for _, p := range l.t.unit(int(u)) {
			if l.cand[p]&bit != 0 && cs.nstrong[int(p)*n+d] > 0 && !cs.segHas(s, int(p)) {
				f(int32(int(p)*n + d))
			}
		}
		for j := 0; j < int(cs.nuseg[u]); j++ {
			s2 := int(cs.unitSegs[u][j])
			g2 := ncand + int32(s2*n+d)
			if s2 != s && cs.nstrong[g2] > 0 && cs.gmask[g]&cs.gmaskIn(s, s2, d, n) == 0 {
				f(g2)
			}
		}
	}
}

// gmaskIn returns the positions in segment s of the cells of group (s2, d):
// nonzero when the two groups overlap.
func (cs *chainScratch) gmaskIn(s, s2, d, n int) uint16 {
	var m uint16
	for g := uint32(cs.gmask[s2*n+d]); g != 0; g &= g - 1 {
		c := int(cs.segCells[s2][bits.TrailingZeros32(g)])
		for i := 0; i < int(cs.segLen[s]); i++ {
			if int(cs.segCells[s][i]) == c {
				m |= 1 << i
			}
		}
	}
	return m
}

// chainEnd looks at a chain from the start node (false) to the node of
// state end (true): the candidates that conflict with both ends go. In
// AIC mode, when the end also closes a continuous loop back to the start
// (a weak link, no node twice), the step is a nice loop: every weak link
// of the loop holds exactly one of its ends, and the candidates that
// conflict with both ends of any of them go. (A loop whose closing link
// eliminates nothing is found from another of its nodes, where it does.)
func (l *logic) chainEnd(cs *chainScratch, tc tech, mode int, pair uint32, end int32) bool {
	start := &cs.start
	if !cs.mayEliminate(l, mode, end) {
		return false
	}
	loop := mode == chainAIC && cs.closes(l, end>>1)
	y := cs.node(l, end>>1)
	cs.npend = 0
	cs.tracePath(end)
	if loop && cs.simplePath() {
		// The loop's weak links: every odd link of the path (true to
		// false) and the closing one from the end back to the start.
		for i := 1; i+1 < cs.npath; i += 2 {
			p, q := cs.node(l, cs.path[i]>>1), cs.node(l, cs.path[i+1]>>1)
			cs.bothElims(l, &p, &q, 0)
		}
		cs.bothElims(l, &y, start, 0)
		tc = tNiceLoop
	} else {
		loop = false
		remote := uint32(0)
		if mode == chainRemote {
			remote = pair
		}
		cs.bothElims(l, start, &y, remote)
	}
	if cs.npend == 0 {
		return false
	}
	l.begin(tc)
	for i := 0; i < cs.npend; i++ {
		l.elim(int(cs.pend[i]), cs.pmask[i])
	}
	if !l.accept() {
		return false
	}
	for i := 0; i+1 < cs.npath; i++ {
		p, q := cs.node(l, cs.path[i]>>1), cs.node(l, cs.path[i+1]>>1)
		l.addLink(p, q, cs.path[i]&1 == 0)
	}
	if loop {
		l.addLink(y, *start, false)
	}
	for i := 0; i < cs.npath; i++ {
		p := cs.node(l, cs.path[i]>>1)
		for k := 0; k < int(p.n); k++ {
			l.addCellOnce(int(p.cells[k]))
		}
	}
	l.mv.digits = uint32(1) << (start.v - 1)
	if mode == chainRemote {
		l.mv.digits = pair
	}
	l.mv.se = chainSE(techs[tc].se, int(l.mv.pattern.nlinks))
	l.counts[tc]++
	return true
}

// mayEliminate is the quick test of chainEnd: whether a chain from the
// start to the node of state end (true) can eliminate anything. It is
// exact for cell nodes; for a grouped end it says yes and lets
// bothElims decide.
func (cs *chainScratch) mayEliminate(l *logic, mode int, end int32) bool {
	n, y := l.n, int(end>>1)
	a := &cs.start
	if y >= l.t.cells*n {
		return cs.mayEliminateGroup(l, y-l.t.cells*n)
	}
	e, dy := y/n, y%n+1
	if mode == chainRemote && cs.depth[end] < 7 {
		return false // two cells: a naked pair
	}
	if dy == int(a.v) {
		for i := 0; i < cs.ntcell; i++ {
			if q := int(cs.tcells[i]); q != e && l.sees(q, e) {
				return true
			}
		}
		return false
	}
	if mode == chainRemote || mode == chainXY {
		return false // their ends hold one value
	}
	xbit, ybit := uint32(1)<<(a.v-1), uint32(1)<<(dy-1)
	if a.n == 1 {
		c := int(a.cells[0])
		if c == e {
			return popcount(l.cand[c]) > 2
		}
		if l.sees(c, e) && (l.cand[c]&ybit != 0 || l.cand[e]&xbit != 0) {
			return true
		}
		return false
	}
	return l.cand[e]&xbit != 0 && l.seesAll(e, a)
}

// mayEliminateGroup is mayEliminate for a chain ending at group g: the
// value goes from a cell that sees the start and the group, or another
// value from a start cell that sees the group.
func (cs *chainScratch) mayEliminateGroup(l *logic, g int) bool {
	a := &cs.start
	s, d := g/l.n, g%l.n
	if d == int(a.v-1) {
		for i := 0; i < cs.ntcell; i++ {
			if cs.groupSeen(l, int(cs.tcells[i]), s, g) {
				return true
			}
		}
		return false
	}
	return a.n == 1 && l.cand[a.cells[0]]&(1<<d) != 0 && cs.groupSeen(l, int(a.cells[0]), s, g)
}

// groupSeen reports whether cell q, which holds the value of group g
// (segment s), sees every cell of the group: a group has two cells or
// more, so q must lie in the segment's box or its line, and not in the
// segment (it would be in the group).
func (cs *chainScratch) groupSeen(l *logic, q, s, g int) bool {
	return cs.outsideSeen(l, q, s)
}

// closes reports whether node y (true) is weakly linked to the start, so
// that the chain closes into a loop.
func (cs *chainScratch) closes(l *logic, y int32) bool {
	n, a := l.n, &cs.start
	if int(y) < l.t.cells*n && a.n == 1 {
		e, c := int(y)/n, int(a.cells[0])
		if y%int32(n) != int32(a.v-1) {
			return e == c
		}
		return l.sees(e, c)
	}
	if a.n == 1 {
		g := int(y) - l.t.cells*n
		return g%n == int(a.v-1) && cs.groupSeen(l, int(a.cells[0]), g/n, g)
	}
	p := cs.node(l, y)
	return l.weakLinked(&p, a)
}

// tracePath stores the chain's states from the start to end in cs.path.
func (cs *chainScratch) tracePath(end int32) {
	k := 0
	for st := end; st >= 0 && k < len(cs.path); st = cs.parent[st] {
		cs.path[k] = st
		k++
	}
	for i, j := 0, k-1; i < j; i, j = i+1, j-1 {
		cs.path[i], cs.path[j] = cs.path[j], cs.path[i]
	}
	cs.npath = k
}

// simplePath reports whether no node occurs twice on the traced chain (a
// continuous loop needs distinct nodes).
func (cs *chainScratch) simplePath() bool {
	for i := 0; i < cs.npath; i++ {
		for j := i + 1; j < cs.npath; j++ {
			if cs.path[i]>>1 == cs.path[j]>>1 {
				return false
			}
		}
	}
	return true
}

func (l *logic) addCellOnce(c int) {
	for i := 0; i < l.mv.ncells; i++ {
		if int(l.mv.cells[i]) == c {
			return
		}
	}
	l.addCell(c)
}

// chainSE returns the Sudoku Explainer rating (tenths) of a chain of
// technique base rating base with the given number of links: SE adds 0.1
// each time the length passes 4, 6, 8, 12, 16, 24, 32, … (its length
// difficulty, growing by 3/2 and 4/3 in turn).
func chainSE(base uint8, links int) uint8 {
	add, ceil, odd := 0, 4, false
	for links > ceil && add < 40 {
		add++
		if odd {
			ceil = ceil * 4 / 3
		} else {
			ceil = ceil * 3 / 2
		}
		odd = !odd
	}
	return base + uint8(add)
}

// remotePair: bivalue cells that all hold the same pair {a,b}, each seeing
// the next, alternate a and b; two of them an odd number of steps apart
// (four cells or more) hold a and b between them, so a and b go from every
// cell that sees both.
func (l *logic) remotePair() bool { return l.chain(tRemotePair, chainRemote) }

// xyChain: a chain of bivalue cells, each seeing the next and sharing a
// value with it, where either the first cell holds x or the last one does;
// x goes from every cell that sees both ends.
func (l *logic) xyChain() bool { return l.chain(tXYChain, chainXY) }

// aic: an alternating inference chain of strong and weak links, whose nodes
// are candidates or grouped candidates (a value in the cells of a
// box∩line); one of its ends holds, so whatever conflicts with both goes.
// A chain that closes into a continuous loop is a nice loop (tNiceLoop,
// the move's tech): every weak link of it then holds exactly one end, so
// whatever conflicts with both ends of any weak link goes.
func (l *logic) aic() bool { return l.chain(tAIC, chainAIC) }

// chainText writes a chain in Eureka notation: (v)r1c2=(v)r1c7-(w)r1c7…,
// "=" a strong link and "-" a weak one, a grouped node as r1c78 (r1c7,8 on
// boards past 9 columns), values in the board's symbols.
func (l *logic) chainText(p *pattern) string {
	if p.nlinks == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString(l.nodeText(&p.links[0].from))
	for i := 0; i < int(p.nlinks); i++ {
		if p.links[i].strong {
			sb.WriteByte('=')
		} else {
			sb.WriteByte('-')
		}
		sb.WriteString(l.nodeText(&p.links[i].to))
	}
	return sb.String()
}

// nodeText writes one node: (v)r1c2, or a group (v)r1c78 / (v)r12c3.
func (l *logic) nodeText(p *pnode) string {
	n := l.n
	s := "(" + sym(int(p.v)) + ")"
	if p.n == 1 {
		c := int(p.cells[0])
		return s + CellName(c/n, c%n)
	}
	r0, c0 := int(p.cells[0])/n, int(p.cells[0])%n
	sameRow := true
	for i := 1; i < int(p.n); i++ {
		sameRow = sameRow && int(p.cells[i])/n == r0
	}
	sep := ""
	if n > 9 {
		sep = ","
	}
	var parts []string
	for i := 0; i < int(p.n); i++ {
		c := int(p.cells[i])
		if sameRow {
			parts = append(parts, strconv.Itoa(c%n+1))
		} else {
			parts = append(parts, strconv.Itoa(c/n+1))
		}
	}
	if sameRow {
		return s + "r" + strconv.Itoa(r0+1) + "c" + strings.Join(parts, sep)
	}
	return s + "r" + strings.Join(parts, sep) + "c" + strconv.Itoa(c0+1)
}

// describeChain explains a move of this file's techniques.
func (l *logic) describeChain(mv *move, gone string) string {
	chain := l.chainText(&mv.pattern)
	switch mv.tech {
	case tRemotePair:
		return "a remote pair of " + values(mv.digits) + " (" + chain + "): its ends hold " +
			values(mv.digits) + " between them, which " + gone
	case tXYChain:
		return "an XY-Chain (" + chain + "): one of its ends holds " + values(mv.digits) + ", which " + gone
	case tNiceLoop:
		return "a continuous nice loop (" + chain + "): each weak link in it holds exactly one end, which " + gone
	}
	return "an alternating inference chain (" + chain + "): one of its ends is true, which " + gone
}
