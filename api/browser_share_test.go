package api_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// marksJS reads every cell as the player sees it: its value, its cage sum
// and the classes that draw the rules (cages, regions' and boxes' edges,
// diagonals, windows, parity).
const marksJS = `Array.from(document.querySelectorAll('#board .cell'), e => [e.dataset.value, e.dataset.sum || '',
	e.className.split(' ').filter(c => /^(cage|diag|window|extra|odd|even|box-|edge-)/.test(c)).sort().join(' ')].join('|')).join(';')`

// TestBrowserShare shares puzzles by link: Copy link gives /?id= for a
// generated killer and jigsaw (the id /generate gave) and for a pasted
// classic puzzle (the id POST /puzzles gives); the link opens the same
// givens with the same rules drawn, the picker on its variant, and a hint
// is a step on it; its f-puzzles link is the text GET /puzzles/{id} gives.
// The f-puzzles link of a generated killer is the text /generate gives in
// format fpuzzles; Print makes a PDF and the image
// buttons an SVG and a PNG, and a failed print says why.
func TestBrowserShare(t *testing.T) {
	site := newSite(t)
	cases := []struct {
		name, path, variant string
		n, br, bc           int
	}{
		{"killer", "/?size=9&variant=killer&difficulty=easy&seed=7", "killer", 9, 3, 3},
		{"jigsaw", "/?size=9&variant=jigsaw&difficulty=easy&seed=8", "jigsaw", 9, 3, 3},
		{"pasted", "/?puzzle=" + patternPuzzle(2, 3, 0.45, 61), "", 6, 2, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := site.open(t, tc.path)
			p.n = tc.n
			p.waitf("the game", fmt.Sprintf(`document.querySelectorAll('#board .cell').length === %d && !document.body.classList.contains('busy') && /Good luck/.test(document.getElementById('status').textContent)`, tc.n*tc.n))
			marks := evalT[string](p, marksJS)
			if p.disabled("#fpuzzles-export") {
				t.Errorf("the f-puzzles link button is disabled")
			}
			p.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('share-box').open = true`))
			p.click(-1, "#share")
			p.waitf("the link", `!document.getElementById('share-out').hidden && !document.body.classList.contains('busy')`)
			link := evalT[string](p, `document.getElementById('share-link').href`)
			if shown := p.text("#share-link"); shown != link {
				t.Errorf("the link says %q and goes to %q", shown, link)
			}
			if st := p.status(); !strings.Contains(st, "link to this puzzle") {
				t.Errorf("after Copy link the status says %q", st)
			}
			u, err := url.Parse(link)
			if err != nil || !strings.HasPrefix(link, site.url+"/?id=") || u.Query().Get("id") == "" {
				t.Fatalf("the shared link is %q, want %s/?id=<id>", link, site.url)
			}
			p.shot("share-" + tc.name)

			q := site.open(t, "/?id="+url.QueryEscape(u.Query().Get("id")))
			q.n = tc.n
			q.waitf("the shared game", fmt.Sprintf(`document.querySelectorAll('#board .cell').length === %d && !document.body.classList.contains('busy') && /Good luck/.test(document.getElementById('status').textContent)`, tc.n*tc.n))
			if got := evalT[string](q, marksJS); got != marks {
				t.Errorf("the shared link opens\n%s\nwant\n%s", got, marks)
			}
			if v := evalT[string](q, `document.getElementById('variant').value`); v != tc.variant {
				t.Errorf("the picker shows %q, want %q", v, tc.variant)
			}
			if s := evalT[string](q, `location.search`); s != "?"+u.RawQuery {
				t.Errorf("the address keeps %q, want ?%s", s, u.RawQuery)
			}
			// The f-puzzles link of the opened puzzle is the text the
			// server gives for its id.
			var pz struct{ FPuzzles string }
			if res, err := http.Get(site.url + "/puzzles/" + url.PathEscape(u.Query().Get("id"))); err != nil {
				t.Fatalf("GET the shared puzzle: %v", err)
			} else {
				json.NewDecoder(res.Body).Decode(&pz)
				res.Body.Close()
			}
			q.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('share-box').open = true`))
			q.click(-1, "#fpuzzles-export")
			q.waitf("the f-puzzles link", `!document.getElementById('fpuzzles-out').hidden`)
			if got, want := evalT[string](q, `document.getElementById('fpuzzles-link').href`), "https://www.f-puzzles.com/?load="+pz.FPuzzles; got != want {
				t.Errorf("the f-puzzles link is %q, want %q", got, want)
			}
			q.takeHint()
			q.shot("share-opened-" + tc.name)
		})
	}

	t.Run("a mistyped id", func(t *testing.T) {
		p := site.open(t, "/?id=AQAAOCQMa6")
		p.waitf("the refusal", `document.getElementById('status').dataset.tone === 'error'`)
		if st := p.status(); !strings.HasPrefix(st, "Could not open the shared puzzle: ") || !strings.Contains(st, "puzzle id") {
			t.Errorf("a mistyped id says %q", st)
		}
	})

	t.Run("f-puzzles link, print and images", func(t *testing.T) {
		_, res := site.post(t, "/generate", map[string]any{"size": 9, "variant": "killer", "difficulty": "easy", "seed": 7, "format": "fpuzzles"})
		puzzles, _ := res["puzzles"].([]any)
		if len(puzzles) != 1 {
			t.Fatalf("/generate answered %v", res)
		}
		text, _ := puzzles[0].(map[string]any)["fpuzzles"].(string)
		p := site.open(t, "/?size=9&variant=killer&difficulty=easy&seed=7")
		p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{Behavior: cdpbrowser.SetDownloadBehaviorBehaviorDeny})
			return err
		}))
		p.n = 9
		p.waitf("the game", `document.querySelectorAll('#board .cell').length === 81 && !document.body.classList.contains('busy') && /Good luck/.test(document.getElementById('status').textContent)`)
		p.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('share-box').open = true`))
		p.click(-1, "#fpuzzles-export")
		p.waitf("the f-puzzles link", `!document.getElementById('fpuzzles-out').hidden`)
		if got, want := evalT[string](p, `document.getElementById('fpuzzles-link').href`), "https://www.f-puzzles.com/?load="+text; got != want {
			t.Errorf("the f-puzzles link is %q, want %q", got, want)
		}
		// file reads the offered file's name and first bytes in hex (from the
		// page's Blob: the page's CSP keeps fetch off blob: URLs).
		file := func(button string) (string, string) {
			t.Helper()
			before := evalT[string](p, `document.getElementById('file-link').download`)
			p.click(-1, button)
			p.waitf("the file", fmt.Sprintf(`!document.body.classList.contains('busy') && !document.getElementById('file-out').hidden && document.getElementById('file-link').download !== %q`, before))
			v, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`(async a => [a.download, Array.from(new Uint8Array(await window.sudokud.file.slice(0, 5).arrayBuffer()), b => b.toString(16).padStart(2, '0')).join('')])(document.getElementById('file-link'))`, chromedp.EvalAwaitPromise))
			if err != nil {
				p.fatal("reading the file of %s: %v", button, err)
			}
			return v[0], v[1]
		}
		for _, f := range []struct{ button, ext, head string }{
			{"#image-svg", ".svg", "<?xml"},
			{"#image-png", ".png", "\x89PNG\r"},
			{"#print", ".pdf", "%PDF-"},
		} {
			if name, head := file(f.button); !strings.HasPrefix(name, "sudoku-") || !strings.HasSuffix(name, f.ext) || head != hex.EncodeToString([]byte(f.head)) {
				t.Errorf("%s offers %q starting %q, want sudoku-<id>%s starting %q", f.button, name, head, f.ext, f.head)
			}
		}
		p.shot("share-files")
		p.dark(true)
		p.shot("share-files-dark")
		p.dark(false)
		site.fail("/print")
		p.click(-1, "#print")
		p.waitf("the failure", `document.getElementById('status').dataset.tone === 'error'`)
		if st := p.status(); !strings.Contains(st, "Could not make the PDF: the server is overloaded") {
			t.Errorf("a failed print says %q", st)
		}
		site.heal("/print")
	})
}
