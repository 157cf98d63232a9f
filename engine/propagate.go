package engine

// propagate places queued singles, eliminating their values from their
// peers, and finds hidden singles, until nothing changes. It reports false
// on a contradiction.
func (s *solver) propagate(st []uint32) bool {
	cand := st[:s.cells]
	placed := st[s.cells : s.cells+s.nu]
	peers, units, n, np := s.t.peers, s.t.units, s.n, s.np
	for {
		for s.qh < s.qt {
			c := int(s.queue[s.qh])
			s.qh++
			bit := cand[c]
			cu := &s.t.cellUnits[c]
			placed[cu[0]] |= bit
			placed[cu[1]] |= bit
			placed[cu[2]] |= bit
			st[s.stride-1]--
			for _, p := range peers[c*np : (c+1)*np] {
				m := cand[p]
				if m&bit != 0 {
					m &^= bit
					if m == 0 {
						return false
					}
					cand[p] = m
					if m&(m-1) == 0 {
						s.queue[s.qt] = p
						s.qt++
					}
				}
			}
		}
		if st[s.stride-1] == 0 {
			return true
		}
		progress := false
		for u := 0; u < s.nu; u++ {
			pl := placed[u]
			if pl == s.full {
				continue
			}
			unit := units[u*n : (u+1)*n]
			var ones, twos uint32
			for _, c := range unit {
				m := cand[c]
				twos |= ones & m
				ones |= m
			}
			if ones != s.full {
				return false
			}
			hidden := ones &^ twos &^ pl
			for hidden != 0 {
				bit := hidden & -hidden
				hidden &^= bit
				found := false
				for _, c := range unit {
					if m := cand[c]; m&bit != 0 {
						if m != bit {
							cand[c] = bit
							s.queue[s.qt] = c
							s.qt++
						}
						found = true
						break
					}
				}
				if !found {
					return false
				}
				progress = true
			}
		}
		if progress {
			continue
		}
		if s.singlesOnly {
			return true
		}
		r := lcNone
		if s.subsets != focusSubsets { // see allDifferent
			r = s.lockedCandidates(cand, placed)
		}
		if r == lcNone && s.subsets != noSubsets {
			r = s.allDifferent(cand, placed)
		}
		switch r {
		case lcContradiction:
			return false
		case lcNone:
			return true
		}
	}
}

// Outcomes of lockedCandidates.
const (
	lcNone = iota
	lcProgress
	lcContradiction
)

// lockedCandidates applies box-line reductions: a digit whose places in a
// box all lie in one row (column) is removed from the rest of that row
// (column), and a digit whose places in a row (column) all lie in one box is
// removed from the rest of that box. It works on segments, the C cells
// where a row meets a box (R cells where a column meets a box), so one pass
// costs O(N²).
func (s *solver) lockedCandidates(cand, placed []uint32) int {
	t := s.t
	n, R, C := s.n, t.shape.BoxRows, t.shape.BoxCols
	bw, bh := n/C, n/R            // boxes across, boxes down
	var segR [MaxCells / 2]uint32 // row r, box column j: segR[r*bw+j]
	var segC [MaxCells / 2]uint32 // column c, box row i: segC[c*bh+i]
	for r := 0; r < n; r++ {
		row := cand[r*n : (r+1)*n]
		for j := 0; j < bw; j++ {
			var m uint32
			for _, x := range row[j*C : (j+1)*C] {
				m |= x
			}
			segR[r*bw+j] = m
		}
	}
	for c := 0; c < n; c++ {
		for i := 0; i < bh; i++ {
			var m uint32
			for r := i * R; r < (i+1)*R; r++ {
				m |= cand[r*n+c]
			}
			segC[c*bh+i] = m
		}
	}
	progress := false
	// Pointing: in box (i, j), a digit in one row segment only.
	for i := 0; i < bh; i++ {
		for j := 0; j < bw; j++ {
			box := 2*n + i*bw + j
			var ones, twos uint32
			for r := i * R; r < (i+1)*R; r++ {
				m := segR[r*bw+j]
				twos |= ones & m
				ones |= m
			}
			if only := ones &^ twos &^ placed[box]; only != 0 {
				for r := i * R; r < (i+1)*R; r++ {
					if d := segR[r*bw+j] & only; d != 0 {
						switch s.eliminateRow(cand, r, j, d) {
						case lcContradiction:
							return lcContradiction
						case lcProgress:
							progress = true
						}
					}
				}
			}
			ones, twos = 0, 0
			for c := j * C; c < (j+1)*C; c++ {
				m := segC[c*bh+i]
				twos |= ones & m
				ones |= m
			}
			if only := ones &^ twos &^ placed[box]; only != 0 {
				for c := j * C; c < (j+1)*C; c++ {
					if d := segC[c*bh+i] & only; d != 0 {
						switch s.eliminateCol(cand, c, i, d) {
						case lcContradiction:
							return lcContradiction
						case lcProgress:
							progress = true
						}
					}
				}
			}
		}
	}
	if progress {
		return lcProgress
	}
	// Claiming: in a row (column), a digit in one box segment only.
	for r := 0; r < n; r++ {
		var ones, twos uint32
		for j := 0; j < bw; j++ {
			m := segR[r*bw+j]
			twos |= ones & m
			ones |= m
		}
		if only := ones &^ twos &^ placed[r]; only != 0 {
			for j := 0; j < bw; j++ {
				if d := segR[r*bw+j] & only; d != 0 {
					// Remove d from the other rows of box (r/R, j).
					for rr := (r / R) * R; rr < (r/R+1)*R; rr++ {
						if rr == r || segR[rr*bw+j]&d == 0 {
							continue
						}
						switch s.eliminateRow(cand, rr, -1-j, d) {
						case lcContradiction:
							return lcContradiction
						case lcProgress:
							progress = true
						}
					}
				}
			}
		}
	}
	for c := 0; c < n; c++ {
		var ones, twos uint32
		for i := 0; i < bh; i++ {
			m := segC[c*bh+i]
			twos |= ones & m
			ones |= m
		}
		if only := ones &^ twos &^ placed[n+c]; only != 0 {
			for i := 0; i < bh; i++ {
				if d := segC[c*bh+i] & only; d != 0 {
					for cc := (c / C) * C; cc < (c/C+1)*C; cc++ {
						if cc == c || segC[cc*bh+i]&d == 0 {
							continue
						}
						switch s.eliminateCol(cand, cc, -1-i, d) {
						case lcContradiction:
							return lcContradiction
						case lcProgress:
							progress = true
						}
					}
				}
			}
		}
	}
	if progress {
		return lcProgress
	}
	return lcNone
}

// eliminateRow removes the digits d from row r: outside box column j when
// j ≥ 0, or only inside box column -1-j when j < 0.
func (s *solver) eliminateRow(cand []uint32, r, j int, d uint32) int {
	return s.eliminateLine(cand, r*s.n, 1, s.t.shape.BoxCols, j, d)
}

// eliminateCol removes the digits d from column c: outside box row i when
// i ≥ 0, or only inside box row -1-i when i < 0.
func (s *solver) eliminateCol(cand []uint32, c, i int, d uint32) int {
	return s.eliminateLine(cand, c, s.n, s.t.shape.BoxRows, i, d)
}

// eliminateLine removes the digits d from the line of cells first+k·step
// (k < N), whose boxes are span cells long: outside box blk of the line
// when blk ≥ 0, or only inside box -1-blk when blk < 0.
func (s *solver) eliminateLine(cand []uint32, first, step, span, blk int, d uint32) int {
	lo, hi, skip := 0, s.n, blk
	if blk < 0 {
		lo, hi, skip = (-1-blk)*span, -blk*span, -1
	}
	out := lcNone
	for k := lo; k < hi; k++ {
		if k/span == skip {
			continue
		}
		if r := s.remove(cand, first+k*step, d); r != lcNone {
			if r == lcContradiction {
				return r
			}
			out = r
		}
	}
	return out
}

// remove takes the digits d out of cell c's candidates, queueing the cell
// when one candidate is left.
func (s *solver) remove(cand []uint32, c int, d uint32) int {
	m := cand[c]
	if m&d == 0 {
		return lcNone
	}
	m &^= d
	if m == 0 {
		return lcContradiction
	}
	cand[c] = m
	if m&(m-1) == 0 {
		s.queue[s.qt] = int16(c)
		s.qt++
	}
	return lcProgress
}
