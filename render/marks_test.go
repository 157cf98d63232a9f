package render

import (
	"bytes"
	"encoding/xml"
	"image"
	"image/png"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

// jigsaw9 is a 9×9 jigsaw: the boxes with a pair of cells swapped between
// boxes 0-3, 1-2, 4-5 and 7-8.
const jigsaw9 = "000112222" + "000111222" + "003111122" + "033445555" + "333444555" + "333444455" + "666777788" + "666777888" + "666778888"

func mustRules(tb testing.TB, b engine.Board, r engine.Rules) engine.Board {
	tb.Helper()
	vb, err := b.WithRules(r)
	if err != nil {
		tb.Fatal(err)
	}
	return vb
}

// killerCages cuts sol into cages with its sums: an L of three cells, an S
// of four, then horizontal pairs, vertical pairs and single cells.
func killerCages(sol engine.Board) []engine.Cage {
	n := sol.Size()
	owner := make([]bool, n*n)
	var cages []engine.Cage
	add := func(cells ...engine.Cell) {
		c := engine.Cage{Cells: cells}
		for _, cl := range cells {
			owner[cl.Row*n+cl.Col] = true
			c.Sum += sol.Get(cl.Row, cl.Col)
		}
		cages = append(cages, c)
	}
	add(engine.Cell{Row: 0, Col: 0}, engine.Cell{Row: 0, Col: 1}, engine.Cell{Row: 1, Col: 0})
	add(engine.Cell{Row: 0, Col: 2}, engine.Cell{Row: 0, Col: 3}, engine.Cell{Row: 1, Col: 1}, engine.Cell{Row: 1, Col: 2})
	for i := range n * n {
		r, c := i/n, i%n
		switch {
		case owner[i]:
		case c+1 < n && !owner[i+1] && sol.Get(r, c) != sol.Get(r, c+1):
			add(engine.Cell{Row: r, Col: c}, engine.Cell{Row: r, Col: c + 1})
		case r+1 < n && !owner[i+n]:
			add(engine.Cell{Row: r, Col: c}, engine.Cell{Row: r + 1, Col: c})
		default:
			add(engine.Cell{Row: r, Col: c})
		}
	}
	return cages
}

// variantBoards returns a killer without givens, a jigsaw and a board with
// every other mark (diagonals, windows, an extra region, odd and even
// cells, and two rules for the caption), each with the classic givens it
// was made from.
func variantBoards(tb testing.TB) (killer, jigsaw, marked engine.Board) {
	tb.Helper()
	b := mustBoard(tb, classic)
	sol := mustSolve(tb, b)
	killer = mustRules(tb, engine.NewBoard(b.Shape()), engine.Rules{Cages: killerCages(sol)})
	var regions []int
	for _, c := range jigsaw9 {
		regions = append(regions, int(c-'0'))
	}
	jigsaw = mustRules(tb, b, engine.Rules{Regions: regions})
	marked = mustRules(tb, b, engine.Rules{
		Diagonals: engine.DiagonalBoth, Windows: true, AntiKnight: true, NonConsecutive: true,
		ExtraRegions: [][]engine.Cell{{{Row: 8, Col: 0}, {Row: 8, Col: 1}, {Row: 8, Col: 2}, {Row: 8, Col: 3}, {Row: 8, Col: 4}, {Row: 8, Col: 5}, {Row: 8, Col: 6}, {Row: 8, Col: 7}, {Row: 8, Col: 8}}},
		Odd:          []engine.Cell{{Row: 0, Col: 2}, {Row: 4, Col: 4}},
		Even:         []engine.Cell{{Row: 0, Col: 3}, {Row: 2, Col: 0}, {Row: 7, Col: 8}},
	})
	return killer, jigsaw, marked
}

// svgNode is any element of an SVG, read back with its class and children.
type svgNode struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []svgNode  `xml:",any"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// count returns how many elements named tag lie under a class (the element
// itself or an ancestor has it), and their texts.
func (n *svgNode) count(tag, class string, inClass bool) (int, []string) {
	inClass = inClass || n.attr("class") == class
	k, texts := 0, []string(nil)
	if n.XMLName.Local == tag && inClass {
		k, texts = 1, []string{n.Text}
	}
	for i := range n.Children {
		ck, ct := n.Children[i].count(tag, class, inClass)
		k += ck
		texts = append(texts, ct...)
	}
	return k, texts
}

// TestSVGVariantMarks: the SVG of each variant board parses and holds one
// mark per cage, sum, shaded cell, odd and even cell, the jigsaw's borders
// and no box lines, and the caption; rsvg-convert renders it.
func TestSVGVariantMarks(t *testing.T) {
	killer, jigsaw, marked := variantBoards(t)
	for _, tc := range []struct {
		name string
		b    engine.Board
	}{{"killer", killer}, {"jigsaw", jigsaw}, {"marked", marked}} {
		for _, theme := range []Theme{Light, Dark} {
			var buf bytes.Buffer
			if err := SVG(&buf, tc.b, Options{Width: 450, Theme: theme}); err != nil {
				t.Fatal(err)
			}
			var doc svgNode
			if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
				t.Fatalf("%s: the SVG does not parse: %v", tc.name, err)
			}
			r := tc.b.Rules()
			sums := 0
			var sumTexts []string
			for _, c := range r.Cages {
				if c.Sum > 0 {
					sums++
					sumTexts = append(sumTexts, strconv.Itoa(c.Sum))
				}
			}
			diag := 0
			if r.Diagonals == engine.DiagonalBoth {
				diag = 17
			}
			windows := 0
			if r.Windows {
				windows = 36
			}
			regions := 0
			if r.Regions != nil {
				regions = 1
			}
			caption := 0
			if r.AntiKnight {
				caption = 1
			}
			for _, want := range []struct {
				tag, class string
				n          int
			}{
				{"path", "cage", len(r.Cages)},
				{"text", "sum", sums},
				{"rect", "diagonal", diag},
				{"rect", "window", windows},
				{"rect", "extra-region", 9 * len(r.ExtraRegions)},
				{"circle", "odd", len(r.Odd)},
				{"rect", "even", len(r.Even)},
				{"path", "regions", regions},
				{"text", "caption", caption},
			} {
				if got, _ := doc.count(want.tag, want.class, false); got != want.n {
					t.Errorf("%s %v: %d %s.%s, want %d", tc.name, theme, got, want.tag, want.class, want.n)
				}
			}
			if _, texts := doc.count("text", "sum", false); strings.Join(texts, ",") != strings.Join(sumTexts, ",") {
				t.Errorf("%s: sums %v, want %v", tc.name, texts, sumTexts)
			}
			if _, texts := doc.count("text", "caption", false); caption > 0 && (!strings.Contains(texts[0], "anti-knight") || !strings.Contains(texts[0], "non-consecutive")) {
				t.Errorf("%s: caption %q", tc.name, texts)
			}
			// The thick grid lines of a jigsaw are its outline alone: four
			// moves, no box lines.
			for _, p := range doc.Children {
				if p.XMLName.Local == "path" && p.attr("class") == "" && p.attr("stroke-width") == num(newLayout(tc.b.Shape(), 450).thick) {
					want := 2 + 2*(9/3)
					if r.Regions != nil {
						want = 4
					}
					if got := strings.Count(p.attr("d"), "M"); got != want {
						t.Errorf("%s: the thick lines have %d moves, want %d", tc.name, got, want)
					}
				}
			}
			img := rsvgConvert(t, buf.Bytes())
			h := 450
			if caption > 0 {
				h += int(newLayout(tc.b.Shape(), 450).captionHeight() + 0.5)
			}
			if got := img.Bounds(); got != image.Rect(0, 0, 450, h) {
				t.Errorf("%s: rsvg-convert drew %v, want 450x%d", tc.name, got, h)
			}
		}
	}
}

// TestPNGVariantMarks: the PNG of each variant board decodes at the asked
// width, differs from the classic drawing of its givens, and has its marks
// where the layout puts them.
func TestPNGVariantMarks(t *testing.T) {
	killer, jigsaw, marked := variantBoards(t)
	const w = 540
	l := newLayout(killer.Shape(), w)
	center := func(r, c int) (int, int) { return int(l.at(c) + l.cell/2), int(l.at(r) + l.cell/2) }
	for _, tc := range []struct {
		name  string
		b     engine.Board
		check func(t *testing.T, img image.Image, pal palette)
	}{
		{"killer", killer, func(t *testing.T, img image.Image, pal palette) {
			// r1c1's cage runs on to r1c2 and r2c1: its dashed line is
			// inside the cells, not on the box corner.
			x, y := int(l.at(0)+l.cell*cageInset), int(l.at(1)+l.cell/2)
			if !sameColor(img, x, y, pal.line) && !sameColor(img, x, y+int(l.dash()), pal.line) {
				t.Errorf("no dashed cage line at (%d,%d)", x, y)
			}
		}},
		{"jigsaw", jigsaw, func(t *testing.T, img image.Image, pal palette) {
			// r5c3|r5c4 is a border of regions 3 and 4, as thick as a box
			// line; r1c5|r1c6 is a border, r3c6|r3c7 is none (region 1
			// goes on): there the box line is thin.
			for _, p := range []struct {
				x, y   float64
				border bool
			}{
				{l.at(3) + l.thick/3, l.at(4) + l.cell/2, true},
				{l.at(5) + l.thick/3, l.at(0) + l.cell/2, true},
				{l.at(6) + l.thick/3, l.at(2) + l.cell/2, false},
			} {
				if sameColor(img, int(p.x), int(p.y), pal.line) != p.border {
					t.Errorf("(%.0f,%.0f): line %t, want a region border %t", p.x, p.y, !p.border, p.border)
				}
			}
		}},
		{"marked", marked, func(t *testing.T, img image.Image, pal palette) {
			if x, y := center(1, 2); !sameColor(img, x-int(l.cell/3), y, pal.shade[shadeWindow]) {
				t.Errorf("window cell r2c3 not shaded at (%d,%d)", x-int(l.cell/3), y)
			}
			if x, y := center(4, 4); !sameColor(img, x+int(l.cell*0.3), y, pal.parity) {
				t.Errorf("odd r5c5 has no circle")
			}
			if x, y := center(0, 3); !sameColor(img, x-int(l.cell*0.3), y-int(l.cell*0.3), pal.parity) {
				t.Errorf("even r1c4 has no square")
			}
			if x, y := center(0, 8); !sameColor(img, x, y-int(l.cell/3), pal.shade[shadeDiagonal]) {
				t.Errorf("diagonal cell r1c9 not shaded")
			}
		}},
	} {
		for _, theme := range []Theme{Light, Dark} {
			var buf, plain bytes.Buffer
			if err := PNG(&buf, tc.b, Options{Width: w, Theme: theme}); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if img.Bounds().Dx() != w || img.Bounds().Dy() < w {
				t.Fatalf("%s: bounds %v, want %d wide", tc.name, img.Bounds(), w)
			}
			classicBoard, _ := tc.b.WithRules(engine.Rules{})
			if err := PNG(&plain, classicBoard, Options{Width: w, Theme: theme}); err != nil {
				t.Fatal(err)
			}
			cimg, _ := png.Decode(&plain)
			diff := 0
			for y := range w {
				for x := range w {
					r1, g1, b1, _ := img.At(x, y).RGBA()
					r2, g2, b2, _ := cimg.At(x, y).RGBA()
					if r1 != r2 || g1 != g2 || b1 != b2 {
						diff++
					}
				}
			}
			if diff < w*w/500 {
				t.Errorf("%s %v: %d pixels differ from the classic drawing", tc.name, theme, diff)
			}
			tc.check(t, img, palettes[theme])
		}
	}
}

// sameColor reports whether img's pixel (x, y) is c.
func sameColor(img image.Image, x, y int, c interface{ RGBA() (r, g, b, a uint32) }) bool {
	r1, g1, b1, _ := img.At(x, y).RGBA()
	r2, g2, b2, _ := c.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2
}

// TestDrawVariantEveryShape draws random-ish variant marks on every shape
// in both forms.
func TestDrawVariantEveryShape(t *testing.T) {
	for _, s := range engine.Shapes() {
		n := s.Size
		r := engine.Rules{Diagonals: engine.DiagonalMain, AntiKing: true,
			Cages: []engine.Cage{{Cells: []engine.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, Sum: 3}},
			Odd:   []engine.Cell{{Row: n - 1, Col: 0}}, Even: []engine.Cell{{Row: n - 1, Col: 1}}}
		b := mustRules(t, engine.NewBoard(s), r)
		for _, opt := range []Options{{Width: MinWidth}, {Width: 300, Theme: Dark}} {
			if err := SVG(io.Discard, b, opt); err != nil {
				t.Fatalf("%v SVG: %v", s, err)
			}
			if err := PNG(io.Discard, b, opt); err != nil {
				t.Fatalf("%v PNG: %v", s, err)
			}
		}
	}
}

func BenchmarkSVGKiller(b *testing.B) {
	killer, _, _ := variantBoards(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := SVG(io.Discard, killer, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPNG600Killer(b *testing.B) {
	killer, _, _ := variantBoards(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := PNG(io.Discard, killer, Options{Width: 600}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBookletVariantMarks prints the variant boards with their solutions:
// the rules without marks are named under each board, and every cage sum
// of the killer (which has no givens) is text on its page.
func TestBookletVariantMarks(t *testing.T) {
	killer, jigsaw, marked := variantBoards(t)
	// The classic solution keeps every board's givens: enough to draw.
	sol := mustSolve(t, mustBoard(t, classic))
	var es []Entry
	for _, b := range []engine.Board{killer, jigsaw, marked} {
		es = append(es, Entry{Puzzle: b, Solution: sol, Level: "medium"})
	}
	var buf bytes.Buffer
	if err := Booklet(&buf, es, BookletOptions{PerPage: 1, Paper: A4, Solutions: true}); err != nil {
		t.Fatal(err)
	}
	if pages, _ := pdfInfo(t, buf.Bytes()); pages != 6 {
		t.Errorf("%d pages, want 6", pages)
	}
	text := pdfText(t, buf.Bytes())
	if got := strings.Count(text, "(anti-knight, non-consecutive)"); got != 2 {
		t.Errorf("the marked board's rules are named %d times, want 2", got)
	}
	first := strings.Split(text, "\f")[0]
	var sums []string
	for _, c := range killer.Rules().Cages {
		sums = append(sums, strconv.Itoa(c.Sum))
	}
	fields := strings.Fields(first)
	for _, s := range sums {
		if !slices.Contains(fields, s) {
			t.Errorf("cage sum %s not on the killer's page: %q", s, first)
			break
		}
	}
}
