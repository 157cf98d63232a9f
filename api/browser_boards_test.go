package api_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/chromedp/chromedp/kb"
)

// ---- boards -----------------------------------------------------------------

// fmtClock writes milliseconds as the page's clock does (m:ss).
func fmtClock(ms float64) string {
	s := int(ms / 1000)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

func hasClass(classes, c string) bool { return strings.Contains(" "+classes+" ", " "+c+" ") }

func cellName(i, n int) string { return fmt.Sprintf("r%dc%d", i/n+1, i%n+1) }

// clashPair finds an empty cell e and a given g in one of its units: typing
// g's value into e breaks a rule.
func clashPair(puzzle string, br, bc int) (e, g int) {
	n := br * bc
	for e = 0; e < n*n; e++ {
		if puzzle[e] != '.' {
			continue
		}
		r, c := e/n, e%n
		for g = 0; g < n*n; g++ {
			gr, gc := g/n, g%n
			same := gr == r || gc == c || (gr/br == r/br && gc/bc == c/bc)
			if g != e && same && puzzle[g] != '.' {
				return e, g
			}
		}
	}
	panic("no empty cell with a given peer in " + puzzle)
}

// wrongValue finds an empty cell and a value for it that breaks no rule
// but is not the solution's.
func wrongValue(board, sol string, br, bc int) (int, byte) {
	n := br * bc
	for i := 0; i < n*n; i++ {
		if board[i] != '.' {
			continue
		}
	values:
		for v := 1; v <= n; v++ {
			sym := "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v]
			if sym == sol[i] {
				continue
			}
			for j := 0; j < n*n; j++ {
				same := j/n == i/n || j%n == i%n || (j/n/br == i/n/br && j%n/bc == i%n/bc)
				if same && board[j] == sym {
					continue values
				}
			}
			return i, sym
		}
	}
	panic("no empty cell takes a wrong value without a clash in " + board)
}

// unitCells lists, in order, the cells of the units of a /hint answer
// ({kind, index} objects) on a board with br×bc boxes.
func unitCells(units any, br, bc int) []int {
	n := br * bc
	in := map[int]bool{}
	list, _ := units.([]any)
	for _, u := range list {
		m, _ := u.(map[string]any)
		k, _ := m["index"].(float64)
		for i := range n * n {
			r, c := i/n, i%n
			switch idx := int(k); m["kind"] {
			case "row":
				in[i] = in[i] || r == idx
			case "column":
				in[i] = in[i] || c == idx
			case "box":
				in[i] = in[i] || r/br*(n/bc)+c/bc == idx
			}
		}
	}
	var out []int
	for i := range n * n {
		if in[i] {
			out = append(out, i)
		}
	}
	return out
}

// emptyPeers finds two empty cells in one row.
func emptyPeers(puzzle string, br, bc int) (a, b int) {
	n := br * bc
	for a = 0; a < n*n; a++ {
		for b = a + 1; b < (a/n+1)*n; b++ {
			if puzzle[a] == '.' && puzzle[b] == '.' {
				return a, b
			}
		}
	}
	panic("no row with two empty cells in " + puzzle)
}

// notesOf reads the pencil marks from a cell's aria-label ("…, notes 2 7"),
// as one string of symbols.
func notesOf(label string) string {
	_, marks, ok := strings.Cut(label, "notes ")
	if !ok {
		return ""
	}
	marks, _, _ = strings.Cut(marks, ",")
	return strings.ReplaceAll(marks, " ", "")
}

// candidatesOf lists, in order, the symbols no peer of cell i holds.
func candidatesOf(board string, i, br, bc int) string {
	n := br * bc
	var out strings.Builder
	for v := 1; v <= n; v++ {
		sym := "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v]
		free := true
		for j := 0; j < n*n; j++ {
			same := j/n == i/n || j%n == i%n || (j/n/br == i/n/br && j%n/bc == i%n/bc)
			if same && j != i && board[j] == sym {
				free = false
			}
		}
		if free {
			out.WriteByte(sym)
		}
	}
	return out.String()
}

func sortBytes(b []byte) []byte { slices.Sort(b); return b }

// keyboardFill is the keys that fill every empty cell of board with the
// solution's value, moving with the arrow keys from the top left corner.
func keyboardFill(board, sol string, n int) string {
	var k strings.Builder
	k.WriteString(strings.Repeat(kb.ArrowUp, n) + strings.Repeat(kb.ArrowLeft, n))
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if board[r*n+c] == '.' {
				k.WriteByte(sol[r*n+c])
			}
			if c < n-1 {
				k.WriteString(kb.ArrowRight)
			}
		}
		if r < n-1 {
			k.WriteString(kb.ArrowDown + strings.Repeat(kb.ArrowLeft, n-1))
		}
	}
	return k.String()
}

// patternPuzzle makes a solvable puzzle with br×bc boxes: a full grid from
// the standard pattern with a share of its cells emptied, seeded.
func patternPuzzle(br, bc int, empty float64, seed uint64) string {
	n := br * bc
	rng := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v := (bc*(r%br)+r/br+c)%n + 1
			b[r*n+c] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v]
			if rng.Float64() < empty {
				b[r*n+c] = '.'
			}
		}
	}
	return string(b)
}
