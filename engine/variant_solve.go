package engine

import (
	"context"
	"math/bits"
	"slices"
	"sync"
)

// The variant search: the solver of boards with rules beyond classic
// Sudoku. It keeps one candidate mask per cell (bit v-1 for value v) and
// propagates, to a fixed point, naked singles over every cell's peers
// (its units, cage, knight and king neighbours), hidden singles over every
// full unit, the non-consecutive neighbours of a placed value and the
// combinations each cage's sum leaves; then it branches on the cell with
// the fewest candidates, values ascending. The row-major search of the
// smallest solution also applies locked candidates (see lockedCandidates),
// Solve's and CountSolutions' searches nonConsecPairs.

// cageEnumCap bounds the combinations one cage propagation may visit: a
// cage of many cells and a middling sum on a large board has millions, and
// past the cap the propagation keeps only what the sum's bounds allow.
const cageEnumCap = 4096

// vsolver is the state of one variant search. It is pooled: once warm a
// search allocates nothing.
type vsolver struct {
	rs          *ruleSet
	n, cells    int
	full        uint32
	ctx         context.Context
	limit       int64
	nodes       int64
	guesses     int64
	err         error
	cand        []uint32 // candidates per cell; a placed cell holds its value's bit
	val         []uint8  // placed values, 0 for none
	left        int      // cells not placed
	queue       []int16  // cells down to one candidate, not yet placed
	dirty       []bool   // per cage: to propagate
	anyDirty    bool
	saved       [][]uint32 // per depth: cand, then val as uint32, then left
	out         []uint8    // the first solution found
	found, max  int
	record      bool
	lex         bool    // branch on the first empty cell, not the smallest choice
	locked      bool    // propagate also applies lockedCandidates
	ncPairs     bool    // propagate also applies nonConsecPairs
	lockedOut   bool    // lockedCandidates took a candidate out
	free        []int16 // scratch: the free cells of the cage being propagated
	enumSteps   int
	enumAcc     uint32
	enumReq     uint32   // the values every set found uses
	enumCovered []uint32 // scratch: the candidates of the free cells
}

var vsolverPool sync.Pool

func getVSolver(rs *ruleSet) *vsolver {
	s, _ := vsolverPool.Get().(*vsolver)
	if s == nil || s.cells != rs.cells {
		s = &vsolver{cells: rs.cells}
		s.cand = make([]uint32, rs.cells)
		s.val = make([]uint8, rs.cells)
		s.out = make([]uint8, rs.cells)
		s.queue = make([]int16, 0, rs.cells)
		s.free = make([]int16, 0, rs.n)
		s.enumCovered = make([]uint32, 0, rs.n)
	}
	s.rs, s.n = rs, rs.n
	s.full = uint32(1)<<rs.n - 1
	if cap(s.dirty) < len(rs.cages) {
		s.dirty = make([]bool, len(rs.cages))
	}
	s.dirty = s.dirty[:len(rs.cages)]
	return s
}

func (s *vsolver) begin(ctx context.Context, lim Limits) {
	s.ctx, s.limit, s.nodes, s.guesses, s.err = ctx, lim.NodeBudget(), 0, 0, nil
}

// load sets the state to b's givens, propagated; false when they
// contradict the rules.
func (s *vsolver) load(b *Board) bool {
	rs := s.rs
	copy(s.cand, rs.allowed)
	clear(s.val)
	s.left = s.cells
	s.queue = s.queue[:0]
	for k := range s.dirty {
		s.dirty[k] = rs.cages[k].sum > 0
	}
	s.anyDirty = len(rs.sumCages) > 0
	for c := 0; c < s.cells; c++ {
		if v := b.cells[c]; v != 0 && !s.place(c, int(v)) {
			return false
		}
	}
	return s.propagate()
}

// loadState sets the state to the candidates cand and placed values val
// (not propagated): the position a logical solver reached.
func (s *vsolver) loadState(cand []uint32, val []uint8) {
	copy(s.cand, cand)
	copy(s.val, val)
	s.left = 0
	for _, v := range val {
		if v == 0 {
			s.left++
		}
	}
	s.queue = s.queue[:0]
	for k := range s.dirty {
		s.dirty[k] = s.rs.cages[k].sum > 0
	}
	s.anyDirty = len(s.rs.sumCages) > 0
}

// remove takes the values of mask out of cell p's candidates; false when
// none is left.
func (s *vsolver) remove(p int, mask uint32) bool {
	m := s.cand[p]
	if m&mask == 0 {
		return true
	}
	if s.val[p] != 0 {
		return false // its value is the one removed
	}
	m &^= mask
	s.cand[p] = m
	if m == 0 {
		return false
	}
	if m&(m-1) == 0 {
		s.queue = append(s.queue, int16(p))
	}
	if k := s.rs.cageOf[p]; k >= 0 && s.rs.cages[k].sum > 0 {
		s.dirty[k], s.anyDirty = true, true
	}
	return true
}

// place puts v in cell c and removes it from c's peers; false on a
// contradiction.
func (s *vsolver) place(c, v int) bool {
	bit := uint32(1) << (v - 1)
	if s.val[c] != 0 {
		return int(s.val[c]) == v
	}
	if s.cand[c]&bit == 0 {
		return false
	}
	s.val[c] = uint8(v)
	s.cand[c] = bit
	s.left--
	rs := s.rs
	for _, p := range rs.peersOf(c) {
		if !s.remove(int(p), bit) {
			return false
		}
	}
	if rs.nonConsec {
		adj := (bit<<1 | bit>>1) & s.full
		for _, q := range orthogonal(c, s.n) {
			if q >= 0 && !s.remove(q, adj) {
				return false
			}
		}
	}
	if k := rs.cageOf[c]; k >= 0 && rs.cages[k].sum > 0 {
		s.dirty[k], s.anyDirty = true, true
	}
	return true
}

// propagate runs the rules to a fixed point; false on a contradiction.
func (s *vsolver) propagate() bool {
	rs := s.rs
	n := s.n
	for {
		for len(s.queue) > 0 {
			c := int(s.queue[len(s.queue)-1])
			s.queue = s.queue[:len(s.queue)-1]
			if s.val[c] == 0 {
				m := s.cand[c]
				if m == 0 || !s.place(c, bits.TrailingZeros32(m)+1) {
					return false
				}
			}
		}
		progress := false
		for u := range rs.unitKind {
			cs := rs.units[u*n : (u+1)*n]
			var once, twice, placed uint32
			for _, c := range cs {
				m := s.cand[c]
				if s.val[c] != 0 {
					placed |= m
				} else {
					twice |= once & m
					once |= m
				}
			}
			if once|placed != s.full {
				return false
			}
			for singles := once &^ twice &^ placed; singles != 0; singles &= singles - 1 {
				bit := singles & -singles
				for _, c := range cs {
					if s.val[c] == 0 && s.cand[c]&bit != 0 {
						if !s.place(int(c), bits.TrailingZeros32(bit)+1) {
							return false
						}
						break
					}
				}
				progress = true
			}
		}
		if progress || len(s.queue) > 0 {
			continue
		}
		if s.anyDirty {
			s.anyDirty = false
			for _, k := range rs.sumCages {
				if s.dirty[k] {
					s.dirty[k] = false
					if !s.cageProp(int(k)) {
						return false
					}
				}
			}
			if len(s.queue) > 0 || s.anyDirty {
				continue
			}
		}
		if !s.locked && !s.ncPairs {
			return true
		}
		s.lockedOut = false
		if s.ncPairs && !s.nonConsecPairs() || s.locked && !s.lockedCandidates() {
			return false
		}
		if !s.lockedOut {
			return true
		}
	}
}

// lockedCandidates applies locked candidates to every pair of full units
// that share two cells or more (a row and a box or jigsaw region, a box
// and a window or diagonal…): a value that one unit holds only in the
// shared cells is in none of the other's other cells. Without it the
// row-major search wanders long below rows that no solution completes: the
// empty 9×9 jigsaw of api's TestSolveObeysEachRule took 43,520 nodes, the
// empty 16×16 windoku over 3,000,000; with it, 45 and 142. False on a
// contradiction.
func (s *vsolver) lockedCandidates() bool {
	rs := s.rs
	for _, p := range rs.inters {
		var shared, restA, restB uint32
		for _, c := range rs.interCells[p.at:p.a] {
			shared |= s.cand[c]
		}
		for _, c := range rs.interCells[p.a:p.b] {
			restA |= s.cand[c]
		}
		for _, c := range rs.interCells[p.b:p.end] {
			restB |= s.cand[c]
		}
		if x := shared &^ restA & restB; x != 0 && !s.removeAll(rs.interCells[p.b:p.end], x) {
			return false
		}
		if x := shared &^ restB & restA; x != 0 && !s.removeAll(rs.interCells[p.a:p.b], x) {
			return false
		}
	}
	return true
}

// nonConsecPairs: a cell whose candidates all lie within one of x (x-1,
// x or x+1) rules x out of its orthogonal neighbours, which must differ
// from it by two or more. On the 34 non-consecutive expert puzzles of
// testdata/variant and the empty 9×9 and 12×12 boards it took the nodes
// from 3,074,113 to 1,280,172 and the CPU time from 3.2 to 2.2 s. The
// logical solver's probes go without it (Hint and Grade rate the step).
func (s *vsolver) nonConsecPairs() bool {
	for c, m := range s.cand {
		if s.val[c] != 0 {
			continue
		}
		lo, hi := bits.TrailingZeros32(m), 31-bits.LeadingZeros32(m)
		if hi-lo > 2 {
			continue
		}
		// x (bit x) is within one of lo and hi: hi-1 ≤ x ≤ lo+1.
		x := (uint32(1)<<(lo+2) - 1) &^ (uint32(1)<<max(hi-1, 0) - 1) & s.full
		for _, q := range orthogonal(c, s.n) {
			if q >= 0 && s.cand[q]&x != 0 {
				s.lockedOut = true
				if !s.remove(q, x) {
					return false
				}
			}
		}
	}
	return true
}

// removeAll takes the values of mask out of the cells cs.
func (s *vsolver) removeAll(cs []int16, mask uint32) bool {
	for _, c := range cs {
		if s.cand[c]&mask != 0 {
			s.lockedOut = true
			if !s.remove(int(c), mask) {
				return false
			}
		}
	}
	return true
}

// cageProp keeps in the free cells of cage k only the values of some set
// of distinct values that adds up to what the sum leaves; false when no
// set does.
func (s *vsolver) cageProp(k int) bool {
	cage := &s.rs.cages[k]
	t := cage.sum
	var used, union uint32
	s.free = s.free[:0]
	s.enumCovered = s.enumCovered[:0]
	for _, c := range cage.cells {
		if v := s.val[c]; v != 0 {
			t -= int(v)
			used |= 1 << (v - 1)
		} else {
			s.free = append(s.free, c)
			s.enumCovered = append(s.enumCovered, s.cand[c])
			union |= s.cand[c]
		}
	}
	if len(s.free) == 0 {
		return t == 0
	}
	keep, ok := s.cageOptions(union&^used, len(s.free), t)
	if !ok {
		return false
	}
	for _, c := range s.free {
		if s.cand[c]&^keep != 0 && !s.remove(int(c), ^keep) {
			return false
		}
	}
	return true
}

// cageOptions returns the values of union that some set of k distinct
// values adding up to t uses, each set giving every cell of enumCovered a
// candidate (all of union past cageEnumCap steps, where only the bounds
// were checked); false when no set does.
func (s *vsolver) cageOptions(union uint32, k, t int) (uint32, bool) {
	if bits.OnesCount32(union) < k || t < lowSum(union, k) || t > highSum(union, k) {
		return 0, false
	}
	s.enumSteps, s.enumAcc, s.enumReq = 0, 0, ^uint32(0)
	s.enumerate(union, k, t, 0)
	if s.enumSteps > cageEnumCap {
		s.enumReq = 0
		return union, true
	}
	return s.enumAcc, s.enumAcc != 0
}

// enumerate adds to enumAcc every set of k values of avail, with chosen,
// that adds up to t and gives each free cell a candidate. It takes the
// largest value first and prunes on the sums the rest can reach.
func (s *vsolver) enumerate(avail uint32, k, t int, chosen uint32) {
	if k == 0 {
		if t != 0 {
			return
		}
		for _, m := range s.enumCovered {
			if m&chosen == 0 {
				return
			}
		}
		s.enumAcc |= chosen
		s.enumReq &= chosen
		return
	}
	s.enumSteps++
	if s.enumSteps > cageEnumCap {
		return
	}
	for avail != 0 {
		hi := 31 - bits.LeadingZeros32(avail)
		v := hi + 1
		avail &^= 1 << hi
		if v > t {
			continue
		}
		rest := t - v
		if k-1 > 0 && (bits.OnesCount32(avail) < k-1 || rest > highSum(avail, k-1)) {
			return // smaller values reach even less
		}
		if k-1 > 0 && rest < lowSum(avail, k-1) {
			continue
		}
		s.enumerate(avail, k-1, rest, chosen|1<<hi)
		if s.enumSteps > cageEnumCap {
			return
		}
	}
}

// lowSum and highSum return the sums of the k smallest and k largest values
// of mask (bit v-1 for v); mask holds at least k values.
func lowSum(mask uint32, k int) int {
	sum := 0
	for ; k > 0 && mask != 0; k-- {
		sum += bits.TrailingZeros32(mask) + 1
		mask &= mask - 1
	}
	return sum
}

func highSum(mask uint32, k int) int {
	sum := 0
	for ; k > 0 && mask != 0; k-- {
		hi := 31 - bits.LeadingZeros32(mask)
		sum += hi + 1
		mask &^= 1 << hi
	}
	return sum
}

// save and restore keep the state of one depth of the search.
func (s *vsolver) save(depth int) {
	for len(s.saved) <= depth {
		s.saved = append(s.saved, make([]uint32, 2*s.cells+1))
	}
	buf := s.saved[depth]
	if len(buf) < 2*s.cells+1 {
		buf = make([]uint32, 2*s.cells+1)
		s.saved[depth] = buf
	}
	copy(buf, s.cand)
	for i, v := range s.val {
		buf[s.cells+i] = uint32(v)
	}
	buf[2*s.cells] = uint32(s.left)
}

func (s *vsolver) restore(depth int) {
	buf := s.saved[depth]
	copy(s.cand, buf[:s.cells])
	for i := range s.val {
		s.val[i] = uint8(buf[s.cells+i])
	}
	s.left = int(buf[2*s.cells])
	s.queue = s.queue[:0]
	for k := range s.dirty {
		s.dirty[k] = false
	}
	s.anyDirty = false
}

// search counts the solutions below the current, propagated state, up to
// s.max; the first is copied to s.out when s.record is set. It stops with
// s.err set when the budget runs out.
func (s *vsolver) search(depth int) {
	if s.left == 0 {
		s.found++
		if s.found == 1 && s.record {
			copy(s.out, s.val)
		}
		return
	}
	best := s.choose()
	s.save(depth)
	first := true
	for m := s.cand[best]; m != 0; m &= m - 1 {
		if !first {
			s.guesses++
			s.restore(depth)
		}
		first = false
		s.nodes++
		if s.nodes > s.limit || (s.nodes&1023 == 0 && s.ctx.Err() != nil) {
			s.err = ErrSearchLimit
			return
		}
		if s.place(best, bits.TrailingZeros32(m)+1) && s.propagate() {
			s.search(depth + 1)
		}
		if s.err != nil || s.found >= s.max {
			return
		}
	}
}

// count counts the solutions of the loaded state up to max.
func (s *vsolver) count(max int, record bool) (int, error) {
	s.found, s.max, s.record = 0, max, record
	s.search(0)
	return s.found, s.err
}

// smallest writes to s.out the lexicographically smallest solution of b,
// which has one.
func (s *vsolver) smallest(b *Board) error {
	n, err := s.lexCount(b, 1)
	if err == nil && n == 0 {
		err = ErrUnsolvable
	}
	return err
}

// lexCount counts the solutions of b up to max by a depth-first search
// that branches on the first empty cell, row by row, values ascending,
// with locked candidates; the first goes to s.out. Propagation only takes
// out values that no solution holds, so that first is the smallest.
func (s *vsolver) lexCount(b *Board, max int) (int, error) {
	s.lex, s.locked = true, true
	defer func() { s.lex, s.locked = false, false }()
	if !s.load(b) {
		return 0, nil
	}
	return s.count(max, true)
}

// lexFirst answers a board with few givens (an empty board above all) by
// the row-major search alone, as the classic solver does: there its first
// solution is the smallest and a second one follows within a node or two,
// where the MRV search pays for a search of its own and can wander long
// (16×16 windoku: empty or with 37 givens, no solution within 1,000,000
// nodes; the row-major search found two in 142 and 76). It gives the
// search one node per cell and returns the number of solutions (up to
// max) with the first in s.out, or ok false when b has too many givens
// (a quarter of the cells or more, the cells of cages with a sum counted
// as given: a killer with no givens has one solution, which the row-major
// search proves slowly) or the search did not end within that budget: the
// caller then goes the usual way. On 238 expert 9×9 variant puzzles, most
// under a quarter given and all with one solution, the failed tries cost
// 0.1 % more nodes.
func (s *vsolver) lexFirst(b *Board, max int) (n int, ok bool) {
	known := b.Givens()
	for _, k := range s.rs.sumCages {
		known += len(s.rs.cages[k].cells)
	}
	if 4*known >= s.cells {
		return 0, false
	}
	global := s.limit
	s.limit = min(global, s.nodes+int64(s.cells))
	n, err := s.lexCount(b, max)
	s.limit = global
	if err != nil {
		s.err = nil
		return 0, false
	}
	return n, true
}

// choose returns the cell to branch on: the one with the fewest
// candidates, or with s.lex the first empty one.
func (s *vsolver) choose() int {
	if s.lex {
		return slices.Index(s.val, 0)
	}
	best, bestCount := -1, 33
	for c, v := range s.val {
		if v == 0 {
			if k := bits.OnesCount32(s.cand[c]); k < bestCount {
				best, bestCount = c, k
				if k <= 2 {
					break
				}
			}
		}
	}
	return best
}

// solveVariant is Solve for a board with rules.
func solveVariant(ctx context.Context, b Board, lim Limits) (Result, error) {
	if err := b.outOfRange(); err != nil {
		return Result{}, err
	}
	if !validVariant(&b) {
		return Result{}, &ConflictError{Conflicts: Conflicts(b)}
	}
	s := getVSolver(b.rules)
	defer vsolverPool.Put(s)
	s.begin(ctx, lim)
	s.ncPairs = b.rules.nonConsec
	defer func() { s.ncPairs = false }()
	n, ok := s.lexFirst(&b, 2)
	var err error
	if !ok && s.load(&b) {
		n, err = s.count(2, true)
		if err == nil && n > 1 {
			err = s.smallest(&b)
		}
	}
	stats := Stats{Nodes: s.nodes, Guesses: s.guesses}
	if err == nil && n == 0 {
		err = ErrUnsolvable
	}
	if err != nil {
		return Result{Stats: stats}, err
	}
	res := Result{Solution: b, Unique: n == 1, Stats: stats}
	for i := 0; i < s.cells; i++ {
		res.Solution.cells[i] = s.out[i]
	}
	return res, nil
}

// countVariant is countFirst for a board with rules.
func countVariant(ctx context.Context, b Board, limit int, lim Limits, out *Board) (int, Stats, error) {
	if err := b.outOfRange(); err != nil {
		return 0, Stats{}, err
	}
	if !validVariant(&b) {
		return 0, Stats{}, &ConflictError{Conflicts: Conflicts(b)}
	}
	s := getVSolver(b.rules)
	defer vsolverPool.Put(s)
	s.begin(ctx, lim)
	s.ncPairs = b.rules.nonConsec
	defer func() { s.ncPairs = false }()
	n, ok := s.lexFirst(&b, max(limit, 1))
	var err error
	if !ok && s.load(&b) {
		n, err = s.count(max(limit, 1), out != nil)
	}
	if out != nil && n > 0 {
		*out = b
		for i := 0; i < s.cells; i++ {
			out.cells[i] = s.out[i]
		}
	}
	return n, Stats{Nodes: s.nodes, Guesses: s.guesses}, err
}

// boardCells returns the cells of a board holding vals.
func boardCells(vals []uint8) (out [MaxCells]uint8) {
	copy(out[:], vals)
	return out
}
