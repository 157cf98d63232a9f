package render

import (
	"strings"

	"github.com/sudokud/sudokud/engine"
)

// Kinds of shading a cell can get, in the order they are painted (a later
// one covers an earlier one on a cell that has both).
const (
	shadeExtra = iota
	shadeWindow
	shadeDiagonal
	shadeKinds
)

// marks are a variant board's marks in layout units, drawn the same way by
// SVG and PNG: shaded cells, odd and even marks, the jigsaw's region
// borders, the cages' dashed outlines and sums, and a caption naming the
// rules that have no mark.
type marks struct {
	shaded   [shadeKinds][]engine.Cell
	odd      []engine.Cell // a grey circle
	even     []engine.Cell // a grey square
	borders  []segment     // region borders, thick like box lines
	cages    []cageMark
	unmarked []string // the rules without a mark, by name
	caption  string   // the line under the grid that names them
}

// segment is a straight line from (x0, y0) to (x1, y1).
type segment struct{ x0, y0, x1, y1 float64 }

// cageMark is a cage's outline, inset from its cells' edges, and its sum
// (0: none), written small in its first cell's top-left corner.
type cageMark struct {
	outline  []segment
	sum      int
	row, col int // the cage's first cell in row-major order
}

// newMarks returns the marks of b's rules placed by l; none for a classic
// board.
func newMarks(b *engine.Board, l layout) marks {
	var m marks
	if !b.IsVariant() {
		return m
	}
	r := b.Rules()
	s := b.Shape()
	n := s.Size
	for i := range n {
		if r.Diagonals&engine.DiagonalMain != 0 {
			m.shaded[shadeDiagonal] = append(m.shaded[shadeDiagonal], engine.Cell{Row: i, Col: i})
		}
		if r.Diagonals&engine.DiagonalAnti != 0 && (r.Diagonals&engine.DiagonalMain == 0 || n-1-i != i) {
			m.shaded[shadeDiagonal] = append(m.shaded[shadeDiagonal], engine.Cell{Row: n - 1 - i, Col: i})
		}
	}
	if r.Windows {
		k := s.BoxRows
		for r0 := 1; r0+k <= n; r0 += k + 1 {
			for c0 := 1; c0+k <= n; c0 += k + 1 {
				for j := range k * k {
					m.shaded[shadeWindow] = append(m.shaded[shadeWindow], engine.Cell{Row: r0 + j/k, Col: c0 + j%k})
				}
			}
		}
	}
	for _, reg := range r.ExtraRegions {
		m.shaded[shadeExtra] = append(m.shaded[shadeExtra], reg...)
	}
	m.odd, m.even = r.Odd, r.Even
	if r.Regions != nil {
		region := func(row, col int) int { return r.Regions[row*n+col] }
		for row := range n {
			for col := range n {
				if col+1 < n && region(row, col) != region(row, col+1) {
					m.borders = append(m.borders, segment{l.at(col + 1), l.at(row), l.at(col + 1), l.at(row + 1)})
				}
				if row+1 < n && region(row, col) != region(row+1, col) {
					m.borders = append(m.borders, segment{l.at(col), l.at(row + 1), l.at(col + 1), l.at(row + 1)})
				}
			}
		}
	}
	for _, c := range r.Cages {
		m.cages = append(m.cages, newCageMark(c, l, n))
	}
	for _, rule := range []struct {
		on   bool
		name string
	}{
		{r.DisjointGroups, "disjoint groups"},
		{r.AntiKnight, "anti-knight"},
		{r.AntiKing, "anti-king"},
		{r.NonConsecutive, "non-consecutive"},
	} {
		if rule.on {
			m.unmarked = append(m.unmarked, rule.name)
		}
	}
	if len(m.unmarked) > 0 {
		m.caption = "Also: " + strings.Join(m.unmarked, ", ")
	}
	return m
}

// cageInset is how far a cage's outline runs inside its cells' edges, in
// cells.
const cageInset = 0.1

// newCageMark traces cage c's outline: along each cell edge that borders a
// cell outside the cage, a segment inset by cageInset, running on to meet
// the next one where the outline goes straight on or turns inward.
func newCageMark(c engine.Cage, l layout, n int) cageMark {
	in := make(map[int]bool, len(c.Cells))
	first := c.Cells[0]
	for _, cl := range c.Cells {
		in[cl.Row*n+cl.Col] = true
		if cl.Row < first.Row || cl.Row == first.Row && cl.Col < first.Col {
			first = cl
		}
	}
	has := func(row, col int) bool { return row >= 0 && row < n && col >= 0 && col < n && in[row*n+col] }
	d := cageInset * l.cell
	// end returns how far an edge's end moves outward along the edge: -d at
	// a convex corner, 0 where the outline goes straight on, +d where it
	// turns inward (along is the next cell along the edge, across the cell
	// beyond it on the outer side).
	end := func(along, across bool) float64 {
		switch {
		case !along:
			return -d
		case across:
			return d
		}
		return 0
	}
	m := cageMark{sum: c.Sum, row: first.Row, col: first.Col}
	for _, cl := range c.Cells {
		r, k := cl.Row, cl.Col
		x0, y0, x1, y1 := l.at(k), l.at(r), l.at(k+1), l.at(r+1)
		if !has(r-1, k) { // top
			m.outline = append(m.outline, segment{x0 - end(has(r, k-1), has(r-1, k-1)), y0 + d, x1 + end(has(r, k+1), has(r-1, k+1)), y0 + d})
		}
		if !has(r+1, k) { // bottom
			m.outline = append(m.outline, segment{x0 - end(has(r, k-1), has(r+1, k-1)), y1 - d, x1 + end(has(r, k+1), has(r+1, k+1)), y1 - d})
		}
		if !has(r, k-1) { // left
			m.outline = append(m.outline, segment{x0 + d, y0 - end(has(r-1, k), has(r-1, k-1)), x0 + d, y1 + end(has(r+1, k), has(r+1, k-1))})
		}
		if !has(r, k+1) { // right
			m.outline = append(m.outline, segment{x1 - d, y0 - end(has(r-1, k), has(r-1, k+1)), x1 - d, y1 + end(has(r+1, k), has(r+1, k+1))})
		}
	}
	return m
}

// sumFont is the font size of a cage's sum, sumX and sumY where its text
// starts (left, baseline) in cell (row, col).
func (l layout) sumFont() float64     { return l.cell * 0.22 }
func (l layout) sumX(col int) float64 { return l.at(col) + l.cell*0.05 }
func (l layout) sumY(row int) float64 { return l.at(row) + l.cell*0.05 + l.sumFont()*0.8 }

// captionFont is the font size of the rules caption, captionHeight the
// room it takes under the grid.
func (l layout) captionFont() float64   { return max(l.cell*0.3, 8) }
func (l layout) captionHeight() float64 { return l.captionFont() * 2 }

// parityRadius is the radius of an odd cell's circle, in cells; an even
// cell's square is nearly as wide.
const parityRadius = 0.4

// cageWidth is the width of a cage's dashed line, dash the length of its
// dashes.
func (l layout) cageWidth() float64 { return max(l.thin*1.2, 1) }
func (l layout) dash() float64      { return max(l.cell*0.07, 2) }
