package api

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/internal/dataset"
)

// hintAnswer decodes a /hint answer, with row, col and value as plain
// numbers (0 when absent).
type hintAnswer struct {
	Kind         string            `json:"kind"`
	Row          int               `json:"row"`
	Col          int               `json:"col"`
	Value        int               `json:"value"`
	Technique    string            `json:"technique"`
	Explanation  string            `json:"explanation"`
	Cells        []cellJSON        `json:"cells"`
	Units        []unitJSON        `json:"units"`
	Eliminations []eliminationJSON `json:"eliminations"`
	Pattern      *patternJSON      `json:"pattern"`
	Steps        []hintAnswer      `json:"steps"`
}

// mustSolution returns the unique solution of b.
func mustSolution(tb testing.TB, b engine.Board) engine.Board {
	tb.Helper()
	res, err := engine.Solve(context.Background(), b, engine.Limits{})
	if err != nil || !res.Unique {
		tb.Fatalf("solve %s: unique %v, %v", b, res.Unique, err)
	}
	return res.Solution
}

func TestHint(t *testing.T) {
	c := newClient(t, DefaultConfig())
	puzzles := append([]string{classic}, dataset.Load(t, "9x9/magictour_top1465.txt", 5)...)
	for _, p := range puzzles {
		b := mustParse(t, p, 0, "")
		sol := mustSolution(t, b)
		ex := c.post("/hint", map[string]any{"puzzle": p})
		if ex.status != http.StatusOK {
			t.Fatalf("%s: %d %s", p, ex.status, ex.body)
		}
		var got hintAnswer
		ex.json(t, &got)
		if got.Kind != "placement" || got.Technique == "" || got.Explanation == "" {
			t.Fatalf("%s: hint %+v", p, got)
		}
		if b.Get(got.Row, got.Col) != 0 {
			t.Fatalf("%s: hint for the filled cell %s", p, engine.CellName(got.Row, got.Col))
		}
		if want := sol.Get(got.Row, got.Col); got.Value != want {
			t.Fatalf("%s: hint %s = %d, the solution has %d", p, engine.CellName(got.Row, got.Col), got.Value, want)
		}
		if !strings.Contains(strings.ToLower(got.Explanation), engine.CellName(got.Row, got.Col)) {
			t.Errorf("explanation %q does not name %s", got.Explanation, engine.CellName(got.Row, got.Col))
		}
	}
}

func TestHintSingleFirst(t *testing.T) {
	// One empty cell: a full house, the simplest step there is.
	c := newClient(t, DefaultConfig())
	ex := c.post("/hint", map[string]any{"puzzle": "." + classicSolved[1:]})
	var got hintAnswer
	ex.json(t, &got)
	if ex.status != 200 || got.Row != 0 || got.Col != 0 || got.Value != 5 || got.Technique == "solution" {
		t.Fatalf("%d %+v", ex.status, got)
	}
}

func TestHintMistake(t *testing.T) {
	c := newClient(t, DefaultConfig())
	b := mustParse(t, classic, 0, "")
	sol := mustSolution(t, b)
	// The player fills r1c3 (empty in the puzzle) with a wrong value that
	// breaks no rule yet.
	player, wrong := b, 0
	for v := 1; v <= 9 && wrong == 0; v++ {
		player.Set(0, 2, v)
		if v != sol.Get(0, 2) && engine.Valid(&player) {
			wrong = v
		}
	}
	player.Set(0, 2, wrong)
	for _, form := range []string{"string", "grid"} {
		req := map[string]any{"puzzle": player.String(), "givens": classic}
		if form == "grid" {
			req = map[string]any{"grid": player.Grid(), "givens": b.Grid()}
		}
		ex := c.post("/hint", req)
		var got hintAnswer
		ex.json(t, &got)
		if ex.status != 200 || got.Kind != "mistake" || got.Row != 0 || got.Col != 2 || got.Value != wrong || got.Explanation == "" || got.Technique != "" {
			t.Fatalf("%s: %d %s", form, ex.status, ex.body)
		}
	}
}

func TestHintErrors(t *testing.T) {
	c := newClient(t, DefaultConfig())
	tests := []struct {
		name   string
		req    map[string]any
		status int
		code   string
	}{
		{"full grid", map[string]any{"puzzle": classicSolved}, 422, codeNoEmptyCells},
		{"unsolvable", map[string]any{"puzzle": ".234" + "1..." + "...." + "...."}, 422, codeUnsolvable},
		{"conflict", map[string]any{"puzzle": "11" + strings.Repeat(".", 14)}, 422, codeConflict},
		{"givens of another shape", map[string]any{"puzzle": classic, "givens": "1234"}, 400, codeInvalidBoard},
		{"unknown field", map[string]any{"puzzle": classic, "given": classic}, 400, codeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := c.post("/hint", tt.req)
			if p := ex.problem(t); ex.status != tt.status || p.Code != tt.code {
				t.Fatalf("%d %s, want %d %s", ex.status, ex.body, tt.status, tt.code)
			}
		})
	}
}

// basicCandidates returns the candidates of b's empty cells that no peer
// rules out, in the board's symbols.
func basicCandidates(b engine.Board) []string {
	n := b.Size()
	out := make([]string, n*n)
	const symbols = "123456789ABCDEFGHIJKLMNOP"
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if b.Get(r, c) != 0 {
				continue
			}
			for v := 1; v <= n; v++ {
				if b.Get(r, c) == 0 {
					b.Set(r, c, v)
					if engine.Valid(&b) {
						out[r*n+c] += symbols[v-1 : v]
					}
					b.Set(r, c, 0)
				}
			}
		}
	}
	return out
}

// TestHintCandidates walks a 9×9 and a 16×16 puzzle to the end with the
// player's candidates: each answer is one step on them (a placement or an
// elimination), checked against the solution and applied.
func TestHintCandidates(t *testing.T) {
	c := newClient(t, DefaultConfig())
	const symbols = "123456789ABCDEFGHIJKLMNOP"
	puzzles := []string{dataset.Load(t, "9x9/magictour_top1465.txt", 1)[0], dataset.Load(t, "16x16/goomii17_puzzles.txt", 1)[0]}
	for _, p := range puzzles {
		b := mustParse(t, p, 0, "")
		sol := mustSolution(t, b)
		n := b.Size()
		cands := basicCandidates(b)
		kinds := map[string]int{}
		for steps := 0; b.Empty() > 0; steps++ {
			if steps > 4*n*n {
				t.Fatal("no end")
			}
			ex := c.post("/hint", map[string]any{"puzzle": b.String(), "candidates": cands})
			var got hintAnswer
			ex.json(t, &got)
			if ex.status != 200 || len(got.Steps) != 1 || got.Explanation == "" {
				t.Fatalf("%d %s", ex.status, ex.body)
			}
			kinds[got.Kind]++
			switch got.Kind {
			case "placement":
				if want := sol.Get(got.Row, got.Col); b.Get(got.Row, got.Col) != 0 || got.Value != want {
					t.Fatalf("%s: %s", b, ex.body)
				}
				b.Set(got.Row, got.Col, got.Value)
				// The placement rubs its value out of the peers; the
				// eliminations made so far stay.
				fresh := basicCandidates(b)
				for i := range cands {
					kept := ""
					for _, ch := range cands[i] {
						if strings.ContainsRune(fresh[i], ch) {
							kept += string(ch)
						}
					}
					cands[i] = kept
				}
			case "elimination":
				if len(got.Eliminations) == 0 || strings.HasPrefix(string(ex.body), `{"kind":"elimination","row"`) {
					t.Fatalf("%s", ex.body)
				}
				for _, e := range got.Eliminations {
					i := e.Row*n + e.Col
					for _, v := range e.Values {
						if v == sol.Get(e.Row, e.Col) || !strings.Contains(cands[i], symbols[v-1:v]) {
							t.Fatalf("%s removes %d from r%dc%d: %s", got.Technique, v, e.Row+1, e.Col+1, ex.body)
						}
						cands[i] = strings.Replace(cands[i], symbols[v-1:v], "", 1)
					}
				}
			default:
				t.Fatalf("%s", ex.body)
			}
		}
		t.Logf("%d×%d: %v", n, n, kinds)
	}
}

// TestHintPattern sends the known X-chain position of the engine's tests
// as a puzzle and its candidates: the answer is that X-chain, with its
// links from cell to cell, alternating strong and weak.
func TestHintPattern(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "engine", "testdata", "grade", "positions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, DefaultConfig())
	found := false
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 5 || f[0] != "x_chain" {
			continue
		}
		found = true
		var puzzle strings.Builder
		var cands []string
		for _, cell := range strings.Split(f[4], ",") {
			if strings.HasPrefix(cell, "=") {
				puzzle.WriteString(cell[1:])
				cands = append(cands, "")
			} else {
				puzzle.WriteByte('.')
				cands = append(cands, cell)
			}
		}
		ex := c.post("/hint", map[string]any{"puzzle": puzzle.String(), "box": f[2], "candidates": cands})
		var got hintAnswer
		ex.json(t, &got)
		if ex.status != 200 || got.Kind != "elimination" || got.Technique != "x_chain" || got.Pattern == nil || len(got.Pattern.Links) < 3 {
			t.Fatalf("%s %s: %d %s", f[1], f[2], ex.status, ex.body)
		}
		for i, lk := range got.Pattern.Links {
			if lk.Strong != (i%2 == 0) || len(lk.From.Cells) != 1 || lk.From.Value != lk.To.Value {
				t.Errorf("link %d: %+v", i, lk)
			}
			if i > 0 && got.Pattern.Links[i-1].To.Cells[0] != lk.From.Cells[0] {
				t.Errorf("link %d does not go on from link %d", i, i-1)
			}
		}
	}
	if !found {
		t.Fatal("no x_chain position")
	}
}

// TestHintNudge: a nudge names the technique and units, not the cell or
// the value.
func TestHintNudge(t *testing.T) {
	c := newClient(t, DefaultConfig())
	p := dataset.Load(t, "9x9/magictour_top1465.txt", 1)[0]
	ex := c.post("/hint", map[string]any{"puzzle": p, "nudge": true})
	var got hintAnswer
	ex.json(t, &got)
	body := string(ex.body)
	if ex.status != 200 || got.Kind != "nudge" || got.Technique == "" || len(got.Units) == 0 || got.Explanation == "" ||
		strings.Contains(body, `"row":`) && !strings.Contains(body, `"units"`) || strings.Contains(body, `"value"`) || strings.Contains(body, `"cells"`) || strings.Contains(body, `"steps"`) {
		t.Fatalf("%d %s", ex.status, body)
	}
}

func TestHintCandidateErrors(t *testing.T) {
	c := newClient(t, DefaultConfig())
	b := mustParse(t, classic, 0, "")
	good := basicCandidates(b)
	with := func(i int, s string) []string {
		out := append([]string(nil), good...)
		out[i] = s
		return out
	}
	filled := 0
	for b.Get(0, filled) == 0 {
		filled++
	}
	empty := 0
	for b.Get(0, empty) != 0 {
		empty++
	}
	tests := []struct {
		name   string
		cands  any
		status int
		code   string
	}{
		{"too few cells", good[1:], 400, codeInvalidBoard},
		{"a symbol above N", with(empty, "1A"), 400, codeInvalidBoard},
		{"a repeated symbol", with(empty, "11"), 400, codeInvalidBoard},
		{"candidates for a filled cell", with(filled, "1"), 400, codeInvalidBoard},
		{"too many cells", make([]string, 626), 400, codeInvalidRequest},
		{"a string too long", with(empty, strings.Repeat("1", 26)), 400, codeInvalidRequest},
		{"not strings", []int{1, 2}, 400, codeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := c.post("/hint", map[string]any{"puzzle": classic, "candidates": tt.cands})
			if p := ex.problem(t); ex.status != tt.status || p.Code != tt.code {
				t.Fatalf("%d %s, want %d %s", ex.status, ex.body, tt.status, tt.code)
			}
		})
	}
}

// TestHintTitles: every step of a hint says how players call its technique
// (engine.Techniques' Title), on a position for each technique.
func TestHintTitles(t *testing.T) {
	titles := map[string]string{}
	for _, tc := range engine.Techniques() {
		titles[tc.Name] = tc.Title
	}
	data, err := os.ReadFile(filepath.Join("..", "engine", "testdata", "grade", "positions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, DefaultConfig())
	seen := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 5 || strings.HasPrefix(f[0], "#") || seen[f[0]] {
			continue
		}
		var puzzle strings.Builder
		var cands []string
		for _, cell := range strings.Split(f[4], ",") {
			if v, ok := strings.CutPrefix(cell, "="); ok {
				puzzle.WriteString(v)
				cands = append(cands, "")
			} else {
				puzzle.WriteByte('.')
				cands = append(cands, cell)
			}
		}
		ex := c.post("/hint", map[string]any{"puzzle": puzzle.String(), "box": f[2], "candidates": cands})
		var got struct {
			hintAnswer
			Title string `json:"title"`
			Steps []struct {
				Technique string `json:"technique"`
				Title     string `json:"title"`
			} `json:"steps"`
		}
		ex.json(t, &got)
		if ex.status != http.StatusOK {
			t.Fatalf("%s: %d %s", f[0], ex.status, ex.body)
		}
		seen[got.Technique] = true
		if want, ok := titles[got.Technique]; !ok || got.Title != want {
			t.Errorf("%s position: technique %s titled %q, want %q", f[0], got.Technique, got.Title, want)
		}
		for _, st := range got.Steps {
			if st.Title != titles[st.Technique] {
				t.Errorf("%s position: step %s titled %q, want %q", f[0], st.Technique, st.Title, titles[st.Technique])
			}
		}
	}
	for _, name := range []string{"x_wing", "two_string_kite", "als_xz"} {
		if !seen[name] {
			t.Errorf("no position gave a %s hint (%q)", name, titles[name])
		}
	}
}

// TestHintChainShape: on a 9×9 board whose next placement needs one of
// Sudoku Explainer's chaining steps (the first of engine's chain boards:
// a magictour_top1465 puzzle Explainer rates 9.0, played to its first
// forcing step), the hint's steps carry that step as JSON: technique,
// title and se, and a pattern whose links join nodes with cells, a value
// and a state ("on" or "off"), strong exactly where the link forces a
// value on, the first leaving the step's first cell, which the
// explanation names.
func TestHintChainShape(t *testing.T) {
	const puzzle = ".3.4...6..26..14.9..46.....5....41..64...895...8..7..4..98...4.4.....81.38..4..95"
	c := newClient(t, DefaultConfig())
	ex := c.post("/hint", map[string]any{"puzzle": puzzle})
	if ex.status != http.StatusOK {
		t.Fatalf("%d %s", ex.status, ex.body)
	}
	type node struct {
		Cells []map[string]int `json:"cells"`
		Value int              `json:"value"`
		State string           `json:"state"`
	}
	type step struct {
		Kind        string  `json:"kind"`
		Technique   string  `json:"technique"`
		Title       string  `json:"title"`
		SE          float64 `json:"se"`
		Explanation string  `json:"explanation"`
		Cells       []struct {
			Row int `json:"row"`
			Col int `json:"col"`
		} `json:"cells"`
		Pattern *struct {
			Links []struct {
				From   node  `json:"from"`
				To     node  `json:"to"`
				Strong *bool `json:"strong"`
			} `json:"links"`
		} `json:"pattern"`
	}
	var got struct {
		step
		Steps []step `json:"steps"`
	}
	ex.json(t, &got)
	if got.Kind != "placement" || got.SE < 7.5 || got.Technique == "" || got.Title == "" {
		t.Fatalf("hint %s %s se %v: %s", got.Kind, got.Technique, got.SE, ex.body)
	}
	chains := 0
	for _, st := range got.Steps {
		if st.Pattern == nil || len(st.Pattern.Links) == 0 || st.Pattern.Links[0].From.State == "" {
			continue
		}
		chains++
		if st.SE < 6.6 || st.Title == "" || len(st.Cells) == 0 {
			t.Errorf("chain step %s se %v title %q cells %v", st.Technique, st.SE, st.Title, st.Cells)
		}
		for i, lk := range st.Pattern.Links {
			for _, n := range []node{lk.From, lk.To} {
				if len(n.Cells) != 1 || n.Value < 1 || n.Value > 9 || n.State != "on" && n.State != "off" {
					t.Fatalf("%s link %d: node %+v", st.Technique, i, n)
				}
			}
			if lk.Strong == nil || *lk.Strong != (lk.To.State == "on") {
				t.Fatalf("%s link %d: strong %v to %+v", st.Technique, i, lk.Strong, lk.To)
			}
		}
		first := st.Pattern.Links[0].From.Cells[0]
		if first["row"] != st.Cells[0].Row || first["col"] != st.Cells[0].Col {
			t.Errorf("%s starts at %v, its first cell is %v", st.Technique, first, st.Cells[0])
		}
		if name := engine.CellName(first["row"], first["col"]); !strings.Contains(st.Explanation, name) {
			t.Errorf("%s: explanation %q does not name %s", st.Technique, st.Explanation, name)
		}
	}
	if chains == 0 {
		t.Fatalf("no chain step: %s", ex.body)
	}
}
