package api_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserPlay plays games of every size with the mouse, the number pad
// and the keyboard: conflicts, notes, hints, mistakes, a win.
func TestBrowserPlay(t *testing.T) {
	site := newSite(t)

	t.Run("6x6 game: conflict, hint, keyboard fill, win", func(t *testing.T) {
		p := site.open(t, "/?size=6&box=2x3&difficulty=easy&seed=6")
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
		p := site.open(t, "/?puzzle="+givens)
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
		p := site.open(t, "/?puzzle="+givens)
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
		p := site.open(t, "/?puzzle="+puzzle)
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
}

// TestBrowserControls checks the game's controls: Undo and its keys, Reset,
// Solve, New game, Pause, Fill notes and checking entries.
func TestBrowserControls(t *testing.T) {
	site := newSite(t)

	t.Run("Reset in the middle of a game starts the clock again from 0:00", func(t *testing.T) {
		p, puzzle, sol := site.game6(t, 10)
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

	t.Run("Ctrl+Shift+Z, the redo keys elsewhere, undoes nothing", func(t *testing.T) {
		p, puzzle, sol := site.game6(t, 13)
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

	t.Run("a key held down in notes mode toggles its mark once", func(t *testing.T) {
		puzzle := patternPuzzle(2, 3, 0.4, 17)
		p := site.open(t, "/?puzzle="+puzzle)
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

	t.Run("Reset and Solve are undone; New game asks first", func(t *testing.T) {
		p, puzzle, sol := site.game6(t, 30)
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
		p, puzzle, _ := site.game6(t, 31)
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
		p, puzzle, sol := site.game6(t, 32)
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

	t.Run("a pasted full grid is no win, on a reload either", func(t *testing.T) {
		grid := patternPuzzle(2, 3, 0, 21)
		p := site.open(t, "/?puzzle="+grid)
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
