package api_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserVariants plays killer, jigsaw, X and windoku on 9×9, killer
// on 6×6 and jigsaw on 16×16 on a desktop (1280×900), a phone (390×844)
// and a phone on its side (844×390): the picker offers the variant and
// the link keeps it, the board and the status fit each screen, every
// cell's name says its variant facts and the marks are drawn (cage sums
// no smaller than 9 px), and axe-core finds nothing: light on every
// screen, dark on one screen a variant, each screen in turn.
func TestBrowserVariants(t *testing.T) {
	site := newSite(t)
	screens := append([]screen{{"desktop", 1280, 900, nil}}, phoneScreens...)
	cases := []struct {
		variant string
		n, bc   int
		label   string // a word every cell with the mark says
		class   string // the class that draws it
		cells   int    // how many cells have it, at least
	}{
		{"killer", 9, 3, "cage", "cage", 81},
		{"jigsaw", 9, 3, "region", "box-r", 9},
		{"x", 9, 3, "diagonal", "diag", 17},
		{"windoku", 9, 3, "window", "window", 36},
		{"killer", 6, 3, "cage", "cage", 36},
		{"jigsaw", 16, 4, "region", "box-r", 16},
	}
	for k, tc := range cases {
		name := fmt.Sprintf("%s-%dx%d", tc.variant, tc.n, tc.n)
		t.Run(name, func(t *testing.T) {
			p := site.open(t, fmt.Sprintf("/?size=%d&variant=%s&difficulty=easy&seed=7", tc.n, tc.variant))
			p.n = tc.n
			p.waitf("a "+name+" game", fmt.Sprintf(`document.querySelectorAll('#board .cell').length === %d && !document.body.classList.contains('busy') && /Good luck/.test(document.getElementById('status').textContent)`, tc.n*tc.n))
			if v := evalT[string](p, `document.getElementById('variant').value`); v != tc.variant {
				t.Errorf("the picker shows %q, want %q", v, tc.variant)
			}
			if u := evalT[string](p, `location.search`); !strings.Contains(u, "variant="+tc.variant) || !strings.Contains(u, "seed=") {
				t.Errorf("the address %q does not replay the %s game", u, name)
			}
			labelled := evalT[int](p, fmt.Sprintf(`Array.from(document.querySelectorAll('#board .cell')).filter(e => e.getAttribute('aria-label').includes(%q)).length`, tc.label))
			drawn := evalT[int](p, fmt.Sprintf(`document.querySelectorAll('#board .cell.%s').length`, tc.class))
			if labelled < tc.cells || drawn < tc.cells {
				t.Errorf("%d cells say %q and %d have class %s, want %d and more", labelled, tc.label, drawn, tc.class, tc.cells)
			}
			if line := p.text("#rules-line"); line == "" {
				t.Errorf("no rules line under the %s board", name)
			}
			switch tc.variant {
			case "killer":
				// Every cage's sum is written once, on its first cell, and the
				// cages' sums add up to the board's: N × N(N+1)/2.
				sum := evalT[int](p, `Array.from(document.querySelectorAll('#board .cell[data-sum]')).reduce((a, e) => a + +e.dataset.sum, 0)`)
				if want := tc.n * tc.n * (tc.n + 1) / 2; sum != want {
					t.Errorf("the cage sums add up to %d, want %d", sum, want)
				}
			case "jigsaw":
				// A region is outlined, not the boxes: the thick edges are
				// not simply after every box's last column on every row.
				same := evalT[bool](p, fmt.Sprintf(`Array.from(document.querySelectorAll('#board .cell')).every(e => e.classList.contains('box-r') === ((+e.dataset.col + 1) %% %d === 0 && +e.dataset.col < %d))`, tc.bc, tc.n-1))
				if same {
					t.Errorf("the jigsaw board draws the classic boxes")
				}
			}
			// The board's calls carry the rules: a hint on it is a step.
			p.takeHint()
			// Fill notes keeps to the rules: every empty cell keeps its
			// solution's value, and on a killer the cage sums leave fewer
			// candidates than rows, columns and boxes alone somewhere.
			p.click(-1, "#fill-notes")
			_, res := site.post(t, "/generate", map[string]any{"size": tc.n, "variant": tc.variant, "difficulty": "easy", "seed": 7})
			puzzles, _ := res["puzzles"].([]any)
			if len(puzzles) != 1 {
				t.Fatalf("/generate answered %v", res)
			}
			sol, _ := puzzles[0].(map[string]any)["solution"].(string)
			board, fewer := p.board(), 0
			labels := evalT[[]string](p, `Array.from(document.querySelectorAll('#board .cell'), e => e.getAttribute('aria-label'))`)
			for i, label := range labels {
				if board[i] != '.' {
					continue
				}
				notes := notesOf(label)
				if !strings.ContainsRune(notes, rune(sol[i])) {
					t.Errorf("Fill notes left %s the notes %q, without its value %c", cellName(i, tc.n), notes, sol[i])
				}
				if len(notes) < len(candidatesOf(board, i, tc.n/tc.bc, tc.bc)) {
					fewer++
				}
			}
			if tc.variant == "killer" && fewer == 0 {
				t.Errorf("Fill notes on a killer noted what rows, columns and boxes allow, everywhere")
			}
			for i, sc := range screens {
				p.viewport(sc.w, sc.h, sc.opts...)
				g := evalT[map[string][]float64](p, `(() => {
					const box = (e) => (r => [r.left, r.top, r.right, r.bottom])(e.getBoundingClientRect());
					const sum = document.querySelector('#board .cell[data-sum]');
					return {board: box(document.getElementById('board')), status: box(document.getElementById('status')), view: [innerWidth, innerHeight],
						sum: [sum ? parseFloat(getComputedStyle(sum, '::before').fontSize) : 0]};
				})()`)
				shot := fmt.Sprintf("variant-%s-%s", name, sc.name)
				for _, part := range []string{"board", "status"} {
					if r := g[part]; r[0] < 0 || r[1] < 0 || r[2] > g["view"][0] || r[3] > g["view"][1] {
						t.Errorf("%s: the %s (%.1f,%.1f)-(%.1f,%.1f) is not inside the viewport", shot, part, r[0], r[1], r[2], r[3])
					}
				}
				if tc.variant == "killer" && g["sum"][0] < 9 {
					t.Errorf("%s: the cage sums are %.1f px, want 9 px or more", shot, g["sum"][0])
				}
				p.shot(shot)
				if i == k%len(screens) {
					p.dark(true)
					p.shot(shot + "-dark")
					p.dark(false)
				}
			}
		})
	}
}

// TestBrowserKillerHints plays a 9×9 killer to the win by pressing Hint
// alone: each hint is a step on the cages, /validate with the rules
// confirms the full board, and the board is the puzzle's solution.
func TestBrowserKillerHints(t *testing.T) {
	site := newSite(t)
	p := site.open(t, "/?size=9&variant=killer&difficulty=easy&seed=11")
	p.n = 9
	p.waitf("a killer game", `document.querySelectorAll('#board .cell').length === 81 && !document.body.classList.contains('busy') && /Good luck/.test(document.getElementById('status').textContent)`)
	presses := 0
	// Hint until the board is full; /validate's check of it then opens the
	// win overlay (pressing on, before its answer, hinted a full board).
	for ; presses < 1000 && evalT[bool](p, `window.sudokud.game.cells.includes(0)`); presses++ {
		before := evalT[string](p, `document.getElementById('hint').textContent + '/' + window.sudokud.game.check`)
		p.click(-1, "#hint")
		p.waitf("the hint's answer", fmt.Sprintf(`!document.body.classList.contains('busy') &&
			document.getElementById('hint').textContent + '/' + window.sudokud.game.check !== %q`, before))
		if tone := evalT[string](p, `document.getElementById('status').dataset.tone || ''`); tone == "error" || tone == "warn" {
			p.fatal("after %d presses of Hint", presses+1)
		}
	}
	p.waitf("win overlay", `document.getElementById('won').open`)
	board := p.board()
	_, res := site.post(t, "/generate", map[string]any{"size": 9, "variant": "killer", "difficulty": "easy", "seed": 11})
	puzzles, _ := res["puzzles"].([]any)
	if len(puzzles) != 1 {
		t.Fatalf("/generate answered %v", res)
	}
	if sol := puzzles[0].(map[string]any)["solution"]; board != sol {
		t.Fatalf("won with the board %s, the solution is %v", board, sol)
	}
	if lvl := p.text("#won-level"); lvl != "9×9 Killer Easy" {
		t.Errorf("the win overlay says %q, want 9×9 Killer Easy", lvl)
	}
	// The best time is kept per variant and level, and is the time shown.
	best := evalT[map[string]float64](p, `JSON.parse(localStorage.getItem('sudokud.best'))`)
	if ms, ok := best["9:3x3:killer:easy"]; !ok || fmtClock(ms) != p.text("#won-time") || !strings.HasPrefix(p.text("#won-best"), fmtClock(ms)) {
		t.Errorf("best times %v, the overlay says time %q and best %q", best, p.text("#won-time"), p.text("#won-best"))
	}
	t.Logf("won after %d presses of Hint", presses)
	p.shot("variant-killer-won")
}

// TestBrowserFpuzzles opens a killer as f-puzzles text, from ?fpuzzles=
// and from an f-puzzles link in the paste box: the board holds the same
// givens, its cages are drawn and a hint on it is a step of its rules.
func TestBrowserFpuzzles(t *testing.T) {
	site := newSite(t)
	_, res := site.post(t, "/generate", map[string]any{"size": 9, "variant": "killer", "difficulty": "easy", "seed": 5, "format": "fpuzzles"})
	puzzles, _ := res["puzzles"].([]any)
	if len(puzzles) != 1 {
		t.Fatalf("/generate answered %v", res)
	}
	pz := puzzles[0].(map[string]any)
	text, _ := pz["fpuzzles"].(string)
	opened := func(p *page, name string) {
		t.Helper()
		p.n = 9
		p.waitf("the f-puzzles game", `document.querySelectorAll('#board .cell').length === 81 && !document.body.classList.contains('busy') && /Good luck/.test(document.getElementById('status').textContent)`)
		if b := p.board(); b != pz["puzzle"] {
			t.Errorf("%s: the board is %s, want %v", name, b, pz["puzzle"])
		}
		if sum := evalT[int](p, `Array.from(document.querySelectorAll('#board .cell[data-sum]')).reduce((a, e) => a + +e.dataset.sum, 0)`); sum != 405 {
			t.Errorf("%s: the cage sums add up to %d, want 405", name, sum)
		}
		p.takeHint()
		p.shot(name)
	}
	p := site.open(t, "/?fpuzzles="+url.QueryEscape(text))
	opened(p, "fpuzzles-link")
	if q := evalT[string](p, `new URLSearchParams(location.search).get('fpuzzles')`); q != text {
		t.Errorf("the address keeps fpuzzles=%q, want the text opened", q)
	}

	p = site.open(t, "/?size=6&difficulty=easy&seed=3")
	p.waitGame(6, 2, 3)
	p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById('paste-box').open = true; document.getElementById('paste').value = %q`, "https://f-puzzles.com/?load="+text)))
	p.click(-1, "#paste-play")
	opened(p, "fpuzzles-pasted")
}

// TestBrowserInniesOuties takes hints on a hard 9×9 killer until one uses
// innies and outies: its area is outlined on the board and the step's
// cells are marked as innies or outies, light and dark.
func TestBrowserInniesOuties(t *testing.T) {
	site := newSite(t)
	p := site.open(t, "/?size=9&variant=killer&difficulty=hard&seed=3")
	p.n = 9
	p.waitf("a killer game", `document.querySelectorAll('#board .cell').length === 81 && !document.body.classList.contains('busy') && /Good luck/.test(document.getElementById('status').textContent)`)
	for hints := 0; ; hints++ {
		if hints == 30 {
			p.fatal("no innies and outies in 30 hints")
		}
		p.click(-1, "#hint")
		p.waitf("nudge shown", `document.getElementById('hint').textContent === 'Show how' && !document.body.classList.contains('busy')`)
		p.click(-1, "#hint")
		p.waitf("hint shown", `document.getElementById('hint').textContent === 'Apply hint' && !document.body.classList.contains('busy')`)
		areas := evalT[int](p, `window.sudokud.game.shown.areas.length`)
		if areas == 0 {
			p.click(-1, "#hint")
			p.waitf("hint applied", `document.querySelector('#board .cell.hint') !== null`)
			continue
		}
		if st := p.status(); !strings.Contains(st, "innies") && !strings.Contains(st, "outies") {
			t.Errorf("a hint with %d areas says %q", areas, st)
		}
		if got := evalT[int](p, `document.querySelectorAll('#board svg.pattern path.area').length`); got != areas {
			t.Errorf("%d area outlines drawn, want %d", got, areas)
		}
		// Every cell a step names is marked (a later mark may cover an earlier one's).
		want := evalT[int](p, `new Set(window.sudokud.game.shown.areas.flatMap(a => a.cells)).size`)
		marked := evalT[int](p, `window.sudokud.game.shown.areas.flatMap(a => a.cells).filter(i => /hint-(innie|outie|target)/.test(document.querySelector('#board .cell[data-index="' + i + '"]').className)).length`)
		if want == 0 || marked < want {
			t.Errorf("%d of the steps' %d innies and outies are marked", marked, want)
		}
		t.Logf("innies and outies after %d hints: %d areas", hints, areas)
		p.shot("variant-killer-innies")
		p.dark(true)
		p.shot("variant-killer-innies-dark")
		p.dark(false)
		return
	}
}
