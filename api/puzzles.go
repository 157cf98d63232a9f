package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"runtime/debug"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/sudokud/sudokud/engine"
)

// puzzleResponse is a puzzle named by its id: GET /puzzles/{id} and
// POST /puzzles. A variant's rules come as the board holds them: from an
// id, in the id's form (regions as rows of numbers by first cell, cages in
// row-major order); from a request, in the request's order.
type puzzleResponse struct {
	ID         string     `json:"id"`
	Size       int        `json:"size"`
	Box        string     `json:"box"`
	Rules      *rulesJSON `json:"rules,omitempty"`
	Difficulty string     `json:"difficulty"`
	Puzzle     any        `json:"puzzle"`
	Solution   any        `json:"solution"`
	Givens     int        `json:"givens"`
	Unique     bool       `json:"unique"`
	Rating     ratingJSON `json:"rating"`
	// FPuzzles is the puzzle as f-puzzles' compressed text, which opens it
	// in f-puzzles and SudokuPad.
	FPuzzles string `json:"fpuzzles,omitempty"`
}

// cacheForever is the Cache-Control of an answer that an id fixes: the id
// is the puzzle, so its givens, rules and solution never change.
const cacheForever = "public, max-age=31536000, immutable"

// gradeTag names the grader of this build: a hash of its revision (when
// the build records one) and of its technique tables. A rating is the
// grader's word on a puzzle, which a release may change, so the ETag of an
// answer that holds one is the id and this tag: a cache that revalidates
// after a release gets the new rating, not a 304 for the old one.
var gradeTag = func() string {
	h := sha256.New()
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				fmt.Fprintln(h, s.Key, s.Value)
			}
		}
	}
	for _, t := range append(engine.Techniques(), engine.VariantTechniques()...) {
		fmt.Fprintln(h, t.Name, t.Level, t.SE)
	}
	return hex.EncodeToString(h.Sum(nil)[:4])
}()

// ratedETag is the ETag of an answer about puzzle id that holds a rating.
func ratedETag(id string) string { return `"` + id + "." + gradeTag + `"` }

// handlePuzzle serves GET /puzzles/{id}: the puzzle, its solution and its
// rating, cached for good, with the id and the grader as the ETag.
func handlePuzzle(d *deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := puzzleParam(r)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		etag := ratedETag(engine.EncodeID(b))
		if notModified(w, r, etag, cacheForever) {
			return
		}
		resp, err := d.describe(r, b, false)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		cacheHeaders(w, etag, cacheForever)
		encode(w, r, http.StatusOK, resp)
	})
}

// puzzleRequest is the body of POST /puzzles: a board.
type puzzleRequest struct {
	boardFields
}

// handlePuzzleID serves POST /puzzles: the id of the client's board, with
// its solution and rating as GET /puzzles/{id} gives them, in the form the
// request used.
func handlePuzzleID(d *deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req puzzleRequest
		if err := d.decodeValid(r, &req); err != nil {
			writeProblem(w, r, err)
			return
		}
		b, err := req.board()
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		resp, err := d.describe(r, b, req.asGrid())
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		w.Header().Set("Content-Location", "/puzzles/"+resp.ID)
		encode(w, r, http.StatusOK, resp)
	})
}

// puzzleParam decodes the {id} of the route. Errors wrap
// engine.ErrInvalidID.
func puzzleParam(r *http.Request) (engine.Board, error) {
	return engine.DecodeID(chi.URLParam(r, "id"))
}

// describe solves and rates b within the server's budgets, holding a
// heavy slot while it works.
func (d *deps) describe(r *http.Request, b engine.Board, grid bool) (puzzleResponse, error) {
	release, err := d.acquireHeavy(r)
	if err != nil {
		return puzzleResponse{}, err
	}
	defer release()
	res, _, err := d.solve(r.Context(), b)
	if err != nil {
		return puzzleResponse{}, err
	}
	rating, err := d.grade(r.Context(), b)
	if err != nil {
		return puzzleResponse{}, err
	}
	s := b.Shape()
	fp, err := fpuzzlesText(b)
	if err != nil {
		return puzzleResponse{}, err
	}
	return puzzleResponse{
		ID:         engine.EncodeID(b),
		Size:       s.Size,
		Box:        s.Box(),
		Rules:      rulesJSONOf(b.Rules(), s.Size),
		Difficulty: rating.Level.String(),
		Puzzle:     boardOut(b, grid),
		Solution:   boardOut(res.Solution, grid),
		Givens:     b.Givens(),
		Unique:     res.Unique,
		Rating:     ratingOut(rating),
		FPuzzles:   fp,
	}, nil
}

// grade runs engine.Grade within the server's time and node budget for one
// search.
func (d *deps) grade(ctx context.Context, b engine.Board) (engine.Rating, error) {
	ctx, cancel := context.WithTimeout(ctx, d.cfg.SolveTimeout)
	defer cancel()
	r, err := engine.Grade(ctx, b, d.cfg.limits())
	return r, d.outOfBudget(ctx, err)
}

// ratingOut is the answer's form of a rating.
func ratingOut(r engine.Rating) ratingJSON {
	techniques := r.Techniques
	if techniques == nil {
		techniques = map[string]int{}
	}
	return ratingJSON{Score: r.Score, Techniques: techniques, Hardest: r.Hardest, SE: r.SE, SETechnique: r.SETechnique}
}

// cacheHeaders sets the validator and the caching of an answer.
func cacheHeaders(w http.ResponseWriter, etag, cacheControl string) {
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", cacheControl)
}

// notModified answers 304 Not Modified, with the caching headers, when the
// request's If-None-Match names etag (or is "*"), and reports whether it
// did. Weak and strong tags compare alike, as RFC 9110 §13.1.2 asks.
func notModified(w http.ResponseWriter, r *http.Request, etag, cacheControl string) bool {
	inm := r.Header.Get("If-None-Match")
	if inm == "" {
		return false
	}
	for _, tag := range strings.Split(inm, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == etag || tag == "*" {
			cacheHeaders(w, etag, cacheControl)
			w.WriteHeader(http.StatusNotModified)
			return true
		}
	}
	return false
}
