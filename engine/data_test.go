package engine

import "testing"

// mustParse parses a puzzle with the default shape for its length.
func mustParse(tb testing.TB, s string) Board {
	tb.Helper()
	b, err := ParseBoard(s, Shape{})
	if err != nil {
		tb.Fatalf("parse %q: %v", s, err)
	}
	return b
}

// checkSolution verifies, without any solver code, that sol is a complete
// grid obeying every rule and keeping every given of puzzle.
func checkSolution(tb testing.TB, puzzle, sol Board) {
	tb.Helper()
	s := puzzle.Shape()
	if sol.Shape() != s {
		tb.Fatalf("solution shape %v, puzzle %v", sol.Shape(), s)
	}
	n := s.Size
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v := sol.Get(r, c)
			if v < 1 || v > n {
				tb.Fatalf("r%dc%d = %d out of range", r+1, c+1, v)
			}
			if g := puzzle.Get(r, c); g != 0 && g != v {
				tb.Fatalf("r%dc%d: given %d changed to %d", r+1, c+1, g, v)
			}
		}
	}
	for i := 0; i < n; i++ {
		var row, col, box [MaxSize + 1]bool
		for j := 0; j < n; j++ {
			rv := sol.Get(i, j)
			cv := sol.Get(j, i)
			br := (i/(n/s.BoxCols))*s.BoxRows + j/s.BoxCols
			bc := (i%(n/s.BoxCols))*s.BoxCols + j%s.BoxCols
			bv := sol.Get(br, bc)
			if row[rv] || col[cv] || box[bv] {
				tb.Fatalf("unit %d repeats a value in\n%s", i, sol.Pretty())
			}
			row[rv], col[cv], box[bv] = true, true, true
		}
	}
}
