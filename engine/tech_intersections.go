package engine

// This file holds the intersections (locked candidates): pointing, where a
// value's places in a box lie in one line, and claiming, where a value's
// places in a line lie in one box.

// pointing: the candidates for a value in a box all lie in one row or
// column, so the value goes from the rest of that line.
func (l *logic) pointing() bool {
	t, n := l.t, l.n
	for u := 2 * n; u < 3*n; u++ {
		cells := t.unit(u)
		var once uint32
		for _, c := range cells {
			once |= l.cand[c]
		}
		for m := once; m != 0; m &= m - 1 {
			bit := m & -m
			row, col := -1, -1
			rowOK, colOK := true, true
			for _, c := range cells {
				if l.cand[c]&bit == 0 {
					continue
				}
				us := t.cellUnits[c]
				if row < 0 {
					row, col = int(us[0]), int(us[1])
					continue
				}
				rowOK = rowOK && int(us[0]) == row
				colOK = colOK && int(us[1]) == col
			}
			for _, line := range [2]int{row, col} {
				if line == row && !rowOK || line == col && !colOK {
					continue
				}
				l.begin(tPointing)
				l.mv.unit, l.mv.digits = u, bit
				hit := false
				for _, c := range t.unit(line) {
					if int(t.cellUnits[c][2]) != u {
						hit = l.elim(int(c), bit) || hit
					}
				}
				if hit && l.accept() {
					l.lockedMove(tPointing, u, line, bit)
					return true
				}
			}
		}
	}
	return false
}

// claiming: the candidates for a value in a row or column all lie in one
// box, so the value goes from the rest of that box.
func (l *logic) claiming() bool {
	t, n := l.t, l.n
	for u := 0; u < 2*n; u++ {
		cells := t.unit(u)
		var once uint32
		for _, c := range cells {
			once |= l.cand[c]
		}
		for m := once; m != 0; m &= m - 1 {
			bit := m & -m
			box := -1
			ok := true
			for _, c := range cells {
				if l.cand[c]&bit == 0 {
					continue
				}
				b := int(t.cellUnits[c][2])
				if box < 0 {
					box = b
				} else if b != box {
					ok = false
					break
				}
			}
			if !ok || box < 0 {
				continue
			}
			l.begin(tClaiming)
			l.mv.unit, l.mv.digits = u, bit
			hit := false
			k := 0
			if u >= n {
				k = 1
			}
			for _, c := range t.unit(box) {
				if int(t.cellUnits[c][k]) != u {
					hit = l.elim(int(c), bit) || hit
				}
			}
			if hit && l.accept() {
				l.lockedMove(tClaiming, u, box, bit)
				return true
			}
		}
	}
	return false
}

// lockedMove finishes the record of a pointing or claiming step: the cells
// of unit u that hold the value.
func (l *logic) lockedMove(tc tech, u, u2 int, bit uint32) {
	l.mv.unit, l.mv.unit2, l.mv.digits = u, u2, bit
	l.addUnit(u)
	l.addUnit(u2)
	for _, c := range l.t.unit(u) {
		if l.cand[c]&bit != 0 {
			l.addCell(int(c))
		}
	}
	l.counts[tc]++
}
