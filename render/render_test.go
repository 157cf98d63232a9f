package render

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func mustBoard(tb testing.TB, s string) engine.Board {
	tb.Helper()
	b, err := engine.ParseBoard(s, engine.Shape{})
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func mustSolve(tb testing.TB, b engine.Board) engine.Board {
	tb.Helper()
	res, err := engine.Solve(context.Background(), b, engine.Limits{})
	if err != nil {
		tb.Fatal(err)
	}
	return res.Solution
}

// svgDoc is what the tests read back from an SVG.
type svgDoc struct {
	Width  string `xml:"width,attr"`
	Height string `xml:"height,attr"`
	Groups []struct {
		Class  string `xml:"class,attr"`
		Weight string `xml:"font-weight,attr"`
		Texts  []struct {
			Text string `xml:",chardata"`
		} `xml:"text"`
	} `xml:"g"`
}

// TestSVG: the document parses with encoding/xml, has the asked size, one
// bold text per given with the given's symbol, and with a solution one
// regular text per other cell; rsvg-convert renders it at that size.
func TestSVG(t *testing.T) {
	b := mustBoard(t, classic)
	sol := mustSolve(t, b)
	for _, tc := range []struct {
		opt       Options
		solution  bool
		wantWidth string
	}{
		{Options{}, false, "600"},
		{Options{Width: 250, Theme: Dark}, false, "250"},
		{Options{Width: 2000, Solution: &sol}, true, "2000"},
	} {
		var buf bytes.Buffer
		if err := SVG(&buf, b, tc.opt); err != nil {
			t.Fatal(err)
		}
		var doc svgDoc
		if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
			t.Fatalf("%+v: the SVG does not parse: %v", tc.opt, err)
		}
		if doc.Width != tc.wantWidth || doc.Height != tc.wantWidth {
			t.Errorf("%+v: size %sx%s, want %s", tc.opt, doc.Width, doc.Height, tc.wantWidth)
		}
		var givens, found strings.Builder
		for _, g := range doc.Groups {
			for _, tx := range g.Texts {
				switch g.Weight {
				case "bold":
					givens.WriteString(tx.Text)
				default:
					found.WriteString(tx.Text)
				}
			}
		}
		if got, want := givens.String(), strings.ReplaceAll(classic, ".", ""); got != want {
			t.Errorf("%+v: bold texts %s, want the givens %s", tc.opt, got, want)
		}
		var want strings.Builder
		if tc.solution {
			for i := range 81 {
				if b.At(i) == 0 {
					want.WriteByte(symbols[sol.At(i)])
				}
			}
		}
		if got := found.String(); got != want.String() {
			t.Errorf("%+v: regular texts %q, want %q", tc.opt, got, want.String())
		}
		img := rsvgConvert(t, buf.Bytes())
		if w := img.Bounds().Dx(); strconv.Itoa(w) != tc.wantWidth || img.Bounds().Dy() != w {
			t.Errorf("%+v: rsvg-convert drew %v", tc.opt, img.Bounds())
		}
	}
}

// rsvgConvert renders an SVG to PNG with librsvg and decodes it.
func rsvgConvert(tb testing.TB, svg []byte) image.Image {
	tb.Helper()
	tool := needTool(tb, "rsvg-convert")
	out := filepath.Join(tb.TempDir(), "out.png")
	cmd := exec.Command(tool, "-o", out)
	cmd.Stdin = bytes.NewReader(svg)
	if msg, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("rsvg-convert: %v: %s", err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		tb.Fatal(err)
	}
	return img
}

// TestPNG: the image decodes at the asked width; the ground, the box lines
// and the symbols are in the theme's colours where the layout puts them:
// a cell with a given holds ink of the givens' colour, an empty cell only
// ground, and with a solution every cell holds ink.
func TestPNG(t *testing.T) {
	b := mustBoard(t, classic)
	sol := mustSolve(t, b)
	for _, opt := range []Options{{}, {Width: 100, Theme: Dark}, {Width: 777, Solution: &sol}, {Width: 2000, Theme: Dark, Solution: &sol}} {
		var buf bytes.Buffer
		if err := PNG(&buf, b, opt); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%+v: %v", opt, err)
		}
		w := opt.Width
		if w == 0 {
			w = DefaultWidth
		}
		if got := img.Bounds(); got != image.Rect(0, 0, w, w) {
			t.Fatalf("%+v: bounds %v, want %dx%d", opt, got, w, w)
		}
		pal := palettes[opt.Theme]
		same := func(c color.Color, want color.RGBA) bool {
			r, g, b, _ := c.RGBA()
			return uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(b>>8) == want.B
		}
		if !same(img.At(0, 0), pal.ground) {
			t.Errorf("%+v: corner %v, want the ground %v", opt, img.At(0, 0), pal.ground)
		}
		l := newLayout(b.Shape(), float64(w))
		mid := int(l.at(4) + l.cell/2)
		if x := int(l.at(3)); !same(img.At(x, mid), pal.line) {
			t.Errorf("%+v: (%d,%d) on a box line is %v", opt, x, mid, img.At(x, mid))
		}
		for r := range 9 {
			for c := range 9 {
				given, empty := 0, 0
				var found int
				x0, y0 := int(l.at(c)+l.thick), int(l.at(r)+l.thick)
				x1, y1 := int(l.at(c+1)-l.thick), int(l.at(r+1)-l.thick)
				for y := y0; y < y1; y++ {
					for x := x0; x < x1; x++ {
						// Anti-aliased edges blend ink and ground: each
						// pixel counts for the colour it is nearest.
						px := img.At(x, y)
						switch nearest(px, pal.ground, pal.given, pal.found) {
						case 1:
							given++
						case 2:
							found++
						default:
							if !same(px, pal.ground) {
								empty++
							}
						}
					}
				}
				// Below 300 pixels a glyph is a few blended pixels: its
				// colour is not told, only its ink.
				big := w >= 300
				switch {
				case b.Get(r, c) != 0 && (given+found == 0 || big && given <= found):
					t.Errorf("%+v: r%dc%d holds a given but not its ink (%d given, %d solution pixels)", opt, r+1, c+1, given, found)
				case b.Get(r, c) == 0 && opt.Solution == nil && given+found+empty > 0:
					t.Errorf("%+v: empty r%dc%d holds ink", opt, r+1, c+1)
				case b.Get(r, c) == 0 && opt.Solution != nil && (given+found == 0 || big && found <= given):
					t.Errorf("%+v: r%dc%d does not hold the solution's ink (%d given, %d solution pixels)", opt, r+1, c+1, given, found)
				}
			}
		}
	}
}

// nearest returns the index of the colour of cs nearest to c.
func nearest(c color.Color, cs ...color.RGBA) int {
	r, g, b, _ := c.RGBA()
	best, dist := 0, -1
	for i, k := range cs {
		dr, dg, db := int(r>>8)-int(k.R), int(g>>8)-int(k.G), int(b>>8)-int(k.B)
		if d := dr*dr + dg*dg + db*db; dist < 0 || d < dist {
			best, dist = i, d
		}
	}
	return best
}

// TestDrawEveryShape draws an empty, a filled and a solved board of every
// shape in both forms.
func TestDrawEveryShape(t *testing.T) {
	for _, s := range engine.Shapes() {
		full := engine.NewBoard(s)
		for i := range s.Cells() {
			full.SetAt(i, 1+i%s.Size)
		}
		empty := engine.NewBoard(s)
		for _, tc := range []struct {
			b   engine.Board
			opt Options
		}{{empty, Options{Width: 100}}, {full, Options{Width: 300, Theme: Dark}}, {empty, Options{Width: 150, Solution: &full}}} {
			if err := SVG(io.Discard, tc.b, tc.opt); err != nil {
				t.Fatalf("%v SVG: %v", s, err)
			}
			if err := PNG(io.Discard, tc.b, tc.opt); err != nil {
				t.Fatalf("%v PNG: %v", s, err)
			}
		}
	}
}

// TestOptionsRefused: a width out of range, a solution of another shape or
// one that changes a given are ErrOptions, in both forms.
func TestOptionsRefused(t *testing.T) {
	b := mustBoard(t, classic)
	other := mustBoard(t, "1234341221434321")
	changed := mustSolve(t, b)
	changed.Set(0, 0, 4)
	for _, opt := range []Options{{Width: MinWidth - 1}, {Width: MaxWidth + 1}, {Width: -5}, {Theme: 7}, {Solution: &other}, {Solution: &changed}} {
		if err := SVG(io.Discard, b, opt); !errors.Is(err, ErrOptions) {
			t.Errorf("SVG %+v: %v, want ErrOptions", opt, err)
		}
		if err := PNG(io.Discard, b, opt); !errors.Is(err, ErrOptions) {
			t.Errorf("PNG %+v: %v, want ErrOptions", opt, err)
		}
	}
}

func BenchmarkSVG(b *testing.B) {
	p := mustBoard(b, classic)
	b.ReportAllocs()
	for b.Loop() {
		if err := SVG(io.Discard, p, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPNG600(b *testing.B) {
	p := mustBoard(b, classic)
	b.ReportAllocs()
	for b.Loop() {
		if err := PNG(io.Discard, p, Options{Width: 600}); err != nil {
			b.Fatal(err)
		}
	}
}
