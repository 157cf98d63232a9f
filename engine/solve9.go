package engine

import (
	"context"
	"math/bits"
	"sync"
)

// shape9 is the classic shape, 9×9 with 3×3 boxes, which Solve and
// CountSolutions hand to the bitboard solver of this file.
var shape9 = Shape{Size: 9, BoxRows: 3, BoxCols: 3}

// grid9 is a 9×9 search position as bitboards. The board is cut into three
// bands of three rows; within band b, cell (r, c) is bit 9r+c of a uint32,
// so board cell i is bit i%27 of band i/27. A position is 120 bytes and a
// branch copies it.
type grid9 struct {
	// pos[b][d]: the cells of band b that may hold digit d+1, the cells
	// where it is placed included.
	pos [3][9]uint32
	// free[b]: the cells of band b that hold no digit yet.
	free [3]uint32
	// dirty: bit 9b+d is set when pos[b][d] changed since the band and
	// stack rules last looked at it.
	dirty uint32
	// bands: bit b is set when band b changed since naked singles were
	// last looked for in it.
	bands uint32
}

const band9 = 1<<27 - 1

// Tables built once at package init.
var (
	// rowBox9: a row's 9 column bits → the boxes (3 bits) they touch.
	rowBox9 [512]uint16
	// allowed9: for one digit in one band, the row×box segments (bit 3r+j)
	// that hold candidates → those segments that lie on some placement of
	// the digit once per row and once per box, that is on a permutation
	// row→box inside the given set. Zero means no placement exists.
	allowed9 [512]uint16
	// expand9: a set of segments (bit 3r+j) → their cells in a band.
	expand9 [512]uint32
	// peers9: a band cell → the cells of its row and box in the band,
	// itself included.
	peers9 [27]uint32
	// col9: a column → its three cells in a band.
	col9 [9]uint32
	// box9: a box of a band → its nine cells.
	box9 [3]uint32
	// dirty9: a set of bands → their bits for digit 0 in grid9.dirty.
	dirty9 = [8]uint32{0, 1, 1 << 9, 1<<9 | 1, 1 << 18, 1<<18 | 1, 1<<18 | 1<<9, 1<<18 | 1<<9 | 1}
)

func init() {
	for m := 0; m < 512; m++ {
		var rb uint16
		for j := 0; j < 3; j++ {
			if m>>(3*j)&7 != 0 {
				rb |= 1 << j
			}
		}
		rowBox9[m] = rb
		var e uint32
		for s := 0; s < 9; s++ {
			if m>>s&1 != 0 {
				e |= 7 << (9*(s/3) + 3*(s%3))
			}
		}
		expand9[m] = e
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for m := 0; m < 512; m++ {
		var a uint16
		for _, p := range perms {
			var seg uint16
			for r := 0; r < 3; r++ {
				seg |= 1 << (3*r + p[r])
			}
			if uint16(m)&seg == seg {
				a |= seg
			}
		}
		allowed9[m] = a
	}
	for j := 0; j < 3; j++ {
		box9[j] = expand9[0b001_001_001<<j]
	}
	for k := 0; k < 27; k++ {
		peers9[k] = 0x1ff<<(9*(k/9)) | box9[k%9/3]
	}
	for c := 0; c < 9; c++ {
		col9[c] = 1<<c | 1<<(c+9) | 1<<(c+18)
	}
}

// load places the givens of b (a 9×9 board without repeated values) and
// reports false when one of them cannot be placed.
func (g *grid9) load(b *Board) bool {
	for i := range g.pos {
		for d := range g.pos[i] {
			g.pos[i][d] = band9
		}
		g.free[i] = band9
	}
	g.dirty, g.bands = band9, 7
	for i := 0; i < 81; i++ {
		v := int(b.cells[i])
		if v == 0 {
			continue
		}
		bb, k := i/27, i%27
		if v > 9 || g.pos[bb][v-1]>>k&1 == 0 {
			return false
		}
		g.place(bb, v-1, k)
	}
	return true
}

// place puts digit d+1 on cell k of band b, which must be free and allow it.
func (g *grid9) place(b, d, k int) {
	bit := uint32(1) << k
	p := &g.pos[b]
	// The nine digits unrolled: this is the hottest loop of the solver.
	had := p[0]>>k&1 | (p[1]>>k&1)<<1 | (p[2]>>k&1)<<2 | (p[3]>>k&1)<<3 |
		(p[4]>>k&1)<<4 | (p[5]>>k&1)<<5 | (p[6]>>k&1)<<6 | (p[7]>>k&1)<<7 | (p[8]>>k&1)<<8
	p[0] &^= bit
	p[1] &^= bit
	p[2] &^= bit
	p[3] &^= bit
	p[4] &^= bit
	p[5] &^= bit
	p[6] &^= bit
	p[7] &^= bit
	p[8] &^= bit
	p[d] = p[d]&^peers9[k] | bit
	c := col9[k%9]
	b1, b2 := (b+1)%3, (b+2)%3
	changed := uint32(1) << b
	if g.pos[b1][d]&c != 0 {
		g.pos[b1][d] &^= c
		changed |= 1 << b1
	}
	if g.pos[b2][d]&c != 0 {
		g.pos[b2][d] &^= c
		changed |= 1 << b2
	}
	g.dirty |= had<<(9*b) | dirty9[changed]<<d
	g.bands |= changed
	g.free[b] &^= bit
}

// nakedSingles places every free cell that has one candidate left, until
// none is left, and reports false when a free cell has none.
func (g *grid9) nakedSingles() bool {
	for g.bands != 0 {
		b := bits.TrailingZeros32(g.bands)
		g.bands &= g.bands - 1
		f := g.free[b]
		if f == 0 {
			continue
		}
		p := &g.pos[b]
		var ones, twos uint32
		for _, m := range p {
			twos |= ones & m
			ones |= m
		}
		if f&^ones != 0 {
			return false
		}
		single := f &^ twos
		for d := 0; d < 9 && single != 0; d++ {
			sd := p[d] & single
			single &^= sd
			for sd != 0 {
				k := bits.TrailingZeros32(sd)
				sd &= sd - 1
				if p[d]>>k&1 == 0 {
					return false // a single placed before was its peer
				}
				g.place(b, d, k)
			}
		}
		if single != 0 {
			return false // a single placed before took its last candidate
		}
	}
	return true
}

// rowSingles9 returns the cells of a band mask a that are alone in their
// row; every row of a must be non-empty. The rows are spread into 16-bit
// fields of a uint64, where x&(x-1) works on all three at once without
// borrows crossing fields.
func rowSingles9(a uint32) uint32 {
	const ones = 1 | 1<<16 | 1<<32
	y := uint64(a&0x1ff) | uint64(a&(0x1ff<<9))<<7 | uint64(a&(0x1ff<<18))<<14
	multi := y & (y - ones)                  // non-zero fields: rows with two or more cells
	many := (multi + 0x1ff*ones) >> 9 & ones // 1 in the fields of those rows
	y &^= many * 0x1ff
	return uint32(y&0x1ff) | uint32(y>>7)&(0x1ff<<9) | uint32(y>>14)&(0x1ff<<18)
}

// propagate applies the rules until nothing changes: naked singles; for
// each digit and band, the band rule (allowed9: locked candidates and the
// once-per-row-and-box placement) and hidden singles in rows; for each
// digit, the same rule on stacks (columns × bands). Hidden singles in boxes
// and columns need no check of their own: when a box has one place for a
// digit, the band rule confines the digit's row to that box, leaving a
// hidden single in the row; when a column has one place, the stack rule
// confines the digit's box to that column, leaving a single in the box. It
// reports false on a contradiction.
func (g *grid9) propagate() bool {
	for {
		if !g.nakedSingles() {
			return false
		}
		progress := false
		for g.dirty != 0 {
			d := bits.TrailingZeros32(g.dirty) % 9
			todo := g.dirty >> d & dirty9[7]
			g.dirty &^= dirty9[7] << d
			for b := 0; b < 3; b++ {
				if todo>>(9*b)&1 == 0 {
					continue
				}
				a := g.pos[b][d]
				s := rowBox9[a&0x1ff] | rowBox9[a>>9&0x1ff]<<3 | rowBox9[a>>18]<<6
				al := allowed9[s]
				if al == 0 {
					return false
				}
				if na := a & expand9[al]; na != a {
					a = na
					g.pos[b][d] = a
					g.bands |= 1 << b
					progress = true
				}
				f := g.free[b]
				if a&f == 0 {
					continue // the digit is placed in all three rows
				}
				for single := rowSingles9(a) & f; single != 0; single &= single - 1 {
					k := bits.TrailingZeros32(single)
					if g.pos[b][d]>>k&1 == 0 {
						return false // a single placed before in the box took it
					}
					g.place(b, d, k)
					progress = true
				}
			}
			// The stack rule, the band rule turned sideways: in each
			// stack the digit takes one column per band and one band per
			// column.
			a0, a1, a2 := g.pos[0][d], g.pos[1][d], g.pos[2][d]
			f0 := (a0 | a0>>9 | a0>>18) & 0x1ff
			f1 := (a1 | a1>>9 | a1>>18) & 0x1ff
			f2 := (a2 | a2>>9 | a2>>18) & 0x1ff
			var k0, k1, k2 uint32
			for t := 0; t < 9; t += 3 {
				al := uint32(allowed9[f0>>t&7|(f1>>t&7)<<3|(f2>>t&7)<<6])
				if al == 0 {
					return false
				}
				k0 |= (al & 7) << t
				k1 |= (al >> 3 & 7) << t
				k2 |= (al >> 6) << t
			}
			const cols = 1 | 1<<9 | 1<<18 // a column mask times this spans the band
			if k0 != f0 {
				g.pos[0][d] = a0 & (k0 * cols)
				g.bands |= 1
				g.dirty |= 1 << d
				progress = true
			}
			if k1 != f1 {
				g.pos[1][d] = a1 & (k1 * cols)
				g.bands |= 2
				g.dirty |= 1 << (9 + d)
				progress = true
			}
			if k2 != f2 {
				g.pos[2][d] = a2 & (k2 * cols)
				g.bands |= 4
				g.dirty |= 1 << (18 + d)
				progress = true
			}
		}
		if !progress {
			return true
		}
	}
}

// choose returns a free cell to branch on and ok, or ok false when no cell
// is free. It takes a cell with two candidates when there is one, the one
// with the most free cells in its row, column and box (either way the
// branch then places a digit that eliminates most; this halves the nodes on
// the hardest sets compared with the first such cell), else a cell with
// the fewest candidates.
func (g *grid9) choose() (b, k int, ok bool) {
	best, bestScore := -1, -1
	bestK := 0
	for bb := 0; bb < 3; bb++ {
		f := g.free[bb]
		if f == 0 {
			continue
		}
		var ones, twos, threes uint32
		for _, m := range g.pos[bb] {
			threes |= twos & m
			twos |= ones & m
			ones |= m
		}
		for two := twos &^ threes & f; two != 0; two &= two - 1 {
			kk := bits.TrailingZeros32(two)
			c := col9[kk%9]
			// The column's free cells of the three bands, shifted apart
			// so one count covers them.
			sc := bits.OnesCount32(f&peers9[kk]) + bits.OnesCount32(g.free[0]&c|g.free[1]&c<<1|g.free[2]&c<<2)
			if sc > bestScore {
				best, bestScore, bestK = bb, sc, kk
			}
		}
	}
	if best >= 0 {
		return best, bestK, true
	}
	bestN := 10
	for bb := 0; bb < 3; bb++ {
		for f := g.free[bb]; f != 0; f &= f - 1 {
			kk := bits.TrailingZeros32(f)
			n := 0
			for _, m := range g.pos[bb] {
				n += int(m >> kk & 1)
			}
			if n < bestN {
				b, k, bestN = bb, kk, n
			}
		}
	}
	return b, k, bestN < 10
}

// write stores the digits of a solved position in out, row-major.
func (g *grid9) write(out *[81]uint8) {
	for b := 0; b < 3; b++ {
		for d, m := range g.pos[b] {
			for m != 0 {
				out[27*b+bits.TrailingZeros32(m)] = uint8(d + 1)
				m &= m - 1
			}
		}
	}
}

// solver9 is the search over grid9 positions: a stack of positions, one
// per depth (each branch places at least one digit, so 82 levels are
// enough), reused through a pool.
type solver9 struct {
	stack   [82]grid9
	ctx     context.Context
	nodes   int64
	guesses int64
	limit   int64
	err     error
	max     int
	count   int
	record  bool      // whether to record the first solution found
	out     [81]uint8 // the first solution found, when recorded
}

var solver9Pool = sync.Pool{New: func() any { return new(solver9) }}

// getSolver9 returns a pooled solver9 set up for a search.
func getSolver9(ctx context.Context, lim Limits, max int, record bool) *solver9 {
	s := solver9Pool.Get().(*solver9)
	s.ctx, s.limit, s.max, s.record = ctx, lim.NodeBudget(), max, record
	s.nodes, s.guesses, s.count, s.err = 0, 0, 0, nil
	return s
}

// search explores the subtree of the position at depth d (which it
// modifies) and reports whether to stop: the wanted number of solutions is
// found or a limit was hit. It branches on a cell, trying its smallest
// candidate in a copy at depth d+1 and then going on with that candidate
// removed.
func (s *solver9) search(d int) bool {
	g := &s.stack[d]
	for {
		s.nodes++
		if s.nodes > s.limit || s.nodes&1023 == 0 && s.ctx.Err() != nil {
			s.err = ErrSearchLimit
			return true
		}
		if !g.propagate() {
			return false
		}
		b, k, ok := g.choose()
		if !ok {
			if s.count == 0 && s.record {
				g.write(&s.out)
			}
			s.count++
			return s.count >= s.max
		}
		bit := uint32(1) << k
		v := 0
		for g.pos[b][v]&bit == 0 {
			v++
		}
		h := &s.stack[d+1]
		*h = *g
		h.place(b, v, k)
		if s.search(d + 1) {
			return true
		}
		s.guesses++
		g.pos[b][v] &^= bit
		g.dirty |= 1 << (9*b + v)
		g.bands |= 1 << b
	}
}

// smallest turns the solution in s.out into the lexicographically smallest
// solution of the position root (loaded givens). It walks the cells in
// row-major order; for each open cell it asks the search whether a digit
// below the witness's can be completed and fixes the smallest that can,
// with its completion as the new witness.
func (s *solver9) smallest(root *grid9) error {
	g := *root
	s.nodes++
	if !g.propagate() {
		return ErrUnsolvable // cannot happen: s.out extends root
	}
	s.max, s.record = 1, true
	for i := 0; i < 81; i++ {
		b, k := i/27, i%27
		bit := uint32(1) << k
		if g.free[b]&bit == 0 {
			continue
		}
		w := int(s.out[i]) - 1
		for d := 0; d < w; d++ {
			if g.pos[b][d]&bit == 0 {
				continue
			}
			h := &s.stack[0]
			*h = g
			h.place(b, d, k)
			s.count = 0
			s.search(0)
			if s.err != nil {
				return s.err
			}
			if s.count > 0 {
				w = d // s.out now holds a completion with cell i = d+1
				break
			}
		}
		g.place(b, w, k)
		s.nodes++
		if !g.propagate() {
			return ErrUnsolvable // cannot happen: w extends to s.out
		}
	}
	return nil
}

// solve9 is Solve for the 9×9 shape with 3×3 boxes.
func solve9(ctx context.Context, b *Board, lim Limits) (Result, error) {
	if !Valid(b) {
		return Result{}, rejected(b)
	}
	s := getSolver9(ctx, lim, 2, true)
	defer solver9Pool.Put(s)
	var root grid9
	if !root.load(b) {
		return Result{}, ErrUnsolvable
	}
	s.stack[0] = root
	s.search(0)
	n := s.count
	if s.err == nil && n == 0 {
		s.err = ErrUnsolvable
	}
	if s.err == nil && n > 1 {
		s.err = s.smallest(&root)
	}
	stats := Stats{Nodes: s.nodes, Guesses: s.guesses}
	if s.err != nil {
		return Result{Stats: stats}, s.err
	}
	res := Result{Solution: Board{shape: b.shape}, Unique: n == 1, Stats: stats}
	copy(res.Solution.cells[:81], s.out[:])
	return res, nil
}

// count9 is CountSolutions for the 9×9 shape with 3×3 boxes; with out
// non-nil, the first solution found is written there.
func count9(ctx context.Context, b *Board, max int, lim Limits, out *Board) (int, Stats, error) {
	if !Valid(b) {
		return 0, Stats{}, rejected(b)
	}
	if max < 1 {
		max = 1
	}
	s := getSolver9(ctx, lim, max, out != nil)
	defer solver9Pool.Put(s)
	if s.stack[0].load(b) {
		s.search(0)
	}
	if out != nil && s.count > 0 {
		*out = Board{shape: b.shape}
		copy(out.cells[:81], s.out[:])
	}
	return s.count, Stats{Nodes: s.nodes, Guesses: s.guesses}, s.err
}
