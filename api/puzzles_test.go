package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/fpuzzles"
)

// TestPuzzleByIDServesGenerated: every puzzle /generate returns is served
// back by its id, with the same solution and rating, cached for good.
func TestPuzzleByIDServesGenerated(t *testing.T) {
	c := newClient(t, DefaultConfig())
	for _, q := range []string{"size=9&difficulty=medium&seed=5&count=3", "size=6&box=3x2&difficulty=easy&seed=2", "size=16&difficulty=easy&seed=1"} {
		var gen generateResponse
		if ex := c.do(http.MethodGet, "/generate?"+q, "", nil); ex.status != http.StatusOK {
			t.Fatalf("/generate?%s: %d %s", q, ex.status, ex.body)
		} else {
			ex.json(t, &gen)
		}
		for _, g := range gen.Puzzles {
			b, err := engine.DecodeID(g.ID)
			if err != nil {
				t.Fatalf("/generate?%s: id %q: %v", q, g.ID, err)
			}
			if got := b.String(); got != g.Puzzle {
				t.Fatalf("id %q decodes to %s, the puzzle is %s", g.ID, got, g.Puzzle)
			}
			ex := c.do(http.MethodGet, "/puzzles/"+g.ID, "", nil)
			if ex.status != http.StatusOK {
				t.Fatalf("GET /puzzles/%s: %d %s", g.ID, ex.status, ex.body)
			}
			var got puzzleResponse
			ex.json(t, &got)
			if got.ID != g.ID || got.Puzzle != g.Puzzle || got.Solution != g.Solution || !got.Unique ||
				got.Difficulty != g.Difficulty || got.Givens != g.Givens || got.Rating.SE != g.Rating.SE || got.Size != g.Size || got.Box != g.Box {
				t.Fatalf("GET /puzzles/%s = %+v, generated %+v", g.ID, got, g)
			}
			checkFpuzzles(t, "GET /puzzles/"+g.ID, got)
			if got, want := ex.header.Get("Cache-Control"), "public, max-age=31536000, immutable"; got != want {
				t.Errorf("Cache-Control %q, want %q", got, want)
			}
			if got, want := ex.header.Get("ETag"), ratedETag(g.ID); got != want {
				t.Errorf("ETag %q, want %q", got, want)
			}
		}
	}
}

// checkFpuzzles checks that p's f-puzzles text opens the same puzzle: the
// same givens, and under the rules it carries (f-puzzles writes boxes that
// are not its default ones as regions) the same one solution.
func checkFpuzzles(t *testing.T, what string, p puzzleResponse) {
	t.Helper()
	b, err := fpuzzles.Decode(p.FPuzzles)
	if err != nil {
		t.Errorf("%s: fpuzzles %q: %v", what, p.FPuzzles, err)
		return
	}
	res, err := engine.Solve(context.Background(), b, engine.Limits{})
	if err != nil || b.String() != fmt.Sprint(p.Puzzle) || res.Solution.String() != fmt.Sprint(p.Solution) || res.Unique != p.Unique {
		t.Errorf("%s: fpuzzles %q opens %s (solution %s, unique %t, %v), want %v (solution %v, unique %t)",
			what, p.FPuzzles, b.String(), res.Solution.String(), res.Unique, err, p.Puzzle, p.Solution, p.Unique)
	}
}

// TestPuzzleByIDNotModified: If-None-Match naming the ETag gets 304 with
// no body and the caching headers; another tag gets the puzzle.
func TestPuzzleByIDNotModified(t *testing.T) {
	c := newClient(t, DefaultConfig())
	id := engine.EncodeID(mustParse(t, classic, 0, ""))
	etag := ratedETag(id)
	for _, tc := range []struct {
		inm  string
		want int
	}{
		{etag, http.StatusNotModified},
		{"W/" + etag, http.StatusNotModified},
		{`"other", ` + etag, http.StatusNotModified},
		{"*", http.StatusNotModified},
		{`"other"`, http.StatusOK},
		{`"` + id + `x"`, http.StatusOK},
		{`"` + id + `"`, http.StatusOK},          // the id alone: no grader named
		{`"` + id + `.00000000"`, http.StatusOK}, // another release's grader
	} {
		ex := c.do(http.MethodGet, "/puzzles/"+id, "", nil, "If-None-Match", tc.inm)
		if ex.status != tc.want {
			t.Errorf("If-None-Match %s: %d, want %d", tc.inm, ex.status, tc.want)
			continue
		}
		if ex.header.Get("ETag") != etag || ex.header.Get("Cache-Control") != cacheForever {
			t.Errorf("If-None-Match %s: ETag %q, Cache-Control %q", tc.inm, ex.header.Get("ETag"), ex.header.Get("Cache-Control"))
		}
		if tc.want == http.StatusNotModified && len(ex.body) != 0 {
			t.Errorf("If-None-Match %s: 304 with a body %q", tc.inm, ex.body)
		}
	}
}

// TestPuzzleIDOfBoards: POST /puzzles gives the id of a string or grid
// board, in the request's form, and GET serves the same puzzle; a board
// with several solutions is served with unique false; a board that
// cannot be solved is 422, never an id's 500.
func TestPuzzleIDOfBoards(t *testing.T) {
	c := newClient(t, DefaultConfig())
	b := mustParse(t, classic, 0, "")
	var str puzzleResponse
	ex := c.post("/puzzles", map[string]any{"puzzle": classic})
	if ex.status != http.StatusOK {
		t.Fatalf("POST /puzzles: %d %s", ex.status, ex.body)
	}
	ex.json(t, &str)
	if str.ID != engine.EncodeID(b) || ex.header.Get("Content-Location") != "/puzzles/"+str.ID {
		t.Fatalf("id %q (Content-Location %q), want %q", str.ID, ex.header.Get("Content-Location"), engine.EncodeID(b))
	}
	var grid struct {
		ID       string  `json:"id"`
		Puzzle   [][]int `json:"puzzle"`
		Solution [][]int `json:"solution"`
	}
	c.post("/puzzles", map[string]any{"grid": b.Grid()}).json(t, &grid)
	if grid.ID != str.ID || len(grid.Solution) != 9 {
		t.Fatalf("grid form: %+v, want id %q and grids", grid, str.ID)
	}
	var got puzzleResponse
	c.do(http.MethodGet, "/puzzles/"+str.ID, "", nil).json(t, &got)
	if got.Puzzle != classic || got.Solution != str.Solution {
		t.Fatalf("GET = %+v, POST = %+v", got, str)
	}
	mustSolved(t, b, mustParse(t, str.Solution.(string), 0, ""))

	several := "1.......2" + strings.Repeat(".", 72)
	var multi puzzleResponse
	c.post("/puzzles", map[string]any{"puzzle": several}).json(t, &multi)
	ex = c.do(http.MethodGet, "/puzzles/"+multi.ID, "", nil)
	ex.json(t, &got)
	if ex.status != http.StatusOK || got.Unique || got.Puzzle != several {
		t.Fatalf("several solutions: %d %s; want 200 with unique false", ex.status, ex.body)
	}

	clash := mustParse(t, "55"+classic[2:], 0, "")
	ex = c.do(http.MethodGet, "/puzzles/"+engine.EncodeID(clash), "", nil)
	if ex.status != http.StatusUnprocessableEntity || ex.problem(t).Code != codeConflict || ex.header.Get("Cache-Control") != "" {
		t.Fatalf("conflict: %d %v %s", ex.status, ex.header, ex.body)
	}
	if ex := c.post("/puzzles", map[string]any{"puzzle": "55" + classic[2:]}); ex.status != http.StatusUnprocessableEntity {
		t.Fatalf("POST conflict: %d %s", ex.status, ex.body)
	}
}

// TestPuzzleInvalidID: every id that does not decode is 400 invalid_id.
func TestPuzzleInvalidID(t *testing.T) {
	c := newClient(t, DefaultConfig())
	id := engine.EncodeID(mustParse(t, classic, 0, ""))
	for _, bad := range []string{
		"x", "AAAA", "%21%21%21", "....", id[:len(id)-1], id[:len(id)-4], id[:10], id + "A",
		id[:7] + string(id[7]^2) + id[8:], strings.Repeat("A", 5000), "AQAA~~", "AQAA%00",
	} {
		ex := c.do(http.MethodGet, "/puzzles/"+bad, "", nil)
		if ex.status != http.StatusBadRequest || ex.problem(t).Code != codeInvalidID {
			t.Errorf("GET /puzzles/%.40s: %d %s; want 400 invalid_id", bad, ex.status, ex.body)
		}
	}
}

// TestDaily: the same answer twice, from two servers alike; another date
// or level gives another puzzle; today is the default and is cached until
// the day ends; bad parameters are 400.
func TestDaily(t *testing.T) {
	c1, c2 := newClient(t, DefaultConfig()), newClient(t, DefaultConfig())
	get := func(c *apiClient, q string) (dailyResponse, *exchange) {
		t.Helper()
		ex := c.do(http.MethodGet, "/daily?"+q, "", nil)
		if ex.status != http.StatusOK {
			t.Fatalf("/daily?%s: %d %s", q, ex.status, ex.body)
		}
		var d dailyResponse
		ex.json(t, &d)
		return d, ex
	}
	a, ex := get(c1, "date=2026-03-01")
	again, _ := get(c1, "date=2026-03-01")
	other, _ := get(c2, "date=2026-03-01&size=9&box=3x3&variant=classic&difficulty=medium")
	if a.ID != again.ID || a.ID != other.ID || a.Date != "2026-03-01" || a.Difficulty != "medium" {
		t.Fatalf("the same day: %s, %s and %s (date %s)", a.ID, again.ID, other.ID, a.Date)
	}
	if got := ex.header.Get("Cache-Control"); got != "public, max-age=86400" {
		t.Errorf("a past day: Cache-Control %q", got)
	}
	next, _ := get(c1, "date=2026-03-02")
	hard, _ := get(c1, "date=2026-03-01&difficulty=easy")
	if next.ID == a.ID || hard.ID == a.ID {
		t.Fatalf("other day %s, other level %s, both %s", next.ID, hard.ID, a.ID)
	}
	if ex := c1.do(http.MethodGet, "/daily?date=2026-03-01", "", nil, "If-None-Match", ratedETag(a.ID)); ex.status != http.StatusNotModified {
		t.Errorf("If-None-Match: %d", ex.status)
	}
	// Another grader's tag (an earlier release's) is not this answer's.
	if ex := c1.do(http.MethodGet, "/daily?date=2026-03-01", "", nil, "If-None-Match", `"`+a.ID+`.00000000"`); ex.status != http.StatusOK {
		t.Errorf("If-None-Match of another grader: %d, want 200", ex.status)
	}

	today, ex := get(c1, "size=4&difficulty=easy")
	now := time.Now().UTC()
	if today.Date != now.Format(time.DateOnly) && today.Date != now.Add(-time.Minute).Format(time.DateOnly) {
		t.Errorf("default date %s, today is %s", today.Date, now.Format(time.DateOnly))
	}
	cc := ex.header.Get("Cache-Control")
	age, err := strconv.Atoi(strings.TrimPrefix(cc, "public, max-age="))
	if err != nil || age < 1 || age > 86400 {
		t.Errorf("today: Cache-Control %q, want public, max-age up to the end of the day", cc)
	}
	var b engine.Board
	if b, err = engine.DecodeID(today.ID); err != nil || b.Size() != 4 || b.String() != today.Puzzle {
		t.Errorf("today's id %q: %v %v", today.ID, b, err)
	}

	tomorrow := now.AddDate(0, 0, 1).Format(time.DateOnly)
	get(c1, "size=4&difficulty=easy&date="+tomorrow)
	for _, q := range []string{
		"date=2026-02-30", "date=2026-13-01", "date=2026-3-1", "date=yesterday", "date=1999-12-31",
		"date=" + now.AddDate(0, 0, 3).Format(time.DateOnly), "date=2026-03-01&date=2026-03-02",
		"size=3", "size=26", "size=nine", "size=99999999999", "difficulty=impossible", "variant=sandwich",
		"size=6&variant=windoku",
		"seed=1", "date=2026-03-01;size=9",
	} {
		ex := c1.do(http.MethodGet, "/daily?"+q, "", nil)
		if ex.status != http.StatusBadRequest || ex.problem(t).Code != codeInvalidRequest {
			t.Errorf("/daily?%s: %d %s; want 400 invalid_request", q, ex.status, ex.body)
		}
	}
	if ex := c1.do(http.MethodGet, "/daily?size=9&box=2x2", "", nil); ex.status != http.StatusBadRequest || ex.problem(t).Code != codeInvalidBoard {
		t.Errorf("box 2x2 on 9: %d %s", ex.status, ex.body)
	}
	if ex := c1.do(http.MethodGet, "/daily?size=4&difficulty=expert", "", nil); ex.status != http.StatusUnprocessableEntity || ex.problem(t).Code != codeDifficultyUnavailable {
		t.Errorf("4x4 expert: %d %s", ex.status, ex.body)
	}
	if ex := c1.do(http.MethodGet, "/daily?size=16&variant=killer&difficulty=hard", "", nil); ex.status != http.StatusUnprocessableEntity || ex.problem(t).Code != codeDifficultyUnavailable {
		t.Errorf("16x16 killer hard: %d %s", ex.status, ex.body)
	}

	// A variant's puzzle of the day comes with its rules, the same for
	// every client, and differs from the classic one.
	killer, _ := get(c1, "date=2026-03-01&variant=killer&difficulty=easy")
	killer2, _ := get(c2, "date=2026-03-01&variant=killer&difficulty=easy")
	if killer.ID != killer2.ID || killer.Rules == nil || len(killer.Rules.Cages) == 0 || killer.ID == hard.ID {
		t.Fatalf("killer of the day: %s and %s, rules %+v", killer.ID, killer2.ID, killer.Rules)
	}
	if b, err := engine.DecodeID(killer.ID); err != nil || len(b.Rules().Cages) != len(killer.Rules.Cages) {
		t.Errorf("the killer's id %q: %v", killer.ID, err)
	}
}

// TestGenerateIDs: /generate gives each puzzle the id of its givens, in
// either board form.
func TestGenerateIDs(t *testing.T) {
	c := newClient(t, DefaultConfig())
	var gen struct {
		Puzzles []struct {
			ID     string  `json:"id"`
			Puzzle [][]int `json:"puzzle"`
		} `json:"puzzles"`
	}
	ex := c.do(http.MethodGet, "/generate?size=8&difficulty=easy&seed=3&count=2&format=grid", "", nil)
	if err := json.Unmarshal(ex.body, &gen); err != nil || len(gen.Puzzles) != 2 {
		t.Fatalf("%s: %v", ex.body, err)
	}
	for _, p := range gen.Puzzles {
		b, err := engine.FromGrid(p.Puzzle, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := engine.EncodeID(b); got != p.ID {
			t.Errorf("id %q, the puzzle's is %q", p.ID, got)
		}
	}
}
