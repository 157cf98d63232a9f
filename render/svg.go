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
	l := newLayout(puzzle.Shape(), float64(width))
	bw := bufio.NewWriterSize(w, 16<<10)
	ws := strconv.Itoa(width)
	bw.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	bw.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + ws + `" height="` + ws + `" viewBox="0 0 ` + ws + ` ` + ws + `">` + "\n")
	bw.WriteString(`<rect width="100%" height="100%" fill="` + hex(pal.ground) + `"/>` + "\n")
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
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

func writeText(bw *bufio.Writer, l layout, r, c, v int) {
	x := l.at(c) + l.cell/2
	y := l.at(r) + l.cell/2 + 0.36*l.font
	bw.WriteString(`<text x="` + num(x) + `" y="` + num(y) + `">` + symbols[v:v+1] + "</text>\n")
}

// num writes v with at most two decimals.
func num(v float64) string { return strconv.FormatFloat(float64(int64(v*100+0.5))/100, 'f', -1, 64) }
