package main

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

var (
	stepLineRE = regexp.MustCompile(`^(\d+) ([a-z_0-9]+) (.+?): (.+)$`)
	placeRE    = regexp.MustCompile(`^r(\d+)c(\d+)=([1-9A-Z])$`)
	elimRE     = regexp.MustCompile(`^r(\d+)c(\d+)-([1-9A-Z]+)$`)
)

// checkPath replays the path that sudoku hint printed for puzzle against
// its unique solution: steps numbered from 1, a placement equals the
// solution, an elimination removes candidates the cell still had and
// never the solution's value, and the path fills the grid.
func checkPath(t *testing.T, puzzle string, lines []string) {
	t.Helper()
	b, err := engine.ParseBoard(puzzle, engine.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Solve(context.Background(), b, engine.Limits{})
	if err != nil || !res.Unique {
		t.Fatalf("%s: %v", puzzle, err)
	}
	sol, n := res.Solution, b.Size()
	removed := map[[2]int]bool{} // cell, value
	for i, line := range lines {
		m := stepLineRE.FindStringSubmatch(line)
		if m == nil || m[1] != strconv.Itoa(i+1) {
			t.Fatalf("%s: line %d %q is not \"<n> <technique> <what>: <explanation>\"", puzzle, i+1, line)
		}
		if p := placeRE.FindStringSubmatch(m[3]); p != nil {
			r, _ := strconv.Atoi(p[1])
			c, _ := strconv.Atoi(p[2])
			v := symbolOf(p[3][0])
			if b.Get(r-1, c-1) != 0 || sol.Get(r-1, c-1) != v || removed[[2]int{(r-1)*n + c - 1, v}] {
				t.Fatalf("%s: step %q places a wrong value", puzzle, line)
			}
			b.Set(r-1, c-1, v)
			continue
		}
		for _, e := range strings.Fields(m[3]) {
			p := elimRE.FindStringSubmatch(e)
			if p == nil {
				t.Fatalf("%s: step %q: %q is neither a placement nor an elimination", puzzle, line, e)
			}
			r, _ := strconv.Atoi(p[1])
			c, _ := strconv.Atoi(p[2])
			for _, ch := range []byte(p[3]) {
				v, cell := symbolOf(ch), (r-1)*n+c-1
				if b.Get(r-1, c-1) != 0 || sol.Get(r-1, c-1) == v || removed[[2]int{cell, v}] {
					t.Fatalf("%s: step %q removes %c from r%dc%d", puzzle, line, ch, r, c)
				}
				removed[[2]int{cell, v}] = true
			}
		}
	}
	if b != sol {
		t.Fatalf("%s: the path ends at %s", puzzle, b)
	}
}

// TestHintCommand prints the paths of puzzles of several shapes and
// levels and replays each against the solution.
func TestHintCommand(t *testing.T) {
	var puzzles []string
	for _, o := range []struct {
		size  int
		box   string
		level engine.Level
	}{{4, "", engine.Easy}, {6, "", engine.Hard}, {8, "", engine.Medium}, {9, "", engine.Easy}, {9, "", engine.Hard}, {9, "", engine.Expert}, {12, "", engine.Medium}, {16, "", engine.Medium}} {
		s, _ := engine.ParseShape(o.size, o.box)
		p, err := engine.Generate(context.Background(), engine.NewRand(2), engine.Options{Shape: s, Level: o.level})
		if err != nil {
			t.Fatal(err)
		}
		puzzles = append(puzzles, p.Puzzle.String())
	}
	puzzles = append(puzzles, hard9)
	in := "# a comment\n" + strings.Join(puzzles, "\n") + "\n" + "123\n"
	var outs []string
	for _, j := range []string{"1", "3"} {
		out, errOut, code := runCmd(t, in, "hint", "-j", j)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if !strings.Contains(errOut, "sudoku hint: 10 puzzles, ") || !strings.Contains(errOut, "1 errors (1 invalid_board)") {
			t.Errorf("summary %q", errOut)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Fatal("-j 1 and -j 3 differ")
	}
	blocks := strings.Split(strings.TrimSuffix(outs[0], "\n\n"), "\n\n")
	if len(blocks) != len(puzzles)+1 {
		t.Fatalf("%d paths for %d puzzles", len(blocks), len(puzzles)+1)
	}
	for i, p := range puzzles {
		checkPath(t, p, strings.Split(blocks[i], "\n"))
	}
	if last := blocks[len(puzzles)]; !strings.HasPrefix(last, "error invalid_board: ") || strings.Contains(last, "\n") {
		t.Errorf("invalid line: %q", last)
	}
}
