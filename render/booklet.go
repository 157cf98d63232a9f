package render

import (
	"fmt"
	"image/color"
	"io"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"github.com/sudokud/sudokud/engine"
)

// Paper is a booklet's page size.
type Paper string

// The paper sizes a booklet is printed on.
const (
	A4     Paper = "a4"     // 210 × 297 mm
	Letter Paper = "letter" // 8.5 × 11 in
)

// PerPage lists the numbers of puzzles a booklet page may hold.
var PerPage = []int{1, 2, 4, 6}

// MaxBookletPuzzles bounds a booklet: at most this many puzzles, and so
// at most twice as many pages (one puzzle a page, solutions at the back).
const MaxBookletPuzzles = 100

// Entry is one puzzle of a booklet.
type Entry struct {
	Puzzle   engine.Board
	Solution engine.Board // the solved grid, printed at the back when asked for
	Level    string       // printed under the puzzle with its number and id; "" for none
}

// BookletOptions say how a booklet is laid out.
type BookletOptions struct {
	PerPage   int    // puzzles per page: 1, 2, 4 or 6
	Paper     Paper  // A4 or Letter
	Solutions bool   // print the solutions at the back, as many a page
	Title     string // at the top of each page ("" for "Sudoku")
}

// grids is the arrangement of each number of puzzles a page: columns and
// rows.
var grids = map[int][2]int{1: {1, 1}, 2: {1, 2}, 4: {2, 2}, 6: {2, 3}}

// Page geometry, in millimetres.
const (
	pageMargin = 12.0
	headerH    = 9.0 // the title line
	slotGap    = 8.0 // between puzzles
	captionH   = 11.0
)

// Booklet writes a printable PDF booklet of entries: opt.PerPage puzzles a
// page, each with its number, level and id under it, and when
// opt.Solutions the solved grids at the back (givens bold, found values
// regular in blue). A variant's marks are drawn as SVG draws them; the
// rules without a mark are named after the level. Its fonts are the PDF's standard Helvetica and
// Courier, which every reader has. An id too long for its line (boards
// over 9×9) is set smaller, then wrapped. Errors wrap ErrOptions for
// unusable options; a write error is returned as is.
//
// Cost: about a millisecond per page of 9×9 puzzles.
func Booklet(w io.Writer, entries []Entry, opt BookletOptions) error {
	grid, ok := grids[opt.PerPage]
	if !ok {
		return fmt.Errorf("%w: %d puzzles a page (want 1, 2, 4 or 6)", ErrOptions, opt.PerPage)
	}
	size := map[Paper]string{A4: "A4", Letter: "Letter"}[opt.Paper]
	if size == "" {
		return fmt.Errorf("%w: paper %q (want a4 or letter)", ErrOptions, opt.Paper)
	}
	if len(entries) == 0 || len(entries) > MaxBookletPuzzles {
		return fmt.Errorf("%w: %d puzzles (want 1 to %d)", ErrOptions, len(entries), MaxBookletPuzzles)
	}
	for i, e := range entries {
		if e.Puzzle.Shape().IsZero() {
			return fmt.Errorf("%w: puzzle %d has no board", ErrOptions, i+1)
		}
		if opt.Solutions {
			sol := e.Solution
			if _, err := (Options{Solution: &sol}).check(&e.Puzzle); err != nil {
				return fmt.Errorf("puzzle %d: %w", i+1, err)
			}
		}
	}
	title := opt.Title
	if title == "" {
		title = "Sudoku"
	}
	pdf := fpdf.New("P", "mm", size, "")
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetTitle(title, true)
	pdf.SetCreator("sudokud", false)
	pdf.SetLineCapStyle("square")
	pdf.SetCatalogSort(true) // the same puzzles make the same bytes, but for the dates
	// The standard fonts hold Windows-1252: the title is translated to it
	// (a character outside it prints as a dot; nothing fails), as the metadata need not.
	b := &booklet{pdf: pdf, grid: grid, title: pdf.UnicodeTranslatorFromDescriptor("")(title), perPage: opt.PerPage}
	b.pageW, b.pageH, _ = pdf.PageSize(0)
	for i := range entries {
		b.slot(i, len(entries), "Puzzles")
		e := &entries[i]
		b.board(&e.Puzzle, nil)
		b.caption(i, e)
	}
	if opt.Solutions {
		b.slots = 0
		for i := range entries {
			b.slot(i, len(entries), "Solutions")
			e := &entries[i]
			b.board(&e.Puzzle, &e.Solution)
			b.caption(i, e)
		}
	}
	if err := pdf.Output(w); err != nil {
		return err
	}
	return nil
}

// booklet is a booklet being laid out.
type booklet struct {
	pdf          *fpdf.Fpdf
	grid         [2]int
	title        string
	perPage      int
	pageW, pageH float64
	slots        int     // slots used in this section
	x, y, side   float64 // the current board: top left and side
	rules        string  // the current board's rules without marks, for its caption
}

// slot moves to the place of puzzle i of n, starting a page when the last
// is full; part names the booklet's part in the page's heading.
func (b *booklet) slot(i, n int, part string) {
	k := b.slots % b.perPage
	if k == 0 {
		heading := part + " " + strconv.Itoa(i+1)
		if last := min(i+b.perPage, n); last > i+1 {
			heading += "-" + strconv.Itoa(last)
		}
		b.page(heading)
	}
	b.slots++
	cols, rows := b.grid[0], b.grid[1]
	sw := (b.pageW - 2*pageMargin - float64(cols-1)*slotGap) / float64(cols)
	sh := (b.pageH - 2*pageMargin - headerH - float64(rows-1)*slotGap) / float64(rows)
	b.side = min(sw, sh-captionH)
	col, row := k%cols, k/cols
	b.x = pageMargin + float64(col)*(sw+slotGap) + (sw-b.side)/2
	b.y = pageMargin + headerH + float64(row)*(sh+slotGap)
}

// page starts a page with the title and heading.
func (b *booklet) page(heading string) {
	p := b.pdf
	p.AddPage()
	p.SetTextColor(0, 0, 0)
	p.SetFont("Helvetica", "B", 12)
	p.Text(pageMargin, pageMargin+5, b.title)
	p.SetFont("Helvetica", "", 10)
	right := heading + "  |  page " + strconv.Itoa(p.PageNo())
	p.Text(b.pageW-pageMargin-p.GetStringWidth(right), pageMargin+5, right)
}

// board draws puzzle in the current slot, with the values of sol in
// another weight and colour when sol is not nil.
func (b *booklet) board(puzzle, sol *engine.Board) {
	p := b.pdf
	s := puzzle.Shape()
	n := s.Size
	cell := b.side / float64(n)
	thin := max(0.12, b.side/600)
	at := func(i int) float64 { return float64(i) * cell }
	l := layout{s: s, cell: cell, thin: thin, thick: 3 * thin, font: cell * 0.62, jigsaw: puzzle.Rules().Regions != nil}
	m := newMarks(puzzle, l)
	b.marks(l, &m)
	p.SetDrawColor(0, 0, 0)
	for _, thick := range []bool{false, true} {
		p.SetLineWidth(map[bool]float64{false: thin, true: 3 * thin}[thick])
		for i := 0; i <= n; i++ {
			if l.rowThick(i) == thick {
				p.Line(b.x, b.y+at(i), b.x+b.side, b.y+at(i))
			}
			if l.colThick(i) == thick {
				p.Line(b.x+at(i), b.y, b.x+at(i), b.y+b.side)
			}
		}
	}
	b.bordersAndCages(l, &m)
	b.rules = strings.Join(m.unmarked, ", ")
	fontMM := cell * 0.62
	pt := fontMM * 72 / 25.4
	draw := func(style string, rgb color3, givens bool) {
		p.SetFont("Helvetica", style, pt)
		p.SetTextColor(rgb[0], rgb[1], rgb[2])
		cells(puzzle, sol, func(r, c, v int, given bool) {
			if given != givens {
				return
			}
			sym := symbols[v : v+1]
			x := b.x + at(c) + cell/2 - p.GetStringWidth(sym)/2
			y := b.y + at(r) + cell/2 + 0.36*fontMM
			p.Text(x, y, sym)
		})
	}
	draw("B", color3{0, 0, 0}, true)
	if sol != nil {
		f := palettes[Light].found
		draw("", color3{int(f.R), int(f.G), int(f.B)}, false)
	}
}

type color3 [3]int

func rgb3(c color.RGBA) color3 { return color3{int(c.R), int(c.G), int(c.B)} }

// marks draws the shaded cells and the odd and even marks of a board laid
// out by l (its origin at the slot's top left), under its lines.
func (b *booklet) marks(l layout, m *marks) {
	p := b.pdf
	pal := palettes[Light]
	fill := func(c color3) { p.SetFillColor(c[0], c[1], c[2]) }
	for k, cells := range m.shaded {
		fill(rgb3(pal.shade[k]))
		for _, c := range cells {
			p.Rect(b.x+l.at(c.Col), b.y+l.at(c.Row), l.cell, l.cell, "F")
		}
	}
	fill(rgb3(pal.parity))
	for _, c := range m.odd {
		p.Circle(b.x+l.at(c.Col)+l.cell/2, b.y+l.at(c.Row)+l.cell/2, l.cell*parityRadius, "F")
	}
	side := 2 * l.cell * parityRadius * 0.9
	for _, c := range m.even {
		p.Rect(b.x+l.at(c.Col)+(l.cell-side)/2, b.y+l.at(c.Row)+(l.cell-side)/2, side, side, "F")
	}
}

// bordersAndCages draws a jigsaw's region borders and the cages, dashed,
// with their sums on a patch of white.
func (b *booklet) bordersAndCages(l layout, m *marks) {
	p := b.pdf
	line := func(s segment) { p.Line(b.x+s.x0, b.y+s.y0, b.x+s.x1, b.y+s.y1) }
	p.SetLineWidth(l.thick)
	for _, s := range m.borders {
		line(s)
	}
	if len(m.cages) == 0 {
		return
	}
	p.SetLineWidth(l.thin)
	p.SetLineCapStyle("butt")
	p.SetDashPattern([]float64{l.cell * 0.07, l.cell * 0.05}, 0)
	for _, c := range m.cages {
		for _, s := range c.outline {
			line(s)
		}
	}
	p.SetDashPattern(nil, 0)
	p.SetLineCapStyle("square")
	f := l.sumFont()
	p.SetFont("Helvetica", "", f*72/25.4)
	p.SetTextColor(0, 0, 0)
	p.SetFillColor(255, 255, 255)
	for _, c := range m.cages {
		if c.sum == 0 {
			continue
		}
		t := strconv.Itoa(c.sum)
		x, y := b.x+l.sumX(c.col), b.y+l.sumY(c.row)
		p.Rect(x-f*0.1, y-f*0.85, p.GetStringWidth(t)+f*0.2, f*1.05, "F")
		p.Text(x, y, t)
	}
}

// caption writes the number, level and id of entry i under its board.
func (b *booklet) caption(i int, e *Entry) {
	p := b.pdf
	p.SetTextColor(0, 0, 0)
	p.SetFont("Helvetica", "B", 9)
	line := "#" + strconv.Itoa(i+1)
	if e.Level != "" {
		line += "  " + e.Level
	}
	if b.rules != "" {
		line += "  (" + b.rules + ")"
	}
	p.Text(b.x, b.y+b.side+4.5, line)
	id := engine.EncodeID(e.Puzzle)
	// The id at 8 pt, or as large as fits the board's width (less the
	// cell's margins), down to 5 pt, where what still does not fit wraps.
	p.SetFont("Courier", "", 8)
	pt := 8.0
	if room := b.side - 2*p.GetCellMargin() - 0.1; p.GetStringWidth(id) > room {
		pt = max(5, 8*room/p.GetStringWidth(id))
		p.SetFontSize(pt)
	}
	p.SetXY(b.x, b.y+b.side+5.5)
	p.MultiCell(b.side, pt*25.4/72*1.1, id, "", "L", false)
}
