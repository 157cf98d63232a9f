package engine

import (
	"fmt"
	"math/bits"
	"strings"
)

// This file holds the fish: for one value, k base lines (rows, or columns)
// whose places lie in k cover lines, X-Wing (k = 2), Swordfish (3) and
// Jellyfish (4), and their finned and sashimi forms.

// fish: for one value, k rows whose candidates lie in k columns (or the
// other way round); the value goes from the rest of those columns. k = 2
// is an X-Wing, 3 a Swordfish, 4 a Jellyfish.
func (l *logic) fish(k int, tc tech) bool {
	t, n := l.t, l.n
	for d := 0; d < n; d++ {
		bit := uint32(1) << d
		for orient := 0; orient < 2; orient++ {
			base, cover := 0, n
			if orient == 1 {
				base, cover = n, 0
			}
			l.nsub = 0
			for i := 0; i < n; i++ {
				var m uint32
				for j, c := range t.unit(base + i) {
					if l.cand[c]&bit != 0 {
						m |= 1 << j
					}
				}
				l.pos[i] = m
				if pc := popcount(m); pc >= 2 && pc <= k {
					l.sub[l.nsub] = int16(i)
					l.nsub++
				}
			}
			if l.nsub < k {
				continue
			}
			if l.fishRec(k, tc, bit, base, cover, 0, 0, 0, 0) {
				return true
			}
		}
	}
	return false
}

func (l *logic) fishRec(k int, tc tech, bit uint32, base, cover, start, depth int, union, lines uint32) bool {
	if depth == k {
		if popcount(union) != k {
			return false
		}
		l.begin(tc)
		hit := false
		for m := union; m != 0; m &= m - 1 {
			for i, c := range l.t.unit(cover + bits.TrailingZeros32(m)) {
				if lines&(1<<i) == 0 {
					hit = l.elim(int(c), bit) || hit
				}
			}
		}
		if !hit || !l.accept() {
			return false
		}
		l.mv.digits, l.mv.lines, l.mv.cover, l.mv.colBase = bit, lines, union, base != 0
		for m := lines; m != 0; m &= m - 1 {
			l.addUnit(base + bits.TrailingZeros32(m))
		}
		for m := union; m != 0; m &= m - 1 {
			l.addUnit(cover + bits.TrailingZeros32(m))
		}
		for m := lines; m != 0; m &= m - 1 {
			for _, c := range l.t.unit(base + bits.TrailingZeros32(m)) {
				if l.cand[c]&bit != 0 {
					l.addCell(int(c))
				}
			}
		}
		l.counts[tc]++
		return true
	}
	for i := start; i <= l.nsub-(k-depth); i++ {
		line := int(l.sub[i])
		nu := union | l.pos[line]
		if popcount(nu) > k {
			continue
		}
		if l.fishRec(k, tc, bit, base, cover, i+1, depth+1, nu, lines|1<<line) {
			return true
		}
	}
	return false
}

// finnedFish: for one value, k base lines (rows, or columns) whose
// candidates lie in k cover lines except for some fins, all in one box.
// Either a fin holds the value, or the base lines form a fish; in both
// cases no cell of the fin box that lies in a cover line outside the base
// lines can hold it. k = 2 is a finned X-Wing, 3 a finned Swordfish, 4 a
// finned Jellyfish; when a base line keeps only one candidate in the cover
// lines the fish is called sashimi. The fish without fins is not one of
// these (fish found it).
func (l *logic) finnedFish(k int, tc tech) bool {
	s, n := l.t.shape, l.n
	// pos[orient][d][i]: the positions of value d+1 in row i (orient 0,
	// by column) or column i (orient 1, by row).
	var pos [2][MaxSize][MaxSize]uint32
	for c := 0; c < l.t.cells; c++ {
		r, col := c/n, c%n
		for m := l.cand[c]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros32(m)
			pos[0][d][r] |= 1 << col
			pos[1][d][col] |= 1 << r
		}
	}
	for d := 0; d < n; d++ {
		bit := uint32(1) << d
		for orient := 0; orient < 2; orient++ {
			base := 0
			band, span := s.BoxRows, s.BoxCols // lines per box band, positions per box span
			if orient == 1 {
				base = n
				band, span = span, band
			}
			copy(l.pos[:n], pos[orient][d][:n])
			// small: the lines that can be base lines wherever the fin box
			// is (at most k candidates), in order.
			var small [MaxSize]int16
			ns, some := 0, 0
			for i := 0; i < n; i++ {
				pc := popcount(l.pos[i])
				if pc >= 2 && pc <= k {
					small[ns] = int16(i)
					ns++
				}
				if pc >= 2 && pc <= k+span {
					some++ // a base line if its band holds the fin box
				}
			}
			if ns+band < k || some < k {
				continue // fewer than k base lines
			}
			for b0 := 0; b0 < n; b0 += band {
				var inBand uint32 // the band's candidates, by position
				for i := b0; i < b0+band; i++ {
					inBand |= l.pos[i]
				}
				for s0 := 0; s0 < n; s0 += span {
					f := finBox{k: k, tc: tc, bit: bit, base: base, b0: b0, b1: b0 + band,
						spanMask: (uint32(1)<<span - 1) << s0}
					if inBand&f.spanMask == 0 {
						continue // no fin without a candidate in the box
					}
					if l.finnedIn(&f, small[:ns]) {
						return true
					}
				}
			}
		}
	}
	return false
}

// finBox is the search of finned fish whose fins lie in one box: base
// lines b0…b1-1 cross it at positions spanMask.
type finBox struct {
	k        int
	tc       tech
	bit      uint32
	base     int // unit index of base line 0: 0 rows, n columns
	b0, b1   int
	spanMask uint32
}

func (f *finBox) inBand(i int) bool { return i >= f.b0 && i < f.b1 }

// outside returns the positions of base line i's candidates that lie
// outside the fin box: they must all be covered.
func (l *logic) outside(f *finBox, i int) uint32 {
	if f.inBand(i) {
		return l.pos[i] &^ f.spanMask
	}
	return l.pos[i]
}

// finnedIn searches the fish whose fins lie in f's box: its base lines
// are the small lines outside the band and the band's lines whose
// candidates outside the box are at most k, in order.
func (l *logic) finnedIn(f *finBox, small []int16) bool {
	fins := false
	l.nsub = 0
	band := false
	for _, i := range small {
		if int(i) >= f.b0 && !band {
			fins = l.bandLines(f) || fins
			band = true
		}
		if !f.inBand(int(i)) {
			l.sub[l.nsub] = i
			l.nsub++
		}
	}
	if !band {
		fins = l.bandLines(f) || fins
	}
	return fins && l.nsub >= f.k && l.finRec(f, 0, 0, 0, 0)
}

// bandLines appends the band's lines that can be base lines to l.sub and
// reports whether one has a candidate in the fin box.
func (l *logic) bandLines(f *finBox) bool {
	fins := false
	for i := f.b0; i < f.b1; i++ {
		p := l.pos[i]
		if popcount(p) < 2 || popcount(p&^f.spanMask) > f.k {
			continue
		}
		if p&f.spanMask != 0 {
			fins = true
		}
		l.sub[l.nsub] = int16(i)
		l.nsub++
	}
	return fins
}

func (l *logic) finRec(f *finBox, start, depth int, union, lines uint32) bool {
	if depth < f.k {
		for i := start; i <= l.nsub-(f.k-depth); i++ {
			line := int(l.sub[i])
			nu := union | l.outside(f, line)
			if popcount(nu) > f.k {
				continue
			}
			if l.finRec(f, i+1, depth+1, nu, lines|1<<line) {
				return true
			}
		}
		return false
	}
	// The candidates of the base lines inside the fin box.
	var inside uint32
	for m := lines; m != 0; m &= m - 1 {
		if i := bits.TrailingZeros32(m); f.inBand(i) {
			inside |= l.pos[i] & f.spanMask
		}
	}
	if inside&^union == 0 {
		return false // no fin: a plain fish, or nothing
	}
	need := f.k - popcount(union)
	// Cover lines: the outside positions, plus need positions of the box.
	extra := inside &^ union
	for sub := extra; ; sub = (sub - 1) & extra {
		if popcount(sub) == need && inside&^(union|sub) != 0 && l.finnedElim(f, lines, union|sub) {
			return true
		}
		if sub == 0 {
			break
		}
	}
	return false
}

// finnedElim applies the finned fish of base lines and cover positions
// cover, if every base line has a candidate in the cover lines and some
// cell of the fin box loses the value.
func (l *logic) finnedElim(f *finBox, lines, cover uint32) bool {
	if cover&f.spanMask == 0 {
		return false
	}
	for m := lines; m != 0; m &= m - 1 {
		if l.pos[bits.TrailingZeros32(m)]&cover == 0 {
			return false
		}
	}
	t := l.t
	l.begin(f.tc)
	hit := false
	for i := f.b0; i < f.b1; i++ {
		if lines&(1<<i) != 0 {
			continue
		}
		cells := t.unit(f.base + i)
		for m := cover & f.spanMask; m != 0; m &= m - 1 {
			hit = l.elim(int(cells[bits.TrailingZeros32(m)]), f.bit) || hit
		}
	}
	if !hit || !l.accept() {
		return false
	}
	l.mv.digits, l.mv.lines, l.mv.cover, l.mv.colBase = f.bit, lines, cover, f.base != 0
	coverBase := l.n - f.base // cover lines are the other kind
	for m := lines; m != 0; m &= m - 1 {
		l.addUnit(f.base + bits.TrailingZeros32(m))
	}
	for m := cover; m != 0; m &= m - 1 {
		l.addUnit(coverBase + bits.TrailingZeros32(m))
	}
	for m := lines; m != 0; m &= m - 1 {
		cells := t.unit(f.base + bits.TrailingZeros32(m))
		for j, c := range cells {
			if l.cand[c]&f.bit == 0 {
				continue
			}
			if cover&(1<<j) != 0 {
				l.addCell(int(c))
			} else {
				l.addFin(int(c))
			}
		}
	}
	l.counts[f.tc]++
	return true
}

// describeFinnedFish explains a finned (or sashimi) fish; gone says what
// it removes.
func (l *logic) describeFinnedFish(mv *move, gone string) string {
	base, cover := "row", "column"
	baseKind := 0
	if mv.colBase {
		base, cover = cover, base
		baseKind = 1
	}
	title := techs[mv.tech].title
	// Sashimi: a base line keeps a single candidate in the cover lines.
	for m := mv.lines; m != 0; m &= m - 1 {
		line := bits.TrailingZeros32(m) + baseKind*l.n
		body := 0
		for _, c := range mv.cells[:mv.ncells] {
			if int(l.t.cellUnits[c][baseKind]) == line {
				body++
			}
		}
		if body <= 1 {
			title = "sashimi" + strings.TrimPrefix(title, "finned")
			break
		}
	}
	fins := mv.pattern.fins[:mv.pattern.nfins]
	finText := "the fin "
	if len(fins) > 1 {
		finText = "the fins "
	}
	finText += l.cellList(fins)
	if len(fins) > 0 {
		finText += " (" + l.unitName(int(l.t.cellUnits[fins[0]][2])) + ")"
	}
	v := values(mv.digits)
	fish := strings.TrimPrefix(techs[mv.tech].title, "finned ")
	return fmt.Sprintf("a %s on %s: the %ss of %s lie in %s but for %s; either a fin holds %s or the %s does, which %s",
		title, v, v, lineList(base, mv.lines), lineList(cover, mv.cover), finText, v, fish, gone)
}
