package engine

import "strconv"

// This file holds Step, what Hint and Explain return for one step of logic
// (a placement, an elimination, a mistake or a nudge) with its cells, units
// and pattern, and stepOf, which exports a move of the logical solver as a
// Step.

// Cell is a 0-based cell position.
type Cell struct{ Row, Col int }

// Step kinds.
const (
	StepPlacement   = "placement"   // a value for an empty cell
	StepElimination = "elimination" // candidates removed from cells
	StepMistake     = "mistake"     // a player's entry (or candidate list) that is wrong
	StepNudge       = "nudge"       // where to look and for what, without the answer
)

// Unit is a row, column or box; Index is 0-based (boxes numbered row by
// row).
type Unit struct {
	Kind  string // "row", "column" or "box"
	Index int
}

// String returns the players' name of u: "row 3", "column 5", "box 2".
func (u Unit) String() string { return u.Kind + " " + strconv.Itoa(u.Index+1) }

// Elimination is the candidates a step removes from one cell.
type Elimination struct {
	Row, Col int
	Values   []int
}

// Node is one node of a chain: Value in one cell, or in a group of cells
// of one unit (one of them holds it). In a forcing chain or net State is
// NodeOn (the cell holds Value) or NodeOff (it does not); elsewhere it is
// empty.
type Node struct {
	Cells []Cell
	Value int
	State string
}

// States of a forcing chain's node.
const (
	NodeOn  = "on"
	NodeOff = "off"
)

// Link is one link of a chain, in chain order: strong (if From is false,
// To is true) or weak (if From is true, To is false). In a forcing chain
// or net (its nodes have a State) a link is an implication: From in its
// state forces To in its state, strong when To is on.
type Link struct {
	From, To Node
	Strong   bool
}

// Pattern is what a frontend draws for a step beyond subsets: the links of
// a chain or loop, the fins of a fish and named cell sets (an ALS).
type Pattern struct {
	Links []Link
	Fins  []Cell
	Sets  [][]Cell
}

// Step is one step of logic, or a hint: a placement, an elimination, a
// mistake to erase or a nudge.
type Step struct {
	Kind string // StepPlacement, StepElimination, StepMistake or StepNudge
	// Row, Col (0-based) and Value: the cell and the value to place, or for
	// a mistake the cell and the wrong value it holds (0 when the player
	// erased a given; for a candidate list, the value it lacks). Unset for
	// an elimination and a nudge.
	Row, Col, Value int
	// Technique names the technique that justifies the step (for a hint
	// that chains eliminations to a placement, the hardest of them), or
	// "solution" when the value is revealed from the solution. Empty for a
	// mistake.
	Technique string
	// SE is the step's rating on the Sudoku Explainer scale (a hint that
	// chains eliminations to a placement: its hardest step's); 0 for a
	// mistake, a nudge and a revealed cell. On a variant board it is the
	// rating of the variant technique (a chain's with its length), as
	// Grade counts it.
	SE float64
	// Explanation is one sentence in players' notation (r3c5, row 3,
	// column 5, box 2; all 1-based, boxes numbered row by row), values in
	// the board's symbols.
	Explanation string
	// Cells are the cells involved: the pattern, then for a placement the
	// cell placed.
	Cells []Cell
	// Units are the units the step is about (for a nudge, where to look).
	Units []Unit
	// Eliminations lists every candidate an elimination removes.
	Eliminations []Elimination
	// Pattern is set for chains, loops, finned fish and ALS steps.
	Pattern *Pattern
	// Steps is the logical path of a hint, in order: on a board without
	// candidates, the eliminations that lead to the placement and the
	// placement itself; with candidates, the one step. Nil for a mistake,
	// a nudge and the steps of Explain.
	Steps []Step
}

// stepOf exports the move mv: a placement, or an elimination whose
// candidates went from before to after.
func (l *logic) stepOf(mv *move, before, after *[MaxCells]uint32) Step {
	n := l.n
	st := Step{Technique: techs[mv.tech].name, SE: float64(techs[mv.tech].se) / 10}
	if mv.se != 0 {
		st.SE = float64(mv.se) / 10
	}
	for i := 0; i < mv.ncells; i++ {
		st.Cells = appendCell(st.Cells, n, int(mv.cells[i]))
	}
	p := &mv.pattern
	for i := 0; i < int(p.nunits); i++ {
		st.Units = append(st.Units, l.unitOf(int(p.units[i])))
	}
	if mv.cell >= 0 {
		st.Kind, st.Row, st.Col, st.Value = StepPlacement, mv.cell/n, mv.cell%n, mv.value
		st.Explanation = l.placement(mv)
		if mv.tech == tNakedSingle {
			for _, u := range l.t.cellUnits[mv.cell] {
				st.Units = append(st.Units, l.unitOf(int(u)))
			}
		}
		st.Cells = append(removeCell(st.Cells, Cell{st.Row, st.Col}), Cell{st.Row, st.Col})
	} else {
		st.Kind = StepElimination
		st.Explanation = l.describe(mv)
		for c := 0; c < l.t.cells; c++ {
			if gone := before[c] &^ after[c]; gone != 0 {
				e := Elimination{Row: c / n, Col: c % n}
				for ; gone != 0; gone &= gone - 1 {
					e.Values = append(e.Values, lowValue(gone))
				}
				st.Eliminations = append(st.Eliminations, e)
			}
		}
	}
	if isUniqueness(mv.tech) {
		st.Explanation += " (this uses that the puzzle has exactly one solution)"
	}
	if p.nlinks > 0 || p.nfins > 0 || p.nsets > 0 || len(p.net) > 0 {
		pt := &Pattern{}
		for _, lk := range append(p.links[:p.nlinks:p.nlinks], p.net...) {
			pt.Links = append(pt.Links, Link{From: l.nodeOf(&lk.from), To: l.nodeOf(&lk.to), Strong: lk.strong})
		}
		for i := 0; i < int(p.nfins); i++ {
			pt.Fins = appendCell(pt.Fins, n, int(p.fins[i]))
		}
		for i := 0; i < int(p.nsets); i++ {
			var set []Cell
			for _, c := range p.set(i) {
				set = appendCell(set, n, int(c))
			}
			pt.Sets = append(pt.Sets, set)
		}
		st.Pattern = pt
	}
	return st
}

func (l *logic) nodeOf(p *pnode) Node {
	nd := Node{Value: int(p.v)}
	switch p.state {
	case nodeOn:
		nd.State = NodeOn
	case nodeOff:
		nd.State = NodeOff
	}
	for i := 0; i < int(p.n); i++ {
		nd.Cells = appendCell(nd.Cells, l.n, int(p.cells[i]))
	}
	return nd
}

// unitOf exports unit u.
func (l *logic) unitOf(u int) Unit {
	switch n := l.n; {
	case u < n:
		return Unit{"row", u}
	case u < 2*n:
		return Unit{"column", u - n}
	default:
		return Unit{"box", u - 2*n}
	}
}

func removeCell(cells []Cell, x Cell) []Cell {
	out := cells[:0]
	for _, y := range cells {
		if y != x {
			out = append(out, y)
		}
	}
	return out
}

func appendCell(cells []Cell, n, c int) []Cell {
	x := Cell{c / n, c % n}
	for _, y := range cells {
		if y == x {
			return cells
		}
	}
	return append(cells, x)
}
