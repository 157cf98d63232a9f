package api

import (
	"context"
	"net/http"

	"github.com/sudokud/sudokud/engine"
)

type hintRequest struct {
	boardFields
	Givens *boardValue `json:"givens,omitempty"`
	// Candidates: per cell (row-major) the player's candidates in the
	// board's symbols, "" for a filled cell.
	Candidates []string `json:"candidates,omitempty" validate:"omitempty,max=625,dive,max=25"`
	Nudge      bool     `json:"nudge,omitempty"`
}

type cellJSON struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

type unitJSON struct {
	Kind  string `json:"kind"`
	Index int    `json:"index"`
}

type eliminationJSON struct {
	Row    int   `json:"row"`
	Col    int   `json:"col"`
	Values []int `json:"values"`
}

type nodeJSON struct {
	Cells []cellJSON `json:"cells"`
	Value int        `json:"value"`
	State string     `json:"state,omitempty"`
}

type linkJSON struct {
	From   nodeJSON `json:"from"`
	To     nodeJSON `json:"to"`
	Strong bool     `json:"strong"`
}

type patternJSON struct {
	Links []linkJSON   `json:"links,omitempty"`
	Fins  []cellJSON   `json:"fins,omitempty"`
	Sets  [][]cellJSON `json:"sets,omitempty"`
}

// stepJSON is one step; row, col and value are set for a placement and a
// mistake only.
type stepJSON struct {
	Kind         string            `json:"kind"`
	Row          *int              `json:"row,omitempty"`
	Col          *int              `json:"col,omitempty"`
	Value        *int              `json:"value,omitempty"`
	Technique    string            `json:"technique,omitempty"`
	Title        string            `json:"title,omitempty"`
	SE           float64           `json:"se,omitempty"`
	Explanation  string            `json:"explanation"`
	Cells        []cellJSON        `json:"cells,omitempty"`
	Units        []unitJSON        `json:"units,omitempty"`
	Eliminations []eliminationJSON `json:"eliminations,omitempty"`
	Pattern      *patternJSON      `json:"pattern,omitempty"`
}

type hintResponse struct {
	stepJSON
	Steps []stepJSON `json:"steps,omitempty"`
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
		opt := engine.HintOptions{Nudge: req.Nudge}
		if req.Givens != nil {
			g, err := givensBoard(req.Givens, b.Shape())
			if err == nil {
				// The original puzzle is under the same rules.
				g, err = g.WithRules(b.Rules())
			}
			if err != nil {
				writeProblem(w, r, err)
				return
			}
			opt.Givens = &g
		}
		if req.Candidates != nil {
			if opt.Candidates, err = engine.ParseCandidates(req.Candidates, b); err != nil {
				writeProblem(w, r, err)
				return
			}
		}
		release, err := d.acquireHeavy(r)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		defer release()
		ctx, cancel := context.WithTimeout(r.Context(), d.cfg.SolveTimeout)
		defer cancel()
		step, err := engine.Hint(ctx, b, opt, d.cfg.limits())
		if err != nil {
			writeProblem(w, r, d.outOfBudget(ctx, err))
			return
		}
		resp := hintResponse{stepJSON: stepOut(step)}
		for _, s := range step.Steps {
			resp.Steps = append(resp.Steps, stepOut(s))
		}
		encode(w, r, http.StatusOK, resp)
	})
}

// techTitles maps each technique's API name to how players call it.
var techTitles = func() map[string]string {
	m := map[string]string{}
	for _, t := range engine.Techniques() {
		m[t.Name] = t.Title
	}
	for _, t := range engine.VariantTechniques() {
		if _, ok := m[t.Name]; !ok {
			m[t.Name] = t.Title // cage_combination, innies_outies, …
		}
	}
	return m
}()

// stepOut is the answer's form of a step.
func stepOut(s engine.Step) stepJSON {
	out := stepJSON{
		Kind:        s.Kind,
		Technique:   s.Technique,
		Title:       techTitles[s.Technique],
		SE:          s.SE,
		Explanation: s.Explanation,
		Cells:       cellsOut(s.Cells),
	}
	if s.Kind == engine.StepPlacement || s.Kind == engine.StepMistake {
		out.Row, out.Col, out.Value = &s.Row, &s.Col, &s.Value
	}
	if s.Kind == engine.StepMistake {
		out.Technique, out.Title = "", ""
	}
	for _, u := range s.Units {
		out.Units = append(out.Units, unitJSON{Kind: u.Kind, Index: u.Index})
	}
	for _, e := range s.Eliminations {
		out.Eliminations = append(out.Eliminations, eliminationJSON{Row: e.Row, Col: e.Col, Values: e.Values})
	}
	if p := s.Pattern; p != nil {
		pj := &patternJSON{Fins: cellsOut(p.Fins)}
		for _, lk := range p.Links {
			pj.Links = append(pj.Links, linkJSON{
				From:   nodeJSON{Cells: cellsOut(lk.From.Cells), Value: lk.From.Value, State: lk.From.State},
				To:     nodeJSON{Cells: cellsOut(lk.To.Cells), Value: lk.To.Value, State: lk.To.State},
				Strong: lk.Strong,
			})
		}
		for _, set := range p.Sets {
			pj.Sets = append(pj.Sets, cellsOut(set))
		}
		out.Pattern = pj
	}
	return out
}

func cellsOut(cs []engine.Cell) []cellJSON {
	var out []cellJSON
	for _, c := range cs {
		out = append(out, cellJSON{Row: c.Row, Col: c.Col})
	}
	return out
}
