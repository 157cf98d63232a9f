package engine

import (
	"context"
	"math/rand/v2"
	"testing"
)

// Puzzles for the grader's tests: random solved grids from a shuffled
// pattern, made into unique puzzles by removing cells.

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
