package api

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/fpuzzles"
)

// killer4 is a 4×4 killer X-Sudoku (main diagonal) in f-puzzles' forms,
// with its one solution.
const (
	killer4Text   = "N4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3lwC6yQv3GCRYwTL5SBC8UJEhsEEmgD2zcgFp2nGKgDWEMmRgYAxhuqEQVmObD4QAJRoBhAEwhUHzwBmEBVSSmoQAFYQfgcnMhd4PHdAzxo/d0Q0kNQwqgQQADYY3jjnVzcs4P8sxByQPIiAdhihLiA="
	killer4Object = `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal-":true,"killercage":[{"cells":["R1C2","R1C3"],"value":"5"},{"cells":["R3C1","R4C1"],"value":"6"},{"cells":["R4C3","R4C4"],"value":"7"}]}`
	killer4Sol    = "1234341243212143"
	grid4         = `[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
)

// TestFPuzzlesBoards: every board request takes fpuzzles, as the
// compressed text, the link or the object, and obeys its rules.
func TestFPuzzlesBoards(t *testing.T) {
	c := newClient(t, Config{})
	for name, field := range map[string]string{
		"text":   `"` + killer4Text + `"`,
		"link":   `"https://www.f-puzzles.com/?load=` + killer4Text + `"`,
		"object": killer4Object,
	} {
		body := `{"fpuzzles":` + field + `}`
		ex := c.post("/solve", body)
		var sol struct {
			Solution string
			Unique   bool
		}
		ex.json(t, &sol)
		if ex.status != http.StatusOK || sol.Solution != killer4Sol || !sol.Unique {
			t.Errorf("%s: /solve %d %s, want %s, unique", name, ex.status, ex.body, killer4Sol)
		}
		ex = c.post("/hint", body)
		var h struct {
			Kind            string
			Row, Col, Value int
		}
		ex.json(t, &h)
		if ex.status != http.StatusOK || h.Kind != "placement" || int(killer4Sol[h.Row*4+h.Col]-'0') != h.Value {
			t.Errorf("%s: /hint %d %s: not a placement of the solution %s", name, ex.status, ex.body, killer4Sol)
		}
		ex = c.post("/validate", body)
		if ex.status != http.StatusOK || !strings.Contains(string(ex.body), `"valid":true`) {
			t.Errorf("%s: /validate %d %s", name, ex.status, ex.body)
		}
		ex = c.post("/puzzles", body)
		if ex.status != http.StatusOK || !strings.Contains(string(ex.body), killer4Sol) {
			t.Errorf("%s: /puzzles %d %s", name, ex.status, ex.body)
		}
	}
	// A batch item and an NDJSON line; the item that breaks its cage is
	// invalid, the one with a thermometer an error of its own.
	broken := strings.Replace(killer4Object, `"value":"5"`, `"value":"6"`, 1)
	broken = strings.Replace(broken, `[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`, `[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`, 1)
	broken = strings.Replace(broken, `[[{"value":1,"given":true},{},{},{}]`, `[[{"value":1,"given":true},{"value":2,"given":true},{"value":3,"given":true},{}]`, 1)
	thermo := `{"size":4,"grid":` + grid4 + `,"thermometer":[{"lines":[["R1C1","R1C2"]]}]}`
	items := `{"id":"ok","fpuzzles":"` + killer4Text + `"}` + "\n" +
		`{"id":"cage","fpuzzles":` + broken + `}` + "\n" +
		`{"id":"thermo","fpuzzles":` + thermo + `}` + "\n"
	var batch struct {
		Results []struct {
			ID        string
			Valid     bool
			Conflicts []conflict
			Error     *struct{ Code, Detail string }
		}
	}
	c.post("/validate", `{"items":[`+strings.ReplaceAll(strings.TrimSpace(items), "\n", ",")+`]}`).json(t, &batch)
	if len(batch.Results) != 3 || !batch.Results[0].Valid || batch.Results[1].Valid || batch.Results[2].Error == nil {
		t.Fatalf("batch: %+v", batch.Results)
	}
	if cf := batch.Results[1].Conflicts; len(cf) == 0 || cf[0].Rule != "cage_sum" {
		t.Errorf("the broken cage: conflicts %+v, want cage_sum", cf)
	}
	if e := batch.Results[2].Error; e.Code != codeUnsupportedRule || !strings.Contains(e.Detail, "thermometer") {
		t.Errorf("the thermometer item: %+v", e)
	}
	ex := c.do(http.MethodPost, "/validate", mediaNDJSON, []byte(items))
	lines := strings.Split(strings.TrimSpace(string(ex.body)), "\n")
	if ex.status != http.StatusOK || len(lines) < 3 || !strings.Contains(lines[0], `"valid":true`) ||
		!strings.Contains(lines[1], `"cage_sum"`) || !strings.Contains(lines[2], codeUnsupportedRule) {
		t.Errorf("NDJSON: %d %s", ex.status, ex.body)
	}
}

func TestFPuzzlesErrors(t *testing.T) {
	c := newClient(t, Config{})
	tests := []struct {
		name, body string
		code       string
		field      string
	}{
		{"unknown constraint", `{"fpuzzles":{"size":4,"grid":` + grid4 + `,"arrow":[{"lines":[["R1C1","R1C2"]],"cells":["R1C1"]}]}}`, codeUnsupportedRule, "fpuzzles"},
		{"sum out of reach", `{"fpuzzles":{"size":4,"grid":` + grid4 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"99"}]}}`, codeInvalidRules, "fpuzzles.killercage[0].value"},
		{"a region of 5 cells", `{"fpuzzles":{"size":4,"grid":[[{"region":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}}`, codeInvalidRules, "fpuzzles.grid.region"},
		{"not f-puzzles", `{"fpuzzles":"hello"}`, codeInvalidBoard, ""},
		{"with a puzzle", `{"puzzle":"1...............","fpuzzles":"` + killer4Text + `"}`, codeInvalidRequest, "puzzle"},
		{"with rules", `{"rules":{"anti_king":true},"fpuzzles":"` + killer4Text + `"}`, codeInvalidRequest, "fpuzzles"},
		{"with a size", `{"size":4,"fpuzzles":"` + killer4Text + `"}`, codeInvalidRequest, "fpuzzles"},
		{"a number", `{"fpuzzles":4}`, codeInvalidRequest, "fpuzzles"},
	}
	for _, tt := range tests {
		for _, path := range []string{"/solve", "/hint", "/validate"} {
			ex := c.post(path, tt.body)
			p := ex.problem(t)
			if ex.status != http.StatusBadRequest || p.Code != tt.code {
				t.Errorf("%s %s: %d %s, want 400 %s", tt.name, path, ex.status, ex.body, tt.code)
				continue
			}
			if tt.field != "" && (len(p.Errors) == 0 || p.Errors[0].Field != tt.field) {
				t.Errorf("%s %s: %s, want errors naming %s", tt.name, path, ex.body, tt.field)
			}
		}
	}
}

// TestGenerateFPuzzles: format fpuzzles adds to each puzzle the f-puzzles
// text of that very puzzle, rules and all: it solves to the same solution.
func TestGenerateFPuzzles(t *testing.T) {
	c := newClient(t, Config{})
	for _, ex := range []*exchange{
		c.do(http.MethodGet, "/generate?size=6&difficulty=easy&seed=5&count=2&format=fpuzzles", "", nil),
		c.post("/generate", `{"size":9,"difficulty":"easy","seed":5,"format":"fpuzzles"}`),
		c.post("/generate", `{"size":9,"difficulty":"easy","seed":5,"variant":"killer","format":"fpuzzles"}`),
		c.post("/generate", `{"size":9,"difficulty":"easy","seed":5,"variant":"windoku","format":"fpuzzles"}`),
		c.post("/generate", `{"size":6,"box":"3x2","difficulty":"easy","seed":5,"variant":"disjoint_groups","format":"fpuzzles"}`),
		c.post("/generate", `{"size":6,"difficulty":"easy","seed":5,"variant":"jigsaw","format":"fpuzzles"}`),
	} {
		var resp struct {
			Puzzles []struct{ Puzzle, Solution, Fpuzzles string }
		}
		ex.json(t, &resp)
		if ex.status != http.StatusOK || len(resp.Puzzles) == 0 {
			t.Fatalf("%d %s", ex.status, ex.body)
		}
		for _, p := range resp.Puzzles {
			b, err := fpuzzles.Decode(p.Fpuzzles)
			if err != nil {
				t.Fatalf("fpuzzles %q: %v", p.Fpuzzles, err)
			}
			if b.String() != p.Puzzle {
				t.Errorf("fpuzzles decodes to %s, the puzzle is %s", b.String(), p.Puzzle)
			}
			res, err := engine.Solve(context.Background(), b, engine.Limits{})
			if err != nil || !res.Unique || res.Solution.String() != p.Solution {
				t.Errorf("fpuzzles of %s solves to %s (unique %t, %v), the solution is %s", p.Puzzle, res.Solution.String(), res.Unique, err, p.Solution)
			}
		}
	}
	var plain struct{ Puzzles []map[string]any }
	c.do(http.MethodGet, "/generate?size=4&difficulty=easy&seed=5", "", nil).json(t, &plain)
	if _, ok := plain.Puzzles[0]["fpuzzles"]; ok {
		t.Errorf("fpuzzles without format fpuzzles: %v", plain.Puzzles[0])
	}
}
