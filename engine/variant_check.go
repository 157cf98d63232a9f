package engine

import "math/bits"

// ruleNames are the rules a variant board's conflicts name, in the order
// Conflict.Units lists them.
var ruleNames = [...]string{
	UnitRow, UnitColumn, UnitBox, UnitRegion, UnitDiagonal, UnitWindow, UnitExtraRegion, UnitDisjointGroup,
	RuleAntiKnight, RuleAntiKing, RuleNonConsecutive, RuleParity, RuleCage, RuleCageSum,
}

const (
	ruleAntiKnight = iota + len(unitKinds)
	ruleAntiKing
	ruleNonConsecutive
	ruleParity
	ruleCage
	ruleCageSum
)

// validVariant is Valid for a board with rules: no value above N, no value
// shared with a peer, every parity and non-consecutive rule kept, and every
// cage sum still reachable by distinct values in its empty cells.
func validVariant(b *Board) bool {
	rs := b.rules
	n := rs.n
	for c := 0; c < rs.cells; c++ {
		v := b.cells[c]
		if v == 0 {
			continue
		}
		if int(v) > n || rs.allowed[c]&(1<<(v-1)) == 0 {
			return false
		}
		for _, p := range rs.peersOf(c) {
			if b.cells[p] == v {
				return false
			}
		}
		if rs.nonConsec {
			for _, q := range orthogonal(c, n) {
				if q >= 0 && b.cells[q] != 0 && (b.cells[q] == v+1 || b.cells[q]+1 == v) {
					return false
				}
			}
		}
	}
	for _, k := range rs.sumCages {
		if !cageSumReachable(b, &rs.cages[k], n) {
			return false
		}
	}
	return true
}

// cageSumReachable reports whether distinct values not yet in the cage can
// fill its empty cells to its sum.
func cageSumReachable(b *Board, cage *cageInfo, n int) bool {
	t, free := cage.sum, 0
	var used uint32
	for _, c := range cage.cells {
		if v := b.cells[c]; v != 0 && int(v) <= n {
			t -= int(v)
			used |= 1 << (v - 1)
		} else {
			free++
		}
	}
	if free == 0 {
		return t == 0
	}
	avail := (uint32(1)<<n - 1) &^ used
	return bits.OnesCount32(avail) >= free && t >= lowSum(avail, free) && t <= highSum(avail, free)
}

// conflictsVariant is Conflicts for a board with rules: each filled cell
// that breaks a rule, with every rule it breaks.
func conflictsVariant(b Board) []Conflict {
	rs := b.rules
	n := rs.n
	broken := make([]uint16, rs.cells)
	valueOK := func(c int) bool { v := b.cells[c]; return v != 0 && int(v) <= n }
	for u := range rs.unitKind {
		var seen [MaxSize + 1]int16
		cs := rs.unit(u)
		for _, c := range cs {
			if valueOK(int(c)) {
				seen[b.cells[c]]++
			}
		}
		for _, c := range cs {
			if valueOK(int(c)) && seen[b.cells[c]] > 1 {
				broken[c] |= 1 << rs.unitKind[u]
			}
		}
	}
	for k, cage := range rs.cages {
		var seen [MaxSize + 1]int16
		for _, c := range cage.cells {
			if valueOK(int(c)) {
				seen[b.cells[c]]++
			}
		}
		sumBroken := cage.sum > 0 && !cageSumReachable(&b, &rs.cages[k], n)
		for _, c := range cage.cells {
			if !valueOK(int(c)) {
				continue
			}
			if seen[b.cells[c]] > 1 {
				broken[c] |= 1 << ruleCage
			}
			if sumBroken {
				broken[c] |= 1 << ruleCageSum
			}
		}
	}
	r := &rs.rules
	pairs := func(moves [][2]int, rule int) {
		for c := 0; c < rs.cells; c++ {
			if !valueOK(c) {
				continue
			}
			row, col := c/n, c%n
			for _, d := range moves {
				rr, cc := row+d[0], col+d[1]
				if rr < 0 || rr >= n || cc < 0 || cc >= n {
					continue
				}
				q := rr*n + cc
				v, w := b.cells[c], b.cells[q]
				if !valueOK(q) {
					continue
				}
				if (rule != ruleNonConsecutive && v == w) || (rule == ruleNonConsecutive && (v == w+1 || w == v+1)) {
					broken[c] |= 1 << rule
				}
			}
		}
	}
	if r.AntiKnight {
		pairs(knightMoves[:], ruleAntiKnight)
	}
	if r.AntiKing {
		pairs(kingMoves[:], ruleAntiKing)
	}
	if r.NonConsecutive {
		pairs([][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}, ruleNonConsecutive)
	}
	for c := 0; c < rs.cells; c++ {
		if valueOK(c) && rs.allowed[c]&(1<<(b.cells[c]-1)) == 0 {
			broken[c] |= 1 << ruleParity
		}
	}
	var out []Conflict
	for c, mask := range broken {
		if mask == 0 {
			continue
		}
		var units []string
		for m := mask; m != 0; m &= m - 1 {
			units = append(units, ruleNames[bits.TrailingZeros16(m)])
		}
		out = append(out, Conflict{Row: c / n, Col: c % n, Value: int(b.cells[c]), Units: units})
	}
	return out
}
