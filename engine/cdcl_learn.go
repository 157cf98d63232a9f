package engine

import (
	"math"
	"math/bits"
	"slices"
)

// This file holds what the clause-learning search (cdcl.go) learns from a
// conflict: the reasons of implied literals, first-UIP analysis with clause
// minimization (redundant, shrink), the learned clauses and their
// reduction, and the variable activities with the heap that orders
// decisions.

// heapEntry is a variable in the heap with a copy of its activity, so that
// ordering the heap reads no other memory.
type heapEntry struct {
	act float64
	v   int32
}

// reasonLits appends to dst the literals other than the one implied (all
// false) of reason or conflict r; implied is the variable it forced, or -1
// for a conflict. Of a group or segment constraint, it leaves out members
// known false at level 0 (not in rootOpen), which its callers skip.
func (s *cdcl) reasonLits(dst []int32, r int32, implied int32) []int32 {
	if r&kindMask == kindBinary {
		// Half of all: inlined in the callers.
		return append(dst, r>>kindBits^1)
	}
	return s.groupReasonLits(dst, r, implied)
}

// groupReasonLits is reasonLits for the reasons other than kindBinary.
func (s *cdcl) groupReasonLits(dst []int32, r int32, implied int32) []int32 {
	data := r >> kindBits
	switch r & kindMask {
	case kindPair:
		return append(dst, data^1, 2*s.tmp[0]+1)
	case kindSeg:
		if implied < 0 {
			dst = append(dst, 2*s.tmp[0]+1)
		}
		n := int32(s.n)
		d := data >> 1 % n
		ub := s.segGroup[data] - s.cells - d
		for m := s.segMask[data] & s.rootOpen[s.segGroup[data]]; m != 0; m &= m - 1 {
			dst = append(dst, 2*(int32(s.units[ub+int32(bits.TrailingZeros32(m))])*n+d))
		}
		return dst
	case kindGroup:
		n := int32(s.n)
		m := s.rootOpen[data]
		if data < s.cells {
			for ; m != 0; m &= m - 1 {
				if y := data*n + int32(bits.TrailingZeros32(m)); y != implied {
					dst = append(dst, 2*y)
				}
			}
			return dst
		}
		d := (data - s.cells) % n
		us := s.units[data-s.cells-d : data-s.cells-d+n]
		for ; m != 0; m &= m - 1 {
			if y := int32(us[bits.TrailingZeros32(m)])*n + d; y != implied {
				dst = append(dst, 2*y)
			}
		}
		return dst
	default:
		size := int(s.arena[data])
		lits := s.arena[int(data)+clauseHeader : int(data)+clauseHeader+size]
		if implied >= 0 {
			lits = lits[1:]
		}
		for _, l := range lits {
			dst = append(dst, int32(l))
		}
		return dst
	}
}

// analyze derives the first-UIP clause of conflict confl into s.learnt
// (asserting literal first) and returns the level to jump back to.
func (s *cdcl) analyze(confl int32) int32 {
	s.learnt = append(s.learnt[:0], 0)
	pathC := 0
	p := int32(-1)
	idx := len(s.trail) - 1
	cur := s.decisionLevel()
	seen, level := (*[maxVars]int8)(s.seen), (*[maxVars]int32)(s.level)
	r := confl
	for {
		implied := int32(-1)
		if p >= 0 {
			implied = p >> 1
		}
		s.stack = s.reasonLits(s.stack[:0], r, implied)
		if r&kindMask == kindClause {
			s.bumpClause(r >> kindBits)
		}
		for _, q := range s.stack {
			v := q >> 1 & varMask
			if seen[v] != 0 || level[v] == 0 {
				continue
			}
			s.bump(v)
			seen[v] = 1
			if level[v] >= cur {
				pathC++
			} else {
				s.learnt = append(s.learnt, q)
			}
		}
		for seen[s.trail[idx]>>1&varMask] == 0 {
			idx--
		}
		p = s.trail[idx]
		idx--
		seen[p>>1&varMask] = 0
		pathC--
		if pathC == 0 {
			break
		}
		r = s.reason[p>>1]
	}
	s.learnt[0] = p ^ 1

	// Drop the literals implied by the others (recursive minimisation).
	s.cleared = append(s.cleared[:0], s.learnt[1:]...)
	var abstract uint32
	for _, q := range s.learnt[1:] {
		abstract |= 1 << (s.level[q>>1] & 31)
	}
	j := 1
	for i := 1; i < len(s.learnt); i++ {
		q := s.learnt[i]
		if s.reason[q>>1] == reasonNone || !s.redundant(q, abstract) {
			s.learnt[j] = q
			j++
		}
	}
	s.learnt = s.learnt[:j]
	s.shrink(abstract)
	for _, q := range s.cleared {
		s.seen[q>>1] = 0
	}

	back := int32(0)
	if len(s.learnt) > 1 {
		maxI := 1
		for i := 2; i < len(s.learnt); i++ {
			if s.level[s.learnt[i]>>1] > s.level[s.learnt[maxI]>>1] {
				maxI = i
			}
		}
		s.learnt[1], s.learnt[maxI] = s.learnt[maxI], s.learnt[1]
		back = s.level[s.learnt[1]>>1]
	}
	return back
}

// redundant reports whether literal q of the clause being learned follows
// from the others: every path back through its reasons ends in them or at
// level 0. It walks the reasons depth first; a variable whose walk ends
// well stays marked seen 1 (implied by the clause), and those on a path
// that reaches a decision or a level the clause lacks are marked 2 (not
// implied), so later checks stop at either. All it marks are listed in
// s.cleared.
func (s *cdcl) redundant(q int32, abstract uint32) bool {
	seen, level, reason := (*[maxVars]int8)(s.seen), (*[maxVars]int32)(s.level), (*[maxVars]int32)(s.reason)
	// Frames of 3: the variable, where its reason's literals start in
	// s.rbuf, and the next one to look at; the top frame's run to the end.
	s.rbuf = s.reasonLits(s.rbuf[:0], reason[q>>1&varMask], q>>1)
	stack := append(s.stack[:0], q>>1, 0, 0)
	for {
		t := len(stack) - 3
		if t < 0 {
			s.stack = stack
			return true
		}
		i := stack[t+2]
		if int(i) == len(s.rbuf) {
			s.rbuf = s.rbuf[:stack[t+1]]
			stack = stack[:t]
			continue
		}
		stack[t+2] = i + 1
		x := s.rbuf[i]
		v := x >> 1 & varMask
		if seen[v] == 1 || level[v] == 0 {
			continue
		}
		if seen[v] == 2 || reason[v] == reasonNone || abstract&(1<<(level[v]&31)) == 0 {
			for j := 3; j < len(stack); j += 3 {
				seen[stack[j]&varMask] = 2
			}
			s.stack = stack
			return false
		}
		seen[v] = 1
		s.cleared = append(s.cleared, x)
		start := int32(len(s.rbuf))
		s.rbuf = s.reasonLits(s.rbuf, reason[v], v)
		stack = append(stack, v, start, start)
	}
}

// shrink replaces the literals the learned clause has on one lower level
// by that level's block-UIP, the latest literal of that level that every
// chain of reasons from the level's decision to them passes (CaDiCaL's
// shrinking), when the reasons walked on the way need nothing on lower
// levels but what the clause holds or implies, or literals on levels the
// clause has, fewer than the block less one (those join the clause and
// their levels' blocks: all-UIP shrinking, after Feng and Bacchus). The
// clause keeps its levels, so its LBD and where to jump back, and loses
// literals. It runs after minimisation, on its marks: seen 1 is in the
// clause or implied by it. Levels go from the highest down, so that the
// literals added to a level are there when its turn comes.
func (s *cdcl) shrink(abstract uint32) {
	lits := s.learnt[1:]
	level := s.level
	byLevel := func(a, b int32) int { return int(level[b>>1] - level[a>>1]) }
	slices.SortFunc(lits, byLevel)
	for _, q := range lits {
		s.levelIn[level[q>>1]] = true
	}
	out := 1
	for i := 0; i < len(lits); {
		lv := level[lits[i]>>1]
		j := i + 1
		for j < len(lits) && level[lits[j]>>1] == lv {
			j++
		}
		if j-i > 1 {
			if u, ok := s.blockUIP(lits[i:j], lv, abstract); ok {
				s.learnt[out] = u
				out++
				if len(s.sadd) > 0 {
					s.learnt = append(s.learnt, s.sadd...)
					lits = s.learnt[1:]
					slices.SortFunc(lits[j:], byLevel)
				}
				i = j
				continue
			}
		}
		out += copy(s.learnt[out:], lits[i:j])
		i = j
	}
	s.learnt = s.learnt[:out]
	for _, q := range s.learnt[1:] {
		s.levelIn[level[q>>1]] = false
	}
}

// blockUIP returns the negation of the block-UIP of level lv for the
// clause literals block, all on that level, and whether it replaces them:
// whether its walk needs on lower levels only literals the clause holds or
// implies, and fewer than len(block)-1 others on the clause's levels,
// left in s.sadd to add.
func (s *cdcl) blockUIP(block []int32, lv int32, abstract uint32) (int32, bool) {
	seen, level, reason := (*[maxVars]int8)(s.seen), (*[maxVars]int32)(s.level), (*[maxVars]int32)(s.reason)
	// smark holds pairs: a variable marked 3 (on the walk) or 1 (added)
	// and its mark before.
	s.smark = s.smark[:0]
	s.sadd = s.sadd[:0]
	for _, q := range block {
		s.smark = append(s.smark, q>>1, int32(seen[q>>1]))
		seen[q>>1] = 3
	}
	end := len(s.trail)
	if lv < s.decisionLevel() {
		end = int(s.lim[lv])
	}
	open := len(block)
	uip, ok := int32(-1), true
	for i := end - 1; ok; i-- {
		p := s.trail[i]
		v := p >> 1 & varMask
		if seen[v] != 3 {
			continue
		}
		if open == 1 {
			uip = p ^ 1
			break
		}
		open--
		s.sbuf = s.reasonLits(s.sbuf[:0], reason[v], v)
		for _, x := range s.sbuf {
			u := x >> 1 & varMask
			lu := level[u]
			switch {
			case lu == 0 || seen[u] == 1 && lu < lv:
			case lu == lv:
				if seen[u] != 3 {
					s.smark = append(s.smark, u, int32(seen[u]))
					seen[u] = 3
					open++
				}
			// What minimisation proves implied stays marked, so only
			// while nothing is added, which a failure would take back.
			case len(s.sadd) == 0 && seen[u] == 0 && reason[u] != reasonNone && abstract&(1<<(lu&31)) != 0 && s.redundant(x, abstract):
			case s.levelIn[lu] && len(s.sadd)+2 < len(block):
				s.smark = append(s.smark, u, int32(seen[u]))
				seen[u] = 1
				s.sadd = append(s.sadd, x)
			default:
				ok = false
			}
			if !ok {
				break
			}
		}
	}
	for k := 0; k < len(s.smark); k += 2 {
		v, old := s.smark[k], int8(s.smark[k+1])
		if !ok {
			seen[v] = old
			continue
		}
		// In the clause, or implied by the UIP, now.
		seen[v] = 1
		if old == 0 {
			s.cleared = append(s.cleared, v<<1)
		}
	}
	if !ok {
		s.sadd = s.sadd[:0]
	}
	return uip, ok
}

// lbd is the number of distinct decision levels in s.learnt.
func (s *cdcl) lbd() int32 {
	s.stack = s.stack[:0]
	for _, q := range s.learnt {
		l := s.level[q>>1]
		if !slices.Contains(s.stack, l) {
			s.stack = append(s.stack, l)
		}
	}
	return int32(len(s.stack))
}

// addLearnt stores s.learnt and asserts its first literal.
// It returns the clause's LBD.
func (s *cdcl) addLearnt() int32 {
	if len(s.learnt) == 1 {
		s.enqueue(s.learnt[0], reasonNone)
		return 1
	}
	lbd := s.lbd()
	cref := s.addClause(s.learnt, lbd)
	s.enqueue(s.learnt[0], cref<<kindBits|kindClause)
	return lbd
}

func (s *cdcl) addClause(lits []int32, lbd int32) int32 {
	cref := int32(len(s.arena))
	s.arena = append(s.arena, int16(len(lits)), int16(lbd), 0, 2)
	for _, l := range lits {
		s.arena = append(s.arena, int16(l))
	}
	s.watches[lits[0]] = append(s.watches[lits[0]], watch{cref, lits[1]})
	s.watches[lits[1]] = append(s.watches[lits[1]], watch{cref, lits[0]})
	s.learnts = append(s.learnts, cref)
	return cref
}

func (s *cdcl) bumpClause(cref int32) {
	if s.arena[cref+2] < math.MaxInt16 {
		s.arena[cref+2]++
	}
}

func (s *cdcl) bump(v int32) {
	s.act[v] += s.varInc
	if s.act[v] > 1e100 {
		for i := range s.act {
			s.act[i] *= 1e-100
		}
		for i := range s.heap {
			s.heap[i].act *= 1e-100
		}
		s.varInc *= 1e-100
	}
	if i := s.heapPos[v]; i >= 0 {
		s.heap[i].act = s.act[v]
		s.heapUp(i)
	}
}

// reduce drops the less useful half of the learned clauses, and of the
// rest those true at level 0 (it runs there, where no clause is a reason
// that matters), and rebuilds the watches. LBD is the first sort key, and
// every clause of LBD 2 or less is kept: that is what keeps the clauses
// that block the solutions found (LBD 0) until they are true at level 0.
func (s *cdcl) reduce() {
	slices.SortFunc(s.learnts, func(a, b int32) int {
		la, lb := int(s.arena[a+1]), int(s.arena[b+1])
		if la != lb {
			return la - lb
		}
		return int(s.arena[b+2]) - int(s.arena[a+2])
	})
	keep := len(s.learnts) / 2
	for keep < len(s.learnts) && s.arena[s.learnts[keep]+1] <= 2 {
		keep++
	}
	for i := range s.watches {
		s.watches[i] = s.watches[i][:0]
	}
	// Compact the arena in address order.
	kept := s.learnts[:keep]
	slices.Sort(kept)
	out, n := 0, 0
	for _, cref := range kept {
		size := int(s.arena[cref])
		if slices.ContainsFunc(s.arena[int(cref)+clauseHeader:int(cref)+clauseHeader+size], func(l int16) bool { return s.value[l] == 1 }) {
			continue // true for good (14–36 % of those kept on the 25×25 set)
		}
		copy(s.arena[out:], s.arena[cref:int(cref)+clauseHeader+size])
		s.arena[out+2] /= 2
		kept[n] = int32(out)
		n++
		lits := s.arena[out+clauseHeader : out+clauseHeader+size]
		s.watches[lits[0]] = append(s.watches[lits[0]], watch{int32(out), int32(lits[1])})
		s.watches[lits[1]] = append(s.watches[lits[1]], watch{int32(out), int32(lits[0])})
		out += clauseHeader + size
	}
	s.arena = s.arena[:out]
	s.learnts = kept[:n]
}

// Heap of unassigned variables by activity.

func (s *cdcl) heapInsert(v int32) {
	s.heapPos[v] = int32(len(s.heap))
	s.heap = append(s.heap, heapEntry{s.act[v], v})
	s.heapUp(s.heapPos[v])
}

func (s *cdcl) heapUp(i int32) {
	heap, pos := s.heap, s.heapPos
	x := heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if !(x.act > heap[p].act) {
			break
		}
		heap[i] = heap[p]
		pos[heap[i].v] = i
		i = p
	}
	heap[i] = x
	pos[x.v] = i
}

func (s *cdcl) heapPop() int32 {
	top := s.heap[0].v
	last := s.heap[len(s.heap)-1]
	s.heap = s.heap[:len(s.heap)-1]
	heap, pos := s.heap, s.heapPos
	pos[top] = -1
	if len(heap) > 0 {
		i := 0
		for {
			c := 2*i + 1
			if c >= len(heap) {
				break
			}
			if c+1 < len(heap) && heap[c+1].act > heap[c].act {
				c++
			}
			if !(heap[c].act > last.act) {
				break
			}
			heap[i] = heap[c]
			pos[heap[i].v] = int32(i)
			i = c
		}
		heap[i] = last
		pos[last.v] = int32(i)
	}
	return top
}
