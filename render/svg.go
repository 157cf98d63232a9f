package render

import (
	"bufio"
	"io"
	"strconv"

	"github.com/sudokud/sudokud/engine"
)

// svgFonts names the fonts an SVG asks for, the Go fonts first (those of
// the PNG drawings), then common ones.
const svgFonts = "Go, 'DejaVu Sans', Helvetica, Arial, sans-serif"

// SVG writes puzzle as an SVG document of opt.Width pixels square, with the
// standard library alone: a background, the cell lines, the box lines
// three times as thick, and the symbols centred in their cells.
//
// Cost: about one text element per filled cell; tens of microseconds on
// 9×9.
func SVG(w io.Writer, puzzle engine.Board, opt Options) error {
	width, err := opt.check(&puzzle)
	if err != nil {
		return err
	}
	pal := palettes[opt.Theme]
	l, m := boardLayout(&puzzle, float64(width))
	bw := bufio.NewWriterSize(w, 16<<10)
	ws, hs := strconv.Itoa(width), strconv.Itoa(m.height(l, width))
	bw.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	bw.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + ws + `" height="` + hs + `" viewBox="0 0 ` + ws + ` ` + hs + `">` + "\n")
	bw.WriteString(`<rect width="100%" height="100%" fill="` + hex(pal.ground) + `"/>` + "\n")
	writeShading(bw, l, &m, pal)
	n := puzzle.Size()
	lines := func(thick bool) {
		sw := l.thin
		if thick {
			sw = l.thick
		}
		bw.WriteString(`<path fill="none" stroke="` + hex(pal.line) + `" stroke-linecap="square" stroke-width="` + num(sw) + `" d="`)
		for i := 0; i <= n; i++ {
			if l.rowThick(i) == thick {
				bw.WriteString("M" + num(l.at(0)) + " " + num(l.at(i)) + "H" + num(l.at(n)))
			}
			if l.colThick(i) == thick {
				bw.WriteString("M" + num(l.at(i)) + " " + num(l.at(0)) + "V" + num(l.at(n)))
			}
		}
		bw.WriteString(`"/>` + "\n")
	}
	lines(false)
	lines(true)
	writeBordersAndCages(bw, l, &m, pal)
	// The baseline sits 0.36 em below the cell's centre: the middle of a
	// digit's height (0.72 em in the Go and common sans fonts).
	text := func(weight, fill string, cls string) {
		bw.WriteString(`<g class="` + cls + `" font-family="` + svgFonts + `" font-size="` + num(l.font) + `" font-weight="` + weight + `" fill="` + fill + `" text-anchor="middle">` + "\n")
	}
	text("bold", hex(pal.given), "givens")
	cells(&puzzle, nil, func(r, c, v int, _ bool) {
		writeText(bw, l, r, c, v)
	})
	bw.WriteString("</g>\n")
	if opt.Solution != nil {
		text("normal", hex(pal.found), "solution")
		cells(&puzzle, opt.Solution, func(r, c, v int, given bool) {
			if !given {
				writeText(bw, l, r, c, v)
			}
		})
		bw.WriteString("</g>\n")
	}
	if m.caption != "" {
		bw.WriteString(`<text class="caption" x="` + num(l.at(0)) + `" y="` + num(l.at(n)+l.thick+l.captionFont()*1.1) + `" font-family="` + svgFonts + `" font-size="` + num(l.captionFont()) + `" fill="` + hex(pal.given) + `">` + m.caption + "</text>\n")
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// writeShading writes the shaded cells and the odd and even marks, under
// the lines and symbols.
func writeShading(bw *bufio.Writer, l layout, m *marks, pal palette) {
	for k, cells := range m.shaded {
		if len(cells) == 0 {
			continue
		}
		bw.WriteString(`<g class="` + [shadeKinds]string{shadeDiagonal: "diagonal", shadeWindow: "window", shadeExtra: "extra-region"}[k] + `" fill="` + hex(pal.shade[k]) + `">` + "\n")
		for _, c := range cells {
			bw.WriteString(`<rect x="` + num(l.at(c.Col)) + `" y="` + num(l.at(c.Row)) + `" width="` + num(l.cell) + `" height="` + num(l.cell) + `"/>` + "\n")
		}
		bw.WriteString("</g>\n")
	}
	if len(m.odd)+len(m.even) == 0 {
		return
	}
	bw.WriteString(`<g class="parity" fill="` + hex(pal.parity) + `">` + "\n")
	for _, c := range m.odd {
		bw.WriteString(`<circle class="odd" cx="` + num(l.at(c.Col)+l.cell/2) + `" cy="` + num(l.at(c.Row)+l.cell/2) + `" r="` + num(l.cell*parityRadius) + `"/>` + "\n")
	}
	for _, c := range m.even {
		side := 2 * l.cell * parityRadius * 0.9
		bw.WriteString(`<rect class="even" x="` + num(l.at(c.Col)+(l.cell-side)/2) + `" y="` + num(l.at(c.Row)+(l.cell-side)/2) + `" width="` + num(side) + `" height="` + num(side) + `"/>` + "\n")
	}
	bw.WriteString("</g>\n")
}

// writeBordersAndCages writes the jigsaw's region borders, and each cage as
// a dashed path and its sum on a patch of ground.
func writeBordersAndCages(bw *bufio.Writer, l layout, m *marks, pal palette) {
	path := func(segs []segment) {
		for _, s := range segs {
			bw.WriteString("M" + num(s.x0) + " " + num(s.y0) + "L" + num(s.x1) + " " + num(s.y1))
		}
	}
	if len(m.borders) > 0 {
		bw.WriteString(`<path class="regions" fill="none" stroke="` + hex(pal.line) + `" stroke-linecap="square" stroke-width="` + num(l.thick) + `" d="`)
		path(m.borders)
		bw.WriteString(`"/>` + "\n")
	}
	for _, c := range m.cages {
		bw.WriteString(`<path class="cage" fill="none" stroke="` + hex(pal.line) + `" stroke-width="` + num(l.cageWidth()) + `" stroke-dasharray="` + num(l.dash()) + " " + num(l.dash()*0.7) + `" d="`)
		path(c.outline)
		bw.WriteString(`"/>` + "\n")
	}
	for _, c := range m.cages {
		if c.sum == 0 {
			continue
		}
		t := strconv.Itoa(c.sum)
		x, y, f := l.sumX(c.col), l.sumY(c.row), l.sumFont()
		bw.WriteString(`<rect class="sum-ground" x="` + num(x-f*0.1) + `" y="` + num(y-f*0.85) + `" width="` + num(f*(0.6*float64(len(t))+0.2)) + `" height="` + num(f*1.05) + `" fill="` + hex(pal.ground) + `"/>` + "\n")
		bw.WriteString(`<text class="sum" x="` + num(x) + `" y="` + num(y) + `" font-family="` + svgFonts + `" font-size="` + num(f) + `" fill="` + hex(pal.given) + `">` + t + "</text>\n")
	}
}

func writeText(bw *bufio.Writer, l layout, r, c, v int) {
	x := l.at(c) + l.cell/2
	y := l.at(r) + l.cell/2 + 0.36*l.font
	bw.WriteString(`<text x="` + num(x) + `" y="` + num(y) + `">` + symbols[v:v+1] + "</text>\n")
}

// num writes v with at most two decimals.
func num(v float64) string { return strconv.FormatFloat(float64(int64(v*100+0.5))/100, 'f', -1, 64) }
