package main

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

var rateLineRE = regexp.MustCompile(`^(easy|medium|hard|expert|master|extreme) (\d+(?:\.\d+)?) (\d+\.\d) ([a-z_0-9]+|-)((?: [a-z_0-9]+=\d+)+)$`)

// checkRated checks a rate line against a fresh engine.Grade of puzzle:
// the level word, the score, the SE estimate, the hardest technique, and
// every technique with its count, sorted by name.
func checkRated(t *testing.T, puzzle, line string) engine.Level {
	t.Helper()
	m := rateLineRE.FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("puzzle %s: line %q is not \"<level> <score> <se> <hardest> <technique>=<n> ...\"", puzzle, line)
	}
	b, err := engine.ParseBoard(puzzle, engine.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.Grade(context.Background(), b, engine.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if m[1] != r.Level.String() {
		t.Errorf("puzzle %s: level %s, Grade says %v", puzzle, m[1], r.Level)
	}
	if score, _ := strconv.ParseFloat(m[2], 64); score != r.Score {
		t.Errorf("puzzle %s: score %s, Grade says %v", puzzle, m[2], r.Score)
	}
	if se, _ := strconv.ParseFloat(m[3], 64); se != r.SE {
		t.Errorf("puzzle %s: se %s, Grade says %v", puzzle, m[3], r.SE)
	}
	if m[4] != r.Hardest || r.Techniques[m[4]] == 0 {
		t.Errorf("puzzle %s: hardest %s, Grade says %q", puzzle, m[4], r.Hardest)
	}
	fields := strings.Fields(m[5])
	if len(fields) != len(r.Techniques) {
		t.Errorf("puzzle %s: %d techniques listed, Grade used %d", puzzle, len(fields), len(r.Techniques))
	}
	for i, f := range fields {
		name, count, _ := strings.Cut(f, "=")
		if i > 0 && fields[i-1] >= f {
			t.Errorf("puzzle %s: techniques not sorted by name: %q", puzzle, m[5])
		}
		if n, _ := strconv.Atoi(count); n != r.Techniques[name] || n == 0 {
			t.Errorf("puzzle %s: %s=%s, Grade says %d", puzzle, name, count, r.Techniques[name])
		}
	}
	return r.Level
}

func TestRateCommand(t *testing.T) {
	// Puzzles of every level, from the generator, plus known ones.
	var puzzles []string
	var levels []engine.Level
	nine, _ := engine.DefaultShape(9)
	for _, l := range engine.LevelsOf(nine) {
		for seed := int64(0); seed < 3; seed++ {
			p, err := engine.Generate(context.Background(), engine.NewRand(seed), engine.Options{Level: l})
			if err != nil {
				t.Fatal(err)
			}
			puzzles = append(puzzles, p.Puzzle.String())
			levels = append(levels, l)
		}
	}
	s, _ := engine.ParseShape(12, "") // rate reads a line with its size's default box
	p, err := engine.Generate(context.Background(), engine.NewRand(1), engine.Options{Shape: s, Level: engine.Hard})
	if err != nil {
		t.Fatal(err)
	}
	puzzles = append(puzzles, p.Puzzle.String(), easy9, hard9)
	levels = append(levels, engine.Hard, engine.Easy, 0)
	in := "# a comment\n\n" + strings.Join(puzzles, "\n") + "\n"

	var outs []string
	for _, j := range []string{"1", "4"} {
		out, errOut, code := runCmd(t, in, "rate", "-j", j)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if !strings.Contains(errOut, fmt.Sprintf("sudoku rate: %d puzzles, ", len(puzzles))) {
			t.Errorf("summary %q", errOut)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Fatalf("-j 1 and -j 4 differ:\n%s\n%s", outs[0], outs[1])
	}
	lines := outLines(t, outs[0])
	if len(lines) != len(puzzles) {
		t.Fatalf("%d lines for %d puzzles", len(lines), len(puzzles))
	}
	for i, line := range lines {
		got := checkRated(t, puzzles[i], line)
		if levels[i] != 0 && got != levels[i] {
			t.Errorf("puzzle %s rated %v, want %v", puzzles[i], got, levels[i])
		}
	}
}

func TestRateErrors(t *testing.T) {
	in := strings.Join([]string{
		"55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", // conflict
		"123",            // invalid_board
		unsolv4,          // unsolvable
		"12.4....3.....", // invalid_board: 14 cells
		easy9,
	}, "\n")
	out, errOut, code := runCmd(t, in, "rate", "-j", "2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := outLines(t, out)
	wantCodes := []string{"conflict", "invalid_board", "unsolvable", "invalid_board", ""}
	if len(lines) != len(wantCodes) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(wantCodes), out)
	}
	for i, code := range wantCodes {
		if code == "" {
			checkRated(t, easy9, lines[i])
			continue
		}
		if !strings.HasPrefix(lines[i], "error "+code+": ") || !errorLineRE.MatchString(lines[i]) {
			t.Errorf("line %d: %q, want error %s", i+1, lines[i], code)
		}
	}
	if !strings.Contains(errOut, "4 errors (1 conflict, 1 unsolvable, 2 invalid_board)") {
		t.Errorf("summary %q", errOut)
	}
}

func TestRateShapeFlags(t *testing.T) {
	s, _ := engine.ParseShape(6, "3x2")
	p, err := engine.Generate(context.Background(), engine.NewRand(4), engine.Options{Shape: s, Level: engine.Easy})
	if err != nil {
		t.Fatal(err)
	}
	// A 6x6 line is read with the default 2x3 box unless -box says 3x2.
	out, _, _ := runCmd(t, p.Puzzle.String()+"\n", "rate", "-box", "3x2")
	if !strings.HasPrefix(out, "easy ") {
		t.Fatalf("with -box 3x2: %q, want an easy rating", out)
	}
	if _, _, code := runCmd(t, "", "rate", "-box", "3"); code != exitUsage {
		t.Fatalf("-box 3: exit %d, want %d", code, exitUsage)
	}
}
