package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/sudokud/sudokud/engine"
)

// validateRequest is a single check ({puzzle|grid, givens?, solvable?}) or
// a batch ({items: [...]}).
type validateRequest struct {
	boardFields
	Givens   *boardValue       `json:"givens,omitempty"`
	Solvable *bool             `json:"solvable,omitempty"`
	Items    []json.RawMessage `json:"items,omitempty"`
}

type validateResponse struct {
	Valid     bool       `json:"valid"`
	Complete  bool       `json:"complete"`
	Solved    bool       `json:"solved"`
	Conflicts []conflict `json:"conflicts"`
	Solvable  *bool      `json:"solvable,omitempty"`
}

// summary counts the results of a batch.
type summary struct {
	Total    int `json:"total"`
	Valid    int `json:"valid"`
	Complete int `json:"complete"`
	Solved   int `json:"solved"`
	Errors   int `json:"errors"`
}

func (s *summary) add(o outcome) {
	s.Total++
	switch {
	case o.failed:
		s.Errors++
		return
	case o.valid && o.complete:
		s.Solved++
	}
	if o.valid {
		s.Valid++
	}
	if o.complete {
		s.Complete++
	}
}

func (s *summary) merge(o summary) {
	s.Total += o.Total
	s.Valid += o.Valid
	s.Complete += o.Complete
	s.Solved += o.Solved
	s.Errors += o.Errors
}

// handleValidate checks one board, a JSON batch or an NDJSON stream.
func handleValidate(d *deps) http.Handler {
	checkers := sync.Pool{New: func() any { return &itemChecker{validate: d.validate} }}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch mediaType(r) {
		case mediaNDJSON:
			validateStream(d, &checkers, w, r)
			return
		case mediaJSON:
		default:
			writeProblem(w, errUnsupportedMedia(r, mediaJSON+" or "+mediaNDJSON))
			return
		}
		var req validateRequest
		if err := decode(r, &req); err != nil {
			writeProblem(w, err)
			return
		}
		if req.Items != nil {
			validateBatch(d, &checkers, w, r, &req)
			return
		}
		if err := d.validate.Struct(&req); err != nil {
			writeProblem(w, validationProblem(err))
			return
		}
		resp, err := validateOne(d, r, &req)
		if err != nil {
			writeProblem(w, err)
			return
		}
		encode(w, http.StatusOK, resp)
	})
}

// validateOne answers a single /validate request.
func validateOne(d *deps, r *http.Request, req *validateRequest) (*validateResponse, error) {
	b, err := req.board()
	if err != nil {
		return nil, err
	}
	var givens *engine.Board
	if req.Givens != nil {
		g, err := givensBoard(req.Givens, b.Shape())
		if err != nil {
			return nil, err
		}
		givens = &g
	}
	res := checkBoard(&b, givens)
	resp := &validateResponse{
		Valid:     res.valid,
		Complete:  res.complete,
		Solved:    res.valid && res.complete,
		Conflicts: res.conflicts,
	}
	if resp.Conflicts == nil {
		resp.Conflicts = []conflict{}
	}
	var s summary
	s.add(outcome{valid: res.valid, complete: res.complete})
	d.metrics.countItems(s)
	if req.Solvable != nil && *req.Solvable {
		ok, err := solvable(d, r, b, res)
		if err != nil {
			return nil, err
		}
		resp.Solvable = &ok
	}
	return resp, nil
}

// validateBatch checks the items of a JSON batch on all workers and
// answers with their results in input order.
func validateBatch(d *deps, checkers *sync.Pool, w http.ResponseWriter, r *http.Request, req *validateRequest) {
	if req.Size != nil || req.Box != "" || req.Puzzle != nil || req.Grid != nil || req.Givens != nil || req.Solvable != nil {
		p := newProblem(http.StatusBadRequest, codeInvalidRequest, "a batch holds only items: give size, box, puzzle, grid and givens inside each item")
		p.Errors = []fieldError{{Field: "items", Message: "cannot be combined with other fields"}}
		writeProblem(w, p)
		return
	}
	if n := len(req.Items); n > d.cfg.MaxBatchItems {
		p := newProblem(http.StatusBadRequest, codeInvalidRequest, fmt.Sprintf("items has %d entries, more than the limit of %d; stream them as NDJSON instead", n, d.cfg.MaxBatchItems))
		p.Errors = []fieldError{{Field: "items", Message: "must have at most " + strconv.Itoa(d.cfg.MaxBatchItems) + " items"}}
		writeProblem(w, p)
		return
	}
	const chunk = 64
	items := req.Items
	chunks := (len(items) + chunk - 1) / chunk
	outs := make([][]byte, chunks)
	sums := make([]summary, chunks)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(d.cfg.Workers, chunks) {
		wg.Go(func() {
			c := checkers.Get().(*itemChecker)
			defer checkers.Put(c)
			for {
				k := int(next.Add(1) - 1)
				if k >= chunks || r.Context().Err() != nil {
					return
				}
				var buf []byte
				for i := k * chunk; i < min((k+1)*chunk, len(items)); i++ {
					if i > k*chunk {
						buf = append(buf, ',')
					}
					var o outcome
					buf, o = c.appendItem(buf, items[i])
					sums[k].add(o)
				}
				outs[k] = buf
			}
		})
	}
	wg.Wait()
	if r.Context().Err() != nil {
		return // the client is gone
	}
	var total summary
	size := 64
	for k := range outs {
		total.merge(sums[k])
		size += len(outs[k]) + 1
	}
	d.metrics.countItems(total)
	body := make([]byte, 0, size)
	body = append(body, `{"results":[`...)
	for k, o := range outs {
		if k > 0 {
			body = append(body, ',')
		}
		body = append(body, o...)
	}
	body = append(body, `],"summary":`...)
	sj, _ := json.Marshal(total)
	body = append(body, sj...)
	body = append(body, "}\n"...)
	h := w.Header()
	h.Set("Content-Type", mediaJSON)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	w.Write(body)
}
