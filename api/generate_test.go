package api

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sudokud/sudokud/engine"
)

type generatedJSON struct {
	Size       int
	Box        string
	Difficulty string
	Seed       int64
	Puzzle     string
	Solution   string
	Givens     int
	Rating     struct {
		Score      float64
		Techniques map[string]int
	}
}

// mustGenerated checks a generated puzzle: exactly one solution, the one
// returned; the grader's level is the one asked for.
func mustGenerated(tb testing.TB, p generatedJSON, difficulty string) {
	tb.Helper()
	puzzle := mustParse(tb, p.Puzzle, p.Size, p.Box)
	sol := mustParse(tb, p.Solution, p.Size, p.Box)
	mustSolved(tb, puzzle, sol)
	n, _, err := engine.CountSolutions(context.Background(), puzzle, 2, engine.Limits{})
	if err != nil || n != 1 {
		tb.Fatalf("puzzle %s has %d solutions (%v)", p.Puzzle, n, err)
	}
	if got := mustSolution(tb, puzzle); got != sol {
		tb.Fatalf("solution %s, the solver says %s", sol, got)
	}
	if p.Difficulty != difficulty {
		tb.Fatalf("difficulty %s, asked for %s", p.Difficulty, difficulty)
	}
	r, err := engine.Grade(context.Background(), puzzle, engine.Limits{})
	if err != nil || r.Level.String() != difficulty {
		tb.Fatalf("the grader rates %s as %v (%v), want %s", p.Puzzle, r.Level, err, difficulty)
	}
	if p.Givens != puzzle.Givens() {
		tb.Fatalf("givens %d, the puzzle has %d", p.Givens, puzzle.Givens())
	}
}

func TestGenerate(t *testing.T) {
	c := newClient(t, DefaultConfig())
	tests := []struct {
		query      string
		size       int
		box        string
		difficulty string
		count      int
	}{
		{"size=4&difficulty=easy&seed=1", 4, "2x2", "easy", 1},
		{"size=6&box=3x2&difficulty=easy&seed=2&count=2", 6, "3x2", "easy", 2},
		{"difficulty=easy&seed=3", 9, "3x3", "easy", 1},
		{"seed=4", 9, "3x3", "medium", 1},
		{"difficulty=master&seed=5", 9, "3x3", "master", 1},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			ex := c.do("GET", "/generate?"+tt.query, "", nil)
			if ex.status != http.StatusOK {
				t.Fatalf("%d %s", ex.status, ex.body)
			}
			var got struct{ Puzzles []generatedJSON }
			ex.json(t, &got)
			if len(got.Puzzles) != tt.count {
				t.Fatalf("%d puzzles, want %d", len(got.Puzzles), tt.count)
			}
			for _, p := range got.Puzzles {
				if p.Size != tt.size || p.Box != tt.box {
					t.Fatalf("shape %d %s, want %d %s", p.Size, p.Box, tt.size, tt.box)
				}
				mustGenerated(t, p, tt.difficulty)
			}
		})
	}
}

// TestGenerateSeedReproduces: the same request gives the same puzzles, GET
// and POST alike; puzzle i of seed s is the puzzle of seed s+i; a puzzle
// from a server-picked seed comes back when asked for with that seed.
func TestGenerateSeedReproduces(t *testing.T) {
	c := newClient(t, DefaultConfig())
	get := func(q string) []generatedJSON {
		ex := c.do("GET", "/generate?"+q, "", nil)
		if ex.status != 200 {
			t.Fatalf("%s: %d %s", q, ex.status, ex.body)
		}
		var got struct{ Puzzles []generatedJSON }
		ex.json(t, &got)
		return got.Puzzles
	}
	a := get("size=6&difficulty=easy&seed=77&count=2")
	b := get("size=6&difficulty=easy&seed=77&count=2")
	if diff := cmp.Diff(a, b); diff != "" {
		t.Fatalf("same seed, different puzzles:\n%s", diff)
	}
	ex := c.post("/generate", map[string]any{"size": 6, "difficulty": "easy", "seed": 77, "count": 2})
	var post struct{ Puzzles []generatedJSON }
	ex.json(t, &post)
	if diff := cmp.Diff(a, post.Puzzles); diff != "" {
		t.Fatalf("POST differs from GET:\n%s", diff)
	}
	if second := get("size=6&difficulty=easy&seed=78"); a[1].Seed != 78 || second[0].Puzzle != a[1].Puzzle {
		t.Fatalf("puzzle 2 of seed 77 (seed %d) is not the puzzle of seed 78", a[1].Seed)
	}
	picked := get("size=4&difficulty=easy")
	again := get(fmt.Sprintf("size=4&difficulty=easy&seed=%d", picked[0].Seed))
	if picked[0].Puzzle != again[0].Puzzle {
		t.Fatalf("server-picked seed %d does not reproduce", picked[0].Seed)
	}
	if picked[0].Seed < 0 || picked[0].Seed >= maxSeed {
		t.Fatalf("picked seed %d outside [0, 2^53)", picked[0].Seed)
	}
}

func TestGenerateFormsAndSymmetry(t *testing.T) {
	c := newClient(t, DefaultConfig())
	ex := c.do("GET", "/generate?size=4&difficulty=easy&seed=5&format=grid&symmetry=rotational", "", nil)
	if ex.status != 200 {
		t.Fatalf("%d %s", ex.status, ex.body)
	}
	var got struct {
		Puzzles []struct {
			Puzzle, Solution [][]int
		}
	}
	ex.json(t, &got)
	puzzle, err := engine.FromGrid(got.Puzzles[0].Puzzle, "")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := engine.FromGrid(got.Puzzles[0].Solution, "")
	if err != nil {
		t.Fatal(err)
	}
	mustSolved(t, puzzle, sol)
	n := puzzle.Size() * puzzle.Size()
	for i := range n {
		if (puzzle.At(i) == 0) != (puzzle.At(n-1-i) == 0) {
			t.Fatalf("givens not rotationally symmetric: %s", puzzle)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	c := newClient(t, DefaultConfig())
	tests := []struct {
		name   string
		method string
		target string
		body   string
		status int
		code   string
		fields []string
	}{
		{"no expert 4x4", "GET", "/generate?size=4&difficulty=expert", "", 422, codeDifficultyUnavailable, nil},
		{"no extreme 10x10", "GET", "/generate?size=10&difficulty=extreme", "", 422, codeDifficultyUnavailable, nil},
		{"count 0", "GET", "/generate?count=0", "", 400, codeInvalidRequest, []string{"count"}},
		{"count 101", "POST", "/generate", `{"count":101}`, 400, codeInvalidRequest, []string{"count"}},
		{"difficulty", "GET", "/generate?difficulty=insane", "", 400, codeInvalidRequest, []string{"difficulty"}},
		{"size not int", "GET", "/generate?size=nine", "", 400, codeInvalidRequest, []string{"size"}},
		{"unknown param", "GET", "/generate?sise=9", "", 400, codeInvalidRequest, []string{"sise"}},
		{"semicolon", "GET", "/generate?size=4;difficulty=easy", "", 400, codeInvalidRequest, nil},
		{"bad escape", "GET", "/generate?size=4&difficulty=%zz", "", 400, codeInvalidRequest, nil},
		{"empty difficulty", "POST", "/generate", `{"size":4,"difficulty":""}`, 400, codeInvalidRequest, []string{"difficulty"}},
		{"empty symmetry", "POST", "/generate", `{"size":4,"difficulty":"easy","symmetry":""}`, 400, codeInvalidRequest, []string{"symmetry"}},
		{"empty format", "GET", "/generate?size=4&difficulty=easy&format=", "", 400, codeInvalidRequest, []string{"format"}},
		{"query on POST", "POST", "/generate?size=4&difficulty=easy", "", 400, codeInvalidRequest, []string{"difficulty", "size"}},
		{"query and body on POST", "POST", "/generate?count=2", `{"size":4,"difficulty":"easy"}`, 400, codeInvalidRequest, []string{"count"}},
		{"symmetry", "POST", "/generate", `{"symmetry":"mirror"}`, 400, codeInvalidRequest, []string{"symmetry"}},
		{"format", "POST", "/generate", `{"format":"png"}`, 400, codeInvalidRequest, []string{"format"}},
		{"size 7", "GET", "/generate?size=7", "", 400, codeInvalidBoard, nil},
		{"box", "GET", "/generate?size=6&box=3x3", "", 400, codeInvalidBoard, nil},
		{"unknown field", "POST", "/generate", `{"level":"easy"}`, 400, codeInvalidRequest, []string{"level"}},
		{"unknown variant", "GET", "/generate?variant=x,sandwich", "", 400, codeInvalidRequest, []string{"variant"}},
		{"windoku on 2x3 boxes", "POST", "/generate", `{"size":6,"variant":"windoku"}`, 400, codeInvalidRequest, []string{"variant"}},
		{"no expert 16x16 killer", "GET", "/generate?size=16&variant=killer&difficulty=expert", "", 422, codeDifficultyUnavailable, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ct := ""
			if tt.body != "" {
				ct = mediaJSON
			}
			ex := c.do(tt.method, tt.target, ct, []byte(tt.body))
			p := ex.problem(t)
			if ex.status != tt.status || p.Code != tt.code {
				t.Fatalf("%d %s, want %d %s", ex.status, ex.body, tt.status, tt.code)
			}
			var fields []string
			for _, e := range p.Errors {
				fields = append(fields, e.Field)
			}
			if diff := cmp.Diff(tt.fields, fields); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
			if tt.code == codeDifficultyUnavailable && len(p.Levels) == 0 {
				t.Errorf("difficulty_unavailable names no levels: %s", ex.body)
			}
		})
	}
	// An empty POST takes every default.
	if ex := c.do("POST", "/generate", "", nil); ex.status != 200 {
		t.Fatalf("empty POST: %d %s", ex.status, ex.body)
	}
}

// TestGenerateEmptyChunkedBody: an empty body sent without a Content-Length
// (chunked, as a client streaming its body sends it) is an empty body too,
// with or without a Content-Type, and takes every default.
func TestGenerateEmptyChunkedBody(t *testing.T) {
	srv := mustNew(t, DefaultConfig(), nil, nil)
	t.Cleanup(srv.Close)
	for _, ct := range []string{"", mediaJSON} {
		req := httptest.NewRequest(http.MethodPost, "/generate", io.NopCloser(strings.NewReader("")))
		if req.ContentLength != -1 {
			t.Fatalf("ContentLength %d, want -1 (unknown)", req.ContentLength)
		}
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		ex := &exchange{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
		checkExchange(t, req, nil, ex)
		if ex.status != http.StatusOK {
			t.Errorf("Content-Type %q: %d %s, want 200", ct, ex.status, ex.body)
		}
	}
}

// TestGenerateTimeBudget: a request that outlasts the generate budget
// answers search_limit saying how many of its puzzles were ready and what
// the budget is.
func TestGenerateTimeBudget(t *testing.T) {
	c := newClient(t, Config{GenerateTimeout: time.Nanosecond, PoolSize: -1})
	ex := c.do("GET", "/generate?size=25&difficulty=hard&count=3&seed=1", "", nil)
	p := ex.problem(t)
	want := "0 of the 3 puzzles asked for were ready when this server's time budget of 1ns per request ran out; ask for fewer"
	if ex.status != 422 || p.Code != codeSearchLimit || p.Detail != want {
		t.Fatalf("%d %s, want 422 search_limit %q", ex.status, ex.body, want)
	}
}

// TestGenerateKeepsReady: when an unseeded request runs out of time, the
// puzzles it already held go back to the pool, so that the next request
// gets them instead of their being lost.
func TestGenerateKeepsReady(t *testing.T) {
	c := newClient(t, Config{GenerateTimeout: time.Nanosecond, PoolSize: 2, PoolSlow: time.Hour})
	shape := engine.Shape{Size: 6, BoxRows: 2, BoxCols: 3}
	key := poolKey{shape: shape, level: engine.Easy}
	ch := make(chan pooled, 2)
	seeds := []int64{11, 12}
	for _, seed := range seeds {
		p, err := engine.Generate(context.Background(), engine.NewRand(seed), engine.Options{Shape: shape, Level: engine.Easy})
		if err != nil {
			t.Fatal(err)
		}
		ch <- pooled{seed: seed, p: p}
	}
	pool := c.srv.deps.pool
	pool.mu.Lock()
	pool.keys[key] = ch // pooled by hand: no filler runs
	pool.mu.Unlock()

	ex := c.do("GET", "/generate?size=6&difficulty=easy&count=3", "", nil)
	want := "2 of the 3 puzzles asked for were ready when this server's time budget of 1ns per request ran out; ask for fewer (2 of those ready are kept for this server's next requests)"
	if p := ex.problem(t); ex.status != 422 || p.Code != codeSearchLimit || p.Detail != want {
		t.Fatalf("%d %s, want 422 search_limit %q", ex.status, ex.body, want)
	}
	if n := pool.ready(key); n != 2 {
		t.Fatalf("%d puzzles pooled after the request, want the 2 it held", n)
	}
	ex = c.do("GET", "/generate?size=6&difficulty=easy&count=2", "", nil)
	if ex.status != 200 {
		t.Fatalf("%d %s", ex.status, ex.body)
	}
	var got struct{ Puzzles []generatedJSON }
	ex.json(t, &got)
	for i, p := range got.Puzzles {
		mustGenerated(t, p, "easy")
		if p.Seed != seeds[i] {
			t.Fatalf("puzzle %d has seed %d, want the kept puzzle of seed %d", i, p.Seed, seeds[i])
		}
	}
}

// TestGeneratePool: a slow (shape, level, symmetry) is pooled; an unseeded
// request then gets a pooled puzzle whose seed reproduces it exactly, and
// a seeded request never takes from the pool.
func TestGeneratePool(t *testing.T) {
	c := newClient(t, Config{PoolSize: 2, PoolSlow: time.Nanosecond})
	get := func(q string) generatedJSON {
		ex := c.do("GET", "/generate?"+q, "", nil)
		if ex.status != 200 {
			t.Fatalf("%s: %d %s", q, ex.status, ex.body)
		}
		var got struct{ Puzzles []generatedJSON }
		ex.json(t, &got)
		mustGenerated(t, got.Puzzles[0], "easy")
		return got.Puzzles[0]
	}
	get("size=6&difficulty=easy") // every generation is "slow": pooling starts
	key := poolKey{shape: engine.Shape{Size: 6, BoxRows: 2, BoxCols: 3}, level: engine.Easy}
	deadline := time.Now().Add(30 * time.Second)
	for c.srv.deps.pool.ready(key) < 2 {
		if time.Now().After(deadline) {
			t.Fatal("the pool never filled")
		}
		time.Sleep(5 * time.Millisecond)
	}
	seeded := get("size=6&difficulty=easy&seed=5")
	if n := c.srv.deps.pool.ready(key); n != 2 {
		t.Fatalf("a seeded request took from the pool (%d left)", n)
	}
	if again := get("size=6&difficulty=easy&seed=5"); again.Puzzle != seeded.Puzzle {
		t.Fatal("seeded requests differ")
	}
	pooled := get("size=6&difficulty=easy")
	if again := get(fmt.Sprintf("size=6&difficulty=easy&seed=%d", pooled.Seed)); again.Puzzle != pooled.Puzzle {
		t.Fatalf("pooled puzzle of seed %d does not reproduce", pooled.Seed)
	}
}

// TestPoolFillerTakesNoQueuePlace: the pool's fillers run only on a heavy
// slot that is free at that moment, never waiting in the heavy queue, so
// that a client's request is not shed for a place a filler holds. A filler
// that queued behind busy slots held its place for up to QueueWait, and
// with 16 pooled combinations could fill the whole queue.
func TestPoolFillerTakesNoQueuePlace(t *testing.T) {
	c := newClient(t, Config{MaxHeavy: 1, HeavyQueue: 1, QueueWait: time.Minute, PoolSize: 2, PoolSlow: time.Nanosecond})
	heavy := c.srv.deps.heavy
	release, p := heavy.acquire(t.Context())
	if p != nil {
		t.Fatal(p)
	}
	// Every generation is "slow": this pools 4×4 easy, whose filler
	// starts while the one slot is held.
	key := poolKey{shape: engine.Shape{Size: 4, BoxRows: 2, BoxCols: 2}, level: engine.Easy}
	c.srv.deps.pool.observe(key, time.Second)
	// A queued filler shows as a second queue place within moments of its
	// start; watch for it across more than one of its 1 s pauses.
	for deadline := time.Now().Add(1500 * time.Millisecond); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if n := len(heavy.queue); n != 1 {
			t.Fatalf("with the one slot held by a client, the heavy queue holds %d places; want 1 (the filler queued)", n)
		}
	}
	done := make(chan *exchange, 1)
	go func() { done <- c.post("/solve", map[string]any{"puzzle": classic}) }()
	for len(heavy.queue) < 2 {
		time.Sleep(time.Millisecond)
	}
	release()
	if ex := <-done; ex.status != http.StatusOK {
		t.Fatalf("the queued client: %d %s, want 200", ex.status, ex.body)
	}
	for deadline := time.Now().Add(30 * time.Second); c.srv.deps.pool.ready(key) < 2; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the pool never filled once the slot was free")
		}
	}
}

// TestGenerateVariant: a variant puzzle comes with its rules; under them
// it has one solution, the one returned, at the level asked for, and the
// same seed gives the same puzzle and rules.
func TestGenerateVariant(t *testing.T) {
	c := newClient(t, DefaultConfig())
	for _, tt := range []struct {
		query, difficulty string
		rules             func(r engine.Rules) bool
	}{
		{"variant=killer&difficulty=easy&seed=5", "easy", func(r engine.Rules) bool { return len(r.Cages) > 0 }},
		{"size=6&variant=jigsaw,odd_even&difficulty=medium&seed=3", "medium", func(r engine.Rules) bool {
			return r.Regions != nil && len(r.Odd)+len(r.Even) > 0
		}},
	} {
		t.Run(tt.query, func(t *testing.T) {
			get := func() (p struct {
				generatedJSON
				Rules *rulesJSON
			}) {
				ex := c.do("GET", "/generate?"+tt.query, "", nil)
				if ex.status != http.StatusOK {
					t.Fatalf("%d %s", ex.status, ex.body)
				}
				var got struct {
					Puzzles []struct {
						generatedJSON
						Rules *rulesJSON
					}
				}
				ex.json(t, &got)
				return got.Puzzles[0]
			}
			p := get()
			if p.Rules == nil {
				t.Fatal("no rules")
			}
			rules, err := p.Rules.engineRules(p.Size)
			if err != nil || !tt.rules(rules) {
				t.Fatalf("rules %+v (%v) are not the variant's", rules, err)
			}
			puzzle, err := mustParse(t, p.Puzzle, p.Size, p.Box).WithRules(rules)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := mustParse(t, p.Solution, p.Size, p.Box).WithRules(rules)
			if err != nil {
				t.Fatal(err)
			}
			if !engine.Valid(&sol) || sol.Givens() != p.Size*p.Size {
				t.Fatalf("solution %s breaks the rules: %v", p.Solution, engine.Conflicts(sol))
			}
			n, _, err := engine.CountSolutions(context.Background(), puzzle, 2, engine.Limits{})
			if err != nil || n != 1 {
				t.Fatalf("%d solutions (%v)", n, err)
			}
			if got := mustSolution(t, puzzle); got.String() != sol.String() {
				t.Fatalf("solution %s, the solver says %s", sol, got)
			}
			r, err := engine.Grade(context.Background(), puzzle, engine.Limits{})
			if err != nil || p.Difficulty != tt.difficulty || r.Level.String() != tt.difficulty {
				t.Fatalf("difficulty %s, grader %v (%v), want %s", p.Difficulty, r.Level, err, tt.difficulty)
			}
			if again := get(); again.Puzzle != p.Puzzle || !cmp.Equal(again.Rules, p.Rules, cmp.AllowUnexported(regionsValue{})) {
				t.Fatal("the same seed gave another puzzle or rules")
			}
		})
	}
}
