package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

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
// elimination and looks again. On 9×9, past the chains and ALS it takes
// Sudoku Explainer's chaining steps as Grade rates them (forcing chains,
// aligned triplets, Nishio, multiple, dynamic and dynamic (+) forcing
// chains, nested ones as forcing nets; tech_sechain.go), on a bare board
// the easiest after which a single follows; their pattern is the chains
// as implications between candidates on and off. The answer is the placement, its Steps the
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
		g := *opt.Givens
		if g.rules == nil {
			g.rules = b.rules // the givens are under the board's rules
		}
		st, found, err := mistake(ctx, b, g, lim)
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
	if b.rules != nil {
		if !unique {
			res, err := Solve(ctx, b, lim)
			if err != nil {
				return Step{}, err
			}
			sol = res.Solution
		}
		return hintVariant(ctx, b, opt, &sol, unique, lim)
	}
	l := getLogic(&b, false)
	defer putLogic(l)
	l.unique, l.seChains, l.preferSingle = unique, true, opt.Candidates == nil
	l.limits = limits{nodes: lim.NodeBudget(), ctx: ctx}
	if opt.Candidates != nil {
		return l.candidateHint(ctx, b, &sol, opt.Candidates, lim)
	}
	snap := logicPool.Get().(*logic)
	defer putLogic(snap)
	var (
		hardest  tech
		hardSE   float64
		elims    []string
		hardDesc string
		cells    []Cell
		steps    []Step
		after    [MaxCells]uint32
	)
	addElim := func(mv *move, before, after *[MaxCells]uint32) {
		st := l.stepOf(mv, before, after)
		steps = append(steps, st)
		d := l.describe(mv)
		elims = append(elims, d)
		if len(elims) == 1 || techs[mv.tech].weight > techs[hardest].weight ||
			mv.tech == hardest && st.SE > hardSE {
			hardest, hardDesc, hardSE = mv.tech, d, st.SE
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
			st.Technique, st.SE = techs[hardest].name, hardSE
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
		// technique no harder than that one. (Explainer's chaining steps
		// come after every other technique failed in snap: nothing to
		// try.)
		if l.mv.pattern.sechain.rule != 0 {
			addElim(&l.mv, &snap.cand, &l.cand)
			continue
		}
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
	if t := vtechOf(name); t != vtSearch {
		return vtechs[t].title
	}
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
		if l.seChains && l.n == 9 && techs[et.tc].flags&fForcing != 0 {
			break // chainTable has Explainer's chaining rules there
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
