package render

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"sync"

	"github.com/sudokud/sudokud/engine"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The Go fonts, parsed once; a parsed font is safe for concurrent use (a
// face made from it is not, so each drawing makes its own).
var (
	boldFont    = sync.OnceValue(func() *opentype.Font { return mustParse(gobold.TTF) })
	regularFont = sync.OnceValue(func() *opentype.Font { return mustParse(goregular.TTF) })
)

func mustParse(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic("render: the embedded Go font does not parse: " + err.Error())
	}
	return f
}

// pngEncoder compresses fast: a drawing is mostly flat colour, which the
// fastest level packs nearly as well as the default, in a fraction of the
// time.
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers{}}

type pngBuffers struct{ p sync.Pool }

func (b *pngBuffers) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}
func (b *pngBuffers) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// PNG writes puzzle as a PNG image of opt.Width pixels square: the drawing
// of SVG, rasterised, with the symbols in the Go fonts (bold for givens,
// regular for the values of opt.Solution).
//
// Cost: a few milliseconds at 600 pixels. The image is paletted (see
// Image), which PNG stores at a byte a pixel without filtering.
func PNG(w io.Writer, puzzle engine.Board, opt Options) error {
	img, err := Image(puzzle, opt)
	if err != nil {
		return err
	}
	return pngEncoder.Encode(w, img)
}

// inkLevels is the number of shades of each ink over the ground that an
// image's palette holds, for the anti-aliased edges of the symbols.
const inkLevels = 16

// Palette indexes of an image: the ground, the lines, then inkLevels-1
// shades of the givens' ink (the last the ink itself), then as many of the
// solution's.
// The variant marks' colours follow: each kind of shading, then parity.
const (
	idxGround = 0
	idxLine   = 1
	idxGiven  = 2
	idxFound  = idxGiven + inkLevels - 1
	idxShade  = idxFound + inkLevels - 1
	idxParity = idxShade + shadeKinds
)

// imagePalette returns the palette of an image in pal's colours.
func imagePalette(pal palette) color.Palette {
	p := color.Palette{pal.ground, pal.line}
	for _, ink := range []color.RGBA{pal.given, pal.found} {
		for k := 1; k < inkLevels; k++ {
			p = append(p, blend(pal.ground, ink, k, inkLevels-1))
		}
	}
	for _, c := range pal.shade {
		p = append(p, c)
	}
	return append(p, pal.parity)
}

// blend is k/of of the way from a to b.
func blend(a, b color.RGBA, k, of int) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8((int(x)*(of-k) + int(y)*k + of/2) / of) }
	return color.RGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 0xff}
}

// Image draws puzzle as PNG does, into a paletted image in memory: the
// ground, the lines, and each ink in inkLevels shades over the ground for
// the anti-aliased symbols, which the drawing writes straight into the
// pixels.
func Image(puzzle engine.Board, opt Options) (*image.Paletted, error) {
	width, err := opt.check(&puzzle)
	if err != nil {
		return nil, err
	}
	l, m := boardLayout(&puzzle, float64(width))
	img := image.NewPaletted(image.Rect(0, 0, width, m.height(l, width)), imagePalette(palettes[opt.Theme])) // all idxGround
	n := puzzle.Size()
	fill := func(r image.Rectangle) { fillRect(img, r, idxLine) }
	drawShading(img, l, &m)
	// band returns the pixels [lo, hi) of a line of width sw centred at v,
	// at least one pixel.
	band := func(v, sw float64) (int, int) {
		lo := int(math.Round(v - sw/2))
		return lo, lo + max(1, int(math.Round(sw)))
	}
	lo, _ := band(l.at(0), l.thick)
	_, hi := band(l.at(n), l.thick)
	for i := 0; i <= n; i++ {
		sw := l.thin
		if l.rowThick(i) {
			sw = l.thick
		}
		a, b := band(l.at(i), sw)
		fill(image.Rect(lo, a, hi, b))
		sw = l.thin
		if l.colThick(i) {
			sw = l.thick
		}
		a, b = band(l.at(i), sw)
		fill(image.Rect(a, lo, b, hi))
	}
	for _, s := range m.borders {
		x0, x1 := band(s.x0, l.thick)
		y0, y1 := band(s.y0, l.thick)
		x2, x3 := band(s.x1, l.thick)
		y2, y3 := band(s.y1, l.thick)
		fill(image.Rect(min(x0, x2), min(y0, y2), max(x1, x3), max(y1, y3)))
	}
	if err := drawCages(img, l, &m); err != nil {
		return nil, err
	}
	if err := drawSymbols(img, l, boldFont(), idxGiven, &puzzle, nil, true); err != nil {
		return nil, err
	}
	if opt.Solution != nil {
		if err := drawSymbols(img, l, regularFont(), idxFound, &puzzle, opt.Solution, false); err != nil {
			return nil, err
		}
	}
	if m.caption != "" {
		if err := drawText(img, l.captionFont(), m.caption, l.at(0), l.at(n)+l.thick+l.captionFont()*1.1, palettes[opt.Theme].given); err != nil {
			return nil, err
		}
	}
	return img, nil
}

// fillRect paints r (clipped to img) in palette colour idx.
func fillRect(img *image.Paletted, r image.Rectangle, idx uint8) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[y*img.Stride+r.Min.X : y*img.Stride+r.Max.X]
		for i := range row {
			row[i] = idx
		}
	}
}

// drawShading paints the shaded cells, then the odd circles and even
// squares.
func drawShading(img *image.Paletted, l layout, m *marks) {
	cellRect := func(c engine.Cell, inset float64) image.Rectangle {
		x, y := l.at(c.Col)+inset, l.at(c.Row)+inset
		return image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+l.cell-2*inset)), int(math.Round(y+l.cell-2*inset)))
	}
	for k, cells := range m.shaded {
		for _, c := range cells {
			fillRect(img, cellRect(c, 0), idxShade+uint8(k))
		}
	}
	for _, c := range m.even {
		side := 2 * l.cell * parityRadius * 0.9
		fillRect(img, cellRect(c, (l.cell-side)/2), idxParity)
	}
	rad := l.cell * parityRadius
	for _, c := range m.odd {
		cx, cy := l.at(c.Col)+l.cell/2, l.at(c.Row)+l.cell/2
		r := cellRect(c, l.cell/2-rad).Intersect(img.Rect)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy; dx*dx+dy*dy <= rad*rad {
					img.Pix[y*img.Stride+x] = idxParity
				}
			}
		}
	}
}

// drawCages draws each cage's outline dashed and its sum on a patch of
// ground.
func drawCages(img *image.Paletted, l layout, m *marks) error {
	cw := l.cageWidth()
	on, off := l.dash(), l.dash()*0.7
	for _, c := range m.cages {
		for _, s := range c.outline {
			length := math.Abs(s.x1-s.x0) + math.Abs(s.y1-s.y0)
			dx, dy := (s.x1-s.x0)/max(length, 1e-9), (s.y1-s.y0)/max(length, 1e-9)
			for t := 0.0; t < length; t += on + off {
				e := min(t+on, length)
				ax, ay := s.x0+dx*t, s.y0+dy*t
				bx, by := s.x0+dx*e, s.y0+dy*e
				fillRect(img, image.Rect(
					int(math.Round(min(ax, bx)-cw/2)), int(math.Round(min(ay, by)-cw/2)),
					int(math.Round(max(ax, bx)+cw/2)), int(math.Round(max(ay, by)+cw/2))), idxLine)
			}
		}
	}
	for _, c := range m.cages {
		if c.sum == 0 {
			continue
		}
		t := strconv.Itoa(c.sum)
		x, y, f := l.sumX(c.col), l.sumY(c.row), l.sumFont()
		fillRect(img, image.Rect(int(x-f*0.1), int(y-f*0.85), int(x+f*(0.6*float64(len(t))+0.1)+1), int(y+f*0.2+1)), idxGround)
		if err := drawText(img, f, t, x, y, img.Palette[idxGiven+inkLevels-2].(color.RGBA)); err != nil {
			return err
		}
	}
	return nil
}

// drawText writes s in the regular Go font of size size, from (x, y) on
// its baseline, in colour ink (each pixel the palette colour nearest the
// blend).
func drawText(img *image.Paletted, size float64, s string, x, y float64, ink color.RGBA) error {
	face, err := opentype.NewFace(regularFont(), &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return err
	}
	defer face.Close()
	d := font.Drawer{Dst: img, Src: image.NewUniform(ink), Face: face,
		Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}}
	d.DrawString(s)
	return nil
}

// drawSymbols draws, in font f and the ink whose shades start at palette
// index ink, the givens of puzzle (givens true) or the values sol adds to
// them (givens false), each centred in its cell by its own bounds. A
// glyph's coverage picks the shade.
func drawSymbols(img *image.Paletted, l layout, f *opentype.Font, ink uint8, puzzle, sol *engine.Board, givens bool) error {
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: l.font, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return err
	}
	defer face.Close()
	var bounds [len(symbols)]*fixed.Rectangle26_6
	cells(puzzle, sol, func(r, col, v int, given bool) {
		if given != givens {
			return
		}
		sym := rune(symbols[v])
		if bounds[v] == nil {
			b, _, _ := face.GlyphBounds(sym)
			bounds[v] = &b
		}
		b := bounds[v]
		cx := fixed.Int26_6((l.at(col) + l.cell/2) * 64)
		cy := fixed.Int26_6((l.at(r) + l.cell/2) * 64)
		dot := fixed.Point26_6{X: cx - (b.Min.X+b.Max.X)/2, Y: cy - (b.Min.Y+b.Max.Y)/2}
		dr, mask, mp, _, ok := face.Glyph(dot, sym)
		if !ok {
			return
		}
		dr = dr.Intersect(img.Rect)
		for y := dr.Min.Y; y < dr.Max.Y; y++ {
			for x := dr.Min.X; x < dr.Max.X; x++ {
				_, _, _, a := mask.At(mp.X+x-dr.Min.X, mp.Y+y-dr.Min.Y).RGBA() // 0…0xffff
				// The shades blend into the ground: over a mark, only the
				// glyph's core is drawn, not a halo of ground.
				shade := int(a*(inkLevels-1)+0x7fff) / 0xffff
				if shade > 0 && (img.Pix[y*img.Stride+x] == idxGround || shade >= inkLevels/2) {
					img.Pix[y*img.Stride+x] = ink + uint8(shade) - 1
				}
			}
		}
	})
	return nil
}
