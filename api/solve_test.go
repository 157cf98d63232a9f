package api

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/internal/dataset"
)

// mustSolved checks that solution is a full grid that obeys every rule
// and keeps every given of puzzle.
func mustSolved(tb testing.TB, puzzle, solution engine.Board) {
	tb.Helper()
	if puzzle.Shape() != solution.Shape() {
		tb.Fatalf("solution shape %v, puzzle %v", solution.Shape(), puzzle.Shape())
	}
	if solution.Empty() != 0 || !engine.Valid(&solution) {
		tb.Fatalf("solution %s is not a solved grid", solution)
	}
	n := puzzle.Size()
	for i := range n * n {
		if g := puzzle.At(i); g != 0 && solution.At(i) != g {
			tb.Fatalf("solution changes the given %s = %d", engine.CellName(i/n, i%n), g)
		}
	}
}

func mustParse(tb testing.TB, s string, size int, box string) engine.Board {
	tb.Helper()
	b, err := engine.Parse(s, size, box)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func TestSolve(t *testing.T) {
	c := newClient(t, DefaultConfig())
	var cases []struct {
		name      string
		req       map[string]any
		puzzle    string
		size      int
		box       string
		wantUniq  bool
		wantExact string
	}
	add := func(name string, req map[string]any, puzzle string, size int, box string, uniq bool, exact string) {
		cases = append(cases, struct {
			name      string
			req       map[string]any
			puzzle    string
			size      int
			box       string
			wantUniq  bool
			wantExact string
		}{name, req, puzzle, size, box, uniq, exact})
	}
	add("classic", map[string]any{"puzzle": classic}, classic, 0, "", true, classicSolved)
	add("empty 4x4: smallest of many", map[string]any{"puzzle": strings.Repeat(".", 16)}, strings.Repeat(".", 16), 0, "", false, "1234341221434321")
	add("6x6 with 3x2 boxes", map[string]any{"size": 6, "box": "3x2", "puzzle": strings.Repeat("0", 36)}, strings.Repeat("0", 36), 6, "3x2", false, "")
	for i, p := range dataset.Load(t, "9x9/magictour_top1465.txt", 10) {
		add("magictour "+string(rune('0'+i)), map[string]any{"puzzle": p}, p, 0, "", true, "")
	}
	for i, p := range dataset.Load(t, "16x16/gecode_16x16.txt", 2) {
		add("16x16 "+string(rune('0'+i)), map[string]any{"puzzle": p}, p, 0, "", false, "")
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			ex := c.post("/solve", tt.req)
			if ex.status != http.StatusOK {
				t.Fatalf("status %d: %s", ex.status, ex.body)
			}
			var got struct {
				Solution string
				Unique   bool
				Stats    solveStats
			}
			ex.json(t, &got)
			puzzle := mustParse(t, tt.puzzle, tt.size, tt.box)
			sol := mustParse(t, got.Solution, puzzle.Size(), puzzle.Shape().Box())
			mustSolved(t, puzzle, sol)
			if tt.wantExact != "" && got.Solution != tt.wantExact {
				t.Errorf("solution %s, want %s", got.Solution, tt.wantExact)
			}
			if tt.wantUniq && !got.Unique {
				t.Errorf("unique = false for a unique puzzle")
			}
			if got.Stats.Nodes <= 0 {
				t.Errorf("stats %+v", got.Stats)
			}
		})
	}
}

func TestSolveGridInGridOut(t *testing.T) {
	c := newClient(t, DefaultConfig())
	grid := [][]int{{1, 0, 0, 0}, {0, 0, 3, 0}, {0, 4, 0, 0}, {0, 0, 0, 2}}
	ex := c.post("/solve", map[string]any{"grid": grid})
	if ex.status != http.StatusOK {
		t.Fatalf("status %d: %s", ex.status, ex.body)
	}
	var got struct{ Solution [][]int }
	ex.json(t, &got)
	puzzle, err := engine.FromGrid(grid, "")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := engine.FromGrid(got.Solution, "")
	if err != nil {
		t.Fatalf("solution %v: %v", got.Solution, err)
	}
	mustSolved(t, puzzle, sol)
}

func TestSolveErrors(t *testing.T) {
	hard := dataset.Load(t, "9x9/forum_hardest_1106.txt", 1)[0]
	c := newClient(t, Config{MaxNodes: 1})
	tests := []struct {
		name   string
		req    map[string]any
		status int
		code   string
	}{
		{"conflict", map[string]any{"puzzle": "11" + strings.Repeat(".", 14)}, 422, codeConflict},
		{"unsolvable", map[string]any{"puzzle": ".234" + "1..." + "...." + "...."}, 422, codeUnsolvable},
		{"search limit", map[string]any{"puzzle": hard}, 422, codeSearchLimit},
		{"no board", map[string]any{}, 400, codeInvalidRequest},
		{"bad board", map[string]any{"puzzle": "12"}, 400, codeInvalidBoard},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := c.post("/solve", tt.req)
			p := ex.problem(t)
			if ex.status != tt.status || p.Code != tt.code {
				t.Fatalf("%d %s, want %d %s", ex.status, ex.body, tt.status, tt.code)
			}
			if tt.code == codeConflict {
				want := []conflict{{Row: 0, Col: 0, Value: 1, Rule: "row", Units: []string{"row", "box"}}, {Row: 0, Col: 1, Value: 1, Rule: "row", Units: []string{"row", "box"}}}
				if len(p.Conflicts) != 2 || p.Conflicts[0].Row != want[0].Row || p.Conflicts[1].Col != want[1].Col || p.Conflicts[0].Value != 1 {
					t.Fatalf("conflicts %+v, want %+v", p.Conflicts, want)
				}
			}
		})
	}
}

// TestSolveTimeBudget: a search stopped by the time budget answers
// search_limit instead of holding the worker.
func TestSolveTimeBudget(t *testing.T) {
	c := newClient(t, Config{SolveTimeout: time.Nanosecond, MaxNodes: 1 << 40})
	// An empty 25x25 board has a huge search space in row-major order.
	ex := c.post("/solve", map[string]any{"puzzle": strings.Repeat(".", 625)})
	if ex.status == http.StatusOK {
		return // solved within its first time check: nothing to see
	}
	if p := ex.problem(t); ex.status != 422 || p.Code != codeSearchLimit {
		t.Fatalf("%d %s, want 422 search_limit", ex.status, ex.body)
	}
}

// TestSearchLimitSaysWhichBudget: a search stopped by the server's budget
// answers search_limit naming the budget that ran out, on every endpoint
// that searches.
func TestSearchLimitSaysWhichBudget(t *testing.T) {
	hard9 := dataset.Load(t, "9x9/forum_hardest_1106.txt", 1)[0]
	hard25 := dataset.Load(t, "25x25/gecode_25x25.txt", 9)[8] // seconds of search
	for _, c := range []struct {
		name   string
		cfg    Config
		puzzle string
		detail string
	}{
		{"nodes", Config{MaxNodes: 1, SolveTimeout: time.Minute}, hard9, "no answer within this server's budget of 1 search nodes per search"},
		{"time", Config{MaxNodes: 1 << 40, SolveTimeout: time.Nanosecond}, hard25, "no answer within this server's time budget of 1ns per search"},
	} {
		cl := newClient(t, c.cfg)
		for _, req := range []struct {
			target string
			body   map[string]any
		}{
			{"/solve", map[string]any{"puzzle": c.puzzle}},
			{"/hint", map[string]any{"puzzle": c.puzzle}},
			{"/validate", map[string]any{"puzzle": c.puzzle, "solvable": true}},
		} {
			ex := cl.post(req.target, req.body)
			p := ex.problem(t)
			if ex.status != 422 || p.Code != codeSearchLimit || !strings.HasPrefix(p.Detail, c.detail) {
				t.Errorf("%s %s: %d %s, want 422 search_limit with detail %q…", c.name, req.target, ex.status, ex.body, c.detail)
			}
		}
	}
}

// TestOverload fills the heavy slots: heavy requests are shed with 503
// overloaded and Retry-After, cheap ones still answer.
func TestOverload(t *testing.T) {
	c := newClient(t, Config{MaxHeavy: 1, HeavyQueue: 0, QueueWait: time.Millisecond})
	release, p := c.srv.deps.heavy.acquire(t.Context())
	if p != nil {
		t.Fatal(p)
	}
	for _, req := range []struct {
		target string
		body   map[string]any
	}{
		{"/solve", map[string]any{"puzzle": classic}},
		{"/validate", map[string]any{"puzzle": classic, "solvable": true}},
		{"/hint", map[string]any{"puzzle": classic}},
		{"/generate", map[string]any{"size": 4, "difficulty": "easy"}},
	} {
		ex := c.post(req.target, req.body)
		if ex.status != http.StatusServiceUnavailable || ex.problem(t).Code != codeOverloaded || ex.header.Get("Retry-After") == "" {
			t.Fatalf("%s with no free slot: %d %s", req.target, ex.status, ex.body)
		}
	}
	if ex := c.post("/validate", map[string]any{"puzzle": classic}); ex.status != http.StatusOK {
		t.Fatalf("cheap request under overload: %d", ex.status)
	}
	if ex := c.post("/solve", map[string]any{"puzzle": "12"}); ex.status != http.StatusBadRequest {
		t.Fatalf("bad request under overload: %d, want 400", ex.status)
	}
	release()
	if ex := c.post("/solve", map[string]any{"puzzle": classic}); ex.status != http.StatusOK {
		t.Fatalf("after release: %d", ex.status)
	}
}

// TestQueueWaitsForSlot: a heavy request within the queue waits for a slot
// and then succeeds.
func TestQueueWaitsForSlot(t *testing.T) {
	c := newClient(t, Config{MaxHeavy: 1, HeavyQueue: 1, QueueWait: time.Minute})
	release, _ := c.srv.deps.heavy.acquire(t.Context())
	done := make(chan *exchange)
	go func() {
		done <- c.post("/solve", map[string]any{"puzzle": classic})
	}()
	// The queued request holds the queue's one place: a third is shed.
	for len(c.srv.deps.heavy.queue) < 2 {
		select {
		case ex := <-done:
			t.Fatalf("queued request answered before a slot was free: %d %s", ex.status, ex.body)
		case <-time.After(time.Millisecond):
		}
	}
	if ex := c.post("/solve", map[string]any{"puzzle": classic}); ex.status != http.StatusServiceUnavailable {
		t.Fatalf("third heavy request: %d, want 503", ex.status)
	}
	release()
	if ex := <-done; ex.status != http.StatusOK {
		t.Fatalf("queued request: %d %s", ex.status, ex.body)
	}
}

func TestValidateSolvable(t *testing.T) {
	c := newClient(t, DefaultConfig())
	tests := []struct {
		puzzle string
		want   bool
	}{
		{classic, true},
		{classicSolved, true},
		{".234" + "1..." + "...." + "....", false},
		{"11" + strings.Repeat(".", 14), false},
	}
	for _, tt := range tests {
		ex := c.post("/validate", map[string]any{"puzzle": tt.puzzle, "solvable": true})
		var got validateResponse
		ex.json(t, &got)
		if ex.status != http.StatusOK || got.Solvable == nil || *got.Solvable != tt.want {
			t.Errorf("%s: %d %s, want solvable %v", tt.puzzle, ex.status, ex.body, tt.want)
		}
	}
	ex := c.post("/validate", map[string]any{"puzzle": classic})
	if strings.Contains(string(ex.body), "solvable") {
		t.Errorf("solvable reported without being asked: %s", ex.body)
	}
}

// TestSheddingLogsAtWarn: a 503 (a heavy request shed, or /readyz while
// draining) logs at warn, not error: it is the server keeping its limits,
// and under load an error per shed request buried real failures.
func TestSheddingLogsAtWarn(t *testing.T) {
	var logs bytes.Buffer
	srv := mustNew(t, Config{MaxHeavy: 1, HeavyQueue: 0, QueueWait: time.Millisecond}, slog.New(slog.NewJSONHandler(&logs, nil)), nil)
	t.Cleanup(srv.Close)
	release, p := srv.deps.heavy.acquire(t.Context())
	if p != nil {
		t.Fatal(p)
	}
	defer release()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/solve", strings.NewReader(`{"puzzle":"`+classic+`"}`))
	req.Header.Set("Content-Type", "application/json")
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("shed request: %d %s", rec.Code, rec.Body)
	}
	var entry struct{ Level, Msg, Path string }
	found := false
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		if err := json.Unmarshal([]byte(line), &entry); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if entry.Msg == "request" && entry.Path == "/solve" {
			found = true
			if entry.Level != "WARN" {
				t.Errorf("the shed request logged at %s, want WARN", entry.Level)
			}
		}
	}
	if !found {
		t.Fatalf("no request log line for /solve in %s", logs.String())
	}
}
