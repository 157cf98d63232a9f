package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserFailingServer checks what the page says and does when an
// endpoint answers 503, or a proxy in front of the server 502.
func TestBrowserFailingServer(t *testing.T) {
	site := newSite(t)

	t.Run("a failing endpoint shows its error in #status", func(t *testing.T) {
		site.fail("/generate")
		defer site.heal("/generate")
		p := site.open(t, "/?size=6")
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

	t.Run("a win check that fails on a 503 is tried again", func(t *testing.T) {
		p, _, sol := site.game6(t, 7)
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

	t.Run("Hint pressed with the keyboard keeps the focus when it fails", func(t *testing.T) {
		p := site.open(t, "/?puzzle="+patternPuzzle(2, 3, 0.4, 15))
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
		p := site.open(t, "/?puzzle="+patternPuzzle(2, 3, 0.4, 16))
		p.waitf("error shown", `document.getElementById('status').dataset.tone === 'error'`)
		if st := p.status(); strings.Contains(st, "rejected") || !strings.Contains(st, "overloaded") {
			t.Errorf("status %q, want it to say the puzzle could not be checked, with the detail", st)
		}
	})

	t.Run("a proxy's 502 page is reported by its status, not as HTML", func(t *testing.T) {
		p := site.open(t, "/?puzzle="+patternPuzzle(2, 3, 0.4, 19))
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
		p, _, sol := site.game6(t, 20)
		site.failWith("/validate", http.StatusBadGateway)
		defer site.heal("/validate")
		p.keys(keyboardFill(p.board(), sol, 6))
		p.waitf("check error shown", `document.getElementById('status').dataset.tone === 'error'`)
		site.heal("/validate")
		p.waitf("win after the proxy recovers", `document.getElementById('status').dataset.tone === 'win'`)
	})
}

// TestBrowserSlowServer holds answers back while the player goes on: an
// answer for an old board must not undo what the player did since.
func TestBrowserSlowServer(t *testing.T) {
	site := newSite(t)

	t.Run("a hint that comes back after the board changed is dropped", func(t *testing.T) {
		puzzle := patternPuzzle(2, 3, 0.4, 8)
		hi, v := site.placement(t, puzzle)
		w := byte('1')
		if w == v {
			w = '2'
		}
		p := site.open(t, "/?puzzle="+puzzle)
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

	t.Run("Undo back to a full, correct board wins", func(t *testing.T) {
		p, puzzle, sol := site.game6(t, 11)
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
		p, puzzle, sol := site.game6(t, 12)
		// The player fills the board and leaves before the win check
		// answers, then comes back in another tab.
		site.hold("/validate")
		defer site.release("/validate")
		p.keys(keyboardFill(p.board(), sol, 6))
		p.do(chromedp.Navigate("about:blank"))
		site.release("/validate")
		q := site.open(t, "/?puzzle="+puzzle)
		q.waitf("the board back", fmt.Sprintf(`Array.from(document.querySelectorAll('#board .cell'), e => e.dataset.value).join('') === %q`, sol))
		q.waitf("win", `document.getElementById('status').dataset.tone === 'win'`)
	})

	t.Run("a puzzle pasted while a new game is generated stays on the board", func(t *testing.T) {
		puzzle := patternPuzzle(2, 3, 0.4, 14)
		site.hold("/generate")
		defer site.release("/generate")
		p := site.open(t, "/?size=6&box=2x3&difficulty=easy&seed=6")
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
}
