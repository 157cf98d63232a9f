package api_test

// Browser tests of the playground: a real Chromium (Debian's, driven with
// chromedp) plays games on the page served by the real router, which calls
// the real /generate, /hint, /solve and /validate.
//
// They skip when chromium is not installed; .ci/run installs it. Screenshots
// go to $SUDOKUD_ARTIFACTS (or a temporary directory) for people to look at;
// every state screenshotted is scanned with axe-core ($SUDOKUD_AXE_JS, see
// axeJS), in light and dark mode where the layout is checked.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sudokud/sudokud/api"
	"github.com/sudokud/sudokud/engine"
)

func TestPlaygroundBrowser(t *testing.T) {
	if testing.Short() {
		// make test runs the suite twice: -race -short, then in full.
		// The handlers behind the page run under the race detector in
		// the API tests; here it only slows the browser checks down
		// until a loaded machine hits their bounds.
		t.Skip("the browser checks run in the full suite, not with -short")
	}
	browser := mustBrowser(t)
	site := newSite(t)
	site.shots = artifactDir(t)
	t.Logf("screenshots in %s", site.shots)

	t.Run("6x6 game: conflict, hint, keyboard fill, win", func(t *testing.T) {
		p := site.open(t, browser, "/?size=6&box=2x3&difficulty=easy&seed=6")
		p.waitGame(6, 2, 3)
		givens := p.board()
		sol := site.solve(t, givens, 6, "2x3")

		// Every cell says where it is; givens do not change.
		if bad := evalT[int](p, `Array.from(document.querySelectorAll('#board .cell')).filter((e, i) =>
			+e.dataset.row !== Math.floor(i / 6) || +e.dataset.col !== i % 6 || !/^Row \d, column \d, /.test(e.getAttribute('aria-label'))).length`); bad != 0 {
			t.Errorf("%d cells lack data-row, data-col or an aria-label", bad)
		}
		given := strings.IndexFunc(givens, func(r rune) bool { return r != '.' })
		p.click(given)
		p.keys(string("123456"[(givens[given]-'0')%6])) // another value
		if got := p.board(); got != givens {
			t.Errorf("typing over the given at %s changed the board to %s", cellName(given, 6), got)
		}
		if st := p.status(); !strings.Contains(st, "given") {
			t.Errorf("status %q, want it to say the cell is a given", st)
		}

		// A value that clashes with a given: both cells are marked at once.
		e, g := clashPair(givens, 2, 3)
		p.click(e)
		p.keys(string(givens[g]))
		p.waitf("conflict marked", `document.querySelectorAll('#board .cell.conflict').length === 2`)
		for _, i := range []int{e, g} {
			if cls := p.classOf(i); !hasClass(cls, "conflict") {
				t.Errorf("%s: class %q, want conflict", cellName(i, 6), cls)
			}
		}
		if !p.disabled("#solve") {
			t.Errorf("Solve is enabled while cells clash")
		}
		if st := p.status(); !strings.Contains(st, "clashes with "+cellName(g, 6)) {
			t.Errorf("status %q does not name the clashing given %s", st, cellName(g, 6))
		}
		p.shot("6x6-conflict")

		// Backspace clears it.
		p.keys(kb.Backspace)
		p.waitf("conflict cleared", `document.querySelectorAll('#board .cell.conflict').length === 0`)
		if got := p.board(); got != givens {
			t.Fatalf("board after clearing = %s, want the givens %s", got, givens)
		}

		// A hint teaches in three presses. The first is a nudge: the
		// region to look at and the technique, as /hint's nudge names them,
		// and no cell or value.
		ask := map[string]any{"puzzle": givens, "givens": givens, "size": 6, "box": "2x3"}
		_, step := site.post(t, "/hint", ask)
		ask["nudge"] = true
		_, nudge := site.post(t, "/hint", ask)
		p.click(-1, "#hint")
		p.waitf("nudge shown", `document.getElementById('hint').textContent === 'Show how' && !document.body.classList.contains('busy')`)
		marked := evalT[[]int](p, `Array.from(document.querySelectorAll('#board .cell.hint-unit'), e => +e.dataset.index)`)
		if want := unitCells(nudge["units"], 2, 3); len(want) == 0 || fmt.Sprint(marked) != fmt.Sprint(want) {
			t.Errorf("the nudge marks cells %v, want %v, the units of %v", marked, want, nudge)
		}
		if n := evalT[int](p, `document.querySelectorAll('#board .cell.hint-target, #board .cell.hint-cell, #board .cell.hint-elim').length`); n != 0 {
			t.Errorf("the nudge gives away %d cells", n)
		}
		if st, want := p.status(), fmt.Sprint("Nudge: ", nudge["explanation"]); !strings.HasPrefix(st, want) {
			t.Errorf("status after the first press of Hint = %q, want %q", st, want)
		}
		if got := p.board(); got != givens {
			t.Errorf("the nudge changed the board to %s", got)
		}
		p.shot("6x6-nudge")
		// The second press shows the step: its technique by the name
		// players know, the cell and the units it is about, the value still
		// empty; the third fills the cell with the solution's value.
		p.click(-1, "#hint")
		p.waitf("hint shown", `document.querySelector('#board .cell.hint-target') !== null && !document.body.classList.contains('busy')`)
		target := evalT[int](p, `+document.querySelector('#board .cell.hint-target').dataset.index`)
		if got := p.board(); got != givens {
			t.Errorf("the second press of Hint changed the board to %s", got)
		}
		if st, want := p.status(), fmt.Sprintf("Hint (%s): %s", step["title"], step["explanation"]); step["title"] == nil || !strings.HasPrefix(st, want) || !strings.Contains(st, "Apply hint") {
			t.Errorf("status after the second press of Hint = %q, want %q and Apply hint", st, want)
		}
		if n := evalT[int](p, `document.querySelectorAll('#board .cell.hint-unit, #board .cell.hint-cell').length`); n == 0 {
			t.Errorf("the hint marks no unit or cell besides its target")
		}
		p.shot("6x6-hint-shown")
		p.click(-1, "#hint")
		p.waitf("hint applied", `document.querySelector('#board .cell.hint') !== null`)
		hr, hc, hv := p.hintCell()
		if hr*6+hc != target {
			t.Errorf("hint applied at %s, shown at %s", cellName(hr*6+hc, 6), cellName(target, 6))
		}
		if want := sol[hr*6+hc]; hv != string(want) {
			t.Errorf("hint at %s = %q, /solve says %q", cellName(hr*6+hc, 6), hv, want)
		}
		p.shot("6x6-hint")

		// Fill the rest from /solve with the keyboard only: arrows to move,
		// symbols to enter.
		p.keys(keyboardFill(p.board(), sol, 6))
		p.waitf("win", `document.getElementById('status').dataset.tone === 'win'`)
		st := p.status()
		m := regexp.MustCompile(`^Solved! .* in (\d+:\d\d)`).FindStringSubmatch(st)
		if m == nil {
			t.Fatalf("win message %q does not show the time", st)
		}
		if timer := p.text("#timer"); timer != m[1] {
			t.Errorf("timer shows %s, message says %s", timer, m[1])
		}
		if got := p.board(); got != sol {
			t.Errorf("board %s, want the solution %s", got, sol)
		}
		p.waitf("win overlay", `document.getElementById('won').open`)
		won := evalT[[]string](p, `['won-time', 'won-level', 'won-hints', 'won-best'].map(id => document.getElementById(id).textContent)`)
		if won[0] != m[1] || !strings.Contains(won[1], "Easy") || won[2] != "1" || !strings.HasPrefix(won[3], m[1]) {
			t.Errorf("win overlay says time %q, level %q, hints %q, best %q; want %s, Easy, 1 hint, %s", won[0], won[1], won[2], won[3], m[1], m[1])
		}
		best := evalT[map[string]float64](p, `JSON.parse(localStorage.getItem('sudokud.best'))`)
		if ms, ok := best["6:2x3:easy"]; !ok || fmtClock(ms) != m[1] {
			t.Errorf("best times kept %v, want 6:2x3:easy at %s", best, m[1])
		}
		p.shot("6x6-won")
		p.click(-1, "#won-close")

		// Players see no seed unless they ask for the details.
		if strings.Contains(p.text("#info"), "seed") || evalT[bool](p, `document.getElementById('stats').checkVisibility()`) {
			t.Errorf("the seed shows without asking: %q", p.text("#info"))
		}
		p.click(-1, "#details")
		if !evalT[bool](p, `document.getElementById('stats').checkVisibility()`) || !strings.Contains(p.text("#stats"), "seed 6") {
			t.Errorf("Info shows %q, want the seed", p.text("#stats"))
		}
	})

	t.Run("9x9: Solve disabled while a conflict exists, pad input, notes, phone width", func(t *testing.T) {
		const givens = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
		p := site.open(t, browser, "/?puzzle="+givens)
		p.waitGame(9, 3, 3)
		if got := p.board(); got != givens {
			t.Fatalf("board %s, want the pasted %s", got, givens)
		}
		if p.disabled("#solve") {
			t.Fatalf("Solve is disabled on a fresh board")
		}
		e, g := clashPair(givens, 3, 3)
		p.click(e)
		p.click(-1, fmt.Sprintf(`#pad .key[data-value="%c"]`, givens[g])) // the number pad, not the keyboard
		p.waitf("conflict marked", `document.querySelectorAll('#board .cell.conflict').length === 2`)
		if !p.disabled("#solve") {
			t.Errorf("Solve is enabled while %s and %s clash", cellName(e, 9), cellName(g, 9))
		}
		p.shot("9x9-conflict")

		// Phone width: the page fits, nothing scrolls sideways.
		p.viewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)
		if w := evalT[int](p, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("page is %d px wide at a 390 px phone width", w)
		}
		p.shot("9x9-phone")
		p.viewport(1280, 900)

		p.click(-1, `#pad .key.clear`)
		p.waitf("Solve enabled again", `!document.getElementById('solve').disabled`)

		// Notes: Space switches them on; keys then toggle pencil marks, which
		// are no values. A value placed in a peer rubs its mark out; Undo
		// brings it back.
		sol := site.solve(t, givens, 9, "3x3")
		a, b := emptyPeers(givens, 3, 3)
		p.click(a)
		p.keys(" " + string(sol[b]) + "11" + "2" + " ") // 1 is toggled on and off again
		want := string(sortBytes([]byte{sol[b], '2'}))
		if sol[b] == '2' {
			want = ""
		}
		if got := notesOf(p.label(a)); got != want {
			t.Errorf("notes of %s: %q, want %q", cellName(a, 9), got, want)
		}
		if got := p.board(); got != givens {
			t.Fatalf("notes changed the values: %s, want %s", got, givens)
		}
		p.click(b)
		p.keys(string(sol[b]))
		if got := notesOf(p.label(a)); strings.IndexByte(got, sol[b]) >= 0 {
			t.Errorf("placing %c at %s left the mark in its peer %s: %q", sol[b], cellName(b, 9), cellName(a, 9), got)
		}
		p.shot("9x9-notes")
		p.do(chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
		if got := notesOf(p.label(a)); got != want {
			t.Errorf("after Undo, notes of %s: %q, want %q", cellName(a, 9), got, want)
		}
		if got := p.board(); got != givens {
			t.Errorf("after Undo the board is %s, want %s", got, givens)
		}

		// A wrong value that breaks no rule: Hint (with the givens) nudges
		// towards its box, then points at it as a mistake and marks the cell.
		w, v := wrongValue(givens, sol, 3, 3)
		p.click(w)
		p.keys(string(v))
		p.click(-1, "#hint")
		p.waitf("nudge shown", `document.getElementById('hint').textContent === 'Show how' && !document.body.classList.contains('busy')`)
		if cls := p.classOf(w); !hasClass(cls, "hint-unit") || hasClass(cls, "mistake") {
			t.Errorf("after the nudge, %s (the wrong entry) has class %q, want it in the region marked, not yet named", cellName(w, 9), cls)
		}
		p.click(-1, "#hint")
		p.waitf("mistake marked", `document.querySelector('#board .cell.mistake') !== null`)
		if got := evalT[int](p, `+document.querySelector('#board .cell.mistake').dataset.index`); got != w {
			t.Errorf("mistake marked at %s, want %s where %c was entered (solution %c)", cellName(got, 9), cellName(w, 9), v, sol[w])
		}
		if st := p.status(); !strings.HasPrefix(st, "Mistake") || !strings.Contains(st, cellName(w, 9)) {
			t.Errorf("status after the mistake hint: %q", st)
		}
		if got := p.text("#hint"); got != "Hint" {
			t.Errorf("after the mistake is shown the hint button reads %q, want Hint", got)
		}
		p.shot("9x9-mistake")
		p.keys(kb.Backspace)
		p.waitf("mistake cleared", `document.querySelector('#board .cell.mistake') === null`)

		p.click(-1, "#solve")
		p.waitf("solved", `!document.querySelector('#board .cell:empty')`)
		if got, want := p.board(), site.solve(t, givens, 9, "3x3"); got != want {
			t.Errorf("board after Solve = %s, want %s", got, want)
		}
		p.shot("9x9-solved")
	})

	t.Run("16x16: enter a letter value, reload", func(t *testing.T) {
		// A 16x16 from the goomii17 collection (shared/data/16x16).
		const givens = "B.78.5E.3..AD.CG..4..7...C.FA..2A..........437....5...9F.......8.4..B8...E.793....E37C....FDB..49F.7..5D.3....8.5..D.F3.24A8C.G..8......B....GD5..D......8..F.E...A.9.F..67...BC...C.AB....E724.7A.9.B1...5..63.D.CEF.7.A....8......E.A..D..5....635G9C..B..E..."
		p := site.open(t, browser, "/?puzzle="+givens)
		p.waitGame(16, 4, 4)
		sol := site.solve(t, givens, 16, "4x4")
		i := strings.IndexFunc(givens, func(r rune) bool { return r == '.' })
		for ; i < len(givens); i++ {
			if givens[i] == '.' && sol[i] >= 'A' {
				break
			}
		}
		if i == len(givens) {
			t.Fatalf("no empty cell with a letter value in %s", givens)
		}
		p.click(i)
		p.keys(strings.ToLower(string(sol[i]))) // lower case is the same symbol
		p.waitf("letter entered", fmt.Sprintf(`document.querySelector('#board .cell[data-index="%d"]').textContent === %q`, i, string(sol[i])))
		if cls := p.classOf(i); hasClass(cls, "conflict") || !hasClass(cls, "entry") {
			t.Errorf("%s after entering %c: class %q", cellName(i, 16), sol[i], cls)
		}
		label := p.label(i)
		if want := fmt.Sprintf("Row %d, column %d, %c", i/16+1, i%16+1, sol[i]); label != want {
			t.Errorf("aria-label %q, want %q", label, want)
		}
		if n := evalT[int](p, `document.querySelectorAll('#pad .key[data-value]').length`); n != 17 {
			t.Errorf("pad has %d keys, want 1…G and Clear", n)
		}
		p.shot("16x16-letter")

		// A reload brings the same puzzle back (it is in the address) with
		// the entry still there.
		p.do(chromedp.Reload())
		p.waitGame(16, 4, 4)
		if got := p.board(); got[i] != sol[i] || got[:i] != givens[:i] || got[i+1:] != givens[i+1:] {
			t.Errorf("after a reload the board is %s, want the givens with %c at %s", got, sol[i], cellName(i, 16))
		}
		if st := p.status(); !strings.Contains(st, "Welcome back") {
			t.Errorf("status after a reload: %q", st)
		}
	})

	t.Run("25x25 pasted puzzle", func(t *testing.T) {
		puzzle := patternPuzzle(5, 5, 0.45, 25)
		p := site.open(t, browser, "/?puzzle="+puzzle)
		p.waitGame(25, 5, 5)
		if got := p.board(); got != puzzle {
			t.Fatalf("board %s, want the pasted %s", got, puzzle)
		}
		if st := p.status(); !strings.HasPrefix(st, "Your 25×25 puzzle is on the board. Good luck") {
			t.Errorf("status %q, want the puzzle checked solvable and on the board", st)
		}
		i := strings.IndexByte(puzzle, '.')
		p.click(i)
		p.keys("p") // 25
		p.waitf("P entered", fmt.Sprintf(`document.querySelector('#board .cell[data-index="%d"]').textContent === 'P'`, i))
		p.shot("25x25")
	})

	// On a phone the cells would be too small to tap: the board sits in
	// a frame that zooms (pinch, or the zoom buttons) and pans. It starts
	// zoomed in to cells a finger takes; zoomed out, the whole board
	// shows. At every zoom the cells are whole pixels and the frame and
	// the status stay on the screen.
	for _, sc := range phoneScreens {
		t.Run("25x25 zooms on a "+sc.name, func(t *testing.T) {
			p := site.open(t, browser, "/?puzzle="+patternPuzzle(5, 5, 0.45, 25))
			p.waitGame(25, 5, 5)
			p.viewport(sc.w, sc.h, sc.opts...)
			name := "25x25-" + sc.name
			g := p.frame(name)
			p.shot(name)
			if g.cell < 20 || g.overflowX <= 0 && g.overflowY <= 0 {
				t.Errorf("%s: cells of %.0f px, frame pans %.0f x %.0f px; want cells of 20 px and more in a frame that pans", name, g.cell, g.overflowX, g.overflowY)
			}
			// Zoom out until the button says no more.
			first := g.cell
			for i := 0; i < 10 && !p.disabled("#zoom-out"); i++ {
				p.click(-1, "#zoom-out")
			}
			g = p.frame(name + " zoomed out")
			if g.cell >= first || g.overflowX > 0 || g.overflowY > 0 {
				t.Errorf("%s zoomed out: cells of %.0f px (%.0f before), frame pans %.0f x %.0f px; want smaller cells and the whole board in the frame", name, g.cell, first, g.overflowX, g.overflowY)
			}
			p.shot(name + "-zoomed-out")
			p.click(-1, "#zoom-in")
			if c := p.frame(name + " zoomed in").cell; c <= g.cell {
				t.Errorf("%s: Zoom in took cells from %.0f to %.0f px", name, g.cell, c)
			}

			// Two fingers spread apart zoom in around the point between
			// them: the cell there stays under it; pinched together, they
			// zoom out.
			for _, spread := range [][2]float64{{20, 60}, {60, 40}} {
				before := p.frame(name)
				mid := evalT[[]float64](p, `(() => {
						const f = document.getElementById('board-wrap').getBoundingClientRect();
						const e = document.elementFromPoint(f.left + f.width / 2, f.top + f.height / 2).closest('.cell'), r = e.getBoundingClientRect();
						return [r.left + r.width / 2, r.top + r.height / 2, +e.dataset.index];
					})()`)
				p.pinch(mid[0], mid[1], spread[0], spread[1])
				after := p.frame(name + " pinched")
				if grew := after.cell > before.cell; grew != (spread[1] > spread[0]) || after.cell == before.cell {
					t.Errorf("%s: fingers from %.0f to %.0f px apart took cells from %.0f to %.0f px", name, 2*spread[0], 2*spread[1], before.cell, after.cell)
				}
				if scale := evalT[float64](p, `visualViewport.scale`); scale != 1 {
					t.Errorf("%s: the pinch on the board zoomed the page to %.2f", name, scale)
				}
				if at := evalT[int](p, fmt.Sprintf(`+document.elementFromPoint(%f, %f).closest('.cell').dataset.index`, mid[0], mid[1])); at != int(mid[2]) {
					t.Errorf("%s: the pinch moved %s from under the fingers (now %s)", name, cellName(int(mid[2]), 25), cellName(at, 25))
				}
			}
		})
	}

	t.Run("25x25 on a phone: a tap after panning, a nudge that pans", func(t *testing.T) {
		puzzle := patternPuzzle(5, 5, 0.45, 25)
		p := site.open(t, browser, "/?puzzle="+puzzle)
		p.waitGame(25, 5, 5)
		p.viewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)
		// Panning shows the last cell, which then takes a tap.
		p.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('board-wrap').scrollTo(1e6, 1e6)`))
		p.click(25*25 - 1)
		if got := evalT[int](p, `+document.activeElement.dataset.index`); got != 25*25-1 {
			t.Errorf("after panning, a tap on r25c25 selected cell %d", got)
		}

		// A nudge pans the frame to the region it names.
		_, nudge := site.post(t, "/hint", map[string]any{"puzzle": puzzle, "givens": puzzle, "size": 25, "box": "5x5", "nudge": true})
		region := unitCells(nudge["units"], 5, 5)
		if len(region) == 0 {
			t.Fatalf("/hint nudge names no region: %v", nudge)
		}
		row, col := 0, 0
		for _, c := range region {
			row, col = row+c/25, col+c%25
		}
		far := func(mean int) int { return map[bool]int{true: 1e6, false: 0}[mean < 12*len(region)] }
		p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById('board-wrap').scrollTo(%d, %d)`, far(col), far(row))))
		p.click(-1, "#hint")
		p.waitf("nudge shown", `document.getElementById('hint').textContent === 'Show how' && !document.body.classList.contains('busy')`)
		if in := evalT[bool](p, `(() => {
			const f = document.getElementById('board-wrap').getBoundingClientRect();
			const rs = Array.from(document.querySelectorAll('#board .cell.hint-unit'), e => e.getBoundingClientRect());
			const x = (Math.min(...rs.map(r => r.left)) + Math.max(...rs.map(r => r.right))) / 2;
			const y = (Math.min(...rs.map(r => r.top)) + Math.max(...rs.map(r => r.bottom))) / 2;
			return rs.length > 0 && x >= f.left && x <= f.right && y >= f.top && y <= f.bottom;
		})()`); !in {
			t.Errorf("the nudge's region %v is out of the frame's view", nudge["units"])
		}
		p.shot("25x25-phone-nudge")
	})

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
		p := site.open(t, browser, fmt.Sprintf("/?size=9&difficulty=hard&seed=%d", seed))
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
		p := site.open(t, browser, "/?size=4&difficulty=expert")
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

	t.Run("a failing endpoint shows its error in #status", func(t *testing.T) {
		site.fail("/generate")
		defer site.heal("/generate")
		p := site.open(t, browser, "/?size=6")
		p.waitf("error shown", `document.getElementById('status').dataset.tone === 'error'`)
		if st := p.status(); !strings.Contains(st, "Could not generate") || !strings.Contains(st, "overloaded") {
			t.Errorf("status %q, want the generate error and its detail", st)
		}

		site.fail("/hint")
		defer site.heal("/hint")
		p.do(chromedp.Navigate(site.url + "/?puzzle=" + patternPuzzle(2, 3, 0.4, 6)))
		p.waitGame(6, 2, 3)
		p.click(-1, "#hint")
		p.waitf("hint error shown", `document.getElementById('status').dataset.tone === 'error'`)
		if st := p.status(); !strings.Contains(st, "Could not get a hint") || !strings.Contains(st, "overloaded") {
			t.Errorf("status %q, want the hint error and its detail", st)
		}
		p.shot("error")
	})

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
			t.Skipf("no empty cell beside the hint at %s in %s", cellName(hi, 6), puzzle)
		}
		p := site.open(t, browser, "/?puzzle="+puzzle)
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

	t.Run("a hint that comes back after the board changed is dropped", func(t *testing.T) {
		puzzle := patternPuzzle(2, 3, 0.4, 8)
		hi, v := site.placement(t, puzzle)
		w := byte('1')
		if w == v {
			w = '2'
		}
		p := site.open(t, browser, "/?puzzle="+puzzle)
		p.waitGame(6, 2, 3)
		site.hold("/hint")
		defer site.release("/hint")
		p.click(-1, "#hint")
		p.waitf("hint asked", `document.getElementById('status').dataset.tone === 'busy'`)
		// Meanwhile the player fills the very cell the hint will name.
		p.click(hi)
		p.keys(string(w))
		site.release("/hint")
		p.waitf("hint answered", `!document.body.classList.contains('busy')`)
		if got := p.board()[hi]; got != w {
			t.Errorf("%s holds %q after the stale hint, want the player's %c", cellName(hi, 6), got, w)
		}
		if n := evalT[int](p, `document.querySelectorAll('#board .cell.hint, #board .cell.hint-target').length`); n != 0 {
			t.Errorf("a hint for the old board (%s=%c) is shown on the changed one", cellName(hi, 6), v)
		}
		if st := p.status(); !strings.Contains(st, "board changed") {
			t.Errorf("status %q, want it to say the board changed", st)
		}
	})

	t.Run("a win check that fails on a 503 is tried again", func(t *testing.T) {
		p, _, sol := site.game6(t, browser, 7)
		site.fail("/validate")
		defer site.heal("/validate")
		p.keys(keyboardFill(p.board(), sol, 6))
		p.waitf("check error shown", `document.getElementById('status').dataset.tone === 'error'`)
		if st := p.status(); !strings.Contains(st, "Could not check the board") {
			t.Errorf("status %q, want the failed check", st)
		}
		site.heal("/validate")
		p.waitf("win after the server recovers", `document.getElementById('status').dataset.tone === 'win'`)
	})

	t.Run("Reset in the middle of a game starts the clock again from 0:00", func(t *testing.T) {
		p, puzzle, sol := site.game6(t, browser, 10)
		p.takeHint()
		p.waitf("a second on the clock", `document.getElementById('timer').textContent !== '0:00'`)
		reset := time.Now()
		p.click(-1, "#reset")
		if got := p.text("#timer"); got != "0:00" {
			t.Errorf("timer %s right after Reset, want 0:00", got)
		}
		if got := p.board(); got != puzzle {
			t.Fatalf("board after Reset %s, want the givens %s", got, puzzle)
		}
		// The fresh attempt is timed and counted on its own: its win takes
		// no longer than the time since Reset and names no hint.
		p.click(0)
		p.keys(keyboardFill(p.board(), sol, 6))
		p.waitf("win", `document.getElementById('status').dataset.tone === 'win'`)
		since := time.Since(reset)
		st := p.status()
		m := regexp.MustCompile(`^Solved! .* in (\d+):(\d\d)`).FindStringSubmatch(st)
		if m == nil {
			t.Fatalf("win message %q does not show the time", st)
		}
		var mins, secs int
		fmt.Sscan(m[1], &mins)
		fmt.Sscan(m[2], &secs)
		if took := time.Duration(60*mins+secs) * time.Second; took > since {
			t.Errorf("win message %q: %v, but Reset was %v ago", st, took, since.Round(time.Millisecond))
		}
		if strings.Contains(st, "hint") {
			t.Errorf("win message %q counts the hint taken before Reset", st)
		}
	})

	t.Run("Undo back to a full, correct board wins", func(t *testing.T) {
		p, puzzle, sol := site.game6(t, browser, 11)
		// The board is full and right, but the player clears a cell before
		// the win check answers, then takes that back.
		site.hold("/validate")
		defer site.release("/validate")
		p.keys(keyboardFill(p.board(), sol, 6))
		last := strings.LastIndexByte(puzzle, '.')
		p.click(last)
		p.keys(kb.Backspace)
		site.release("/validate")
		p.do(chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
		if got := p.board(); got != sol {
			t.Fatalf("board after Undo %s, want the solution %s", got, sol)
		}
		p.waitf("win", `document.getElementById('status').dataset.tone === 'win'`)
	})

	t.Run("a full, correct board brought back by a reload wins", func(t *testing.T) {
		p, puzzle, sol := site.game6(t, browser, 12)
		// The player fills the board and leaves before the win check
		// answers, then comes back in another tab.
		site.hold("/validate")
		defer site.release("/validate")
		p.keys(keyboardFill(p.board(), sol, 6))
		p.do(chromedp.Navigate("about:blank"))
		site.release("/validate")
		q := site.open(t, browser, "/?puzzle="+puzzle)
		q.waitf("the board back", fmt.Sprintf(`Array.from(document.querySelectorAll('#board .cell'), e => e.dataset.value).join('') === %q`, sol))
		q.waitf("win", `document.getElementById('status').dataset.tone === 'win'`)
	})

	t.Run("Ctrl+Shift+Z, the redo keys elsewhere, undoes nothing", func(t *testing.T) {
		p, puzzle, sol := site.game6(t, browser, 13)
		a, b := emptyPeers(puzzle, 2, 3)
		p.click(a)
		p.keys(string(sol[a]))
		p.click(b)
		p.keys(string(sol[b]))
		p.do(chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
		want := p.board()
		if want[a] != sol[a] || want[b] != '.' {
			t.Fatalf("after Ctrl+Z the board is %s, want %c at %s and %s empty", want, sol[a], cellName(a, 6), cellName(b, 6))
		}
		p.do(chromedp.KeyEvent("Z", chromedp.KeyModifiers(chromedp.ModifierCtrl|chromedp.ModifierShift)))
		if got := p.board(); got != want {
			t.Errorf("Ctrl+Shift+Z changed the board to %s, want it left at %s", got, want)
		}
	})

	t.Run("a puzzle pasted while a new game is generated stays on the board", func(t *testing.T) {
		puzzle := patternPuzzle(2, 3, 0.4, 14)
		site.hold("/generate")
		defer site.release("/generate")
		p := site.open(t, browser, "/?size=6&box=2x3&difficulty=easy&seed=6")
		p.waitf("generating", `/Generating/.test(document.getElementById('status').textContent)`)
		p.click(-1, "#paste-box summary")
		p.do(chromedp.SetValue(chromedp.CSS("#paste"), puzzle))
		p.click(-1, "#paste-play")
		p.waitf("the pasted puzzle", `/Good luck/.test(document.getElementById('status').textContent)`)
		if got := p.board(); got != puzzle {
			t.Fatalf("board %s, want the pasted %s", got, puzzle)
		}
		site.release("/generate")
		p.waitf("generated", `!document.body.classList.contains('busy')`)
		if got := p.board(); got != puzzle {
			t.Errorf("the generated puzzle that came back after the paste replaced it: board %s, want the pasted %s", got, puzzle)
		}
	})

	t.Run("Hint pressed with the keyboard keeps the focus when it fails", func(t *testing.T) {
		p := site.open(t, browser, "/?puzzle="+patternPuzzle(2, 3, 0.4, 15))
		p.waitGame(6, 2, 3)
		site.fail("/hint")
		defer site.heal("/hint")
		p.do(chromedp.Focus(chromedp.CSS("#hint")))
		p.keys(kb.Enter)
		p.waitf("hint error shown", `document.getElementById('status').dataset.tone === 'error' && !document.body.classList.contains('busy')`)
		if got := evalT[string](p, `document.activeElement.id || document.activeElement.tagName`); got != "hint" {
			t.Errorf("focus on %s after the failed hint, want it still on Hint", got)
		}
	})

	t.Run("a pasted puzzle the server could not check is not called rejected", func(t *testing.T) {
		site.fail("/validate")
		defer site.heal("/validate")
		p := site.open(t, browser, "/?puzzle="+patternPuzzle(2, 3, 0.4, 16))
		p.waitf("error shown", `document.getElementById('status').dataset.tone === 'error'`)
		if st := p.status(); strings.Contains(st, "rejected") || !strings.Contains(st, "overloaded") {
			t.Errorf("status %q, want it to say the puzzle could not be checked, with the detail", st)
		}
	})

	t.Run("a key held down in notes mode toggles its mark once", func(t *testing.T) {
		puzzle := patternPuzzle(2, 3, 0.4, 17)
		p := site.open(t, browser, "/?puzzle="+puzzle)
		p.waitGame(6, 2, 3)
		held := func(k *input.DispatchKeyEventParams) { k.AutoRepeat = new(true) }
		a := strings.IndexByte(puzzle, '.')
		p.click(a)
		// Space held: notes on, not on and off again.
		p.keys(" ")
		p.do(chromedp.KeyEvent(" ", held))
		if !evalT[bool](p, `document.getElementById('notes').getAttribute('aria-pressed') === 'true'`) {
			t.Fatalf("notes are off after Space was held down")
		}
		// 3 held: one mark, not one put and taken out again.
		p.keys("3")
		p.do(chromedp.KeyEvent("3", held))
		if got := notesOf(p.label(a)); got != "3" {
			t.Errorf("notes of %s after 3 was held down: %q, want 3", cellName(a, 6), got)
		}
	})

	t.Run("a phone on its side shows the whole board with the pad beside it", func(t *testing.T) {
		p := site.open(t, browser, "/?puzzle="+patternPuzzle(4, 4, 0.4, 18))
		p.waitGame(16, 4, 4)
		p.viewport(844, 390, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateLandscape)
		// top, bottom, left, right of the board and the pad; the height of the screen
		r := evalT[[]float64](p, `[document.getElementById('board'), document.getElementById('pad')].flatMap(e =>
			(r => [r.top, r.bottom, r.left, r.right])(e.getBoundingClientRect())).concat(innerHeight)`)
		board, pad, height := r[:4], r[4:8], r[8]
		p.shot("16x16-phone-landscape")
		if h := board[1] - board[0]; h > height {
			t.Errorf("the board is %.0f px tall on a %.0f px high screen", h, height)
		}
		if pad[2] < board[3] {
			t.Errorf("the pad (left %.0f, top %.0f) is not beside the board (right %.0f, bottom %.0f)", pad[2], pad[0], board[3], board[1])
		}
		if w := evalT[int](p, `document.documentElement.scrollWidth`); w > 844 {
			t.Errorf("page is %d px wide at an 844 px wide screen", w)
		}
	})

	t.Run("Reset and Solve are undone; New game asks first", func(t *testing.T) {
		p, puzzle, sol := site.game6(t, browser, 30)
		a := strings.IndexByte(puzzle, '.')
		p.click(a)
		p.keys(string(sol[a]))
		played := p.board()
		p.click(-1, "#reset")
		if got := p.board(); got != puzzle {
			t.Fatalf("board after Reset %s, want the givens %s", got, puzzle)
		}
		p.click(-1, "#undo")
		if got := p.board(); got != played {
			t.Fatalf("board after Undo of Reset %s, want the game %s back", got, played)
		}
		p.click(-1, "#solve")
		p.waitf("solved", `!document.querySelector('#board .cell:empty') && !document.body.classList.contains('busy')`)
		if got := p.board(); got != sol {
			t.Fatalf("board after Solve %s, want %s", got, sol)
		}
		if st := p.status(); strings.Contains(st, "node") || strings.Contains(st, "µs") {
			t.Errorf("status after Solve %q shows the solver's numbers to players", st)
		}
		p.click(-1, "#undo")
		if got := p.board(); got != played {
			t.Fatalf("board after Undo of Solve %s, want the game %s back", got, played)
		}
		if p.disabled("#hint") || p.disabled(`#pad .key[data-value="1"]`) {
			t.Errorf("after Undo of Solve the game is not playable again")
		}

		// New game asks; Keep playing keeps the game, yes starts another.
		p.click(-1, "#new-game")
		p.waitf("asked", `document.getElementById('confirm').open`)
		p.shot("6x6-confirm")
		p.click(-1, "#confirm-no")
		if got := p.board(); got != played || evalT[bool](p, `document.getElementById('confirm').open`) {
			t.Fatalf("after Keep playing the board is %s, want %s, with the question closed", got, played)
		}
		p.click(-1, "#new-game")
		p.waitf("asked", `document.getElementById('confirm').open`)
		p.click(-1, "#confirm-yes")
		p.waitGame(6, 2, 3)
		if got := p.board(); got == played || strings.Count(got, ".") == 0 {
			t.Errorf("after New game the board is %s", got)
		}
	})

	t.Run("Pause hides the board and stops the clock; so does a hidden tab", func(t *testing.T) {
		p, puzzle, _ := site.game6(t, browser, 31)
		p.waitf("a second on the clock", `document.getElementById('timer').textContent !== '0:00'`)
		p.click(-1, "#pause")
		if !evalT[bool](p, `getComputedStyle(document.getElementById('board')).visibility === 'hidden' && !document.getElementById('paused').hidden`) {
			t.Fatalf("the board shows while paused")
		}
		was := p.text("#timer")
		p.keys("1")
		time.Sleep(1500 * time.Millisecond) // the clock would have moved on
		if got := p.text("#timer"); got != was {
			t.Errorf("paused clock moved from %s to %s", was, got)
		}
		if got := p.board(); got != puzzle {
			t.Errorf("a key pressed while paused changed the board to %s", got)
		}
		p.shot("6x6-paused")
		p.click(-1, "#resume")
		if evalT[bool](p, `getComputedStyle(document.getElementById('board')).visibility === 'hidden'`) {
			t.Fatalf("the board is hidden after Resume")
		}
		// The tab goes to the background.
		p.do(chromedp.Evaluate[chromedp.Void](`Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
			document.dispatchEvent(new Event('visibilitychange'))`))
		if got := evalT[string](p, `document.getElementById('pause').getAttribute('aria-pressed')`); got != "true" {
			t.Errorf("a hidden tab left the game running (Pause aria-pressed %s)", got)
		}
	})

	t.Run("Fill notes notes every candidate; checking entries is a setting, off at first", func(t *testing.T) {
		p, puzzle, sol := site.game6(t, browser, 32)
		w, v := wrongValue(puzzle, sol, 2, 3)
		p.click(w)
		p.keys(string(v))
		if cls := p.classOf(w); hasClass(cls, "wrong") {
			t.Errorf("%s marked wrong while checking is off", cellName(w, 6))
		}
		p.click(-1, "#check-entries")
		p.waitf("wrong marked", fmt.Sprintf(`document.querySelector('#board .cell[data-index="%d"]').classList.contains('wrong')`, w))
		if !strings.Contains(p.label(w), "wrong") {
			t.Errorf("label of %s %q does not say wrong", cellName(w, 6), p.label(w))
		}
		p.shot("6x6-checked")
		p.click(w)
		p.keys(string(sol[w]))
		if cls := p.classOf(w); hasClass(cls, "wrong") {
			t.Errorf("%s holds the solution's %c and is marked wrong", cellName(w, 6), sol[w])
		}
		p.click(-1, "#check-entries")

		board := p.board()
		p.click(-1, "#fill-notes")
		for i := range 36 {
			if board[i] != '.' {
				continue
			}
			if got, want := notesOf(p.label(i)), candidatesOf(board, i, 2, 3); got != want {
				t.Errorf("notes of %s after Fill notes: %q, want %q", cellName(i, 6), got, want)
			}
		}
		p.shot("6x6-notes-filled")
		p.click(-1, "#undo")
		if got := evalT[int](p, `Array.from(document.querySelectorAll('#board .cell')).filter(e => / notes /.test(e.getAttribute('aria-label'))).length`); got != 0 {
			t.Errorf("after Undo of Fill notes %d cells keep notes", got)
		}
	})

	t.Run("the board and the status fit every screen", func(t *testing.T) {
		screens := append([]screen{{"desktop", 1280, 900, nil}}, phoneScreens...)
		for _, shape := range []struct{ br, bc int }{{2, 3}, {3, 3}, {4, 4}} {
			n := shape.br * shape.bc
			p := site.open(t, browser, "/?puzzle="+patternPuzzle(shape.br, shape.bc, 0.5, uint64(40+n)))
			p.waitGame(n, shape.br, shape.bc)
			for _, sc := range screens {
				p.viewport(sc.w, sc.h, sc.opts...)
				// left, top, right, bottom of the board and the status; every
				// cell's width and height; the viewport.
				g := evalT[map[string][]float64](p, `(() => {
					const box = (e) => (r => [r.left, r.top, r.right, r.bottom])(e.getBoundingClientRect());
					const cells = Array.from(document.querySelectorAll('#board .cell'), e => e.getBoundingClientRect());
					return {board: box(document.getElementById('board')), status: box(document.getElementById('status')),
						cells: cells.flatMap(r => [r.width, r.height]), view: [innerWidth, innerHeight]};
				})()`)
				name := fmt.Sprintf("%dx%d-%s", n, n, sc.name)
				p.shot("fit-" + name)
				vw, vh := g["view"][0], g["view"][1]
				for _, part := range []string{"board", "status"} {
					r := g[part]
					if r[0] < 0 || r[1] < 0 || r[2] > vw || r[3] > vh {
						t.Errorf("%s: the %s (%.1f,%.1f)-(%.1f,%.1f) is not inside the %.0fx%.0f viewport", name, part, r[0], r[1], r[2], r[3], vw, vh)
					}
				}
				if r := g["board"]; r[0] != float64(int(r[0])) || r[1] != float64(int(r[1])) {
					t.Errorf("%s: the board starts at (%.2f, %.2f), between pixels", name, r[0], r[1])
				}
				cells := g["cells"]
				for i, v := range cells {
					if v != cells[0] || v != float64(int(v)) {
						t.Errorf("%s: cell %s is %.2f px %s, want every cell %.2f px, a whole number", name, cellName(i/2, n), v, []string{"wide", "tall"}[i%2], cells[0])
						break
					}
				}
				if cells[0] < 20 {
					t.Errorf("%s: cells of %.0f px are too small to tap", name, cells[0])
				}
				p.dark(true)
				p.shot("fit-" + name + "-dark")
				p.dark(false)
			}
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
		p := site.open(t, browser, "/?puzzle="+puzzle)
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

	t.Run("a proxy's 502 page is reported by its status, not as HTML", func(t *testing.T) {
		p := site.open(t, browser, "/?puzzle="+patternPuzzle(2, 3, 0.4, 19))
		p.waitGame(6, 2, 3)
		site.failWith("/hint", http.StatusBadGateway)
		defer site.heal("/hint")
		p.click(-1, "#hint")
		p.waitf("hint error shown", `document.getElementById('status').dataset.tone === 'error'`)
		if st := p.status(); strings.Contains(st, "<") || !strings.Contains(st, "502 Bad Gateway") {
			t.Errorf("status %q, want the hint error with 502 Bad Gateway and no markup", st)
		}
	})

	t.Run("a win check that fails on a proxy's 502 is tried again", func(t *testing.T) {
		p, _, sol := site.game6(t, browser, 20)
		site.failWith("/validate", http.StatusBadGateway)
		defer site.heal("/validate")
		p.keys(keyboardFill(p.board(), sol, 6))
		p.waitf("check error shown", `document.getElementById('status').dataset.tone === 'error'`)
		site.heal("/validate")
		p.waitf("win after the proxy recovers", `document.getElementById('status').dataset.tone === 'win'`)
	})

	t.Run("a pasted full grid is no win, on a reload either", func(t *testing.T) {
		grid := patternPuzzle(2, 3, 0, 21)
		p := site.open(t, browser, "/?puzzle="+grid)
		p.waitf("grid shown", `/already full/.test(document.getElementById('status').textContent) && !document.body.classList.contains('busy')`)
		// The page's requests, to see whether it checks the grid for a win.
		p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
				Source: `window.__asked = []; const f = window.fetch; window.fetch = (u, o) => { window.__asked.push(String(u)); return f(u, o); };`,
			})
			return err
		}))
		p.do(chromedp.Reload())
		p.waitf("grid shown again", `/already full/.test(document.getElementById('status').textContent) && !document.body.classList.contains('busy')`)
		// /shapes and /techniques, asked at every start for the menus and
		// the info panel, aside.
		if asked := evalT[[]string](p, `window.__asked.filter((u) => u !== 'shapes' && u !== 'techniques')`); len(asked) != 1 {
			t.Errorf("after a reload the page asked %q, want one /validate of the pasted grid and no win check", asked)
		}
	})
}

// screen is a viewport the layout is checked on.
type screen struct {
	name string
	w, h int64
	opts []chromedp.EmulateViewportOption
}

var phoneScreens = []screen{
	{"phone", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateMobile, chromedp.EmulateTouch}},
	{"phone-landscape", 844, 390, []chromedp.EmulateViewportOption{chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateLandscape}},
}

// ---- the server -------------------------------------------------------------

type site struct {
	url    string
	shots  string // where screenshots go
	mu     sync.Mutex
	broken map[string]int           // paths that answer 503 (or a proxy's 502), to see the page report it
	held   map[string]chan struct{} // paths whose answers wait until release
}

func newSite(t *testing.T) *site {
	s := &site{broken: map[string]int{}, held: map[string]chan struct{}{}}
	srv, err := api.New(api.DefaultConfig(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		broken, held := s.broken[r.URL.Path], s.held[r.URL.Path]
		s.mu.Unlock()
		if held != nil {
			<-held
		}
		if broken == http.StatusBadGateway {
			// What a reverse proxy in front of the server says when it is down.
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(broken)
			io.WriteString(w, "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n")
			return
		}
		if broken != 0 {
			w.Header().Set("Content-Type", "application/problem+json")
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, `{"type":"about:blank","title":"Service Unavailable","status":503,"code":"overloaded","detail":"the server is overloaded (test)"}`)
			return
		}
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	s.url = ts.URL
	return s
}

func (s *site) fail(path string) { s.failWith(path, http.StatusServiceUnavailable) }

// failWith makes path answer 503 from the server, or 502 from a proxy.
func (s *site) failWith(path string, code int) { s.mu.Lock(); s.broken[path] = code; s.mu.Unlock() }
func (s *site) heal(path string)               { s.mu.Lock(); delete(s.broken, path); s.mu.Unlock() }

// hold makes the answers to path wait until release.
func (s *site) hold(path string) { s.mu.Lock(); s.held[path] = make(chan struct{}); s.mu.Unlock() }

func (s *site) release(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.held[path]; c != nil {
		close(c)
		delete(s.held, path)
	}
}

func (s *site) post(t *testing.T, path string, req any) (int, map[string]any) {
	t.Helper()
	body, _ := json.Marshal(req)
	res, err := http.Post(s.url+path, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatalf("POST %s: decode: %v", path, err)
	}
	return res.StatusCode, out
}

// solve asks /solve for the solution of a puzzle string.
// placement asks /hint about a fresh 6×6 2x3 puzzle and returns the cell
// and value ('1'–'6') of the placement it gives.
func (s *site) placement(t *testing.T, puzzle string) (int, byte) {
	t.Helper()
	code, h := s.post(t, "/hint", map[string]any{"puzzle": puzzle, "givens": puzzle, "box": "2x3"})
	row, _ := h["row"].(float64)
	col, _ := h["col"].(float64)
	val, _ := h["value"].(float64)
	if code != http.StatusOK || h["kind"] != "placement" {
		t.Fatalf("/hint: %d %v", code, h)
	}
	return int(row)*6 + int(col), byte('0' + int(val))
}

// game6 opens the 6×6 (2x3) game of patternPuzzle(2, 3, 0.4, seed) and
// returns its page, the puzzle and its solution.
func (s *site) game6(t *testing.T, browser context.Context, seed uint64) (*page, string, string) {
	t.Helper()
	puzzle := patternPuzzle(2, 3, 0.4, seed)
	p := s.open(t, browser, "/?puzzle="+puzzle)
	p.waitGame(6, 2, 3)
	return p, puzzle, s.solve(t, puzzle, 6, "2x3")
}

func (s *site) solve(t *testing.T, puzzle string, size int, box string) string {
	t.Helper()
	code, out := s.post(t, "/solve", map[string]any{"puzzle": puzzle, "size": size, "box": box})
	sol, _ := out["solution"].(string)
	if code != http.StatusOK || len(sol) != size*size {
		t.Fatalf("/solve %s: %d %v", puzzle, code, out)
	}
	return sol
}

func (s *site) generateCode(t *testing.T, size int, box, level string) string {
	t.Helper()
	code, out := s.post(t, "/generate", map[string]any{"size": size, "box": box, "difficulty": level})
	if code == http.StatusOK {
		return "ok"
	}
	c, _ := out["code"].(string)
	return c
}

// ---- the browser ------------------------------------------------------------

func mustBrowser(t *testing.T) context.Context {
	t.Helper()
	path := ""
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("chromium is not installed: apt-get update && apt-get install -y chromium (.ci/run does this)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	return bctx
}

func artifactDir(t *testing.T) string {
	if d := os.Getenv("SUDOKUD_ARTIFACTS"); d != "" {
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		if err := os.MkdirAll(d, 0o755); err == nil {
			return d
		}
	}
	return t.TempDir()
}

// page is one browser tab on the playground.
type page struct {
	t     *testing.T
	ctx   context.Context
	n     int
	shots string

	mu     sync.Mutex
	errors []string // uncaught exceptions of the page
}

func (s *site) open(t *testing.T, browser context.Context, path string) *page {
	t.Helper()
	tab, cancelTab := chromedp.NewContext(browser)
	// A bound, not a timing check: a page that hangs fails its test
	// rather than the whole run, with room for a loaded machine.
	ctx, cancel := context.WithTimeout(tab, 90*time.Second)
	p := &page{t: t, ctx: ctx, shots: s.shots}
	t.Cleanup(func() {
		cancel()
		cancelTab()
	})
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.errors = append(p.errors, fmt.Sprintf("%s %v", ev.ExceptionDetails.Text, ev.ExceptionDetails.Exception))
			p.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, e := range p.errors {
			t.Errorf("uncaught exception in the page: %s", e)
		}
	})
	// Anything the Content-Security-Policy blocks is an error: the page must
	// work with everything from its own origin.
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`,
		})
		return err
	}))
	t.Cleanup(func() {
		if p.ctx.Err() != nil {
			return
		}
		if v, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`window.__csp || []`)); err == nil && len(v) > 0 {
			t.Errorf("Content-Security-Policy violations: %v", v)
		}
	})
	p.do(chromedp.Navigate(s.url + path))
	return p
}

func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.fatal("%v", err)
	}
}

func evalT[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.fatal("evaluate %s: %v", expr, err)
	}
	return v
}

// fatal stops the test with the page's status line and a screenshot.
func (p *page) fatal(format string, args ...any) {
	p.t.Helper()
	msg := fmt.Sprintf(format, args...)
	if p.ctx.Err() == nil {
		if st, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById('status').textContent`)); err == nil {
			msg += fmt.Sprintf(" (status: %q)", st)
		}
		p.shot("failed-" + strings.NewReplacer("/", "_", " ", "_").Replace(p.t.Name()))
	}
	p.t.Fatal(msg)
}

// waitf waits until the JavaScript condition holds.
func (p *page) waitf(what, cond string) {
	p.t.Helper()
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](cond,
		chromedp.WithPollingInterval(20*time.Millisecond),
		chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		p.fatal("waiting for %s (%s): %v", what, cond, err)
	}
}

// waitGame waits for an n×n board with r×c boxes, loaded and idle.
func (p *page) waitGame(n, r, c int) {
	p.t.Helper()
	p.waitf(fmt.Sprintf("a %dx%d game", n, n), fmt.Sprintf(
		`document.querySelectorAll('#board .cell').length === %d && document.getElementById('board').dataset.box === '%dx%d' && !document.body.classList.contains('busy') && /Good luck|offers/.test(document.getElementById('status').textContent)`,
		n*n, r, c))
	p.n = n
	// Box borders follow the shape: a thick right edge after every c-th column.
	got := evalT[[]int](p, `Array.from(document.querySelectorAll('#board .cell.box-r[data-row="0"]'), e => +e.dataset.col)`)
	var want []int
	for col := c - 1; col < n-1; col += c {
		want = append(want, col)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		p.t.Errorf("thick box borders after columns %v, want %v", got, want)
	}
}

// board reads the board as a puzzle string ('.' for empty).
func (p *page) board() string {
	p.t.Helper()
	return evalT[string](p, `Array.from(document.querySelectorAll('#board .cell'), e => e.dataset.value).join('')`)
}

func (p *page) status() string { p.t.Helper(); return p.text("#status") }

func (p *page) text(sel string) string {
	p.t.Helper()
	return evalT[string](p, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

func (p *page) disabled(sel string) bool {
	p.t.Helper()
	return evalT[bool](p, fmt.Sprintf(`document.querySelector(%q).disabled`, sel))
}

func (p *page) label(i int) string {
	p.t.Helper()
	return evalT[string](p, fmt.Sprintf(`document.querySelector('#board .cell[data-index="%d"]').getAttribute('aria-label')`, i))
}

func (p *page) classOf(i int) string {
	p.t.Helper()
	return evalT[string](p, fmt.Sprintf(`document.querySelector('#board .cell[data-index="%d"]').className`, i))
}

// takeHint presses Hint three times: the first press nudges, the second
// shows the step, the third applies it.
func (p *page) takeHint() {
	p.t.Helper()
	p.click(-1, "#hint")
	p.waitf("nudge shown", `document.getElementById('hint').textContent === 'Show how' && !document.body.classList.contains('busy')`)
	p.click(-1, "#hint")
	p.waitf("hint shown", `document.getElementById('hint').textContent === 'Apply hint' && !document.body.classList.contains('busy')`)
	p.click(-1, "#hint")
	p.waitf("hint applied", `document.querySelector('#board .cell.hint') !== null`)
}

func (p *page) hintCell() (row, col int, value string) {
	p.t.Helper()
	v := evalT[[]string](p, `(e => [e.dataset.row, e.dataset.col, e.textContent])(document.querySelector('#board .cell.hint'))`)
	fmt.Sscan(v[0], &row)
	fmt.Sscan(v[1], &col)
	return row, col, v[2]
}

// click clicks cell i, or with i < 0 the element sel.
func (p *page) click(i int, sel ...string) {
	p.t.Helper()
	s := fmt.Sprintf(`#board .cell[data-row="%d"][data-col="%d"]`, i/max(p.n, 1), i%max(p.n, 1))
	if i < 0 {
		s = sel[0]
	}
	p.do(chromedp.Click(chromedp.CSS(s), chromedp.NodeVisible))
}

// dark switches the page to the dark color scheme, or back.
func (p *page) dark(on bool) {
	p.t.Helper()
	scheme := "light"
	if on {
		scheme = "dark"
	}
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	}))
}

func (p *page) keys(keys string) { p.t.Helper(); p.do(chromedp.KeyEvent(keys)) }

// viewport emulates a w×h screen and waits until the page has laid itself
// out for it: the size has reached the page, and the last fit was for it,
// after two frames in which a fit the resize event queued would have run.
// (Measuring right after the emulation measured a layout half done on a
// loaded machine.)
func (p *page) viewport(w, h int64, opts ...chromedp.EmulateViewportOption) {
	p.t.Helper()
	p.do(chromedp.EmulateViewport(w, h, opts...))
	p.waitf(fmt.Sprintf("a %dx%d viewport", w, h), fmt.Sprintf(`innerWidth === %d && innerHeight === %d`, w, h))
	p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0); window.sudokud.fit();
		new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))`, chromedp.EvalAwaitPromise))
	p.waitf("the board fitted", fmt.Sprintf(`document.getElementById('board').dataset.fit === '%dx%d'`, w, h))
}

// frameGeometry is the zoom frame of a large board on a small screen.
type frameGeometry struct {
	cell                 float64 // the cells' width
	overflowX, overflowY float64 // how far the frame pans
}

// frame measures the zoom frame and checks what holds at every zoom: the
// frame, its zoom bar and the status inside the viewport, nothing wider
// than the screen, every cell as wide and as tall as the others in whole
// pixels, and the board at whole pixels from the page's edge.
func (p *page) frame(name string) frameGeometry {
	p.t.Helper()
	g := evalT[map[string][]float64](p, `(() => {
		const box = (e) => (r => [r.left, r.top, r.right, r.bottom])(e.getBoundingClientRect());
		const w = document.getElementById('board-wrap');
		return {frame: box(w), zoom: box(document.getElementById('zoom')), status: box(document.getElementById('status')),
			board: box(document.getElementById('board')),
			cells: Array.from(document.querySelectorAll('#board .cell'), e => e.getBoundingClientRect()).flatMap(r => [r.width, r.height]),
			pan: [w.scrollWidth - w.clientWidth, w.scrollHeight - w.clientHeight],
			view: [innerWidth, innerHeight, document.documentElement.scrollWidth, document.getElementById('zoom').checkVisibility() ? 1 : 0]};
	})()`)
	vw, vh := g["view"][0], g["view"][1]
	for _, part := range []string{"frame", "zoom", "status"} {
		if r := g[part]; r[0] < 0 || r[1] < 0 || r[2] > vw || r[3] > vh {
			p.t.Errorf("%s: the %s (%.1f,%.1f)-(%.1f,%.1f) is not inside the %.0fx%.0f viewport", name, part, r[0], r[1], r[2], r[3], vw, vh)
		}
	}
	if g["view"][2] > vw || g["view"][3] != 1 {
		p.t.Errorf("%s: the page is %.0f px wide on a %.0f px screen, zoom bar shown %v", name, g["view"][2], vw, g["view"][3] == 1)
	}
	if r := g["board"]; r[0] != float64(int(r[0])) || r[1] != float64(int(r[1])) {
		p.t.Errorf("%s: the board starts at (%.2f, %.2f), between pixels", name, r[0], r[1])
	}
	cells := g["cells"]
	for i, v := range cells {
		if v != cells[0] || v != float64(int(v)) {
			p.t.Errorf("%s: cell %s is %.2f px %s, want every cell %.2f px, a whole number", name, cellName(i/2, p.n), v, []string{"wide", "tall"}[i%2], cells[0])
			break
		}
	}
	return frameGeometry{cell: cells[0], overflowX: g["pan"][0], overflowY: g["pan"][1]}
}

// pinch puts two fingers on the screen from apart px each side of (x, y)
// and moves them, in steps, to to px each side.
func (p *page) pinch(x, y, from, to float64) {
	p.t.Helper()
	touch := func(typ input.DispatchTouchEventType, d float64) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			var pts []*input.TouchPoint
			if typ != input.DispatchTouchEventTypeTouchEnd {
				pts = []*input.TouchPoint{{X: x - d, Y: y, ID: new(1.0)}, {X: x + d, Y: y, ID: new(2.0)}}
			}
			_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
			return err
		})
	}
	acts := []chromedp.Action[chromedp.Void]{touch(input.DispatchTouchEventTypeTouchStart, from)}
	for i := 1; i <= 8; i++ {
		acts = append(acts, touch(input.DispatchTouchEventTypeTouchMove, from+(to-from)*float64(i)/8))
	}
	p.do(append(acts, touch(input.DispatchTouchEventTypeTouchEnd, to))...)
}

// shot saves a screenshot of the page as it is and scans that state with
// axe-core: every state the tests look at is checked for accessibility.
func (p *page) shot(name string) {
	p.t.Helper()
	if !strings.HasPrefix(name, "failed-") {
		p.axe(name)
	}
	if p.shots == "" {
		return
	}
	buf, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	file := filepath.Join(p.shots, "playground-"+name+".png")
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	p.t.Logf("screenshot: %s", filepath.Base(file))
}

// axeJS is axe-core's axe.min.js: from $SUDOKUD_AXE_JS, else where
// `npm install --prefix /tmp/axe axe-core` puts it. Without it the scans
// are skipped, unless SUDOKUD_AXE_TESTS=require (as .ci/run sets it).
var axeJS = sync.OnceValues(func() (string, error) {
	path := os.Getenv("SUDOKUD_AXE_JS")
	if path == "" {
		path = "/tmp/axe/node_modules/axe-core/axe.min.js"
	}
	b, err := os.ReadFile(path)
	return string(b), err
})

// axe runs axe-core on the page and fails the test on any violation.
func (p *page) axe(state string) {
	p.t.Helper()
	src, err := axeJS()
	if err != nil {
		if os.Getenv("SUDOKUD_AXE_TESTS") == "require" {
			p.t.Fatalf("axe-core: %v (SUDOKUD_AXE_TESTS=require)", err)
		}
		p.t.Logf("axe-core not found, %s not scanned: %v (npm install --prefix /tmp/axe axe-core, or set SUDOKUD_AXE_JS)", state, err)
		return
	}
	if !evalT[bool](p, `typeof window.axe === 'object'`) {
		// DevTools evaluation is not subject to the page's CSP.
		p.do(chromedp.Evaluate[chromedp.Void](src))
	}
	found, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ['violations']}).then(r =>
		r.violations.map(v => v.id + ' (' + v.impact + '): ' + v.help + ' at ' +
			v.nodes.slice(0, 4).map(n => n.target.join(' ') + (n.any.concat(n.all)[0] ? ' [' + n.any.concat(n.all)[0].message + ']' : '')).join('; ')))`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		p.fatal("axe-core on %s: %v", state, err)
	}
	for _, v := range found {
		p.t.Errorf("axe-core, %s: %s", state, v)
	}
}

// ---- boards -----------------------------------------------------------------

// fmtClock writes milliseconds as the page's clock does (m:ss).
func fmtClock(ms float64) string {
	s := int(ms / 1000)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

func hasClass(classes, c string) bool { return strings.Contains(" "+classes+" ", " "+c+" ") }

func cellName(i, n int) string { return fmt.Sprintf("r%dc%d", i/n+1, i%n+1) }

// clashPair finds an empty cell e and a given g in one of its units: typing
// g's value into e breaks a rule.
func clashPair(puzzle string, br, bc int) (e, g int) {
	n := br * bc
	for e = 0; e < n*n; e++ {
		if puzzle[e] != '.' {
			continue
		}
		r, c := e/n, e%n
		for g = 0; g < n*n; g++ {
			gr, gc := g/n, g%n
			same := gr == r || gc == c || (gr/br == r/br && gc/bc == c/bc)
			if g != e && same && puzzle[g] != '.' {
				return e, g
			}
		}
	}
	panic("no empty cell with a given peer in " + puzzle)
}

// wrongValue finds an empty cell and a value for it that breaks no rule
// but is not the solution's.
func wrongValue(board, sol string, br, bc int) (int, byte) {
	n := br * bc
	for i := 0; i < n*n; i++ {
		if board[i] != '.' {
			continue
		}
	values:
		for v := 1; v <= n; v++ {
			sym := "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v]
			if sym == sol[i] {
				continue
			}
			for j := 0; j < n*n; j++ {
				same := j/n == i/n || j%n == i%n || (j/n/br == i/n/br && j%n/bc == i%n/bc)
				if same && board[j] == sym {
					continue values
				}
			}
			return i, sym
		}
	}
	panic("no empty cell takes a wrong value without a clash in " + board)
}

// unitCells lists, in order, the cells of the units of a /hint answer
// ({kind, index} objects) on a board with br×bc boxes.
func unitCells(units any, br, bc int) []int {
	n := br * bc
	in := map[int]bool{}
	list, _ := units.([]any)
	for _, u := range list {
		m, _ := u.(map[string]any)
		k, _ := m["index"].(float64)
		for i := range n * n {
			r, c := i/n, i%n
			switch idx := int(k); m["kind"] {
			case "row":
				in[i] = in[i] || r == idx
			case "column":
				in[i] = in[i] || c == idx
			case "box":
				in[i] = in[i] || r/br*(n/bc)+c/bc == idx
			}
		}
	}
	var out []int
	for i := range n * n {
		if in[i] {
			out = append(out, i)
		}
	}
	return out
}

// emptyPeers finds two empty cells in one row.
func emptyPeers(puzzle string, br, bc int) (a, b int) {
	n := br * bc
	for a = 0; a < n*n; a++ {
		for b = a + 1; b < (a/n+1)*n; b++ {
			if puzzle[a] == '.' && puzzle[b] == '.' {
				return a, b
			}
		}
	}
	panic("no row with two empty cells in " + puzzle)
}

// notesOf reads the pencil marks from a cell's aria-label ("…, notes 2 7"),
// as one string of symbols.
func notesOf(label string) string {
	_, marks, ok := strings.Cut(label, "notes ")
	if !ok {
		return ""
	}
	marks, _, _ = strings.Cut(marks, ",")
	return strings.ReplaceAll(marks, " ", "")
}

// candidatesOf lists, in order, the symbols no peer of cell i holds.
func candidatesOf(board string, i, br, bc int) string {
	n := br * bc
	var out strings.Builder
	for v := 1; v <= n; v++ {
		sym := "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v]
		free := true
		for j := 0; j < n*n; j++ {
			same := j/n == i/n || j%n == i%n || (j/n/br == i/n/br && j%n/bc == i%n/bc)
			if same && j != i && board[j] == sym {
				free = false
			}
		}
		if free {
			out.WriteByte(sym)
		}
	}
	return out.String()
}

func sortBytes(b []byte) []byte { slices.Sort(b); return b }

// keyboardFill is the keys that fill every empty cell of board with the
// solution's value, moving with the arrow keys from the top left corner.
func keyboardFill(board, sol string, n int) string {
	var k strings.Builder
	k.WriteString(strings.Repeat(kb.ArrowUp, n) + strings.Repeat(kb.ArrowLeft, n))
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if board[r*n+c] == '.' {
				k.WriteByte(sol[r*n+c])
			}
			if c < n-1 {
				k.WriteString(kb.ArrowRight)
			}
		}
		if r < n-1 {
			k.WriteString(kb.ArrowDown + strings.Repeat(kb.ArrowLeft, n-1))
		}
	}
	return k.String()
}

// patternPuzzle makes a solvable puzzle with br×bc boxes: a full grid from
// the standard pattern with a share of its cells emptied, seeded.
func patternPuzzle(br, bc int, empty float64, seed uint64) string {
	n := br * bc
	rng := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v := (bc*(r%br)+r/br+c)%n + 1
			b[r*n+c] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v]
			if rng.Float64() < empty {
				b[r*n+c] = '.'
			}
		}
	}
	return string(b)
}
