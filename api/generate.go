package api

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sudokud/sudokud/engine"
)

// generateRequest is the query string of GET /generate or the body of
// POST /generate. Pointers tell a field left out from one given as 0 or "".
type generateRequest struct {
	Size       *int    `json:"size,omitempty" validate:"omitempty,min=4,max=25"`
	Box        string  `json:"box,omitempty" validate:"omitempty,max=16"`
	Difficulty *string `json:"difficulty,omitempty" validate:"omitempty,oneof=easy medium hard expert master extreme"`
	Seed       *int64  `json:"seed,omitempty"`
	Count      *int    `json:"count,omitempty" validate:"omitempty,min=1,max=100"`
	Symmetry   *string `json:"symmetry,omitempty" validate:"omitempty,oneof=none rotational"`
	Format     *string `json:"format,omitempty" validate:"omitempty,oneof=string grid fpuzzles"`
	Variant    *string `json:"variant,omitempty" validate:"omitempty,max=200"`
}

type ratingJSON struct {
	Score       float64        `json:"score"`
	Techniques  map[string]int `json:"techniques"`
	Hardest     string         `json:"hardest"`
	SE          float64        `json:"se"`
	SETechnique string         `json:"se_technique"`
}

type generatedPuzzle struct {
	ID         string     `json:"id"`
	Size       int        `json:"size"`
	Box        string     `json:"box"`
	Difficulty string     `json:"difficulty"`
	Seed       int64      `json:"seed"`
	Puzzle     any        `json:"puzzle"`
	Solution   any        `json:"solution"`
	Givens     int        `json:"givens"`
	Rating     ratingJSON `json:"rating"`
	Rules      *rulesJSON `json:"rules,omitempty"`
	// FPuzzles, with format fpuzzles, is the compressed f-puzzles text of
	// the puzzle, which opens it in f-puzzles (after "?load=") and SudokuPad.
	FPuzzles string `json:"fpuzzles,omitempty"`
}

type generateResponse struct {
	Puzzles []generatedPuzzle `json:"puzzles"`
}

// maxSeed bounds the seeds the server picks to integers a JavaScript
// client holds exactly (2^53).
const maxSeed = 1 << 53

// handleGenerate generates count puzzles. Puzzle i of a request with seed
// s is generated from seed s+i and reports it, so any one of them can be
// asked for again on its own.
func handleGenerate(d *deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req generateRequest
		var err error
		if r.Method != http.MethodPost { // GET, or HEAD answered as GET
			err = queryRequest(r.URL.RawQuery, &req)
		} else if r.URL.RawQuery != "" {
			err = queryOnPost(r.URL.RawQuery)
		} else if !emptyBody(r) {
			err = decode(r, &req)
		}
		if err == nil {
			if verr := d.validate.Struct(&req); verr != nil {
				err = validationProblem(verr)
			}
		}
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		key, seed, count, err := req.job()
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
		ctx, cancel := context.WithTimeout(r.Context(), d.cfg.GenerateTimeout)
		defer cancel()
		format := ""
		if req.Format != nil {
			format = *req.Format
		}
		resp := generateResponse{Puzzles: make([]generatedPuzzle, 0, count)}
		// ready are the puzzles of an unseeded request made so far: if the
		// request fails, they go to the pool rather than being lost.
		var ready []pooled
		for i := range count {
			if req.Seed == nil {
				if it, ok := d.pool.take(key); ok {
					ready = append(ready, it)
					resp.Puzzles = append(resp.Puzzles, puzzleIn(it.p, it.seed, format))
					continue
				}
			}
			s := seed + int64(i)
			p, elapsed, err := d.generate(ctx, key, s)
			if err != nil {
				kept := d.pool.keep(key, ready)
				switch {
				case errors.Is(err, engine.ErrDifficultyUnavailable):
					// The shape offers the level (checked above) but this
					// seed found no such puzzle within its attempts: out of
					// budget.
					err = seedFailed(s, key.level)
				case errors.Is(err, engine.ErrSearchLimit) && ctx.Err() != nil && r.Context().Err() == nil:
					err = outOfGenerateBudget(i, count, kept, d.cfg.GenerateTimeout)
				}
				writeProblem(w, r, err)
				return
			}
			d.pool.observe(key, elapsed)
			if req.Seed == nil {
				ready = append(ready, pooled{seed: s, p: p})
			}
			resp.Puzzles = append(resp.Puzzles, puzzleIn(p, s, format))
		}
		encode(w, r, http.StatusOK, resp)
	})
}

// job reads a valid request's parameters with their defaults: the kind of
// puzzles (422 difficulty_unavailable for a level the shape does not
// offer), the first seed (a random one when none is given) and the count.
func (req *generateRequest) job() (key poolKey, seed int64, count int, err error) {
	size, count := 9, 1
	if req.Size != nil {
		size = *req.Size
	}
	if req.Count != nil {
		count = *req.Count
	}
	if key.shape, err = engine.ParseShape(size, req.Box); err != nil {
		return key, 0, 0, err
	}
	key.level = engine.Medium
	if req.Difficulty != nil {
		if key.level, err = engine.ParseLevel(*req.Difficulty); err != nil {
			return key, 0, 0, err
		}
	}
	key.symmetry = engine.SymmetryNone
	if req.Symmetry != nil {
		if key.symmetry, err = engine.ParseSymmetry(*req.Symmetry); err != nil {
			return key, 0, 0, err
		}
	}
	if req.Variant != nil {
		if key.variant, err = engine.ParseVariant(*req.Variant); err != nil {
			return key, 0, 0, fieldProblem("variant", err.Error())
		}
		if err := key.variant.Check(key.shape); err != nil {
			return key, 0, 0, fieldProblem("variant", err.Error())
		}
		if key.variant != 0 {
			key.symmetry = engine.SymmetryNone
		}
	}
	if !slices.Contains(engine.VariantLevels(key.shape, key.variant), key.level) {
		return key, 0, 0, variantUnavailable(key.shape, key.variant, key.level)
	}
	seed = randomSeed()
	if req.Seed != nil {
		seed = *req.Seed
	}
	return key, seed, count, nil
}

// seedFailed is the answer when seed s found no puzzle of level, which the
// shape offers, within its attempts: out of budget.
func seedFailed(s int64, level engine.Level) *problem {
	return newProblem(http.StatusUnprocessableEntity, codeSearchLimit,
		fmt.Sprintf("seed %d found no %s puzzle within its attempts; try another seed", s, level))
}

// outOfGenerateBudget is the answer to a /generate request whose time
// budget ran out with ready of its count puzzles made, kept of them pooled
// for the next requests.
func outOfGenerateBudget(ready, count, kept int, budget time.Duration) error {
	detail := fmt.Sprintf("%d of the %d puzzles asked for were ready when this server's time budget of %v per request ran out; ask for fewer",
		ready, count, budget)
	if kept > 0 {
		detail += fmt.Sprintf(" (%d of those ready are kept for this server's next requests)", kept)
	}
	return newProblem(http.StatusUnprocessableEntity, codeSearchLimit, detail)
}

// generate runs engine.Generate for key from seed and records its
// duration.
func (d *deps) generate(ctx context.Context, key poolKey, seed int64) (engine.Puzzle, time.Duration, error) {
	start := time.Now()
	p, err := engine.Generate(ctx, engine.NewRand(seed), engine.Options{Shape: key.shape, Level: key.level, Symmetry: key.symmetry, Variant: key.variant})
	elapsed := time.Since(start)
	d.metrics.generateDuration.WithLabelValues(strconv.Itoa(key.shape.Size), key.shape.Box(), key.level.String(), variantLabel(key.variant)).Observe(elapsed.Seconds())
	return p, elapsed, err
}

// puzzleIn is the answer's form of a generated puzzle in the request's
// format: "grid", "fpuzzles" (strings and the f-puzzles text) or strings.
func puzzleIn(p engine.Puzzle, seed int64, format string) generatedPuzzle {
	out := puzzleOut(p, seed, format == "grid")
	if format == "fpuzzles" {
		// Encode fails on no board the engine accepts.
		out.FPuzzles, _ = fpuzzlesText(p.Puzzle)
	}
	return out
}

// puzzleOut is the answer's form of a generated puzzle.
func puzzleOut(p engine.Puzzle, seed int64, grid bool) generatedPuzzle {
	s := p.Puzzle.Shape()
	return generatedPuzzle{
		ID:         engine.EncodeID(p.Puzzle),
		Size:       s.Size,
		Box:        s.Box(),
		Difficulty: p.Rating.Level.String(),
		Seed:       seed,
		Puzzle:     boardOut(p.Puzzle, grid),
		Solution:   boardOut(p.Solution, grid),
		Givens:     p.Puzzle.Givens(),
		Rating:     ratingOut(p.Rating),
		Rules:      rulesJSONOf(p.Puzzle.Rules(), s.Size),
	}
}

// variantLabel is the metrics label of a variant: its name for classic and
// the single variants, "combination" for the rest, so that the label set
// stays bounded.
func variantLabel(v engine.Variant) string {
	if v.IsPreset() {
		return v.String()
	}
	return "combination"
}

// difficultyUnavailable is the 422 that names the levels shape offers.
func difficultyUnavailable(shape engine.Shape, level engine.Level) *problem {
	return variantUnavailable(shape, 0, level)
}

// variantUnavailable is the 422 that names the levels shape offers for
// variant v.
func variantUnavailable(shape engine.Shape, v engine.Variant, level engine.Level) *problem {
	var names []string
	for _, l := range engine.VariantLevels(shape, v) {
		names = append(names, l.String())
	}
	what := ""
	if v != 0 {
		what = " " + v.String()
	}
	p := newProblem(http.StatusUnprocessableEntity, codeDifficultyUnavailable,
		fmt.Sprintf("a %dx%d board with %s boxes has no %s%s puzzles; it offers: %s", shape.Size, shape.Size, shape.Box(), level, what, strings.Join(names, ", ")))
	p.Levels = names
	if p.Levels == nil {
		p.Levels = []string{}
	}
	return p
}

// randomSeed picks a seed for a request that gave none.
func randomSeed() int64 {
	var b [8]byte
	rand.Read(b[:])
	return int64(binary.LittleEndian.Uint64(b[:]) % maxSeed)
}

// queryOnPost is the answer to POST /generate with a query string, which
// it would otherwise ignore: each parameter is named as misplaced.
func queryOnPost(raw string) error {
	q, _ := url.ParseQuery(raw)
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	sort.Strings(names)
	p := newProblem(http.StatusBadRequest, codeInvalidRequest,
		"POST /generate takes its parameters in a JSON body, not the query string; send them as JSON, or use GET")
	for _, name := range names {
		p.Errors = append(p.Errors, fieldError{Field: name, Message: "is in the query string of a POST"})
	}
	return p
}

// queryRequest reads GET /generate's query string into req with the same
// field names, types and errors as the JSON body. A query string that does
// not parse is refused whole: url.ParseQuery drops the pairs it cannot
// read (a bad escape, a ";" separator), which would pass a parameter over
// silently.
func queryRequest(raw string, req *generateRequest) error {
	q, err := url.ParseQuery(raw)
	if err != nil {
		return newProblem(http.StatusBadRequest, codeInvalidRequest,
			"the query string is malformed ("+err.Error()+"); separate parameters with & and escape characters as %XX")
	}
	var errs []fieldError
	intField := func(name, v string, bits int) (int64, bool) {
		n, err := strconv.ParseInt(v, 10, bits)
		if errors.Is(err, strconv.ErrRange) {
			errs = append(errs, fieldError{Field: name, Message: "is out of range: " + v})
			return 0, false
		}
		if err != nil {
			errs = append(errs, fieldError{Field: name, Message: "must be an integer, not " + strconv.Quote(v)})
			return 0, false
		}
		return n, true
	}
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		vs := q[name]
		if len(vs) != 1 {
			errs = append(errs, fieldError{Field: name, Message: "is given more than once"})
			continue
		}
		v := vs[0]
		switch name {
		case "size":
			if n, ok := intField(name, v, 32); ok {
				size := int(n)
				req.Size = &size
			}
		case "count":
			if n, ok := intField(name, v, 32); ok {
				count := int(n)
				req.Count = &count
			}
		case "seed":
			if n, ok := intField(name, v, 64); ok {
				req.Seed = &n
			}
		case "box":
			req.Box = v
		case "difficulty":
			req.Difficulty = &v
		case "symmetry":
			req.Symmetry = &v
		case "format":
			req.Format = &v
		case "variant":
			req.Variant = &v
		default:
			errs = append(errs, fieldError{Field: name, Message: "is not a parameter of this request"})
		}
	}
	if errs == nil {
		return nil
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Field + " " + e.Message
	}
	p := newProblem(http.StatusBadRequest, codeInvalidRequest, strings.Join(msgs, "; "))
	p.Errors = errs
	return p
}
