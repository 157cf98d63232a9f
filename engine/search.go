package engine

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"sync"
)

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

	ctx     context.Context
	nodes   int64
	guesses int64
	err     error

	lex   bool  // branch on the first open cell, values ascending
	limit int64 // node count at which the current attempt stops
	// The context is checked every checkEvery nodes: often on big boards,
	// whose nodes cost more.
	checkEvery, nextCheck int64
	// rng, when set, shuffles the order in which the search tries its
	// choices (the generator fills random grids so).
	rng *rand.Rand
	// subsets says which units propagation makes domain-consistent
	// (allDifferent): none, all, or those where the row-major search works.
	subsets subsetMode
	// consistent holds, per unit, the candidates it had when filterUnit
	// last left it domain-consistent, so that it is not filtered unchanged.
	consistent [3 * MaxSize][MaxSize]uint32
	// singlesOnly limits propagation to naked and hidden singles.
	singlesOnly bool
	probing     bool // whether to look ahead on two-candidate cells (big boards)
	maxCount    int
	count       int
	record      bool            // whether to record the first solution
	out         [MaxCells]uint8 // the first solution found, when recorded
	cd          *cdcl           // the clause-learning search, made on first use
}

var solverPool = sync.Pool{New: func() any { return new(solver) }}

func getSolver(shape Shape) *solver {
	s := solverPool.Get().(*solver)
	s.reset(topologyOf(shape))
	return s
}

// reset makes s ready for boards of topology t.
func (s *solver) reset(t *topology) {
	if s.t == t {
		return
	}
	s.t = t
	s.n, s.cells, s.nu, s.np = t.n, t.cells, 3*t.n, t.numPeers
	s.full = uint32(1)<<t.n - 1
	s.stride = t.cells + 3*t.n + 1
	s.probing = t.n >= probeMinSize
	s.checkEvery = 1024
	if t.n >= 12 {
		s.checkEvery = 32
	}
	if cap(s.queue) < t.cells {
		s.queue = make([]int16, t.cells)
	}
	s.queue = s.queue[:t.cells]
}

func (s *solver) begin(ctx context.Context, lim Limits) {
	s.ctx, s.limit = ctx, lim.NodeBudget()
	s.nodes, s.guesses, s.err = 0, 0, nil
	s.nextCheck = s.checkEvery
}

// run searches b for up to max solutions and returns how many it found. The
// first solution found is written to s.out when record is set. Level 0
// holds the propagated givens afterwards (or a contradiction).
func (s *solver) run(b *Board, max int, record bool) (int, error) {
	s.maxCount, s.count, s.record = max, 0, record
	if s.load(b) {
		s.search(0)
	}
	return s.count, s.err
}

// load puts the propagated givens of b in level 0 and reports false when
// they contradict each other.
func (s *solver) load(b *Board) bool {
	return s.setGivens(b) && s.propagate(s.level(0))
}

// setGivens puts the givens of b in level 0, queued for propagation, and
// reports false when two of them share a unit.
func (s *solver) setGivens(b *Board) bool {
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
				return false
			}
		}
	}
	return true
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
	if s.overBudget() {
		return true
	}
	if !s.propagate(st) {
		return false
	}
	if s.probing && !s.singlesOnly && st[s.stride-1] != 0 {
		if !s.probe(d) {
			return false
		}
		if s.err != nil {
			return true
		}
		st = s.level(d)
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
	for c, m := range cand {
		if m&(m-1) != 0 {
			if s.lex {
				best, bestCount = c, 0
				break
			}
			if k := bits.OnesCount32(m); k < bestCount {
				best, bestCount = c, k
				if k == 2 {
					break
				}
			}
		}
	}
	// The choices: the values of the cell or, when it has more than two, the
	// two places of a digit that has only two left in some unit (a two-way
	// choice too; on large open boards the better one).
	var cells [MaxSize]int16
	var vals [MaxSize]uint32
	k := 0
	if bestCount > 2 {
		if u, bit := s.pairInUnit(st); bit != 0 {
			for _, c := range s.t.unit(u) {
				if cand[c]&bit != 0 {
					cells[k], vals[k] = c, bit
					k++
				}
			}
		}
	}
	if k == 0 {
		for m := cand[best]; m != 0; m &= m - 1 {
			cells[k], vals[k] = int16(best), m&-m
			k++
		}
	}
	if s.rng != nil {
		s.rng.Shuffle(k, func(i, j int) {
			vals[i], vals[j] = vals[j], vals[i]
			cells[i], cells[j] = cells[j], cells[i]
		})
	}
	for i, bit := range vals[:k] {
		if i > 0 {
			s.guesses++
		}
		next := s.level(d + 1)
		st = s.level(d) // level may have moved when the stack grew
		copy(next, st)
		s.qh, s.qt = 0, 0
		s.assign(next[:s.cells], int(cells[i]), bit)
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

// probeMinSize is the smallest board size on which the search looks ahead:
// on small boards plain propagation is cheaper than probing.
const probeMinSize = 16

// probe looks one step ahead on every cell with two candidates: when one
// candidate leads to a contradiction by propagation alone, the cell takes the
// other. It repeats until no probe decides anything and reports false when
// the position is contradictory. It uses level d+1 as scratch space.
func (s *solver) probe(d int) bool {
	for {
		progress := false
		for c := 0; c < s.cells; c++ {
			st := s.level(d)
			m := st[c]
			if m&(m-1) != 0 && bits.OnesCount32(m) == 2 {
				lo := m & -m
				hi := m &^ lo
				keep := uint32(0)
				for _, bit := range [2]uint32{lo, hi} {
					next := s.level(d + 1)
					st = s.level(d)
					copy(next, st)
					s.qh, s.qt = 0, 0
					s.assign(next[:s.cells], c, bit)
					s.nodes++
					if s.overBudget() {
						return true // s.err is set: search stops
					}
					if s.propagate(next) {
						keep |= bit
					}
				}
				st = s.level(d)
				switch keep {
				case 0:
					return false
				case m:
					continue
				}
				s.qh, s.qt = 0, 0
				s.assign(st[:s.cells], c, keep)
				if !s.propagate(st) {
					return false
				}
				progress = true
				if st[s.stride-1] == 0 {
					return true
				}
			}
		}
		if !progress {
			return true
		}
	}
}

// overBudget reports whether the search must stop, for its node budget or
// its context, and sets s.err when it must.
func (s *solver) overBudget() bool {
	if s.nodes > s.limit {
		s.err = ErrSearchLimit
		return true
	}
	if s.nodes >= s.nextCheck {
		s.nextCheck = s.nodes + s.checkEvery
		if s.ctx.Err() != nil {
			s.err = ErrSearchLimit
			return true
		}
	}
	return false
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

// singlesSolve reports whether naked and hidden singles alone solve b.
func (s *solver) singlesSolve(b *Board) bool {
	s.singlesOnly = true
	defer func() { s.singlesOnly = false }()
	return s.load(b) && s.level(0)[s.stride-1] == 0
}

// fill completes b into out by a search over singles whose choices rng
// orders, within max nodes. It reports false when the budget ran out or b
// has no completion. The grid depends only on b, rng and max.
func (s *solver) fill(ctx context.Context, b *Board, rng *rand.Rand, max int64, out *Board) bool {
	s.begin(ctx, Limits{MaxNodes: max})
	s.singlesOnly, s.rng = true, rng
	defer func() { s.singlesOnly, s.rng = false, nil }()
	if n, err := s.run(b, 1, true); n == 0 || err != nil {
		return false
	}
	*out = Board{shape: b.shape}
	copy(out.cells[:s.cells], s.out[:s.cells])
	return true
}

// solutionWithout searches b, with value v ruled out of cell c, for a
// completion, within max nodes (propagating singles only). It reports
// whether it found one, and done false when the budget ran out first.
// When out is not nil it receives the completion found.
func (s *solver) solutionWithout(ctx context.Context, b *Board, c int, v uint8, max int64, out *Board) (found, done bool) {
	s.begin(ctx, Limits{MaxNodes: max})
	s.singlesOnly = true
	defer func() { s.singlesOnly = false }()
	s.maxCount, s.count, s.record = 1, 0, out != nil
	if !s.setGivens(b) {
		return false, true
	}
	if s.remove(s.level(0)[:s.cells], c, uint32(1)<<(v-1)) == lcContradiction {
		return false, true
	}
	s.search(0)
	if s.count > 0 && out != nil {
		*out = Board{shape: b.shape}
		copy(out.cells[:s.cells], s.out[:s.cells])
	}
	return s.count > 0, s.err == nil
}
