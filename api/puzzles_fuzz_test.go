package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

// FuzzPuzzleRoutes sends any id and query string to GET /puzzles/{id},
// its drawings and /daily: never a 5xx, and a refusal is a JSON problem.
func FuzzPuzzleRoutes(f *testing.F) {
	id := engine.EncodeID(mustParse(f, classic, 0, ""))
	for _, tc := range [][2]string{
		{id, ""}, {id + ".svg", "px=100&theme=dark"}, {id + ".png", "px=100&solution=true"},
		{id[:10], ""}, {"AQAAOCQMa6M.png", "px=2001"}, {"", "date=2026-02-29"}, {"", "size=4&difficulty=easy&date=2026-01-01"},
	} {
		f.Add(tc[0], tc[1])
	}
	killer, err := engine.NewBoard(engine.Shape{Size: 9, BoxRows: 3, BoxCols: 3}).WithRules(engine.Rules{
		Cages:    []engine.Cage{{Cells: []engine.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, Sum: 3}, {Cells: []engine.Cell{{Row: 4, Col: 4}}}},
		AntiKing: true, Odd: []engine.Cell{{Row: 8, Col: 8}}})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(engine.EncodeID(killer), "")
	f.Add(engine.EncodeID(killer)+".png", "px=100&solution=true")
	srv := mustNew(f, Config{SolveTimeout: 200e6, GenerateTimeout: 200e6, MaxNodes: 100000, PoolSize: -1}, nil, nil)
	f.Fuzz(func(t *testing.T, ref, query string) {
		path := "/puzzles/" + url.PathEscape(ref)
		if ref == "" {
			path = "/daily"
		}
		req, err := http.NewRequest(http.MethodGet, path, nil)
		if err != nil {
			return
		}
		req.URL.RawQuery = query
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s?%s: %d %s", path, query, rec.Code, rec.Body)
		}
		if rec.Code >= 400 && !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%s?%s: %d with a body that is not JSON: %q", path, query, rec.Code, rec.Body)
		}
	})
}
