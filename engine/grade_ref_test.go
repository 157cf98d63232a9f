package engine

import (
	"context"
	"math/rand/v2"
	"testing"
)

// This file holds a reference solver for the grader's tests. It shares no
// code with the engine's solver or the logical solver: plain backtracking
// over Board.Get and Shape.BoxOf.

// refOK reports whether v fits (r, c) of b.
func refOK(b *Board, r, c, v int) bool {
	s := b.Shape()
	n := s.Size
	for i := 0; i < n; i++ {
		if b.Get(r, i) == v || b.Get(i, c) == v {
			return false
		}
	}
	r0, c0 := r/s.BoxRows*s.BoxRows, c/s.BoxCols*s.BoxCols
	for i := r0; i < r0+s.BoxRows; i++ {
		for j := c0; j < c0+s.BoxCols; j++ {
			if b.Get(i, j) == v {
				return false
			}
		}
	}
	return true
}

// refCount counts the solutions of b up to max, keeping the first in sol.
// rng, when not nil, shuffles the value order (to make random grids).
func refCount(b Board, max int, rng *rand.Rand) (sol Board, count int) {
	s := b.Shape()
	n := s.Size
	var rows, cols, boxes [MaxSize]uint32
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if v := b.Get(r, c); v != 0 {
				bit := uint32(1) << v
				if rows[r]&bit != 0 || cols[c]&bit != 0 || boxes[s.BoxOf(r, c)]&bit != 0 {
					return sol, 0
				}
				rows[r] |= bit
				cols[c] |= bit
				boxes[s.BoxOf(r, c)] |= bit
			}
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	var rec func() bool
	rec = func() bool {
		br, bc, bestK := -1, -1, n+1
		var bestFree uint32
		for r := 0; r < n && bestK > 1; r++ {
			for c := 0; c < n; c++ {
				if b.Get(r, c) != 0 {
					continue
				}
				used := rows[r] | cols[c] | boxes[s.BoxOf(r, c)]
				k := 0
				var free uint32
				for v := 1; v <= n; v++ {
					if used&(1<<v) == 0 {
						k++
						free |= 1 << v
					}
				}
				if k < bestK {
					br, bc, bestK, bestFree = r, c, k, free
				}
			}
		}
		if br < 0 {
			if count == 0 {
				sol = b
			}
			count++
			return count >= max
		}
		vals := order
		if rng != nil {
			vals = append([]int(nil), order...)
			rng.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
		}
		bx := s.BoxOf(br, bc)
		for _, v := range vals {
			bit := uint32(1) << v
			if bestFree&bit == 0 {
				continue
			}
			b.Set(br, bc, v)
			rows[br] |= bit
			cols[bc] |= bit
			boxes[bx] |= bit
			stop := rec()
			rows[br] &^= bit
			cols[bc] &^= bit
			boxes[bx] &^= bit
			b.Set(br, bc, 0)
			if stop {
				return true
			}
		}
		return false
	}
	rec()
	return sol, count
}

// refPuzzle makes a unique puzzle of shape s: a random solved grid, then
// cells removed in random order while the solution stays unique.
func refPuzzle(tb testing.TB, s Shape, rng *rand.Rand, keep int) (puzzle, solution Board) {
	tb.Helper()
	solution = refGrid(s, rng)
	puzzle = solution
	cells := rng.Perm(s.Cells())
	for _, c := range cells {
		if puzzle.Givens() <= keep {
			break
		}
		v := puzzle.At(c)
		puzzle.SetAt(c, 0)
		if k, _, err := CountSolutions(context.Background(), puzzle, 2, Limits{}); err != nil || k != 1 {
			puzzle.SetAt(c, v)
		}
	}
	return puzzle, solution
}

// refGrid returns a random solved grid of shape s: the pattern grid
// (C·(r mod R) + r div R + c) mod N + 1 with its values, the rows within
// each band, the bands, the columns within each stack and the stacks
// shuffled.
func refGrid(s Shape, rng *rand.Rand) Board {
	n, R, C := s.Size, s.BoxRows, s.BoxCols
	perm := rng.Perm(n)
	shuffle := func(groups, size int) []int {
		out := make([]int, 0, n)
		for _, g := range rng.Perm(groups) {
			for _, i := range rng.Perm(size) {
				out = append(out, g*size+i)
			}
		}
		return out
	}
	rows := shuffle(n/R, R) // bands of R rows
	cols := shuffle(n/C, C) // stacks of C columns
	b := NewBoard(s)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			pr, pc := rows[r], cols[c]
			b.Set(r, c, perm[(C*(pr%R)+pr/R+pc)%n]+1)
		}
	}
	return b
}
