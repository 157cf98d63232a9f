package api_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestBrowserLayout checks that the board fits desktop and phone screens,
// and that a large board on a phone zooms and pans.
func TestBrowserLayout(t *testing.T) {
	site := newSite(t)

	// On a phone the cells would be too small to tap: the board sits in
	// a frame that zooms (pinch, or the zoom buttons) and pans. It starts
	// zoomed in to cells a finger takes; zoomed out, the whole board
	// shows. At every zoom the cells are whole pixels and the frame and
	// the status stay on the screen.
	for _, sc := range phoneScreens {
		t.Run("25x25 zooms on a "+sc.name, func(t *testing.T) {
			p := site.open(t, "/?puzzle="+patternPuzzle(5, 5, 0.45, 25))
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
		p := site.open(t, "/?puzzle="+puzzle)
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

	t.Run("a phone on its side shows the whole board with the pad beside it", func(t *testing.T) {
		p := site.open(t, "/?puzzle="+patternPuzzle(4, 4, 0.4, 18))
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

	t.Run("the board and the status fit every screen", func(t *testing.T) {
		screens := append([]screen{{"desktop", 1280, 900, nil}}, phoneScreens...)
		for _, shape := range []struct{ br, bc int }{{2, 3}, {3, 3}, {4, 4}} {
			n := shape.br * shape.bc
			p := site.open(t, "/?puzzle="+patternPuzzle(shape.br, shape.bc, 0.5, uint64(40+n)))
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
