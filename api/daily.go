package api

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/sudokud/sudokud/engine"
)

// dailyResponse is GET /daily's answer: the day's puzzle as /generate
// gives it, and the date it is for.
type dailyResponse struct {
	Date string `json:"date"`
	generatedPuzzle
}

// dailyRequest is GET /daily's query string.
type dailyRequest struct {
	Size       *int
	Box        string
	Difficulty *string
}

// dailyFirst is the earliest date GET /daily serves.
var dailyFirst = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// dailyTries is how many seeds a day tries, one after the other, when a
// seed finds no puzzle of the level within its attempts.
const dailyTries = 8

// dailyKey names one day's puzzle.
type dailyKey struct {
	date string
	key  poolKey
}

// dailyCache keeps the days' puzzles made, so that the many clients asking
// for today's get it without a generation each. It holds at most
// maxDailyCache puzzles and starts afresh when full.
type dailyCache struct {
	mu sync.Mutex
	m  map[dailyKey]generatedPuzzle
}

const maxDailyCache = 512

func (c *dailyCache) get(k dailyKey) (generatedPuzzle, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.m[k]
	return p, ok
}

func (c *dailyCache) put(k dailyKey, p generatedPuzzle) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxDailyCache {
		c.m = make(map[dailyKey]generatedPuzzle)
	}
	c.m[k] = p
}

// handleDaily serves GET /daily: the day's puzzle for a shape, variant and
// level, the same for every client. Its seed comes from the date and the
// parameters alone, so every server of a release answers alike. Today's
// answer (UTC) may be cached until the day ends.
func handleDaily(d *deps) http.Handler {
	var cache dailyCache
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := time.Now().UTC()
		key, date, err := readDaily(r.URL.RawQuery, now)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		if !slices.Contains(engine.VariantLevels(key.shape, key.variant), key.level) {
			writeProblem(w, r, variantUnavailable(key.shape, key.variant, key.level))
			return
		}
		day := date.Format(time.DateOnly)
		dk := dailyKey{date: day, key: key}
		p, ok := cache.get(dk)
		if !ok {
			if p, err = d.daily(r, dk); err != nil {
				writeProblem(w, r, err)
				return
			}
			cache.put(dk, p)
		}
		cc := "public, max-age=86400"
		if end := date.AddDate(0, 0, 1); end.After(now) {
			cc = "public, max-age=" + strconv.Itoa(int((end.Sub(now)+time.Second-1)/time.Second))
		}
		etag := ratedETag(p.ID)
		if notModified(w, r, etag, cc) {
			return
		}
		cacheHeaders(w, etag, cc)
		encode(w, r, http.StatusOK, dailyResponse{Date: day, generatedPuzzle: p})
	})
}

// daily generates the puzzle of k.
func (d *deps) daily(r *http.Request, k dailyKey) (generatedPuzzle, error) {
	release, err := d.acquireHeavy(r)
	if err != nil {
		return generatedPuzzle{}, err
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), d.cfg.GenerateTimeout)
	defer cancel()
	seed := dailySeed(k)
	for i := range int64(dailyTries) {
		p, _, err := d.generate(ctx, k.key, seed+i)
		if err == nil {
			return puzzleOut(p, seed+i, false), nil
		}
		if !errors.Is(err, engine.ErrDifficultyUnavailable) {
			if errors.Is(err, engine.ErrSearchLimit) && ctx.Err() != nil && r.Context().Err() == nil {
				return generatedPuzzle{}, newProblem(http.StatusUnprocessableEntity, codeSearchLimit,
					fmt.Sprintf("the day's puzzle was not ready within this server's time budget of %v; try again", d.cfg.GenerateTimeout))
			}
			return generatedPuzzle{}, err
		}
	}
	return generatedPuzzle{}, newProblem(http.StatusUnprocessableEntity, codeSearchLimit,
		fmt.Sprintf("no %s puzzle was found for %s within %d seeds", k.key.level, k.date, dailyTries))
}

// dailySeed derives the seed of a day's puzzle from the date and the
// parameters: FNV-1a of their text (the variant by its engine name,
// "classic" for none), within the seeds a JavaScript client holds exactly.
func dailySeed(k dailyKey) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "sudokud daily %s size=%d box=%s variant=%s difficulty=%s symmetry=%s",
		k.date, k.key.shape.Size, k.key.shape.Box(), k.key.variant, k.key.level, k.key.symmetry)
	return int64(h.Sum64() % maxSeed)
}

// readDaily reads GET /daily's query string: the puzzle's kind and the
// date (today, UTC, by default; from 2000-01-01 to tomorrow, so that a
// client whose day has begun before UTC's can ask for it).
func readDaily(raw string, now time.Time) (poolKey, time.Time, error) {
	var req dailyRequest
	var date time.Time
	variant := ""
	err := readQuery(raw, map[string]queryField{
		"size": intQuery(&req.Size),
		"box": func(v string) string {
			req.Box = v
			return ""
		},
		"variant": func(v string) string {
			variant = v
			return ""
		},
		"difficulty": stringQuery(&req.Difficulty),
		"date": func(v string) string {
			t, err := time.Parse(time.DateOnly, v)
			if err != nil {
				return "must be a date YYYY-MM-DD (UTC), not " + strconv.Quote(v)
			}
			tomorrow := now.Truncate(24*time.Hour).AddDate(0, 0, 1)
			if t.Before(dailyFirst) || t.After(tomorrow) {
				return fmt.Sprintf("must be from %s to %s (tomorrow, UTC), not %s",
					dailyFirst.Format(time.DateOnly), tomorrow.Format(time.DateOnly), v)
			}
			date = t
			return ""
		},
	})
	if err != nil {
		return poolKey{}, time.Time{}, err
	}
	if date.IsZero() {
		date = now.Truncate(24 * time.Hour)
	}
	size := 9
	if req.Size != nil {
		size = *req.Size
	}
	if size < engine.MinSize || size > engine.MaxSize {
		return poolKey{}, time.Time{}, fieldProblem("size", fmt.Sprintf("must be from %d to %d, not %d", engine.MinSize, engine.MaxSize, size))
	}
	shape, err := engine.ParseShape(size, req.Box)
	if err != nil {
		return poolKey{}, time.Time{}, err
	}
	level := engine.Medium
	if req.Difficulty != nil {
		if level, err = engine.ParseLevel(*req.Difficulty); err != nil {
			return poolKey{}, time.Time{}, fieldProblem("difficulty", err.Error())
		}
	}
	v, err := engine.ParseVariant(variant)
	if err == nil {
		err = v.Check(shape)
	}
	if err != nil {
		return poolKey{}, time.Time{}, fieldProblem("variant", err.Error())
	}
	return poolKey{shape: shape, level: level, symmetry: engine.SymmetryNone, variant: v}, date, nil
}

// fieldProblem is the 400 invalid_request about one field.
func fieldProblem(field, msg string) *problem {
	p := newProblem(http.StatusBadRequest, codeInvalidRequest, field+" "+msg)
	p.Errors = []fieldError{{Field: field, Message: msg}}
	return p
}
