package engine

// lexFirst answers a board with few givens (an empty board above all) by
// the row-major search alone: there its first solution is the smallest and
// a second one follows within a node or two, where the usual way pays for
// an MRV search and then for the smallest solution. It tries the search
// with focused unit consistency, then, for the rare sparse board where that
// backtracks long, with every unit consistent (some times dearer a node,
// but a dead end shows at once), each within one node per cell. It returns
// the number of solutions (up to 2) with the first in s.out, or ok false
// when b has too many givens or neither search ended within its budget;
// the caller then goes the usual way.
func (s *solver) lexFirst(b *Board) (n int, ok bool) {
	if 8*b.Givens() >= s.cells {
		return 0, false
	}
	global, probing := s.limit, s.probing
	defer func() {
		s.lex, s.subsets, s.probing, s.limit = false, noSubsets, probing, global
	}()
	for _, mode := range [2]subsetMode{focusSubsets, allSubsets} {
		s.limit = min(global, s.nodes+int64(s.cells))
		s.lex, s.subsets, s.probing = true, mode, false
		n, err := s.run(b, 2, true)
		if err == nil {
			return n, true
		}
		s.err = nil
	}
	return 0, false
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
