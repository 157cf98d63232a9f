package engine

import (
	"context"
	"math/bits"
	"sync"
)

// DefaultMaxNodes is the node budget of a search whose Limits leave
// MaxNodes zero.
const DefaultMaxNodes = 2_000_000

// Limits bound a search. The context passed alongside bounds it in time.
type Limits struct {
	// MaxNodes is the number of search nodes (propagations) after which the
	// search gives up with ErrSearchLimit; zero means DefaultMaxNodes.
	MaxNodes int64
}

func (l Limits) maxNodes() int64 {
	if l.MaxNodes <= 0 {
		return DefaultMaxNodes
	}
	return l.MaxNodes
}

// Stats describe the work a search did.
type Stats struct {
	Nodes   int64 // search nodes: positions propagated to a fixed point
	Guesses int64 // branches taken at choice points beyond the first
}

// Result is the answer of Solve.
type Result struct {
	Solution Board // the unique solution, or the lexicographically smallest
	Unique   bool  // whether Solution is the only solution
	Stats    Stats
}

// Solve solves b. It proves uniqueness by searching for a second solution;
// when b has several solutions the answer is the lexicographically smallest
// (row-major), so the same input always gives the same output.
//
// Errors: ErrConflict (a *ConflictError naming the cells) when givens break
// a rule, ErrUnsolvable when there is no solution, ErrSearchLimit when the
// node budget runs out or ctx is done first. Solve allocates nothing once
// warm, except on error paths.
func Solve(ctx context.Context, b Board, lim Limits) (Result, error) {
	if !b.shape.valid() {
		return Result{}, boardError("invalid shape " + b.shape.Box())
	}
	if !rulesHold(&b) {
		return Result{}, &ConflictError{Conflicts: Conflicts(b)}
	}
	s := getSolver(b.shape)
	defer solverPool.Put(s)
	s.begin(ctx, lim)
	res := Result{}
	n, err := s.run(&b, 2, false, true)
	if err == nil && n == 0 {
		err = ErrUnsolvable
	}
	if err == nil && n > 1 {
		// Several solutions: find the smallest by a search in row-major
		// order with ascending values, whose first solution is the least.
		_, err = s.run(&b, 1, true, true)
	}
	res.Solution = Board{shape: b.shape}
	copy(res.Solution.cells[:s.cells], s.out[:s.cells])
	res.Unique = n == 1
	res.Stats = Stats{Nodes: s.nodes, Guesses: s.guesses}
	if err != nil {
		return Result{Stats: res.Stats}, err
	}
	return res, nil
}

// CountSolutions counts the solutions of b, stopping at max (max ≥ 1).
// Errors are those of Solve, except that no solution is a count of 0, not an
// error.
func CountSolutions(ctx context.Context, b Board, max int, lim Limits) (int, Stats, error) {
	if !b.shape.valid() {
		return 0, Stats{}, boardError("invalid shape " + b.shape.Box())
	}
	if !rulesHold(&b) {
		return 0, Stats{}, &ConflictError{Conflicts: Conflicts(b)}
	}
	if max < 1 {
		max = 1
	}
	s := getSolver(b.shape)
	defer solverPool.Put(s)
	s.begin(ctx, lim)
	n, err := s.run(&b, max, false, false)
	return n, Stats{Nodes: s.nodes, Guesses: s.guesses}, err
}

// rulesHold reports whether no value repeats in a unit. It allocates nothing.
func rulesHold(b *Board) bool {
	t := topologyOf(b.shape)
	var seen [3 * MaxSize]uint32
	for c := 0; c < t.cells; c++ {
		v := b.cells[c]
		if v == 0 {
			continue
		}
		bit := uint32(1) << (v - 1)
		for _, u := range t.cellUnits[c] {
			if seen[u]&bit != 0 {
				return false
			}
			seen[u] |= bit
		}
	}
	return true
}

// solver is the reusable working memory of one search. Its state is a stack
// of levels; each level is a copy of the parent's candidates taken at a
// branch, laid out as [cells candidate masks | 3N placed-digit masks |
// remaining-cell count].
type solver struct {
	t                *topology
	n, cells, nu, np int
	full             uint32
	stride           int
	buf              []uint32
	queue            []int16
	qh, qt           int

	ctx      context.Context
	maxNodes int64
	nodes    int64
	guesses  int64
	err      error

	lex      bool
	maxCount int
	count    int
	record   bool            // whether to record the first solution
	out      [MaxCells]uint8 // the first solution found, when recorded
}

var solverPool = sync.Pool{New: func() any { return new(solver) }}

func getSolver(shape Shape) *solver {
	s := solverPool.Get().(*solver)
	t := topologyOf(shape)
	if s.t != t {
		s.t = t
		s.n, s.cells, s.nu, s.np = t.n, t.cells, 3*t.n, t.numPeers
		s.full = uint32(1)<<t.n - 1
		s.stride = t.cells + 3*t.n + 1
		if cap(s.queue) < t.cells {
			s.queue = make([]int16, t.cells)
		}
		s.queue = s.queue[:t.cells]
	}
	return s
}

func (s *solver) begin(ctx context.Context, lim Limits) {
	s.ctx, s.maxNodes = ctx, lim.maxNodes()
	s.nodes, s.guesses, s.err = 0, 0, nil
}

// level returns the state of search depth d, growing the stack as needed.
func (s *solver) level(d int) []uint32 {
	end := (d + 1) * s.stride
	if end > len(s.buf) {
		if end > cap(s.buf) {
			nb := make([]uint32, end, 2*end)
			copy(nb, s.buf)
			s.buf = nb
		}
		s.buf = s.buf[:end]
	}
	return s.buf[d*s.stride : end]
}

// run searches b for up to max solutions and returns how many it found. The
// first solution found is written to s.out when record is set. With lex set
// it branches on the first undecided cell with ascending values, so the
// first solution found is the lexicographically smallest.
func (s *solver) run(b *Board, max int, lex, record bool) (int, error) {
	s.lex, s.maxCount, s.count, s.record = lex, max, 0, record
	st := s.level(0)
	cand := st[:s.cells]
	for i := range cand {
		cand[i] = s.full
	}
	clear(st[s.cells:])
	st[s.stride-1] = uint32(s.cells)
	s.qh, s.qt = 0, 0
	for c := 0; c < s.cells; c++ {
		if v := b.cells[c]; v != 0 {
			if !s.assign(cand, c, uint32(1)<<(v-1)) {
				return 0, nil
			}
		}
	}
	s.search(0)
	return s.count, s.err
}

// assign restricts cell c to the single candidate bit and queues it for
// placement. It reports false when c cannot hold bit.
func (s *solver) assign(cand []uint32, c int, bit uint32) bool {
	m := cand[c]
	if m&bit == 0 {
		return false
	}
	if m != bit {
		cand[c] = bit
		s.queue[s.qt] = int16(c)
		s.qt++
	}
	return true
}

// search explores the subtree of depth d and reports whether to stop (the
// wanted number of solutions is found, or a limit was hit).
func (s *solver) search(d int) bool {
	st := s.level(d)
	s.nodes++
	if s.nodes > s.maxNodes {
		s.err = ErrSearchLimit
		return true
	}
	if s.nodes&1023 == 0 && s.ctx.Err() != nil {
		s.err = ErrSearchLimit
		return true
	}
	if !s.propagate(st) {
		return false
	}
	cand := st[:s.cells]
	if st[s.stride-1] == 0 {
		if s.count == 0 && s.record {
			for c, m := range cand {
				s.out[c] = uint8(bits.TrailingZeros32(m) + 1)
			}
		}
		s.count++
		return s.count >= s.maxCount
	}

	// Choose what to branch on.
	best, bestCount := -1, 99
	if s.lex {
		for c, m := range cand {
			if m&(m-1) != 0 {
				best, bestCount = c, bits.OnesCount32(m)
				break
			}
		}
	} else {
		for c, m := range cand {
			if m&(m-1) != 0 {
				if k := bits.OnesCount32(m); k < bestCount {
					best, bestCount = c, k
					if k == 2 {
						break
					}
				}
			}
		}
		if bestCount > 2 {
			// A digit with only two places left in some unit is a
			// two-way choice too; on large open boards it is the better one.
			if u, bit := s.pairInUnit(st); bit != 0 {
				return s.branchUnit(d, st, u, bit)
			}
		}
	}
	m := cand[best]
	first := true
	for m != 0 {
		bit := m & -m
		m &^= bit
		if !first {
			s.guesses++
		}
		first = false
		next := s.level(d + 1)
		st = s.level(d) // level may have moved when the stack grew
		copy(next, st)
		s.qh, s.qt = 0, 0
		s.assign(next[:s.cells], best, bit)
		if s.search(d + 1) {
			return true
		}
	}
	return false
}

// pairInUnit finds a digit that has exactly two possible cells in some unit
// and returns the unit and the digit's bit, or bit 0 when there is none.
func (s *solver) pairInUnit(st []uint32) (int, uint32) {
	cand, placed := st[:s.cells], st[s.cells:s.cells+s.nu]
	n := s.n
	for u := 0; u < s.nu; u++ {
		var ones, twos, threes uint32
		for _, c := range s.t.units[u*n : (u+1)*n] {
			m := cand[c]
			threes |= twos & m
			twos |= ones & m
			ones |= m
		}
		if two := twos &^ threes &^ placed[u]; two != 0 {
			return u, two & -two
		}
	}
	return 0, 0
}

// branchUnit tries the two cells of unit u that can hold bit, in order.
func (s *solver) branchUnit(d int, st []uint32, u int, bit uint32) bool {
	first := true
	for _, c := range s.t.units[u*s.n : (u+1)*s.n] {
		if st[c]&bit == 0 {
			continue
		}
		if !first {
			s.guesses++
		}
		first = false
		next := s.level(d + 1)
		st = s.level(d)
		copy(next, st)
		s.qh, s.qt = 0, 0
		s.assign(next[:s.cells], int(c), bit)
		if s.search(d + 1) {
			return true
		}
	}
	return false
}

// propagate places queued singles, eliminating their values from their
// peers, and finds hidden singles, until nothing changes. It reports false
// on a contradiction.
func (s *solver) propagate(st []uint32) bool {
	cand := st[:s.cells]
	placed := st[s.cells : s.cells+s.nu]
	peers, units, n, np := s.t.peers, s.t.units, s.n, s.np
	for {
		for s.qh < s.qt {
			c := int(s.queue[s.qh])
			s.qh++
			bit := cand[c]
			cu := &s.t.cellUnits[c]
			placed[cu[0]] |= bit
			placed[cu[1]] |= bit
			placed[cu[2]] |= bit
			st[s.stride-1]--
			for _, p := range peers[c*np : (c+1)*np] {
				m := cand[p]
				if m&bit != 0 {
					m &^= bit
					if m == 0 {
						return false
					}
					cand[p] = m
					if m&(m-1) == 0 {
						s.queue[s.qt] = p
						s.qt++
					}
				}
			}
		}
		if st[s.stride-1] == 0 {
			return true
		}
		progress := false
		for u := 0; u < s.nu; u++ {
			pl := placed[u]
			if pl == s.full {
				continue
			}
			unit := units[u*n : (u+1)*n]
			var ones, twos uint32
			for _, c := range unit {
				m := cand[c]
				twos |= ones & m
				ones |= m
			}
			if ones != s.full {
				return false
			}
			hidden := ones &^ twos &^ pl
			for hidden != 0 {
				bit := hidden & -hidden
				hidden &^= bit
				found := false
				for _, c := range unit {
					if m := cand[c]; m&bit != 0 {
						if m != bit {
							cand[c] = bit
							s.queue[s.qt] = c
							s.qt++
						}
						found = true
						break
					}
				}
				if !found {
					return false
				}
				progress = true
			}
		}
		if !progress {
			return true
		}
	}
}
