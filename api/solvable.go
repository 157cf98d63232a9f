package api

import (
	"context"
	"net/http"

	"github.com/sudokud/sudokud/engine"
)

// solvable reports whether b has a solution: a heavy request, run under the
// limiter and the search budget. A board that breaks a rule has none.
func solvable(d *deps, r *http.Request, b engine.Board, res checkResult) (bool, error) {
	if !engine.Valid(&b) {
		return false, nil
	}
	if res.valid && res.complete {
		return true, nil
	}
	release, err := d.acquireHeavy(r)
	if err != nil {
		return false, err
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), d.cfg.SolveTimeout)
	defer cancel()
	n, _, err := engine.CountSolutions(ctx, b, 1, d.cfg.limits())
	if err != nil {
		return false, d.outOfBudget(ctx, err)
	}
	return n > 0, nil
}
