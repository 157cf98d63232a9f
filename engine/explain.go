package engine

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// This file holds Explain and the sentences of its steps and of Hint's:
// placement for a placement and describe for an elimination (the longer
// texts of a family are in its tech_*.go file, such as describeChain), and
// the notation they share: unit and cell names and values in the board's
// symbols.

// Explain returns the logical path of b to its solution: every step the
// logical solver of Grade takes, one at a time (a placement or an
// elimination), in order, as a player would take them. Uniqueness
// techniques are used when b has one solution; on 9×9, past the chains
// and ALS, Sudoku Explainer's chaining steps as Grade rates them (see
// Hint). Where logic stalls, the most constrained empty cell is revealed
// from the (lexicographically smallest) solution (technique "solution")
// and logic resumes.
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
	if b.rules != nil {
		return explainVariant(ctx, b, &sol, unique, lim)
	}
	l := getLogic(&b, false)
	defer putLogic(l)
	l.unique, l.seChains = unique, true
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
	s, _ := l.placementOf(mv)
	return s
}

// placementOf is placement, and whether it knows the technique: for one
// it does not, the sentence names only the cell and the value
// (TestTechniquesExplained checks that it knows every single).
func (l *logic) placementOf(mv *move) (string, bool) {
	cell := CellName(mv.cell/l.n, mv.cell%l.n)
	switch mv.tech {
	case tFullHouse:
		return fmt.Sprintf("%s is the last empty cell in %s, so it holds %s", cell, l.unitName(mv.unit), sym(mv.value)), true
	case tNakedSingle:
		return fmt.Sprintf("%s is the only value left for %s", sym(mv.value), cell), true
	case tHiddenSingle:
		return fmt.Sprintf("%s is the only cell in %s that can hold %s", cell, l.unitName(mv.unit), sym(mv.value)), true
	}
	return fmt.Sprintf("%s holds %s", cell, sym(mv.value)), false
}

// describe explains an elimination move as a clause.
func (l *logic) describe(mv *move) string {
	s, _ := l.describeOf(mv)
	return s
}

// describeOf is describe, and whether it knows the technique: for one it
// does not, the clause names only its title, pattern and eliminations
// (TestTechniquesExplained checks that it knows every elimination
// technique).
func (l *logic) describeOf(mv *move) (string, bool) {
	pattern := l.cellList(mv.cells[:mv.ncells])
	gone := fmt.Sprintf("removes %s from %s", values(mv.removed), l.cellList(mv.elims[:mv.nelims]))
	if mv.total > mv.nelims {
		gone += " and more"
	}
	title := techs[mv.tech].title
	if mv.pattern.sechain.rule != 0 {
		return l.describeSE(mv, gone), true
	}
	switch mv.tech {
	case tRemotePair, tXYChain, tAIC, tNiceLoop:
		return l.describeChain(mv, gone), true
	case tUniqueRectangle1, tUniqueRectangle2, tUniqueRectangle3, tUniqueRectangle4, tHiddenUniqueRectangle, tBUGPlus1:
		return l.describeUnique(mv, gone), true
	case tPointing:
		return fmt.Sprintf("the %ss of %s lie only in %s (%s, pointing), which %s", values(mv.digits), l.unitName(mv.unit), l.unitName(mv.unit2), pattern, gone), true
	case tClaiming:
		return fmt.Sprintf("the %ss of %s lie only in %s (%s, claiming), which %s", values(mv.digits), l.unitName(mv.unit), l.unitName(mv.unit2), pattern, gone), true
	case tNakedPair, tNakedTriple, tNakedQuad:
		return fmt.Sprintf("%s in %s can hold only %s (a %s), which %s", pattern, l.unitName(mv.unit), values(mv.digits), title, gone), true
	case tHiddenPair, tHiddenTriple, tHiddenQuad:
		return fmt.Sprintf("%s fit only %s in %s (a %s), which %s", values(mv.digits), pattern, l.unitName(mv.unit), title, gone), true
	case tXWing, tSwordfish, tJellyfish:
		base, cover := "row", "column"
		if mv.colBase {
			base, cover = cover, base
		}
		article := "a"
		if mv.tech == tXWing {
			article = "an"
		}
		return fmt.Sprintf("the %ss of %s lie only in %s (%s, %s %s), which %s", values(mv.digits), lineList(base, mv.lines), lineList(cover, mv.cover), pattern, article, title, gone), true
	case tXYWing:
		return fmt.Sprintf("an XY-Wing with pivot %s and pincers %s %s", l.cellList(mv.cells[:1]), l.cellList(mv.cells[1:mv.ncells]), gone), true
	case tXYZWing:
		return fmt.Sprintf("an XYZ-Wing with pivot %s and pincers %s %s", l.cellList(mv.cells[:1]), l.cellList(mv.cells[1:mv.ncells]), gone), true
	case tXChain:
		return fmt.Sprintf("an X-Chain of %ss (%s): one of its ends holds %s, which %s", values(mv.digits), pattern, values(mv.digits), gone), true
	case tCellForcingChain, tUnitForcingChain, tDigitForcingChain, tForcingNet:
		return l.describeForcing(mv), true
	case tSkyscraper, tTwoStringKite, tTurbotFish, tEmptyRectangle:
		return l.describeSingleDigit(mv, gone), true
	case tFinnedXWing, tFinnedSwordfish, tFinnedJellyfish:
		return l.describeFinnedFish(mv, gone), true
	case tWWing, tWXYZWing:
		return l.describeWing(mv, gone), true
	case tALSXZ, tALSXYWing:
		return l.describeALS(mv, gone), true
	case tSimpleColoring:
		return fmt.Sprintf("simple coloring of the conjugate pairs of %s (%s) %s", values(mv.digits), pattern, gone), true
	}
	return fmt.Sprintf("a %s (%s) %s", title, pattern, gone), false
}
