package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

// TestBrowserHints checks what a hint does to the notes and how a chain
// hint is drawn.
func TestBrowserHints(t *testing.T) {
	site := newSite(t)

	t.Run("a hinted value rubs its mark out of the peers' notes, as an entry does", func(t *testing.T) {
		puzzle := patternPuzzle(2, 3, 0.4, 6)
		hi, v := site.placement(t, puzzle)
		peer := -1
		for j := hi / 6 * 6; j < hi/6*6+6; j++ {
			if j != hi && puzzle[j] == '.' {
				peer = j
				break
			}
		}
		if peer < 0 {
			t.Fatalf("no empty cell beside the hint at %s in %s", cellName(hi, 6), puzzle)
		}
		p := site.open(t, "/?puzzle="+puzzle)
		p.waitGame(6, 2, 3)
		p.click(peer)
		p.keys(" " + string(v) + " ")
		if got := notesOf(p.label(peer)); got != string(v) {
			t.Fatalf("notes of %s: %q, want %c", cellName(peer, 6), got, v)
		}
		p.takeHint()
		if r, c, got := p.hintCell(); r*6+c != hi || got != string(v) {
			t.Fatalf("hint %s=%s, /hint said %s=%c", cellName(r*6+c, 6), got, cellName(hi, 6), v)
		}
		if got := notesOf(p.label(peer)); got != "" {
			t.Errorf("hint placed %c at %s, its peer %s still notes %q", v, cellName(hi, 6), cellName(peer, 6), got)
		}
		p.click(-1, "#undo")
		if got := notesOf(p.label(peer)); got != string(v) {
			t.Errorf("after Undo of the hint, notes of %s: %q, want %c back", cellName(peer, 6), got, v)
		}
	})

	t.Run("a chain hint draws its links, strong solid and weak dashed", func(t *testing.T) {
		// A hard puzzle of magictour_top1465 whose first hint needs a chain.
		const puzzle = "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........"
		code, h := site.post(t, "/hint", map[string]any{"puzzle": puzzle})
		if code != http.StatusOK {
			t.Fatalf("/hint: %d %v", code, h)
		}
		var links []map[string]any
		steps, _ := h["steps"].([]any)
		for _, st := range append([]any{h}, steps...) {
			if pt, ok := st.(map[string]any)["pattern"].(map[string]any); ok {
				for _, l := range pt["links"].([]any) {
					links = append(links, l.(map[string]any))
				}
			}
		}
		if len(links) == 0 {
			t.Fatalf("/hint on %s draws no links any more: %v", puzzle, h)
		}
		strong := 0
		for _, l := range links {
			if l["strong"] == true {
				strong++
			}
		}
		p := site.open(t, "/?puzzle="+puzzle)
		p.waitGame(9, 3, 3)
		p.click(-1, "#hint")
		p.waitf("nudge shown", `document.getElementById('hint').textContent === 'Show how' && !document.body.classList.contains('busy')`)
		p.click(-1, "#hint")
		p.waitf("hint shown", `document.getElementById('hint').textContent === 'Apply hint' && !document.body.classList.contains('busy')`)
		if st, want := p.status(), fmt.Sprintf("Hint (%s): ", h["title"]); h["title"] == nil || !strings.HasPrefix(st, want) {
			t.Errorf("status %q, want it to start %q, the technique as players call it", st, want)
		}
		got := evalT[[]int](p, `[document.querySelectorAll('#board svg.pattern line.link').length, document.querySelectorAll('#board svg.pattern line.strong').length,
			document.querySelectorAll('#board svg.pattern line.weak').length]`)
		if got[0] != len(links) || got[1] != strong || got[2] != len(links)-strong {
			t.Errorf("drawn %d links (%d strong, %d weak), /hint has %d (%d strong)", got[0], got[1], got[2], len(links), strong)
		}
		// Each line runs from the cell of its link's first node towards the
		// cell of its second (in board units: a cell is 1×1).
		ends := evalT[[]float64](p, `Array.from(document.querySelectorAll('#board svg.pattern line.link'), l => ['x1','y1','x2','y2'].map(a => +l.getAttribute(a))).flat()`)
		for i, l := range links {
			if 4*i+3 >= len(ends) {
				break
			}
			for j, node := range []string{"from", "to"} {
				cells := l[node].(map[string]any)["cells"].([]any)
				if len(cells) != 1 {
					continue // a group's line starts between its cells
				}
				c := cells[0].(map[string]any)
				x, y := ends[4*i+2*j], ends[4*i+2*j+1]
				if col, row := c["col"].(float64), c["row"].(float64); x < col || x > col+1 || y < row || y > row+1 {
					t.Errorf("link %d: its %s end (%.2f, %.2f) is not in r%.0fc%.0f", i, node, x, y, row+1, col+1)
				}
			}
		}
		p.shot("9x9-chain-hint")
		p.click(-1, "#hint")
		p.waitf("hint applied", `document.querySelector('#board .cell.hint') !== null`)
		if n := evalT[int](p, `document.querySelectorAll('#board svg.pattern').length`); n != 0 {
			t.Errorf("the pattern stays drawn after the hint is applied")
		}
	})
}

// TestBrowserInfo checks the menus and the Info panel against what the API
// lists.
func TestBrowserInfo(t *testing.T) {
	site := newSite(t)

	t.Run("Info names the rating's techniques as players call them", func(t *testing.T) {
		res, err := http.Get(site.url + "/techniques")
		if err != nil {
			t.Fatal(err)
		}
		var list struct {
			Techniques []struct{ Name, Title string }
		}
		err = json.NewDecoder(res.Body).Decode(&list)
		res.Body.Close()
		if err != nil || len(list.Techniques) == 0 {
			t.Fatalf("GET /techniques: %v %v", list, err)
		}
		// A hard 9x9 whose rating uses a technique not called by its
		// API name (x_wing is an X-Wing).
		seed, used := 0, map[string]float64{}
		for s := 1; s <= 40 && seed == 0; s++ {
			_, out := site.post(t, "/generate", map[string]any{"size": 9, "difficulty": "hard", "seed": s})
			rating, _ := out["puzzles"].([]any)[0].(map[string]any)["rating"].(map[string]any)
			used = map[string]float64{}
			for k, v := range rating["techniques"].(map[string]any) {
				used[k] = v.(float64)
			}
			for _, tc := range list.Techniques {
				if _, ok := used[tc.Name]; ok && tc.Title != strings.ReplaceAll(tc.Name, "_", " ") {
					seed = s
				}
			}
		}
		if seed == 0 {
			t.Fatalf("no hard 9x9 of seeds 1 to 40 uses a technique with a title of its own")
		}
		p := site.open(t, fmt.Sprintf("/?size=9&difficulty=hard&seed=%d", seed))
		p.waitGame(9, 3, 3)
		p.click(-1, "#details")
		stats := p.text("#stats")
		for _, tc := range list.Techniques {
			if n, ok := used[tc.Name]; ok && !strings.Contains(stats, fmt.Sprintf("%s ×%.0f", tc.Title, n)) {
				t.Errorf("Info shows %q, want %s as %q ×%.0f", stats, tc.Name, tc.Title, n)
			}
		}
		p.shot("9x9-info")
	})

	t.Run("the difficulty menu offers only the levels /shapes lists", func(t *testing.T) {
		var want []string
		for _, l := range engine.LevelsOf(engine.Shape{Size: 4, BoxRows: 2, BoxCols: 2}) {
			want = append(want, l.String())
		}
		p := site.open(t, "/?size=4&difficulty=expert")
		p.waitGame(4, 2, 2)
		opts := evalT[[]string](p, `Array.from(document.querySelectorAll('#difficulty option'), o => o.value)`)
		if strings.Join(opts, ",") != strings.Join(want, ",") {
			t.Errorf("difficulty options for 4x4 = %v, want %v", opts, want)
		}
		// No generate was refused on the way: a 422 fallback says "offers".
		if st := p.status(); strings.Contains(st, "offers") || evalT[string](p, `document.getElementById('status').dataset.tone || ''`) == "error" {
			t.Errorf("status %q: the first game was refused before the menu knew the levels", st)
		}
		p.shot("4x4-levels")
	})
}
