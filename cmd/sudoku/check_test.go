package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
)

// runCmd runs the command line args with stdin and returns stdout, stderr
// and the exit status.
func runCmd(tb testing.TB, stdin string, args ...string) (stdout, stderr string, code int) {
	tb.Helper()
	return runReader(tb, strings.NewReader(stdin), args...)
}

func runReader(tb testing.TB, stdin io.Reader, args ...string) (stdout, stderr string, code int) {
	tb.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, stdin, &out, &errb)
	return out.String(), errb.String(), code
}

// outLines splits command output into lines, requiring a final newline.
func outLines(tb testing.TB, out string) []string {
	tb.Helper()
	if out == "" {
		return nil
	}
	if !strings.HasSuffix(out, "\n") {
		tb.Fatalf("output does not end in a newline: %q", out)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// symbolOf is the checker's own symbol table: '.'/'0' empty (0), 1-9,
// then A-Z either case for 10-35; -1 for a separator, -2 for anything else.
func symbolOf(c byte) int {
	switch {
	case c == '.' || c == '0':
		return 0
	case c >= '1' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case strings.IndexByte(" \t\r\v\f|-+", c) >= 0:
		return -1
	}
	return -2
}

// cellsOf returns the cell values of a puzzle string, separators dropped.
func cellsOf(s string) ([]int, error) {
	var cells []int
	for i := 0; i < len(s); i++ {
		switch v := symbolOf(s[i]); {
		case v == -1:
		case v == -2:
			return nil, fmt.Errorf("bad symbol %q", s[i])
		default:
			cells = append(cells, v)
		}
	}
	return cells, nil
}

// checkSolved verifies, without engine code, that answer is a complete
// grid of an n×n board with r×c boxes that obeys every rule and keeps every
// given of puzzle. The answer must be in canonical form: exactly n·n
// symbols, no separators, no empty cell.
func checkSolved(tb testing.TB, puzzle, answer string, r, c int) {
	tb.Helper()
	if err := solvedErr(puzzle, answer, r, c); err != nil {
		tb.Fatalf("puzzle %s\nanswer %s\n%v", puzzle, answer, err)
	}
}

func solvedErr(puzzle, answer string, r, c int) error {
	n := r * c
	if len(answer) != n*n {
		return fmt.Errorf("answer has %d symbols, want %d", len(answer), n*n)
	}
	const canon = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	sol := make([]int, n*n)
	for i := range answer {
		k := strings.IndexByte(canon[:n], answer[i])
		if k < 0 {
			return fmt.Errorf("cell %d: symbol %q is not a value 1..%d in canonical form", i, answer[i], n)
		}
		sol[i] = k + 1
	}
	givens, err := cellsOf(puzzle)
	if err != nil {
		return err
	}
	if len(givens) != n*n {
		return fmt.Errorf("puzzle has %d cells, want %d", len(givens), n*n)
	}
	for i, g := range givens {
		if g != 0 && g != sol[i] {
			return fmt.Errorf("r%dc%d: given %d changed to %d", i/n+1, i%n+1, g, sol[i])
		}
	}
	for u := 0; u < n; u++ {
		row := make([]bool, n+1)
		col := make([]bool, n+1)
		box := make([]bool, n+1)
		br, bc := (u/(n/c))*r, (u%(n/c))*c // top-left of box u
		for k := 0; k < n; k++ {
			rv := sol[u*n+k]
			cv := sol[k*n+u]
			bv := sol[(br+k/c)*n+bc+k%c]
			if row[rv] || col[cv] || box[bv] {
				return fmt.Errorf("unit %d repeats a value (row %v, column %v, box %v)", u+1, row[rv], col[cv], box[bv])
			}
			row[rv], col[cv], box[bv] = true, true, true
		}
	}
	return nil
}

// patternGrid returns a solved n×n grid with r×c boxes in string form.
func patternGrid(r, c int) []int {
	n := r * c
	g := make([]int, n*n)
	for row := 0; row < n; row++ {
		for col := 0; col < n; col++ {
			g[row*n+col] = (row*c+row/r+col)%n + 1
		}
	}
	return g
}

// gridString formats cells in canonical string form.
func gridString(g []int) string {
	const sym = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	b := make([]byte, len(g))
	for i, v := range g {
		b[i] = sym[v]
	}
	return string(b)
}

// holes returns g with every k-th cell (from offset off) emptied.
func holes(g []int, k, off int) []int {
	h := append([]int(nil), g...)
	for i := off % k; i < len(h); i += k {
		h[i] = 0
	}
	return h
}

func TestChecker(t *testing.T) {
	for _, s := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 4}, {5, 5}, {2, 7}} {
		g := patternGrid(s[0], s[1])
		if err := solvedErr(gridString(g), gridString(g), s[0], s[1]); err != nil {
			t.Fatalf("%dx%d pattern grid rejected: %v", s[0], s[1], err)
		}
		// A swap of two cells in a row breaks columns.
		bad := append([]int(nil), g...)
		bad[0], bad[1] = bad[1], bad[0]
		if solvedErr(gridString(holes(g, 2, 0)), gridString(bad), s[0], s[1]) == nil {
			t.Fatalf("%dx%d: swapped grid accepted", s[0], s[1])
		}
		// A changed given is caught.
		given := append([]int(nil), g...)
		given[5] = g[5]%len(g) + 1
		if g[5] != given[5] && solvedErr(gridString(given), gridString(g), s[0], s[1]) == nil {
			t.Fatalf("%dx%d: changed given accepted", s[0], s[1])
		}
	}
	// Boxes matter: the 3x2 pattern is not a 2x3 solution.
	g := gridString(patternGrid(3, 2))
	if solvedErr(g, g, 2, 3) == nil {
		t.Fatal("3x2 pattern accepted as 2x3")
	}
}
