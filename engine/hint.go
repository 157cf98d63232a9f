package engine

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

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
// of one unit (one of them holds it).
type Node struct {
	Cells []Cell
	Value int
}

// Link is one link of a chain, in chain order: strong (if From is false,
// To is true) or weak (if From is true, To is false).
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

// HintOptions are Hint's inputs beyond the board.
type HintOptions struct {
	// Givens is the original puzzle (same shape): the player's mistakes
	// come first.
	Givens *Board
	// Candidates are the player's pencil marks (see ParseCandidates): per
	// cell in row-major order the values left, bit v-1 for value v. With
	// them the hint is the next single step on them. Nil: a bare board.
	Candidates []uint32
	// Nudge asks for the technique and the region only, not the answer.
	Nudge bool
}

// Hint returns the simplest next step for the board b.
//
// With opt.Givens the player's mistakes come first: a given the player
// changed or erased, then the first entry (row by row) that differs from
// the solution of the givens. When the givens have several solutions, an
// entry is a mistake only when b as a whole has no solution; it is then
// compared with the lexicographically smallest solution of the givens.
//
// Otherwise Hint runs the techniques of Grade from the cheapest. On a bare
// board (no opt.Candidates) the first single (full house, naked or hidden
// single) is the hint; when singles stall, it looks for one elimination
// (a pointing pair, an X-Wing, …; the cheapest technique first) after
// which a single follows; failing that, it applies the cheapest
// elimination and looks again. The answer is the placement, its Steps the
// eliminations that led to it and the placement; its technique is the
// hardest of them and its explanation tells them all (the hardest alone
// beyond three). With opt.Candidates (checked first against the solution:
// a candidate list that lacks the solution's value is a mistake) the
// answer is the next single step on them, an elimination or a placement.
// Only when logic stalls is the most constrained empty cell revealed from
// the solution (technique "solution"; the lexicographically smallest
// solution when there are several). Logic steps are sound on any board, so
// every hint agrees with every solution; uniqueness techniques are used
// only when Hint proved b has one solution, and their explanation says so.
// With opt.Nudge the answer is a nudge: the first step's technique and
// units, in words, without the cells or values.
//
// Errors: ErrInvalidBoard when givens or candidates do not fit b or b or
// givens holds a value above N, ErrConflict (a *ConflictError) when b or
// the givens break a rule, ErrNoEmptyCells for a full grid, ErrUnsolvable
// when b has no solution, ErrSearchLimit when the search exceeds lim or ctx
// is done. Cost: a search for two solutions of b (with givens, also of the
// givens) plus the logical steps up to the first placement; a Solve, for
// the smallest solution, only where a "solution" hint is revealed or
// givens with several solutions meet a mistake.
func Hint(ctx context.Context, b Board, opt HintOptions, lim Limits) (Step, error) {
	st, err := hint(ctx, b, opt, lim)
	if err != nil || !opt.Nudge {
		return st, err
	}
	return nudge(st, b.shape), nil
}

func hint(ctx context.Context, b Board, opt HintOptions, lim Limits) (Step, error) {
	if !b.shape.valid() {
		return Step{}, boardError("invalid board shape " + b.shape.Box())
	}
	if err := b.outOfRange(); err != nil {
		return Step{}, err
	}
	if opt.Candidates != nil && len(opt.Candidates) != b.shape.Cells() {
		return Step{}, boardError(fmt.Sprintf("candidates: %d cells, the board has %d", len(opt.Candidates), b.shape.Cells()))
	}
	if opt.Givens != nil {
		st, found, err := mistake(ctx, b, *opt.Givens, lim)
		if err != nil || found {
			return st, err
		}
	}
	if cs := Conflicts(b); cs != nil {
		return Step{}, &ConflictError{Conflicts: cs}
	}
	if b.Empty() == 0 {
		return Step{}, ErrNoEmptyCells
	}
	sol, unique, err := solveUnique(ctx, b, lim)
	if err != nil {
		return Step{}, err
	}
	l := getLogic(&b, false)
	defer putLogic(l)
	l.unique = unique
	l.limits = limits{nodes: lim.NodeBudget(), ctx: ctx}
	if opt.Candidates != nil {
		return l.candidateHint(ctx, b, &sol, opt.Candidates, lim)
	}
	snap := logicPool.Get().(*logic)
	defer putLogic(snap)
	var (
		hardest  tech
		elims    []string
		hardDesc string
		cells    []Cell
		steps    []Step
		after    [MaxCells]uint32
	)
	addElim := func(mv *move, before, after *[MaxCells]uint32) {
		steps = append(steps, l.stepOf(mv, before, after))
		d := l.describe(mv)
		elims = append(elims, d)
		if len(elims) == 1 || techs[mv.tech].weight > techs[hardest].weight {
			hardest, hardDesc = mv.tech, d
		}
		for i := 0; i < mv.ncells; i++ {
			cells = appendCell(cells, l.n, int(mv.cells[i]))
		}
	}
	placed := func(mv *move) (Step, error) {
		ps := l.stepOf(mv, nil, nil)
		if int(sol.cells[mv.cell]) != mv.value {
			// Logic is sound, so this is a bug; never hand it to a player.
			return Step{}, fmt.Errorf("engine: hint %s=%d disagrees with the solution", CellName(ps.Row, ps.Col), ps.Value)
		}
		st := ps
		if len(elims) > 0 {
			st.Technique = techs[hardest].name
			st.Explanation = elimIntro(elims, hardDesc) + ps.Explanation
			st.Cells = append(removeCell(cells, Cell{st.Row, st.Col}), Cell{st.Row, st.Col})
			st.Pattern = nil
		}
		st.Steps = append(steps, ps)
		return st, nil
	}
	budget := hintTrials
	if l.n > 9 {
		budget = hintTrials / 4
	}
	for l.empty > 0 && !l.bad {
		if err := ctx.Err(); err != nil {
			return Step{}, fmt.Errorf("%w: %v", ErrSearchLimit, err)
		}
		*snap = *l
		_, ok := l.step()
		if !ok || l.bad {
			break
		}
		if l.mv.cell >= 0 {
			return placed(&l.mv)
		}
		// Singles are stalled in snap: prefer one elimination that leads
		// straight to a placement over the first elimination found, by a
		// technique no harder than that one.
		if e, p, ok := snap.tryOne(ctx, &budget, &after, l.mv.tech); ok {
			addElim(&e, &snap.cand, &after)
			return placed(&p)
		}
		addElim(&l.mv, &snap.cand, &l.cand)
	}
	if l.bad {
		return Step{}, ErrUnsolvable // cannot happen: b has a solution
	}
	st, err := l.reveal(ctx, b, lim)
	if err != nil {
		return Step{}, err
	}
	st.Steps = append(steps, st)
	return st, nil
}

// solveUnique finds a solution of b and reports whether it is the only
// one. When proving that exceeds the budget while one solution is found
// within it, the board is taken as not known to be unique.
func solveUnique(ctx context.Context, b Board, lim Limits) (Board, bool, error) {
	var sol Board
	n, _, err := countFirst(ctx, b, 2, lim, &sol)
	if err != nil && errors.Is(err, ErrSearchLimit) && ctx.Err() == nil {
		n, _, err = countFirst(ctx, b, 1, lim, &sol)
		if n > 1 {
			n = 1
		}
		if err == nil && n == 1 {
			return sol, false, nil
		}
	}
	if err != nil {
		return Board{}, false, err
	}
	if n == 0 {
		return Board{}, false, ErrUnsolvable
	}
	return sol, n == 1, nil
}

// candidateHint answers the next single step on the player's candidates:
// a candidate list that lacks the solution's value first, as a mistake.
func (l *logic) candidateHint(ctx context.Context, b Board, sol *Board, cands []uint32, lim Limits) (Step, error) {
	n := l.n
	for c := 0; c < l.t.cells; c++ {
		if l.val[c] != 0 {
			continue
		}
		v := int(sol.cells[c])
		if cands[c]&(1<<(v-1)) == 0 {
			row, col := c/n, c%n
			return Step{Kind: StepMistake, Row: row, Col: col, Value: v, Cells: []Cell{{row, col}},
				Explanation: fmt.Sprintf("the candidates of %s lack %s, which the solution holds there", CellName(row, col), sym(v))}, nil
		}
	}
	for c := 0; c < l.t.cells; c++ {
		l.cand[c] &= cands[c]
	}
	before := l.cand
	if _, ok := l.step(); ok && !l.bad {
		if l.mv.cell >= 0 && int(sol.cells[l.mv.cell]) != l.mv.value {
			return Step{}, fmt.Errorf("engine: hint %s=%d disagrees with the solution", CellName(l.mv.cell/n, l.mv.cell%n), l.mv.value)
		}
		st := l.stepOf(&l.mv, &before, &l.cand)
		st.Steps = []Step{st}
		return st, nil
	}
	if l.bad {
		return Step{}, ErrUnsolvable // cannot happen: the candidates hold the solution
	}
	st, err := l.reveal(ctx, b, lim)
	if err != nil {
		return Step{}, err
	}
	st.Steps = []Step{st}
	return st, nil
}

// reveal answers, where logic stalls, the most constrained empty cell
// from the (smallest) solution.
func (l *logic) reveal(ctx context.Context, b Board, lim Limits) (Step, error) {
	res, err := Solve(ctx, b, lim)
	if err != nil {
		return Step{}, err
	}
	return l.revealFrom(&res.Solution), nil
}

// revealFrom answers the most constrained empty cell from sol.
func (l *logic) revealFrom(sol *Board) Step {
	c := l.mostConstrained()
	v := int(sol.cells[c])
	row, col := c/l.n, c%l.n
	st := Step{Kind: StepPlacement, Row: row, Col: col, Value: v, Technique: "solution",
		Cells: []Cell{{row, col}}}
	k := popcount(l.cand[c])
	if l.exhausted {
		// A board with one solution: logic gave up for the budget.
		st.Technique = techs[tBudgetExhausted].name
		st.Explanation = fmt.Sprintf("%s holds %s in the solution: the request's budget ran out before logic found the next step (with %d candidates it is the most constrained cell)",
			CellName(row, col), sym(v), k)
		return st
	}
	st.Explanation = fmt.Sprintf("%s holds %s in the solution: no technique this engine knows makes progress, and with %d candidates it is the most constrained cell",
		CellName(row, col), sym(v), k)
	return st
}

// Explain returns the logical path of b to its solution: every step the
// logical solver of Grade takes, one at a time (a placement or an
// elimination), in order, as a player would take them. Uniqueness
// techniques are used when b has one solution. Where logic stalls, the
// most constrained empty cell is revealed from the (lexicographically
// smallest) solution (technique "solution") and logic resumes.
//
// Errors: as Grade's; ErrNoEmptyCells is not one (a full grid has an
// empty path). Cost: Grade's, plus a search for two solutions and the
// steps' records.
func Explain(ctx context.Context, b Board, lim Limits) ([]Step, error) {
	if !b.shape.valid() {
		return nil, boardError("invalid board shape " + b.shape.Box())
	}
	if err := b.outOfRange(); err != nil {
		return nil, err
	}
	if cs := Conflicts(b); cs != nil {
		return nil, &ConflictError{Conflicts: cs}
	}
	if b.Empty() == 0 {
		return nil, nil
	}
	sol, unique, err := solveUnique(ctx, b, lim)
	if err != nil {
		return nil, err
	}
	if !unique {
		res, err := Solve(ctx, b, lim)
		if err != nil {
			return nil, err
		}
		sol = res.Solution
	}
	l := getLogic(&b, false)
	defer putLogic(l)
	l.unique = unique
	l.limits = limits{nodes: lim.NodeBudget(), ctx: ctx}
	var (
		steps  []Step
		before [MaxCells]uint32
	)
	cells := l.t.cells
	for l.empty > 0 && !l.bad {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrSearchLimit, err)
		}
		copy(before[:cells], l.cand[:cells])
		if _, ok := l.step(); ok {
			if !l.bad {
				steps = append(steps, l.stepOf(&l.mv, &before, &l.cand))
			}
			continue
		}
		if l.bad {
			break
		}
		st := l.revealFrom(&sol)
		steps = append(steps, st)
		l.place(st.Row*l.n+st.Col, st.Value)
	}
	if l.bad {
		return nil, ErrUnsolvable // cannot happen: b has a solution
	}
	return steps, nil
}

// stepOf exports the move mv: a placement, or an elimination whose
// candidates went from before to after.
func (l *logic) stepOf(mv *move, before, after *[MaxCells]uint32) Step {
	n := l.n
	st := Step{Technique: techs[mv.tech].name}
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
	if p.nlinks > 0 || p.nfins > 0 || p.nsets > 0 {
		pt := &Pattern{}
		for i := 0; i < int(p.nlinks); i++ {
			lk := &p.links[i]
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

// nudge turns a hint into a nudge: the technique and units of its first
// step, without the answer. For a naked single the region is the cell's
// box; for a mistake, the box of the wrong cell.
func nudge(st Step, s Shape) Step {
	first := st
	if len(st.Steps) > 0 {
		first = st.Steps[0]
	}
	units := first.Units
	if first.Technique == techs[tNakedSingle].name && len(units) > 0 {
		units = units[len(units)-1:]
	}
	out := Step{Kind: StepNudge, Technique: first.Technique, Units: units}
	var where []string
	for _, u := range units {
		where = append(where, u.String())
	}
	switch {
	case st.Kind == StepMistake:
		t := topologyOf(s)
		box := Unit{"box", int(t.cellUnits[st.Row*s.Size+st.Col][2]) - 2*s.Size}
		out.Technique, out.Units = "", []Unit{box}
		out.Explanation = "Something in " + box.String() + " is wrong: an entry or a candidate list"
	case first.Technique == "solution":
		out.Explanation = "No technique this engine knows makes progress here: try a cell with few candidates"
	case len(where) == 0:
		out.Explanation = "Look for " + article(techTitle(first.Technique))
	default:
		out.Explanation = "Look at " + joinAnd(where) + " for " + article(techTitle(first.Technique))
	}
	return out
}

// techTitle returns how a player calls the technique named name.
func techTitle(name string) string {
	for i := range techs {
		if techs[i].name == name {
			return techs[i].title
		}
	}
	return name
}

// article prefixes a or an.
func article(s string) string {
	if s != "" && strings.ContainsRune("aeioAEIOX", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// hintTrials bounds the technique instances Hint tries in search of one
// elimination that leads straight to a placement (per call, and per
// technique at each stall); larger boards get a smaller share.
const (
	hintTrials     = 600
	hintTrialsTech = 40
)

// tryOne looks, in a state where singles are stalled, for the cheapest
// instance of a technique (up to upTo in stepTable's order) after which a
// single follows, and returns that elimination and the placement. budget
// bounds the instances tried. after receives the candidates after the
// elimination. It relies on every technique calling l.accept for each
// instance it finds, so that trial.skip passes over the first ones.
func (l *logic) tryOne(ctx context.Context, budget *int, after *[MaxCells]uint32, upTo tech) (elim, place move, ok bool) {
	trial := logicPool.Get().(*logic)
	defer putLogic(trial)
	for i, et := range stepTable {
		if i > 0 && stepTable[i-1].tc == upTo {
			break
		}
		if isSingle(et.tc) || !l.unique && isUniqueness(et.tc) {
			continue
		}
		for k := 0; *budget > 0 && k < hintTrialsTech && ctx.Err() == nil; k++ {
			*budget--
			*trial = *l
			trial.batch = false
			trial.skip = k
			if !et.run(trial) {
				break // fewer than k+1 instances
			}
			trial.skip = 0
			if trial.bad {
				continue
			}
			elim = trial.mv
			copy(after[:l.t.cells], trial.cand[:l.t.cells])
			if (trial.fullHouse() || trial.nakedSingle() || trial.hiddenSingle()) && !trial.bad && trial.mv.cell >= 0 {
				return elim, trial.mv, true
			}
		}
	}
	return move{}, move{}, false
}

// mistake reports the first wrong entry of b against givens.
func mistake(ctx context.Context, b, g Board, lim Limits) (Step, bool, error) {
	if g.shape != b.shape {
		return Step{}, false, boardError(fmt.Sprintf("givens are a %dx%d board with %s boxes, the puzzle a %dx%d board with %s boxes",
			g.shape.Size, g.shape.Size, g.shape.Box(), b.shape.Size, b.shape.Size, b.shape.Box()))
	}
	if err := g.outOfRange(); err != nil {
		return Step{}, false, err
	}
	n := b.shape.Size
	for i := 0; i < b.shape.Cells(); i++ {
		if gv, bv := g.cells[i], b.cells[i]; gv != 0 && bv != gv {
			st := Step{Kind: StepMistake, Row: i / n, Col: i % n, Value: int(bv), Cells: []Cell{{i / n, i % n}}}
			if bv == 0 {
				st.Explanation = fmt.Sprintf("%s held the given %s, which was erased", CellName(i/n, i%n), sym(int(gv)))
			} else {
				st.Explanation = fmt.Sprintf("%s holds %s but the puzzle gives %s there", CellName(i/n, i%n), sym(int(bv)), sym(int(gv)))
			}
			return st, true, nil
		}
	}
	var sol Board
	if n, _, err := countFirst(ctx, g, 2, lim, &sol); err != nil {
		return Step{}, false, err
	} else if n == 0 {
		return Step{}, false, ErrUnsolvable
	} else if n > 1 {
		if n, _, err := countFirst(ctx, b, 1, lim, nil); err == nil && n > 0 {
			return Step{}, false, nil
		} else if err != nil && !isUnsolvable(err) {
			return Step{}, false, err
		}
		res, err := Solve(ctx, g, lim)
		if err != nil {
			return Step{}, false, err
		}
		sol = res.Solution
	}
	for i := 0; i < b.shape.Cells(); i++ {
		if bv := b.cells[i]; bv != 0 && g.cells[i] == 0 && bv != sol.cells[i] {
			st := Step{Kind: StepMistake, Row: i / n, Col: i % n, Value: int(bv), Cells: []Cell{{i / n, i % n}}}
			st.Explanation = fmt.Sprintf("%s holds %s, which does not lead to the solution; erase it", CellName(i/n, i%n), sym(int(bv)))
			return st, true, nil
		}
	}
	return Step{}, false, nil
}

func isUnsolvable(err error) bool {
	return errors.Is(err, ErrUnsolvable) || errors.Is(err, ErrConflict)
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

func elimIntro(elims []string, hard string) string {
	if len(elims) <= 3 {
		return strings.Join(elims, "; ") + "; now "
	}
	return fmt.Sprintf("%s (the hardest of %d eliminations); now ", hard, len(elims))
}

// unitName returns a unit's players' name: "row 3", "column 5", "box 2".
func (l *logic) unitName(u int) string {
	n := l.n
	switch {
	case u < n:
		return "row " + strconv.Itoa(u+1)
	case u < 2*n:
		return "column " + strconv.Itoa(u-n+1)
	}
	return "box " + strconv.Itoa(u-2*n+1)
}

// sym returns value v (1..MaxSize) as the board writes it: "7", or "C"
// for 12 on a 16×16. Every explanation writes values with it.
func sym(v int) string { return symbols[v : v+1] }

// values lists the values of a mask in the board's symbols: "3", "3 and
// 7", "3, 5 and C".
func values(m uint32) string {
	var parts []string
	for ; m != 0; m &= m - 1 {
		parts = append(parts, sym(bits.TrailingZeros32(m)+1))
	}
	return joinAnd(parts)
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func (l *logic) cellList(cs []int16) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = CellName(int(c)/l.n, int(c)%l.n)
	}
	return strings.Join(parts, ", ")
}

// lineList names the lines of mask m: "rows 2 and 5".
func lineList(kind string, m uint32) string {
	var parts []string
	for ; m != 0; m &= m - 1 {
		parts = append(parts, strconv.Itoa(bits.TrailingZeros32(m)+1))
	}
	return kind + "s " + joinAnd(parts)
}

// placement explains a placement move.
func (l *logic) placement(mv *move) string {
	cell := CellName(mv.cell/l.n, mv.cell%l.n)
	switch mv.tech {
	case tFullHouse:
		return fmt.Sprintf("%s is the last empty cell in %s, so it holds %s", cell, l.unitName(mv.unit), sym(mv.value))
	case tNakedSingle:
		return fmt.Sprintf("%s is the only value left for %s", sym(mv.value), cell)
	case tHiddenSingle:
		return fmt.Sprintf("%s is the only cell in %s that can hold %s", cell, l.unitName(mv.unit), sym(mv.value))
	}
	return fmt.Sprintf("%s holds %s", cell, sym(mv.value))
}

// describe explains an elimination move as a clause.
func (l *logic) describe(mv *move) string {
	pattern := l.cellList(mv.cells[:mv.ncells])
	gone := fmt.Sprintf("removes %s from %s", values(mv.removed), l.cellList(mv.elims[:mv.nelims]))
	if mv.total > mv.nelims {
		gone += " and more"
	}
	title := techs[mv.tech].title
	switch mv.tech {
	case tRemotePair, tXYChain, tAIC, tNiceLoop:
		return l.describeChain(mv, gone)
	case tUniqueRectangle1, tUniqueRectangle2, tUniqueRectangle3, tUniqueRectangle4, tHiddenUniqueRectangle, tBUGPlus1:
		return l.describeUnique(mv, gone)
	case tPointing:
		return fmt.Sprintf("the %ss of %s lie only in %s (%s, pointing), which %s", values(mv.digits), l.unitName(mv.unit), l.unitName(mv.unit2), pattern, gone)
	case tClaiming:
		return fmt.Sprintf("the %ss of %s lie only in %s (%s, claiming), which %s", values(mv.digits), l.unitName(mv.unit), l.unitName(mv.unit2), pattern, gone)
	case tNakedPair, tNakedTriple, tNakedQuad:
		return fmt.Sprintf("%s in %s can hold only %s (a %s), which %s", pattern, l.unitName(mv.unit), values(mv.digits), title, gone)
	case tHiddenPair, tHiddenTriple, tHiddenQuad:
		return fmt.Sprintf("%s fit only %s in %s (a %s), which %s", values(mv.digits), pattern, l.unitName(mv.unit), title, gone)
	case tXWing, tSwordfish, tJellyfish:
		base, cover := "row", "column"
		if mv.colBase {
			base, cover = cover, base
		}
		article := "a"
		if mv.tech == tXWing {
			article = "an"
		}
		return fmt.Sprintf("the %ss of %s lie only in %s (%s, %s %s), which %s", values(mv.digits), lineList(base, mv.lines), lineList(cover, mv.cover), pattern, article, title, gone)
	case tXYWing:
		return fmt.Sprintf("an XY-Wing with pivot %s and pincers %s %s", l.cellList(mv.cells[:1]), l.cellList(mv.cells[1:mv.ncells]), gone)
	case tXYZWing:
		return fmt.Sprintf("an XYZ-Wing with pivot %s and pincers %s %s", l.cellList(mv.cells[:1]), l.cellList(mv.cells[1:mv.ncells]), gone)
	case tXChain:
		return fmt.Sprintf("an X-Chain of %ss (%s): one of its ends holds %s, which %s", values(mv.digits), pattern, values(mv.digits), gone)
	case tCellForcingChain, tUnitForcingChain, tDigitForcingChain, tForcingNet:
		return l.describeForcing(mv)
	case tSkyscraper, tTwoStringKite, tTurbotFish, tEmptyRectangle:
		return l.describeSingleDigit(mv, gone)
	case tFinnedXWing, tFinnedSwordfish, tFinnedJellyfish:
		return l.describeFinnedFish(mv, gone)
	case tWWing, tWXYZWing:
		return l.describeWing(mv, gone)
	case tALSXZ, tALSXYWing:
		return l.describeALS(mv, gone)
	case tSimpleColoring:
		return fmt.Sprintf("simple coloring of the conjugate pairs of %s (%s) %s", values(mv.digits), pattern, gone)
	}
	return fmt.Sprintf("a %s (%s) %s", title, pattern, gone)
}
