package engine

import (
	"context"
	"math/bits"
	"math/rand/v2"
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

// NodeBudget is the node budget l sets: MaxNodes, or DefaultMaxNodes
// when that is zero or less.
func (l Limits) NodeBudget() int64 {
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
// Errors: ErrInvalidBoard (a *BoardError naming the cell) for a value above
// N, which only Set and SetAt can store; ErrConflict (a *ConflictError
// naming the cells) when givens break a rule, ErrUnsolvable when there is no solution, ErrSearchLimit when the
// node budget runs out or ctx is done first. Solve allocates nothing once
// warm, except on error paths.
func Solve(ctx context.Context, b Board, lim Limits) (Result, error) {
	if b.shape == shape9 {
		return solve9(ctx, &b, lim)
	}
	return solveGeneric(ctx, b, lim)
}

// solveGeneric is Solve for any shape.
func solveGeneric(ctx context.Context, b Board, lim Limits) (Result, error) {
	if !b.shape.valid() {
		return Result{}, boardError("invalid shape " + b.shape.Box())
	}
	if !Valid(&b) {
		return Result{}, rejected(&b)
	}
	s := getSolver(b.shape)
	defer solverPool.Put(s)
	s.begin(ctx, lim)
	res := Result{}
	n, ok := s.lexFirst(&b)
	var err error
	if !ok {
		n, err = s.solutions(&b, 2, true)
		if err == nil && n > 1 {
			err = s.smallest(&b)
		}
	}
	if err == nil && n == 0 {
		err = ErrUnsolvable
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
	return countFirst(ctx, b, max, lim, nil)
}

// countFirst is CountSolutions that, with out non-nil, also writes the first
// solution it finds there (any solution, not the smallest): what a caller
// needs that must know b is solvable, and whose use of the solution is the
// same whichever it is, without Solve's cost of the smallest one.
func countFirst(ctx context.Context, b Board, max int, lim Limits, out *Board) (int, Stats, error) {
	if b.shape == shape9 {
		return count9(ctx, &b, max, lim, out)
	}
	return countGeneric(ctx, b, max, lim, out)
}

// countGeneric is CountSolutions for any shape; with out non-nil, the first
// solution found is written there.
func countGeneric(ctx context.Context, b Board, max int, lim Limits, out *Board) (int, Stats, error) {
	if !b.shape.valid() {
		return 0, Stats{}, boardError("invalid shape " + b.shape.Box())
	}
	if !Valid(&b) {
		return 0, Stats{}, rejected(&b)
	}
	if max < 1 {
		max = 1
	}
	s := getSolver(b.shape)
	defer solverPool.Put(s)
	s.begin(ctx, lim)
	n, err := s.solutions(&b, max, out != nil)
	if out != nil && n > 0 {
		*out = Board{shape: b.shape}
		copy(out.cells[:s.cells], s.out[:s.cells])
	}
	return n, Stats{Nodes: s.nodes, Guesses: s.guesses}, err
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

// smallest turns the solution in s.out into the lexicographically smallest
// solution of b. Exact methods race in turns with growing node budgets,
// since each is fast where another can stall: searches that branch on the
// first open cell with ascending values (their first solution is the
// smallest), and a walk guided by the witness in s.out (see byWitness).
func (s *solver) smallest(b *Board) error {
	global := s.limit
	for budget := int64(4096); ; budget *= 4 {
		for method := range 3 {
			if method == 0 && s.n < 16 {
				continue
			}
			s.err = nil
			s.limit = min(global, s.nodes+budget)
			var err error
			switch method {
			case 0:
				// From 16×16, with every unit domain-consistent and no
				// look-ahead, the row-major search is the fastest on most
				// partly filled boards: with it in the race, smallest took
				// half the time (and nodes) on 16×16 to 25×25 boards with
				// 20% to 70% of their cells given.
				probing := s.probing
				s.lex, s.subsets, s.probing = true, allSubsets, false
				_, err = s.run(b, 1, true)
				s.lex, s.subsets, s.probing = false, noSubsets, probing
			case 1:
				// Row-major order leaves dead ends that singles and locked
				// candidates see late on boards over 16×16; unit domain
				// consistency sees them at once (their empty boards then
				// take a few thousand nodes, not millions).
				s.lex, s.subsets = true, noSubsets
				if s.n > 16 {
					s.subsets = allSubsets
				}
				_, err = s.run(b, 1, true)
				s.lex, s.subsets = false, noSubsets
			default:
				err = s.byWitness(b)
			}
			if err == nil || s.nodes < s.limit || s.limit == global {
				s.limit = global
				return err
			}
		}
	}
}

// byWitness walks the cells of b in row-major order over a propagated prefix
// kept in level 0; for each open cell it asks an MRV search whether a value
// below the witness's (s.out) can still be completed, and takes the smallest
// that can, with its completion as the new witness. The MRV search proves
// refutations far faster than a row-major search would.
func (s *solver) byWitness(b *Board) error {
	if !s.load(b) {
		return ErrUnsolvable
	}
	for c := 0; c < s.cells; c++ {
		root := s.level(0)
		m := root[c]
		if m&(m-1) == 0 {
			continue // decided by the prefix
		}
		w := uint32(1) << (s.out[c] - 1)
		for m&(w-1) != 0 {
			bit := m & -m
			m &^= bit
			next := s.level(1)
			copy(next, s.level(0))
			s.qh, s.qt = 0, 0
			s.assign(next[:s.cells], c, bit)
			s.maxCount, s.count, s.record = 1, 0, true
			s.search(1)
			if s.err != nil {
				return s.err
			}
			if s.count > 0 {
				w = bit // s.out now holds a completion with c = bit
				break
			}
		}
		root = s.level(0)
		s.qh, s.qt = 0, 0
		s.assign(root[:s.cells], c, w)
		s.nodes++
		if !s.propagate(root) {
			return ErrUnsolvable // cannot happen: w extends to s.out
		}
	}
	return nil
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
		if progress {
			continue
		}
		if s.singlesOnly {
			return true
		}
		r := lcNone
		if s.subsets != focusSubsets { // see allDifferent
			r = s.lockedCandidates(cand, placed)
		}
		if r == lcNone && s.subsets != noSubsets {
			r = s.allDifferent(cand, placed)
		}
		switch r {
		case lcContradiction:
			return false
		case lcNone:
			return true
		}
	}
}

// Outcomes of lockedCandidates.
const (
	lcNone = iota
	lcProgress
	lcContradiction
)

// lockedCandidates applies box-line reductions: a digit whose places in a
// box all lie in one row (column) is removed from the rest of that row
// (column), and a digit whose places in a row (column) all lie in one box is
// removed from the rest of that box. It works on segments, the C cells
// where a row meets a box (R cells where a column meets a box), so one pass
// costs O(N²).
func (s *solver) lockedCandidates(cand, placed []uint32) int {
	t := s.t
	n, R, C := s.n, t.shape.BoxRows, t.shape.BoxCols
	bw, bh := n/C, n/R            // boxes across, boxes down
	var segR [MaxCells / 2]uint32 // row r, box column j: segR[r*bw+j]
	var segC [MaxCells / 2]uint32 // column c, box row i: segC[c*bh+i]
	for r := 0; r < n; r++ {
		row := cand[r*n : (r+1)*n]
		for j := 0; j < bw; j++ {
			var m uint32
			for _, x := range row[j*C : (j+1)*C] {
				m |= x
			}
			segR[r*bw+j] = m
		}
	}
	for c := 0; c < n; c++ {
		for i := 0; i < bh; i++ {
			var m uint32
			for r := i * R; r < (i+1)*R; r++ {
				m |= cand[r*n+c]
			}
			segC[c*bh+i] = m
		}
	}
	progress := false
	// Pointing: in box (i, j), a digit in one row segment only.
	for i := 0; i < bh; i++ {
		for j := 0; j < bw; j++ {
			box := 2*n + i*bw + j
			var ones, twos uint32
			for r := i * R; r < (i+1)*R; r++ {
				m := segR[r*bw+j]
				twos |= ones & m
				ones |= m
			}
			if only := ones &^ twos &^ placed[box]; only != 0 {
				for r := i * R; r < (i+1)*R; r++ {
					if d := segR[r*bw+j] & only; d != 0 {
						switch s.eliminateRow(cand, r, j, d) {
						case lcContradiction:
							return lcContradiction
						case lcProgress:
							progress = true
						}
					}
				}
			}
			ones, twos = 0, 0
			for c := j * C; c < (j+1)*C; c++ {
				m := segC[c*bh+i]
				twos |= ones & m
				ones |= m
			}
			if only := ones &^ twos &^ placed[box]; only != 0 {
				for c := j * C; c < (j+1)*C; c++ {
					if d := segC[c*bh+i] & only; d != 0 {
						switch s.eliminateCol(cand, c, i, d) {
						case lcContradiction:
							return lcContradiction
						case lcProgress:
							progress = true
						}
					}
				}
			}
		}
	}
	if progress {
		return lcProgress
	}
	// Claiming: in a row (column), a digit in one box segment only.
	for r := 0; r < n; r++ {
		var ones, twos uint32
		for j := 0; j < bw; j++ {
			m := segR[r*bw+j]
			twos |= ones & m
			ones |= m
		}
		if only := ones &^ twos &^ placed[r]; only != 0 {
			for j := 0; j < bw; j++ {
				if d := segR[r*bw+j] & only; d != 0 {
					// Remove d from the other rows of box (r/R, j).
					for rr := (r / R) * R; rr < (r/R+1)*R; rr++ {
						if rr == r || segR[rr*bw+j]&d == 0 {
							continue
						}
						switch s.eliminateRow(cand, rr, -1-j, d) {
						case lcContradiction:
							return lcContradiction
						case lcProgress:
							progress = true
						}
					}
				}
			}
		}
	}
	for c := 0; c < n; c++ {
		var ones, twos uint32
		for i := 0; i < bh; i++ {
			m := segC[c*bh+i]
			twos |= ones & m
			ones |= m
		}
		if only := ones &^ twos &^ placed[n+c]; only != 0 {
			for i := 0; i < bh; i++ {
				if d := segC[c*bh+i] & only; d != 0 {
					for cc := (c / C) * C; cc < (c/C+1)*C; cc++ {
						if cc == c || segC[cc*bh+i]&d == 0 {
							continue
						}
						switch s.eliminateCol(cand, cc, -1-i, d) {
						case lcContradiction:
							return lcContradiction
						case lcProgress:
							progress = true
						}
					}
				}
			}
		}
	}
	if progress {
		return lcProgress
	}
	return lcNone
}

// eliminateRow removes the digits d from row r: outside box column j when
// j ≥ 0, or only inside box column -1-j when j < 0.
func (s *solver) eliminateRow(cand []uint32, r, j int, d uint32) int {
	return s.eliminateLine(cand, r*s.n, 1, s.t.shape.BoxCols, j, d)
}

// eliminateCol removes the digits d from column c: outside box row i when
// i ≥ 0, or only inside box row -1-i when i < 0.
func (s *solver) eliminateCol(cand []uint32, c, i int, d uint32) int {
	return s.eliminateLine(cand, c, s.n, s.t.shape.BoxRows, i, d)
}

// eliminateLine removes the digits d from the line of cells first+k·step
// (k < N), whose boxes are span cells long: outside box blk of the line
// when blk ≥ 0, or only inside box -1-blk when blk < 0.
func (s *solver) eliminateLine(cand []uint32, first, step, span, blk int, d uint32) int {
	lo, hi, skip := 0, s.n, blk
	if blk < 0 {
		lo, hi, skip = (-1-blk)*span, -blk*span, -1
	}
	out := lcNone
	for k := lo; k < hi; k++ {
		if k/span == skip {
			continue
		}
		if r := s.remove(cand, first+k*step, d); r != lcNone {
			if r == lcContradiction {
				return r
			}
			out = r
		}
	}
	return out
}

// remove takes the digits d out of cell c's candidates, queueing the cell
// when one candidate is left.
func (s *solver) remove(cand []uint32, c int, d uint32) int {
	m := cand[c]
	if m&d == 0 {
		return lcNone
	}
	m &^= d
	if m == 0 {
		return lcContradiction
	}
	cand[c] = m
	if m&(m-1) == 0 {
		s.queue[s.qt] = int16(c)
		s.qt++
	}
	return lcProgress
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
func (s *solver) solutionWithout(ctx context.Context, b *Board, c int, v uint8, max int64) (found, done bool) {
	s.begin(ctx, Limits{MaxNodes: max})
	s.singlesOnly = true
	defer func() { s.singlesOnly = false }()
	s.maxCount, s.count, s.record = 1, 0, false
	if !s.setGivens(b) {
		return false, true
	}
	if s.remove(s.level(0)[:s.cells], c, uint32(1)<<(v-1)) == lcContradiction {
		return false, true
	}
	s.search(0)
	return s.count > 0, s.err == nil
}
