package api

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

// classicSolution is the solution of classic.
const classicSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// pairCages cuts a solved 9×9 grid into horizontal pairs (and the last
// column's single cells) with their sums, as the request's JSON.
func pairCages(sol string) []map[string]any {
	var cages []map[string]any
	for r := range 9 {
		for c := 0; c < 9; c += 2 {
			cells := [][]int{{r, c}}
			sum := int(sol[r*9+c] - '0')
			if c+1 < 9 {
				cells = append(cells, []int{r, c + 1})
				sum += int(sol[r*9+c+1] - '0')
			}
			cages = append(cages, map[string]any{"cells": cells, "sum": sum})
		}
	}
	return cages
}

// TestPuzzleVariantIDs: POST /puzzles with rules gives an id that holds
// them; GET /puzzles/{id} answers with the rules, a solution that obeys
// them and a rating; the drawings show the marks and /print prints it.
func TestPuzzleVariantIDs(t *testing.T) {
	c := newClient(t, DefaultConfig())
	boxes := strings.Repeat("AAABBBCCC", 3) + strings.Repeat("DDDEEEFFF", 3) + strings.Repeat("GGGHHHIII", 3)
	for _, tc := range []struct {
		name  string
		rules map[string]any
		marks string // a class the SVG must hold
	}{
		{"killer", map[string]any{"cages": pairCages(classicSolution)}, `class="cage"`},
		{"jigsaw", map[string]any{"regions": boxes}, `class="regions"`},
		{"odd-even", map[string]any{"odd": [][]int{{0, 6}}, "even": [][]int{{0, 3}, {8, 1}}}, `class="odd"`},
	} {
		ex := c.post("/puzzles", map[string]any{"puzzle": classic, "rules": tc.rules})
		if ex.status != http.StatusOK {
			t.Fatalf("%s: POST /puzzles: %d %s", tc.name, ex.status, ex.body)
		}
		var posted puzzleResponse
		ex.json(t, &posted)
		b, err := engine.DecodeID(posted.ID)
		if err != nil || !b.IsVariant() {
			t.Fatalf("%s: id %q: %v, variant %t", tc.name, posted.ID, err, b.IsVariant())
		}
		checkFpuzzles(t, tc.name, posted)
		if posted.ID == engine.EncodeID(mustParse(t, classic, 0, "")) {
			t.Fatalf("%s: the id is the classic puzzle's", tc.name)
		}
		ex = c.do(http.MethodGet, "/puzzles/"+posted.ID, "", nil)
		if ex.status != http.StatusOK {
			t.Fatalf("%s: GET /puzzles/%s: %d %s", tc.name, posted.ID, ex.status, ex.body)
		}
		var got struct {
			puzzleResponse
			Rules json.RawMessage `json:"rules"`
		}
		ex.json(t, &got)
		if got.Puzzle != classic || got.Solution != classicSolution || !got.Unique || got.Rating.Score <= 0 || got.Difficulty == "" {
			t.Errorf("%s: GET = %s", tc.name, ex.body)
		}
		// The rules come back as the engine reads them: the same rules.
		var rj rulesJSON
		if err := json.Unmarshal(got.Rules, &rj); err != nil {
			t.Fatalf("%s: rules %s: %v", tc.name, got.Rules, err)
		}
		back, err := withRules(mustParse(t, classic, 0, ""), &rj, "")
		if err != nil {
			t.Fatalf("%s: the answer's rules %s: %v", tc.name, got.Rules, err)
		}
		if engine.EncodeID(back) != posted.ID {
			t.Errorf("%s: the answer's rules %s name id %q, not %q", tc.name, got.Rules, engine.EncodeID(back), posted.ID)
		}
		mustSolved(t, b, mustParse(t, got.Solution.(string), 0, ""))

		svg := c.do(http.MethodGet, "/puzzles/"+posted.ID+".svg?solution=true", "", nil)
		if svg.status != http.StatusOK || !bytes.Contains(svg.body, []byte(tc.marks)) {
			t.Errorf("%s: SVG %d without %s", tc.name, svg.status, tc.marks)
		}
		pngEx := c.do(http.MethodGet, "/puzzles/"+posted.ID+".png?px=300&theme=dark", "", nil)
		img, err := png.Decode(bytes.NewReader(pngEx.body))
		if pngEx.status != http.StatusOK || err != nil || img.Bounds().Dx() != 300 {
			t.Errorf("%s: PNG %d: %v", tc.name, pngEx.status, err)
		}
		pdf := c.post("/print", `{"ids":["`+posted.ID+`"],"per_page":1}`)
		if pdf.status != http.StatusOK {
			t.Errorf("%s: /print: %d %.300s", tc.name, pdf.status, pdf.body)
		} else if pages, _ := pdfPages(t, pdf.body); pages != 2 {
			t.Errorf("%s: /print: %d pages, want the puzzle and its solution", tc.name, pages)
		}
	}
	// A classic answer has no rules at all.
	ex := c.do(http.MethodGet, "/puzzles/"+engine.EncodeID(mustParse(t, classic, 0, "")), "", nil)
	var raw map[string]json.RawMessage
	ex.json(t, &raw)
	if _, ok := raw["rules"]; ok || ex.status != http.StatusOK {
		t.Errorf("classic: %d, rules %s", ex.status, raw["rules"])
	}
	// Givens that break a cage's sum are a conflict, whatever the id.
	bad := pairCages(classicSolution)
	bad[0]["sum"] = bad[0]["sum"].(int) + 1
	ex = c.post("/puzzles", map[string]any{"puzzle": classic, "rules": map[string]any{"cages": bad}})
	if ex.status != http.StatusUnprocessableEntity {
		t.Errorf("a cage that cannot hold: %d %s", ex.status, ex.body)
	}
	vb, err := mustParse(t, classic, 0, "").WithRules(engine.Rules{Cages: []engine.Cage{{Cells: []engine.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, Sum: 9}}})
	if err != nil {
		t.Fatal(err)
	}
	ex = c.do(http.MethodGet, "/puzzles/"+engine.EncodeID(vb), "", nil)
	if ex.status != http.StatusUnprocessableEntity || !slices.Contains([]string{codeConflict, codeUnsolvable}, ex.problem(t).Code) {
		t.Errorf("GET of a cage its givens break: %d %s", ex.status, ex.body)
	}
}
