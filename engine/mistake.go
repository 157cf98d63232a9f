package engine

import (
	"context"
	"errors"
	"fmt"
)

// This file holds mistake, Hint's first check when it has the givens: a
// changed or erased given, or an entry that does not lead to the solution.

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
