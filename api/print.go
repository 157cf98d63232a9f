package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/render"
)

// printRequest is the body of POST /print: the puzzles (by id, generated,
// or both, at most render.MaxBookletPuzzles) and the layout.
type printRequest struct {
	IDs       []string         `json:"ids,omitempty" validate:"required_without=Generate,omitempty,min=1,max=100"`
	Generate  *generateRequest `json:"generate,omitempty" validate:"required_without=IDs"`
	PerPage   *int             `json:"per_page,omitempty" validate:"omitempty,oneof=1 2 4 6"`
	Paper     *string          `json:"paper,omitempty" validate:"omitempty,oneof=a4 letter"`
	Solutions *bool            `json:"solutions,omitempty"`
	Title     string           `json:"title,omitempty" validate:"max=100"`
}

// handlePrint serves POST /print: a PDF booklet of the puzzles the ids
// name and those generated, each with its level and id, the solutions at
// the back. The same booklet as `sudoku print` (render.Booklet).
func handlePrint(d *deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req printRequest
		if err := d.decodeValid(r, &req); err != nil {
			writeProblem(w, r, err)
			return
		}
		opt := render.BookletOptions{PerPage: 4, Paper: render.A4, Solutions: true, Title: req.Title}
		if req.PerPage != nil {
			opt.PerPage = *req.PerPage
		}
		if req.Paper != nil {
			opt.Paper = render.Paper(*req.Paper)
		}
		if req.Solutions != nil {
			opt.Solutions = *req.Solutions
		}
		boards := make([]engine.Board, len(req.IDs))
		for i, id := range req.IDs {
			var err error
			if boards[i], err = engine.DecodeID(id); err != nil {
				writeProblem(w, r, fmt.Errorf("ids[%d]: %w", i, err))
				return
			}
		}
		var key poolKey
		var seed int64
		count := 0
		if req.Generate != nil {
			var err error
			if key, seed, count, err = req.Generate.job(); err != nil {
				writeProblem(w, r, err)
				return
			}
		}
		if total := len(boards) + count; total > render.MaxBookletPuzzles {
			writeProblem(w, r, fieldProblem("generate.count",
				fmt.Sprintf("with the %d ids makes %d puzzles; a booklet holds at most %d", len(boards), total, render.MaxBookletPuzzles)))
			return
		}
		entries, err := d.bookletEntries(r, boards, key, seed, count)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		var buf bytes.Buffer
		if err := render.Booklet(&buf, entries, opt); err != nil {
			writeProblem(w, r, err)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "application/pdf")
		h.Set("Content-Disposition", `inline; filename="sudoku.pdf"`)
		h.Set("Content-Length", strconv.Itoa(buf.Len()))
		h.Set("X-Content-Type-Options", "nosniff")
		w.WriteHeader(http.StatusOK)
		if _, err := w.Write(buf.Bytes()); err != nil {
			writeFailed(r)
		}
	})
}

// bookletEntries solves and rates the boards, then generates count
// puzzles of key from seed on, holding a heavy slot, within the server's
// time budget for a generation.
func (d *deps) bookletEntries(r *http.Request, boards []engine.Board, key poolKey, seed int64, count int) ([]render.Entry, error) {
	release, err := d.acquireHeavy(r)
	if err != nil {
		return nil, err
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), d.cfg.GenerateTimeout)
	defer cancel()
	entries := make([]render.Entry, 0, len(boards)+count)
	for i, b := range boards {
		res, _, err := d.solve(ctx, b)
		if err == nil {
			var rating engine.Rating
			rating, err = d.grade(ctx, b)
			entries = append(entries, render.Entry{Puzzle: b, Solution: res.Solution, Level: rating.Level.String()})
		}
		if err != nil {
			return nil, prefixProblem(fmt.Sprintf("ids[%d]: ", i), err)
		}
	}
	for i := range int64(count) {
		p, _, err := d.generate(ctx, key, seed+i)
		switch {
		case errors.Is(err, engine.ErrDifficultyUnavailable):
			return nil, seedFailed(seed+i, key.level)
		case errors.Is(err, engine.ErrSearchLimit) && ctx.Err() != nil && r.Context().Err() == nil:
			return nil, newProblem(http.StatusUnprocessableEntity, codeSearchLimit,
				fmt.Sprintf("%d of the %d puzzles were ready when this server's time budget of %v per request ran out; ask for fewer",
					len(entries), len(boards)+count, d.cfg.GenerateTimeout))
		case err != nil:
			return nil, err
		}
		entries = append(entries, render.Entry{Puzzle: p.Puzzle, Solution: p.Solution, Level: p.Rating.Level.String()})
	}
	return entries, nil
}

// prefixProblem is err's problem with its detail prefixed, to say which
// item of a list it is about; an error that is no client's problem (a
// 500) stays as it is, for the log.
func prefixProblem(prefix string, err error) error {
	p := *problemOf(err)
	if p.Status >= http.StatusInternalServerError {
		return err
	}
	p.Detail = prefix + p.Detail
	return &p
}
