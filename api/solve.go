package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/sudokud/sudokud/engine"
)

type solveRequest struct {
	boardFields
}

type solveStats struct {
	Nodes      int64 `json:"nodes"`
	Guesses    int64 `json:"guesses"`
	DurationUS int64 `json:"duration_us"`
}

type solveResponse struct {
	Solution any        `json:"solution"`
	Unique   bool       `json:"unique"`
	Stats    solveStats `json:"stats"`
}

// handleSolve solves a puzzle: the unique solution, or the
// lexicographically smallest of several.
func handleSolve(d *deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req solveRequest
		if err := d.decodeValid(r, &req); err != nil {
			writeProblem(w, r, err)
			return
		}
		b, err := req.board()
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		release, err := d.acquireHeavy(r)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		defer release()
		res, elapsed, err := d.solve(r.Context(), b)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		encode(w, r, http.StatusOK, solveResponse{
			Solution: boardOut(res.Solution, req.asGrid()),
			Unique:   res.Unique,
			Stats:    solveStats{Nodes: res.Stats.Nodes, Guesses: res.Stats.Guesses, DurationUS: elapsed.Microseconds()},
		})
	})
}

// solve runs engine.Solve within the request's time and node budget and
// records its duration.
func (d *deps) solve(ctx context.Context, b engine.Board) (engine.Result, time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, d.cfg.SolveTimeout)
	defer cancel()
	start := time.Now()
	res, err := engine.Solve(ctx, b, d.cfg.limits())
	elapsed := time.Since(start)
	s := b.Shape()
	d.metrics.solveDuration.WithLabelValues(strconv.Itoa(s.Size), s.Box()).Observe(elapsed.Seconds())
	return res, elapsed, d.outOfBudget(ctx, err)
}

// outOfBudget turns engine.ErrSearchLimit from a search run under ctx (the
// request's context within SolveTimeout) into the search_limit problem
// saying which of the server's budgets ran out; other errors pass through.
func (d *deps) outOfBudget(ctx context.Context, err error) error {
	if !errors.Is(err, engine.ErrSearchLimit) {
		return err
	}
	budget := fmt.Sprintf("budget of %d search nodes", d.cfg.limits().NodeBudget())
	if ctx.Err() != nil {
		budget = fmt.Sprintf("time budget of %v", d.cfg.SolveTimeout)
	}
	return newProblem(http.StatusUnprocessableEntity, codeSearchLimit,
		"no answer within this server's "+budget+" per search (the board may still have a solution)")
}

// decodeValid decodes the request body into v and validates it.
func (d *deps) decodeValid(r *http.Request, v any) error {
	if err := decode(r, v); err != nil {
		return err
	}
	if err := d.validate.Struct(v); err != nil {
		return validationProblem(err)
	}
	return nil
}

// acquireHeavy takes a slot of the heavy-request limiter, or returns the
// 503 overloaded problem. Handlers call it after decoding, so a bad request
// never waits for or holds a slot.
func (d *deps) acquireHeavy(r *http.Request) (func(), error) {
	release, p := d.heavy.acquire(r.Context())
	if p != nil {
		d.metrics.shed.WithLabelValues(routePattern(r)).Inc()
		return nil, p
	}
	return release, nil
}
