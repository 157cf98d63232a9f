package api

import (
	"context"
	"net/http"

	"github.com/sudokud/sudokud/engine"
)

type hintRequest struct {
	boardFields
	Givens *boardValue `json:"givens,omitempty"`
}

type cellJSON struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

type hintResponse struct {
	Kind        string     `json:"kind"`
	Row         int        `json:"row"`
	Col         int        `json:"col"`
	Value       int        `json:"value"`
	Technique   string     `json:"technique,omitempty"`
	Explanation string     `json:"explanation"`
	Cells       []cellJSON `json:"cells,omitempty"`
}

// handleHint answers the simplest next step, or the player's first mistake
// when the original givens come along.
func handleHint(d *deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req hintRequest
		if err := d.decodeValid(r, &req); err != nil {
			writeProblem(w, r, err)
			return
		}
		b, err := req.board()
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		var givens *engine.Board
		if req.Givens != nil {
			g, err := givensBoard(req.Givens, b.Shape())
			if err != nil {
				writeProblem(w, r, err)
				return
			}
			givens = &g
		}
		release, err := d.acquireHeavy(r)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		defer release()
		ctx, cancel := context.WithTimeout(r.Context(), d.cfg.SolveTimeout)
		defer cancel()
		step, err := engine.Hint(ctx, b, givens, d.cfg.limits())
		if err != nil {
			writeProblem(w, r, d.outOfBudget(ctx, err))
			return
		}
		resp := hintResponse{
			Kind:        step.Kind,
			Row:         step.Row,
			Col:         step.Col,
			Value:       step.Value,
			Technique:   step.Technique,
			Explanation: step.Explanation,
		}
		if step.Kind != engine.StepMistake {
			for _, c := range step.Cells {
				resp.Cells = append(resp.Cells, cellJSON{Row: c.Row, Col: c.Col})
			}
		} else {
			resp.Technique = ""
		}
		encode(w, r, http.StatusOK, resp)
	})
}
