package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

var fuzzItems = []string{
	`{"id":"a","puzzle":"` + classic + `"}`,
	`{"puzzle":"` + classicSolved + `","givens":"` + classic + `"}`,
	`{"grid":[[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,2]],"givens":[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}`,
	`{"size":6,"box":"3x2","puzzle":"....................................","id":"x"}`,
	`{"size":4,"grid":[[1,1,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}`,
	`{"Puzzle":"1234341221434321"}`,
	`{"puzzle":"12","grid":[[1]]}`,
	`{"id":"\u00e9","puzzle":"1234341221434321"}`,
	`{"size":09,"puzzle":"1"}`,
	`{"grid":[[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,-2]]}`,
	` { "puzzle" : "1234341221434321" } `,
	`{"puzzle":"1234341221434321","size":0}`,
	`{}`,
	`[]`,
	`{"puzzle":null}`,
	`{"id":"` + strings.Repeat("a", maxIDChars) + `","puzzle":"1234341221434321"}`,
	`{"id":"` + strings.Repeat("a", maxIDChars+1) + `","puzzle":"1234341221434321"}`,
	`{"puzzle":"` + classic + `","rules":{"diagonals":"both","windows":true}}`,
	`{"puzzle":"1234341221434321","rules":{"regions":"AABBAABBCCDDCCDD","anti_king":true}}`,
	`{"grid":[[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,2]],"rules":{"regions":[[1,1,2,2],[1,1,2,2],[3,3,4,4],[3,3,4,4]]}}`,
	`{"puzzle":"1234341221434321","box":"2x2","rules":{"regions":"AABBAABBCCDDCCDD"}}`,
	`{"puzzle":"` + strings.Repeat(".", 81) + `","rules":{"cages":[{"cells":[[0,0],[0,1]],"sum":3},{"cells":[[1,1]],"sum":99}]}}`,
	`{"puzzle":"` + strings.Repeat(".", 81) + `","rules":{"odd":[[0,0],[9,9]],"even":[[0,0]],"non_consecutive":true,"anti_knight":true}}`,
	`{"puzzle":"` + strings.Repeat("1", 81) + `","rules":{"diagonals":"both","windows":true,"disjoint_groups":true,"anti_knight":true,"anti_king":true,"non_consecutive":true,"odd":[[0,0]],"extra_regions":[[[0,0],[1,1],[2,2],[3,3],[4,4],[5,5],[6,6],[7,7],[8,8]]],"cages":[{"cells":[[0,0],[0,1]],"sum":3}]}}`,
	`{"puzzle":"1234341221434321","rules":{"extra_regions":[[[0,0,0],[1],[]]],"cages":[{"cells":null}]}}`,
	`{"puzzle":"1234341221434321","rules":{"diagonal":"both"}}`,
	`{"puzzle":"1234341221434321","rules":null}`,
	`{"puzzle":"1234341221434321","rules":{"regions":"\u00e9\u00e9ab\u00e9\u00e9abccddccdd"}}`,
}

// FuzzFastParser holds the fast item path to the same answers as
// encoding/json plus the validator: for any item the fast parser accepts,
// the two paths must write the same result.
func FuzzFastParser(f *testing.F) {
	for _, s := range fuzzItems {
		f.Add([]byte(s))
	}
	v := newValidator()
	f.Fuzz(func(t *testing.T, item []byte) {
		fast := &itemChecker{validate: v}
		var in itemInput
		if !fast.fast.parse(item, &in) {
			return
		}
		got, _ := fast.appendItem(nil, item)
		slow := &itemChecker{validate: v}
		want, _ := slow.appendSlow(nil, item)
		if !bytes.Equal(got, want) {
			t.Fatalf("item %q:\nfast %s\nslow %s", item, got, want)
		}
		if !json.Valid(got) {
			t.Fatalf("item %q: result %q is not JSON", item, got)
		}
	})
}

// FuzzItem: any bytes as an item give one JSON object result, no longer
// (with its newline) than resultBound, which a stream reserves for it
// before it checks it, nor than maxResultBytes, which a batch reserves.
func FuzzItem(f *testing.F) {
	for _, s := range fuzzItems {
		f.Add([]byte(s))
	}
	// Results as large as they come for their size: every cell in
	// conflict, a given changed in every cell, ids and names that JSON
	// escapes six bytes for one.
	ones := strings.Repeat("1", 625)
	f.Add([]byte(`{"id":"` + strings.Repeat("<", 200) + `","puzzle":"` + ones + `"}`))
	f.Add([]byte(`{"puzzle":"` + ones + `","givens":"` + strings.Repeat("2", 625) + `"}`))
	f.Add([]byte(`{"grid":[[1,1,1,1],[1,1,1,1],[1,1,1,1],[1,1,1,1]],"givens":"2222222222222222"}`))
	f.Add([]byte(`{"id":"` + strings.Repeat(`\u2028`, 50) + `","puzzle":"11"}`))
	f.Add([]byte(`{"` + strings.Repeat(`\u0001`, 50) + `":1}`))
	f.Add([]byte(`{"id":"&","` + strings.Repeat("\xff", 50) + `":1}`))
	f.Add([]byte(`{"id":"` + strings.Repeat("\u2028", 50) + `","size":7}`))
	f.Add([]byte(`{"id":"` + strings.Repeat("<", 50) + `","box":"` + strings.Repeat(`\u003e`, 50) + `","puzzle":"1"}`))
	f.Add([]byte(`{"puzzle":"` + strings.Repeat("\x01", 81) + `"}`))
	// Ids at the cap and over it, escaped and plain, on the worst board.
	twos := strings.Repeat("2", 625)
	for _, id := range []string{strings.Repeat(`\u0001`, maxIDChars), strings.Repeat(`\u0001`, maxIDChars+1), strings.Repeat("a", maxIDChars+1), strings.Repeat(`\ud800`, 5000)} {
		f.Add([]byte(`{"id":"` + id + `","puzzle":"` + ones + `","givens":"` + twos + `"}`))
	}
	f.Add([]byte(`{"id":"` + strings.Repeat("a", 300) + `","` + strings.Repeat(`\u0001`, 300) + `":1}`))
	c := &itemChecker{validate: newValidator()}
	f.Fuzz(func(t *testing.T, item []byte) {
		out, _ := c.appendItem(nil, item)
		var m map[string]any
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatalf("item %q: result %q: %v", item, out, err)
		}
		if got, bound := int64(len(out)+1), resultBound(len(item)); got > bound || got > maxResultBytes {
			t.Fatalf("item %q: result of %d bytes, over the bound of %d: %q", item, got, bound, out)
		}
	})
}

// FuzzHandlers sends any body to each POST endpoint: never a 5xx, always
// JSON or problem+json.
func FuzzHandlers(f *testing.F) {
	for _, s := range fuzzItems {
		f.Add("/validate", []byte(s))
		f.Add("/solve", []byte(s))
		f.Add("/hint", []byte(s))
	}
	f.Add("/hint", []byte(`{"puzzle":"1...............","candidates":["","234","234","234","234","234","234","234","234","234","234","234","234","234","234","234"]}`))
	f.Add("/hint", []byte(`{"puzzle":"1...............","candidates":["1","2"],"nudge":true}`))
	f.Add("/hint", []byte(`{"puzzle":"`+classic+`","nudge":true}`))
	f.Add("/generate", []byte(`{"size":4,"difficulty":"easy","seed":1}`))
	f.Add("/generate", []byte(`{"size":4,"difficulty":"expert"}`))
	f.Add("/validate", []byte(`{"items":[{"puzzle":"1"},7,null]}`))
	f.Add("/validate", []byte(`{"puzzle":"`+classic+`","solvable":true}`))
	f.Add("/puzzles", []byte(`{"puzzle":"1234341221434321","rules":{"diagonals":"both"}}`))
	f.Add("/hint", []byte(`{"puzzle":"1...............","givens":"1...............","rules":{"regions":"AABBAABBCCDDCCDD"}}`))
	srv := mustNew(f, Config{SolveTimeout: 200e6, GenerateTimeout: 200e6, MaxNodes: 100000, PoolSize: -1}, nil, nil)
	f.Fuzz(func(t *testing.T, path string, body []byte) {
		if path != "/validate" && path != "/solve" && path != "/hint" && path != "/generate" && path != "/puzzles" {
			path = "/solve"
		}
		req := httptest.NewRequest("POST", path, bytes.NewReader(body))
		req.Header.Set("Content-Type", mediaJSON)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %q: %d %s", path, body, rec.Code, rec.Body)
		}
		ct := rec.Header().Get("Content-Type")
		if (rec.Code == http.StatusOK) != (ct == mediaJSON) || !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%s %q: %d %q %s", path, body, rec.Code, ct, rec.Body)
		}
	})
}

// FuzzGenerateQuery sends any query string to GET /generate: never a 5xx.
func FuzzGenerateQuery(f *testing.F) {
	for _, q := range []string{"size=4&difficulty=easy&seed=1", "size=4&difficulty=expert", "count=0", "seed=-5&size=6&box=3x2", "size=%zz", "a=1&a=2", "format=grid&symmetry=rotational&size=4&seed=9"} {
		f.Add(q)
	}
	srv := mustNew(f, Config{GenerateTimeout: 200e6, PoolSize: -1}, nil, nil)
	f.Fuzz(func(t *testing.T, q string) {
		req, err := http.NewRequest("GET", "/generate", nil)
		if err != nil {
			return
		}
		req.URL.RawQuery = q
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code >= 500 || !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("?%s: %d %s", q, rec.Code, rec.Body)
		}
	})
}

// FuzzHintCandidates sends /hint a 4×4 board with any candidates (cells
// separated by commas) and nudge: never a 5xx; on a board with one
// solution, a placement is the solution's value and an elimination never
// removes it.
func FuzzHintCandidates(f *testing.F) {
	f.Add("1...........3...", ",1234,1234,1234,1234,1234,1234,1234,1234,1234,1234,1234,,1234,1234,1234", false)
	f.Add("12.4..1...4...2.", ",,3,,34,3,,3,,1,,13,,13,,", true)
	f.Add("12.4..1...4...2.", ",,3,,34,34,,23,,13,,13,34,,13,", false)
	// A board with one solution (sudoku generate -size 4 -seed 1).
	f.Add(".....3..4..3...1", "1234,1234,1234,1234,1234,,1234,1234,,1234,1234,,1234,1234,1234,", false)
	f.Add(".....3..4..3...1", "124,1234,124,24,124,,1234,1234,,1234,12,,23,234,24,", false)
	f.Add("1...............", "x,y", false)
	srv := mustNew(f, Config{SolveTimeout: 200e6, MaxNodes: 100000, PoolSize: -1}, nil, nil)
	f.Fuzz(func(t *testing.T, puzzle, cands string, nudge bool) {
		body, err := json.Marshal(map[string]any{"puzzle": puzzle, "candidates": strings.Split(cands, ","), "nudge": nudge})
		if err != nil {
			return
		}
		req := httptest.NewRequest("POST", "/hint", bytes.NewReader(body))
		req.Header.Set("Content-Type", mediaJSON)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code >= 500 || !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%s: %d %s", body, rec.Code, rec.Body)
		}
		if rec.Code != http.StatusOK {
			return
		}
		b, err := engine.ParseBoard(puzzle, engine.Shape{})
		if err != nil {
			t.Fatalf("%s answered 200 for an invalid board: %v", body, err)
		}
		res, err := engine.Solve(context.Background(), b, engine.Limits{})
		if err != nil || !res.Unique {
			return
		}
		var got stepJSON
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		switch got.Kind {
		case engine.StepPlacement:
			if *got.Value != res.Solution.Get(*got.Row, *got.Col) {
				t.Fatalf("%s: %s, solution %s", body, rec.Body, res.Solution)
			}
		case engine.StepElimination:
			for _, e := range got.Eliminations {
				if slices.Contains(e.Values, res.Solution.Get(e.Row, e.Col)) {
					t.Fatalf("%s: %s removes the solution's value (%s)", body, rec.Body, res.Solution)
				}
			}
		}
	})
}

// FuzzRules decodes any bytes as the rules of a 4×4, 6×6 and 9×9 board:
// never a panic; rules that do not hold on the board are a RulesError;
// rules that do come back the same through their JSON form.
func FuzzRules(f *testing.F) {
	for _, s := range fuzzItems {
		var v struct {
			Rules json.RawMessage `json:"rules"`
		}
		if json.Unmarshal([]byte(s), &v) == nil && v.Rules != nil {
			f.Add([]byte(v.Rules))
		}
	}
	f.Add([]byte(`{"regions":"AAABBBAAABBBCCCDDDCCCDDDEEEFFFEEEFFF","odd":[[5,5]]}`))
	f.Add([]byte(`{"odd":[],"anti_king":true,"cages":[],"extra_regions":[]}`))
	f.Add([]byte(`{"cages":[{"cells":[[0,0],[1,0]],"sum":7},{"cells":[[0,1]]}],"even":[[3,3]],"diagonals":"anti"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var rj rulesJSON
		if decodeJSON(bytes.NewReader(data), &rj, "rules") != nil {
			return
		}
		for _, size := range []int{4, 6, 9} {
			b, err := engine.Parse(strings.Repeat(".", size*size), size, "")
			if err != nil {
				t.Fatal(err)
			}
			vb, err := withRules(b, &rj, "")
			if err != nil {
				var re *engine.RulesError
				if !errors.As(err, &re) || !errors.Is(err, engine.ErrInvalidRules) {
					t.Fatalf("%s on %dx%d: %v is not a RulesError", data, size, size, err)
				}
				continue
			}
			got := vb.Rules()
			js, err := json.Marshal(rulesJSONOf(got, size))
			if err != nil {
				t.Fatal(err)
			}
			var back rulesJSON
			if err := decodeJSON(bytes.NewReader(js), &back, "rules"); err != nil {
				t.Fatalf("%s on %dx%d: its JSON form %s: %v", data, size, size, js, err)
			}
			again, err := back.engineRules(size)
			if err != nil {
				t.Fatalf("%s on %dx%d: its JSON form %s: %v", data, size, size, js, err)
			}
			if !reflect.DeepEqual(got, again) && !(got.IsClassic() && again.IsClassic()) {
				t.Fatalf("%s on %dx%d: rules %+v come back as %+v through %s", data, size, size, got, again, js)
			}
		}
	})
}
