package engine

import (
	"math"
	"math/bits"
)

// cdcl is a conflict-driven clause-learning search over the board's
// exactly-one structure, for the puzzles on which the propagation search
// drowns (minimal 25×25 puzzles take it millions of nodes). A variable is
// "cell c holds digit d", numbered c·N+d. Every cell and every (unit, digit)
// pair is a group of N variables of which exactly one is true; the groups
// are native constraints, not clauses: a true variable falsifies the rest of
// its four groups (naked singles and eliminations), a group left with one
// variable that is not false makes it true (naked and hidden singles). What
// conflicts teach is kept as learned clauses, watched two literals each.
//
// Literals are 2·var for "true" and 2·var+1 for "false".
type cdcl struct {
	t     *topology
	n, nv int
	*cdclTables
	value         []int8   // per literal: 1 true, -1 false, 0 unassigned (2·maxVars long)
	level, reason []int32  // per variable (maxVars long)
	open          []uint32 // per group: its members not false, a bit each (maxGroups long)
	rootOpen      []uint32 // open as the last propagation at level 0 left it
	trail, lim    []int32
	qhead         int
	// Learned clauses: [size, lbd, uses, where the last watch search
	// stopped, lits…]. int16 holds every literal of a board up to 25×25
	// (2·15,625), so every size and LBD too; uses saturate. It halves what
	// a clause visit reads from memory.
	arena              []int16
	learnts            []int32 // clause references (arena offsets)
	watches            [][]watch
	act                []float64
	varInc             float64
	heap               []heapEntry
	heapPos            []int32 // maxVars long
	phase              []int8  // maxVars long
	seen               []int8  // maxVars long
	learnt, stack, tmp []int32
	cleared, rbuf      []int32
	sbuf, smark, sadd  []int32
	levelIn            []bool // per decision level: the clause being shrunk has it
	maxLearnts         int
}

type watch struct{ cref, blocker int32 }

// runCDCL counts up to max solutions of b with the clause-learning search;
// the first is written to s.out when record is set.
func (s *solver) runCDCL(b *Board, max int, record bool) (int, error) {
	if !s.load(b) {
		return 0, nil
	}
	if s.cd == nil {
		s.cd = new(cdcl)
	}
	cd := s.cd
	cd.reset(s.t)
	if !cd.load(s.level(0)[:s.cells]) {
		return 0, nil
	}
	count := 0
	for {
		switch cd.solve(s) {
		case cdclUnsat:
			return count, nil
		case cdclLimit:
			return count, s.err
		}
		if count == 0 && record {
			for v := 0; v < cd.nv; v++ {
				if cd.value[2*v] == 1 {
					s.out[v/s.n] = uint8(v%s.n + 1)
				}
			}
		}
		count++
		if count >= max || !cd.block() {
			return count, nil
		}
	}
}

// cdclResult is how a search ended.
type cdclResult int

const (
	cdclSat cdclResult = iota
	cdclUnsat
	cdclLimit
)

// solve searches for the next model, spending at most the node budget of
// the owning solver (a conflict or a decision is a node).
func (s *cdcl) solve(sv *solver) cdclResult {
	// fast: a moving average of the LBD of the clauses learned since the
	// last restart; sum/learned: the average of all.
	var fast, sum float64
	var since, learned int
	for {
		confl := s.propagate()
		if confl != reasonNone {
			sv.nodes++
			sv.guesses++
			if s.decisionLevel() == 0 {
				return cdclUnsat
			}
			back := s.analyze(confl)
			s.cancelUntil(back)
			lbd := float64(s.addLearnt())
			s.varInc /= varDecay
			learned++
			since++
			sum += lbd
			if since == 1 {
				fast = lbd
			}
			fast += (lbd - fast) / 32
			if sv.overBudget() {
				return cdclLimit
			}
			continue
		}
		if since >= restartMin && fast > restartMargin*sum/float64(learned) {
			since = 0
			s.cancelUntil(0)
			if len(s.learnts) >= s.maxLearnts {
				s.reduce()
				s.maxLearnts += s.maxLearnts / 10
			}
		}
		v := s.pick()
		if v < 0 {
			return cdclSat
		}
		sv.nodes++
		if sv.overBudget() {
			return cdclLimit
		}
		s.lim = append(s.lim, int32(len(s.trail)))
		l := 2 * v
		if s.phase[v] < 0 {
			l++
		}
		s.enqueue(l, reasonNone)
	}
}

// pick returns the variable to decide next, or -1 when all are assigned:
// of the pickWidth most active open variables, the most active in a group (a
// cell, or a digit in a unit) with the fewest open members. On the 25×25
// gecode set, activity alone needs about twice the conflicts, and fewest
// options alone (blind to what conflicts taught) far more. After
// propagation no open variable is in a group of fewer than two, so the
// first candidate in a group of two ends the look (99.5 % of decisions are
// such), and most calls pop one or a few variables off the heap instead of
// pickWidth.
func (s *cdcl) pick() int32 {
	var cands [pickWidth]int32
	k := 0
	best, bestSize := 0, math.MaxInt
	for len(s.heap) > 0 && k < pickWidth {
		x := s.heapPop()
		if s.value[2*x] != 0 {
			continue
		}
		size := math.MaxInt
		g, _ := s.groupsOf(x, int32(s.n))
		for _, g := range g {
			size = min(size, bits.OnesCount32(s.open[g]))
		}
		cands[k] = x
		if size < bestSize {
			best, bestSize = k, size
		}
		k++
		if size <= 2 {
			break
		}
	}
	if k == 0 {
		return -1
	}
	for i, x := range cands[:k] {
		if i != best {
			s.heapInsert(x)
		}
	}
	return cands[best]
}

// block adds a clause that rules out the model just found (the negation of
// its decisions: propagation from them gives back the whole model) and
// returns to level 0. It reports false when the model was forced, so that
// no other exists.
func (s *cdcl) block() bool {
	s.learnt = s.learnt[:0]
	for _, start := range s.lim {
		s.learnt = append(s.learnt, s.trail[start]^1)
	}
	s.cancelUntil(0)
	switch len(s.learnt) {
	case 0:
		return false
	case 1:
		s.enqueue(s.learnt[0], reasonNone)
	default:
		s.addClause(s.learnt, 0) // lbd 0: never reduced away
	}
	return true
}

// Reasons and conflicts are one int32: the kind in the low kindBits bits.
const (
	reasonNone   = -1
	kindBinary   = 1 // data: the true literal whose group forced this one false
	kindGroup    = 2 // data: the group whose last candidate this is
	kindClause   = 3 // data: the learned clause's arena offset
	kindPair     = 0 // conflict only: two true literals in one group (data: one, other in cdcl.tmp)
	kindSeg      = 4 // data: the segment constraint that fired (a conflict: its target in cdcl.tmp)
	kindBits     = 3
	kindMask     = 1<<kindBits - 1
	clauseHeader = 4
)

// Search parameters, chosen by experiment on the 25×25 gecode set.
const (
	varDecay = 0.995 // activity decay per conflict: slow, as these puzzles like
	// A restart comes when the LBD of the last clauses learned, on a moving
	// average, exceeds the average of all by restartMargin (Glucose's rule),
	// and not before restartMin conflicts.
	restartMargin = 1 / 0.8
	restartMin    = 50
	// The learned clauses are halved at a restart once there are
	// learntsPerVar per variable; the ceiling then grows by a tenth.
	learntsPerVar = 1.0 / 3
	pickWidth     = 32 // see pick
)

// reset makes s ready for boards of topology t.
func (s *cdcl) reset(t *topology) {
	if s.t == t {
		return
	}
	s.t = t
	n := t.n
	s.n, s.nv = n, t.cells*n
	s.cdclTables = t.cdcl()
	s.value = grow(s.value, 2*maxVars)
	s.level = grow(s.level, maxVars)
	s.reason = grow(s.reason, maxVars)
	s.open = grow(s.open, maxGroups)
	s.heapPos = grow(s.heapPos, maxVars)
	s.phase = grow(s.phase, maxVars)
	s.seen = grow(s.seen, maxVars)
	s.act = grow(s.act, s.nv)
	s.watches = grow(s.watches, 2*s.nv)
	s.levelIn = grow(s.levelIn, s.nv+1)
	clear(s.levelIn)
}

// grow returns b resized to n, reusing its array when it is large enough
// (the caller resets the contents).
func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	return b[:n]
}

// load starts a search from the candidates cand (one mask per cell, as the
// propagation search leaves them at its root). It reports false when they
// already contradict each other.
func (s *cdcl) load(cand []uint32) bool {
	clear(s.value)
	clear(s.act)
	clear(s.seen)
	for i := range s.open {
		s.open[i] = 1<<s.n - 1
	}
	clear(s.phase) // first try every variable true: place the digit
	for i := range s.watches {
		s.watches[i] = s.watches[i][:0]
	}
	s.trail, s.lim, s.qhead = s.trail[:0], s.lim[:0], 0
	s.arena, s.learnts = s.arena[:0], s.learnts[:0]
	s.varInc = 1
	s.maxLearnts = int(float64(s.nv) * learntsPerVar)
	s.heap = s.heap[:0]
	for v := 0; v < s.nv; v++ {
		s.heapPos[v] = -1
	}
	n := s.n
	for c, m := range cand {
		for d := 0; d < n; d++ {
			if m&(1<<d) == 0 {
				s.enqueue(int32(2*(c*n+d)+1), reasonNone)
			}
		}
	}
	for c, m := range cand {
		if m != 0 && m&(m-1) == 0 {
			l := int32(2 * (c*n + bits.TrailingZeros32(m)))
			if s.value[l] == 0 {
				s.enqueue(l, reasonNone)
			}
		}
	}
	if s.propagate() != reasonNone {
		return false
	}
	for v := 0; v < s.nv; v++ {
		if s.value[2*v] == 0 {
			s.heapInsert(int32(v))
		}
	}
	return true
}

func (s *cdcl) decisionLevel() int32 { return int32(len(s.lim)) }

func (s *cdcl) enqueue(l int32, r int32) {
	v := l >> 1
	if l&1 == 1 {
		c := int32(uint64(v) * s.divMagic >> 32)
		s.falsify(v, c, v-c*int32(s.n), r)
		return
	}
	s.value[l], s.value[l^1] = 1, -1
	s.level[v] = s.decisionLevel()
	s.reason[v] = r
	s.trail = append(s.trail, l)
}

// falsify enqueues "not y" (y is digit d in cell c) for reason r: enqueue's
// work for a false literal, for callers that know c and d. propagate's loop
// over a true literal's groups does the same in line (too large for the
// compiler to inline, and a call there costs 6 % more instructions).
func (s *cdcl) falsify(y, c, d, r int32) {
	s.value[2*y], s.value[2*y+1] = -1, 1
	e := &s.cellTab[c]
	g := s.cells + d
	s.open[c] &^= 1 << d
	s.open[g+e.ub[0]] &^= e.bit[0]
	s.open[g+e.ub[1]] &^= e.bit[1]
	s.open[g+e.ub[2]] &^= e.bit[2]
	s.level[y] = int32(len(s.lim))
	s.reason[y] = r
	s.trail = append(s.trail, 2*y+1)
}

// propagate runs the queued assignments to a fixed point and returns the
// conflict found, or reasonNone.
func (s *cdcl) propagate() int32 {
	n := int32(s.n)
	value, open := (*[2 * maxVars]int8)(s.value), (*[maxGroups]uint32)(s.open)
	units, cellTab := (*[maxUnitCells]int16)(s.units), (*[maxCells]cellGroups)(s.cellTab)
	level, reason := (*[maxVars]int32)(s.level), (*[maxVars]int32)(s.reason)
	segAt := (*[maxUnitCells][2]segRef)(s.segAt)
	magic, cells, lv, arena := s.divMagic, s.cells, int32(len(s.lim)), s.arena
	for s.qhead < len(s.trail) {
		p := s.trail[s.qhead]
		s.qhead++
		v := p >> 1
		c := int32(uint64(v) * magic >> 32)
		d := v - c*n
		e := &cellTab[c&cellMask]
		if p&1 == 0 {
			// v is true: the rest of its groups is false. Member i of
			// the cell's group is digit i there, of a unit's group digit
			// d in the unit's cell i. Falsifying is enqueue's work, done
			// here where the cell and digit are known (as calls, 6 %
			// more instructions on 25×25).
			for k := -1; k < len(e.ub); k++ {
				m := open[c&groupMask] &^ (1 << d)
				if k >= 0 {
					m = open[(cells+e.ub[k]+d)&groupMask] &^ e.bit[k]
				}
				for ; m != 0; m &= m - 1 {
					cy, dy := c, int32(bits.TrailingZeros32(m))
					if k >= 0 {
						cy, dy = int32(units[(e.ub[k]+dy)&unitMask]), d
					}
					y := cy*n + dy
					if value[2*y&litMask] == 1 {
						s.tmp = append(s.tmp[:0], y)
						return p<<kindBits | kindPair
					}
					ey, gy := &cellTab[cy&cellMask], cells+dy
					value[2*y&litMask], value[(2*y+1)&litMask] = -1, 1
					open[cy&groupMask] &^= 1 << dy
					open[(gy+ey.ub[0])&groupMask] &^= ey.bit[0]
					open[(gy+ey.ub[1])&groupMask] &^= ey.bit[1]
					open[(gy+ey.ub[2])&groupMask] &^= ey.bit[2]
					level[y&varMask], reason[y&varMask] = lv, p<<kindBits|kindBinary
					s.trail = append(s.trail, 2*y+1)
				}
			}
		} else {
			// v is false: a group left with one member not false makes it
			// true; a segment constraint left with none falsifies its
			// partner's places.
			if m := open[c&groupMask]; m&(m-1) == 0 {
				if m == 0 {
					return c<<kindBits | kindGroup
				}
				if y := c*n + int32(bits.TrailingZeros32(m)); value[2*y&litMask] == 0 {
					s.enqueue(2*y, c<<kindBits|kindGroup)
				}
			}
			// A constraint holding v that has no place open now leaves
			// out the first open member of its group, so it is one of
			// that member's segAt (at most two per group, where looking
			// at all v's constraints would take 16 on 25×25). They fire
			// in constraint order, after the groups' singles; which fire
			// is settled before any does, since the places they falsify
			// lie outside v's units.
			var fired [6]int32
			nf := 0
			for k, ub := range e.ub {
				g := cells + ub + d
				m := open[g&groupMask]
				if m&(m-1) == 0 {
					if m == 0 {
						return g<<kindBits | kindGroup
					}
					// One member left: it is true, or made true here. A
					// segment constraint of this group that fires has it
					// in the box-line intersection, so it falsifies
					// every place the constraint would (a fifth fewer
					// instructions per conflict on 25×25).
					if y := int32(units[(ub+int32(bits.TrailingZeros32(m)))&unitMask])*n + d; value[2*y&litMask] == 0 {
						s.enqueue(2*y, g<<kindBits|kindGroup)
					}
					continue
				}
				// v's bit is out of m: a constraint fires when its
				// places have that and nothing of m.
				bit := e.bit[k]
				at, mb := &segAt[(ub+int32(bits.TrailingZeros32(m)))&unitMask], m|bit
				if at[0].mask&mb != bit && at[1].mask&mb != bit {
					continue // as most do
				}
				for _, r := range at {
					if r.mask&mb != bit {
						continue
					}
					k0 := r.k
					i := nf
					for ; i > 0 && fired[i-1] > k0; i-- {
						fired[i] = fired[i-1]
					}
					fired[i] = k0
					nf++
				}
			}
			g := cells + d
			for _, k := range fired[:nf] {
				k += 2 * d
				o := k ^ 1
				og := s.segGroup[o]
				ub := og - g
				for m := open[og&groupMask] & s.segMask[o]; m != 0; m &= m - 1 {
					cy := int32(units[(ub+int32(bits.TrailingZeros32(m)))&unitMask])
					y := cy*n + d
					if value[2*y&litMask] == 1 {
						s.tmp = append(s.tmp[:0], y)
						return k<<kindBits | kindSeg
					}
					s.falsify(y, cy, d, k<<kindBits|kindSeg)
				}
			}
		}
		// The learned clauses watching p^1, which has just become
		// false (here, not in a call of its own: Go's calls keep no
		// registers, and the loop has many live).
		f := p ^ 1
		f16 := int16(f)
		ws := s.watches[f]
		j := 0
	clauses:
		for i := 0; i < len(ws); i++ {
			w := ws[i]
			if value[w.blocker&litMask] == 1 {
				ws[j] = w
				j++
				continue
			}
			c := int(w.cref) + clauseHeader
			lits := arena[c : c+int(arena[c-clauseHeader])]
			if len(lits) < 2 {
				panic("sudoku: learned clause shorter than 2")
			}
			first := lits[0]
			if first == f16 {
				first = lits[1]
				lits[0], lits[1] = first, f16
			}
			if int32(first) != w.blocker && value[first&litMask] == 1 {
				ws[j] = watch{w.cref, int32(first)}
				j++
				continue
			}
			// The search for a new watch goes on from where the last
			// one stopped, round the clause (Gent's saved position).
			k := int(arena[c-1])
			for range len(lits) - 2 {
				if l := lits[k]; value[l&litMask] != -1 {
					lits[1], lits[k] = l, f16
					arena[c-1] = int16(k)
					s.watches[l] = append(s.watches[l], watch{w.cref, int32(first)})
					continue clauses
				}
				if k++; k == len(lits) {
					k = 2
				}
			}
			ws[j] = watch{w.cref, int32(first)}
			j++
			if value[first&litMask] == -1 {
				j += copy(ws[j:], ws[i+1:])
				s.watches[f] = s.watches[f][:j] // the length alone is written
				return w.cref<<kindBits | kindClause
			}
			s.enqueue(int32(first), w.cref<<kindBits|kindClause)
		}
		s.watches[f] = s.watches[f][:j]
	}
	if len(s.lim) == 0 {
		// What is false now stays false at level 0 for this search:
		// reasons leave it out.
		s.rootOpen = append(s.rootOpen[:0], s.open[:s.cells+3*int32(s.n*s.n)]...)
	}
	return reasonNone
}

func (s *cdcl) cancelUntil(lv int32) {
	if s.decisionLevel() <= lv {
		return
	}
	start := int(s.lim[lv])
	value, open := (*[2 * maxVars]int8)(s.value), (*[maxGroups]uint32)(s.open)
	cellTab, phase, heapPos := (*[maxCells]cellGroups)(s.cellTab), (*[maxVars]int8)(s.phase), (*[maxVars]int32)(s.heapPos)
	n, magic, cells := int32(s.n), s.divMagic, s.cells
	undo := s.trail[start:]
	for i := len(undo) - 1; i >= 0; i-- {
		l := undo[i]
		v := l >> 1 & varMask
		if l&1 == 1 {
			// v is open again in its groups.
			c := int32(uint64(v) * magic >> 32)
			d := v - c*n
			e := &cellTab[c&cellMask]
			g := cells + d
			open[c&groupMask] |= 1 << d
			open[(g+e.ub[0])&groupMask] |= e.bit[0]
			open[(g+e.ub[1])&groupMask] |= e.bit[1]
			open[(g+e.ub[2])&groupMask] |= e.bit[2]
		}
		value[l&litMask], value[(l^1)&litMask] = 0, 0
		phase[v] = int8(1 - 2*(l&1))
		if heapPos[v] < 0 {
			s.heapInsert(v)
		}
	}
	s.trail = s.trail[:start]
	s.qhead = min(s.qhead, start)
	s.lim = s.lim[:lv]
}
