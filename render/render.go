// Package render draws Sudoku boards for people: SVG (standard library
// only), PNG (golang.org/x/image with the Go fonts, embedded) and printable
// PDF booklets (codeberg.org/go-pdf/fpdf). A drawing is print quality:
// thin cell lines, thick box lines, givens in bold and, on a solved grid,
// the values the solver found in a regular weight and another colour.
//
// A variant board's rules are drawn as its marks: jigsaw regions with
// borders as thick as box lines (and no box lines), shaded diagonals,
// windows and extra regions, killer cages as dashed outlines inset from
// the cell edges with the sum small in the cage's first cell, odd cells a
// grey circle, even cells a grey square, and the rules that have no mark
// (disjoint groups, anti-knight, anti-king, non-consecutive) in a caption
// under the grid, which makes the drawing that much taller.
package render

import (
	"errors"
	"fmt"
	"image/color"

	"github.com/sudokud/sudokud/engine"
)

// Size limits of a drawing, in pixels (the SVG's width and height).
const (
	MinWidth     = 100
	MaxWidth     = 2000
	DefaultWidth = 600
)

// Theme is a drawing's palette.
type Theme int

// The themes.
const (
	Light Theme = iota // dark ink on white, for print
	Dark               // light ink on a dark ground, for screens
)

// ParseTheme returns the theme named s: "light" (or "") or "dark".
func ParseTheme(s string) (Theme, error) {
	switch s {
	case "", "light":
		return Light, nil
	case "dark":
		return Dark, nil
	}
	return 0, fmt.Errorf("unknown theme %q (want light or dark)", s)
}

// String returns "light" or "dark".
func (t Theme) String() string {
	if t == Dark {
		return "dark"
	}
	return "light"
}

// palette is the colours of a theme.
type palette struct {
	ground, line, given, found color.RGBA
	shade                      [shadeKinds]color.RGBA // extra regions, windows, diagonals
	parity                     color.RGBA             // odd circles, even squares
}

var palettes = [...]palette{
	Light: {ground: rgb(0xffffff), line: rgb(0x000000), given: rgb(0x000000), found: rgb(0x1f4fa8),
		shade: [shadeKinds]color.RGBA{shadeDiagonal: rgb(0xdedede), shadeWindow: rgb(0xd6e2f2), shadeExtra: rgb(0xf3e7c6)}, parity: rgb(0xc4c4c4)},
	Dark: {ground: rgb(0x1b1d21), line: rgb(0xd8dadf), given: rgb(0xf2f3f5), found: rgb(0x8ab4f8),
		shade: [shadeKinds]color.RGBA{shadeDiagonal: rgb(0x34383f), shadeWindow: rgb(0x263449), shadeExtra: rgb(0x3d3624)}, parity: rgb(0x565b64)},
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// hex is c as "#rrggbb".
func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// Options say how a board is drawn.
type Options struct {
	Width int   // the drawing's width and height in pixels, MinWidth to MaxWidth; 0 is DefaultWidth
	Theme Theme // Light or Dark
	// Solution, when not nil, is the solved grid to draw: the puzzle's
	// givens in bold, the other values in a regular weight and the theme's
	// second colour. It must have the puzzle's shape and keep its givens.
	Solution *engine.Board
}

// ErrOptions: options that cannot be drawn (a width out of range, a
// solution of another shape or that changes a given).
var ErrOptions = errors.New("render: invalid options")

// check returns the width to draw at, or an error wrapping ErrOptions.
func (o Options) check(puzzle *engine.Board) (int, error) {
	w := o.Width
	if w == 0 {
		w = DefaultWidth
	}
	if w < MinWidth || w > MaxWidth {
		return 0, fmt.Errorf("%w: width %d is not from %d to %d", ErrOptions, w, MinWidth, MaxWidth)
	}
	if o.Theme != Light && o.Theme != Dark {
		return 0, fmt.Errorf("%w: unknown theme %d", ErrOptions, o.Theme)
	}
	if sol := o.Solution; sol != nil {
		if sol.Shape() != puzzle.Shape() {
			return 0, fmt.Errorf("%w: the solution is %v, the puzzle %v", ErrOptions, sol.Shape(), puzzle.Shape())
		}
		for i := range puzzle.Shape().Cells() {
			if g := puzzle.At(i); g != 0 && sol.At(i) != g {
				return 0, fmt.Errorf("%w: the solution changes the given at cell %d", ErrOptions, i)
			}
		}
	}
	return w, nil
}

// layout places a board of shape s in a square of side w (any unit): a
// margin, then N cells; line i (0…N) of either direction is at
// at(i), thick at the box edges.
type layout struct {
	s            engine.Shape
	margin, cell float64
	thin, thick  float64
	font         float64 // the symbols' font size
	jigsaw       bool    // regions replace the boxes: no box lines
}

func newLayout(s engine.Shape, w float64) layout {
	thin := max(w/600, 0.5)
	thick := 3 * thin
	margin := max(w/40, thick)
	cell := (w - 2*margin) / float64(s.Size)
	return layout{s: s, margin: margin, cell: cell, thin: thin, thick: thick, font: cell * 0.62}
}

// at is the position of line i.
func (l layout) at(i int) float64 { return l.margin + float64(i)*l.cell }

// rowThick and colThick report whether horizontal line i (between rows)
// or vertical line i is a box edge.
func (l layout) rowThick(i int) bool { return l.edge(i) || !l.jigsaw && i%l.s.BoxRows == 0 }
func (l layout) colThick(i int) bool { return l.edge(i) || !l.jigsaw && i%l.s.BoxCols == 0 }
func (l layout) edge(i int) bool     { return i == 0 || i == l.s.Size }

// boardLayout is the layout of b in a drawing w wide, and its marks.
func boardLayout(b *engine.Board, w float64) (layout, marks) {
	l := newLayout(b.Shape(), w)
	r := b.Rules()
	l.jigsaw = r.Regions != nil
	return l, newMarks(b, l)
}

// height is the height of a drawing w wide with marks m: square, unless a
// caption needs room under the grid.
func (m *marks) height(l layout, w int) int {
	if m.caption == "" {
		return w
	}
	return w + int(l.captionHeight()+0.5)
}

// symbols are the values as the board's string form writes them.
const symbols = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// cells calls f for every value v to draw, symbols[v] in the board's
// string form: the givens of puzzle, and the other values of sol when it
// is not nil.
func cells(puzzle *engine.Board, sol *engine.Board, f func(row, col, v int, given bool)) {
	n := puzzle.Size()
	for i := range n * n {
		v, given := puzzle.At(i), true
		if v == 0 && sol != nil {
			v, given = sol.At(i), false
		}
		if v > 0 && v < len(symbols) {
			f(i/n, i%n, v, given)
		}
	}
}
