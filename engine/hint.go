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
	StepPlacement = "placement" // a value for an empty cell
	StepMistake   = "mistake"   // a player's entry that is wrong
)

// Step is one hint: a placement, or a mistake to erase.
type Step struct {
	Kind string // StepPlacement or StepMistake
	// Row, Col (0-based) and Value: the cell and the value to place, or for
	// a mistake the cell and the wrong value it holds (0 when the player
	// erased a given).
	Row, Col, Value int
	// Technique names the technique that justifies a placement (the
	// hardest elimination technique when eliminations lead to it), or
	// "solution" when the value is revealed from the solution. Empty for a
	// mistake.
	Technique string
	// Explanation is one sentence in players' notation (r3c5, row 3,
	// column 5, box 2; all 1-based, boxes numbered row by row).
	Explanation string
	// Cells are the cells involved: the pattern of the eliminations, if
	// any, then the cell placed.
	Cells []Cell
}

// Hint returns the simplest next step for the board b.
//
// With givens (the original puzzle, same shape) the player's mistakes come
// first: a given the player changed or erased, then the first entry (row by
// row) that differs from the solution of the givens. When the givens have
// several solutions, an entry is a mistake only when b as a whole has no
// solution; it is then compared with the lexicographically smallest
// solution of the givens.
//
// Otherwise Hint runs the techniques of Grade from the cheapest: the first
// single (full house, naked or hidden single) is the hint. When singles
// stall, it looks for one elimination (a pointing pair, an X-Wing, …; the
// cheapest technique first) after which a single follows, and explains
// both; failing that, it applies the cheapest elimination and looks again.
// With several eliminations the hint's technique is the hardest of them. Only when logic stalls is the
// most constrained empty cell revealed from the solution (technique
// "solution"; the lexicographically smallest solution when there are
// several). Logic steps are sound on any board, so every hint agrees with
// every solution.
//
// Errors: ErrInvalidBoard when givens has another shape or b or givens
// holds a value above N, ErrConflict (a
// *ConflictError) when b or the givens break a rule, ErrNoEmptyCells for a
// full grid, ErrUnsolvable when b has no solution, ErrSearchLimit when the
// search exceeds lim or ctx is done. Cost: a search for one solution (with
// givens, for two solutions of the givens) plus the logical steps up to the
// first placement; a Solve, for the smallest solution, only where a
// "solution" hint is revealed or givens with several solutions meet a
// mistake.
func Hint(ctx context.Context, b Board, givens *Board, lim Limits) (Step, error) {
	if !b.shape.valid() {
		return Step{}, boardError("invalid board shape " + b.shape.Box())
	}
	if err := b.outOfRange(); err != nil {
		return Step{}, err
	}
	if givens != nil {
		st, found, err := mistake(ctx, b, *givens, lim)
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
	// Any solution checks the logic's placements, since every solution
	// agrees with them; only the fallback below needs the smallest one.
	var sol Board
	if n, _, err := countFirst(ctx, b, 1, lim, &sol); err != nil {
		return Step{}, err
	} else if n == 0 {
		return Step{}, ErrUnsolvable
	}
	l := getLogic(&b, false)
	defer putLogic(l)
	snap := logicPool.Get().(*logic)
	defer putLogic(snap)
	var (
		hardest  tech
		elims    []string
		hardDesc string
		cells    []Cell
	)
	addElim := func(mv *move) {
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
		st := Step{Kind: StepPlacement, Row: mv.cell / l.n, Col: mv.cell % l.n, Value: mv.value,
			Technique: techs[mv.tech].name}
		if int(sol.cells[mv.cell]) != mv.value {
			// Logic is sound, so this is a bug; never hand it to a player.
			return Step{}, fmt.Errorf("engine: hint %s=%d disagrees with the solution", CellName(st.Row, st.Col), st.Value)
		}
		sentence := l.placement(mv)
		if len(elims) > 0 {
			st.Technique = techs[hardest].name
			sentence = elimIntro(elims, hardDesc) + sentence
		}
		st.Explanation = sentence
		st.Cells = append(removeCell(cells, Cell{st.Row, st.Col}), Cell{st.Row, st.Col})
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
		// straight to a placement over the first elimination found.
		if e, p, ok := snap.tryOne(ctx, &budget); ok {
			addElim(&e)
			return placed(&p)
		}
		addElim(&l.mv)
	}
	if l.bad {
		return Step{}, ErrUnsolvable // cannot happen: b has a solution
	}
	res, err := Solve(ctx, b, lim)
	if err != nil {
		return Step{}, err
	}
	c := l.mostConstrained()
	v := int(res.Solution.cells[c])
	row, col := c/l.n, c%l.n
	st := Step{Kind: StepPlacement, Row: row, Col: col, Value: v, Technique: "solution",
		Cells: []Cell{{row, col}}}
	k := popcount(l.cand[c])
	st.Explanation = fmt.Sprintf("%s holds %s in the solution: no technique this engine knows makes progress, and with %d candidates it is the most constrained cell",
		CellName(row, col), sym(v), k)
	return st, nil
}

// hintTrials bounds the technique instances Hint tries in search of one
// elimination that leads straight to a placement (per call, and per
// technique at each stall); larger boards get a smaller share.
const (
	hintTrials     = 600
	hintTrialsTech = 40
)

// tryOne looks, in a state where singles are stalled, for the cheapest
// instance of a technique after which a single follows, and returns that
// elimination and the placement. budget bounds the instances tried.
func (l *logic) tryOne(ctx context.Context, budget *int) (elim, place move, ok bool) {
	trial := logicPool.Get().(*logic)
	defer putLogic(trial)
	for _, et := range stepTable {
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
	case tSimpleColoring:
		return fmt.Sprintf("simple coloring of the conjugate pairs of %s (%s) %s", values(mv.digits), pattern, gone)
	}
	return fmt.Sprintf("a %s (%s) %s", title, pattern, gone)
}
