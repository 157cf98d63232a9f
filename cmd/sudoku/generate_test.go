package main

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/fpuzzles"
)

// checkGenerated checks generate's output lines: each a puzzle (and with
// solution its solution) on r×c boxes with exactly one solution, rated at
// the level, and puzzle i the engine's puzzle for seed+i.
func checkGenerated(t *testing.T, out string, n, r, c int, level engine.Level, sym engine.Symmetry, seed int64, withSolution bool) {
	t.Helper()
	lines := outLines(t, out)
	if len(lines) != n {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), n, out)
	}
	shape, err := engine.NewShape(r*c, r, c)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range lines {
		puzzle, solution, hasSol := strings.Cut(line, " ")
		if hasSol != withSolution {
			t.Fatalf("line %d %q: solution present %v, want %v", i, line, hasSol, withSolution)
		}
		b, err := engine.ParseBoard(puzzle, shape)
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if k, _, err := engine.CountSolutions(context.Background(), b, 2, engine.Limits{}); err != nil || k != 1 {
			t.Fatalf("line %d: %d solutions (%v), want 1", i, k, err)
		}
		if withSolution {
			checkSolved(t, puzzle, solution, r, c)
		}
		rt, err := engine.Grade(context.Background(), b, engine.Limits{})
		if err != nil || rt.Level != level {
			t.Fatalf("line %d grades %v (%v), want %v", i, rt.Level, err, level)
		}
		p, err := engine.Generate(context.Background(), engine.NewRand(seed+int64(i)), engine.Options{Shape: shape, Level: level, Symmetry: sym})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := puzzle, p.Puzzle.String(); got != want {
			t.Fatalf("line %d is %s, the engine's puzzle for seed %d is %s", i, got, seed+int64(i), want)
		}
	}
}

func TestGenerateCommand(t *testing.T) {
	tests := []struct {
		args     []string
		n, r, c  int
		level    engine.Level
		sym      engine.Symmetry
		seed     int64
		solution bool
	}{
		{[]string{"generate", "-n", "5", "-difficulty", "easy", "-seed", "7", "--with-solution"}, 5, 3, 3, engine.Easy, engine.SymmetryNone, 7, true},
		{[]string{"generate", "-n", "3", "-seed", "-2"}, 3, 3, 3, engine.Medium, engine.SymmetryNone, -2, false},
		{[]string{"generate", "--n=4", "--difficulty=hard", "--seed=100", "--symmetry=rotational", "--with-solution"}, 4, 3, 3, engine.Hard, engine.SymmetryRotational, 100, true},
		{[]string{"generate", "-n", "2", "-box", "3x2", "-difficulty", "medium", "-seed", "5"}, 2, 3, 2, engine.Medium, engine.SymmetryNone, 5, false},
		{[]string{"generate", "-n", "2", "-size", "12", "-box", "4x3", "-difficulty", "expert", "-seed", "1", "--with-solution"}, 2, 4, 3, engine.Expert, engine.SymmetryNone, 1, true},
		{[]string{"generate", "-n", "2", "-size", "16", "-difficulty", "hard", "-seed", "3"}, 2, 4, 4, engine.Hard, engine.SymmetryNone, 3, false},
		{[]string{"generate", "-n", "1", "-size", "4", "-difficulty", "easy", "-seed", "9"}, 1, 2, 2, engine.Easy, engine.SymmetryNone, 9, false},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args[1:], " "), func(t *testing.T) {
			var outs []string
			for _, j := range []string{"1", "3"} {
				out, errOut, code := runCmd(t, "", append(tc.args, "-j", j)...)
				if code != exitOK {
					t.Fatalf("-j %s: exit %d, stderr %s", j, code, errOut)
				}
				if !strings.Contains(errOut, fmt.Sprintf("sudoku generate: %d puzzles, %d %s, 0 errors", tc.n, tc.n, tc.level)) {
					t.Errorf("-j %s: summary %q", j, errOut)
				}
				outs = append(outs, out)
			}
			if outs[0] != outs[1] {
				t.Fatalf("-j 1 and -j 3 differ:\n%s\n%s", outs[0], outs[1])
			}
			checkGenerated(t, outs[0], tc.n, tc.r, tc.c, tc.level, tc.sym, tc.seed, tc.solution)
		})
	}
}

func TestGenerateRandomSeed(t *testing.T) {
	out, errOut, code := runCmd(t, "", "generate", "-n", "2", "-difficulty", "easy")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	m := regexp.MustCompile(`sudoku generate: -seed (-?\d+)\n`).FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("no seed reported: %q", errOut)
	}
	seed, _ := strconv.ParseInt(m[1], 10, 64)
	again, _, _ := runCmd(t, "", "generate", "-n", "2", "-difficulty", "easy", "-seed", m[1])
	if again != out {
		t.Fatalf("the reported seed %d does not reproduce the run:\n%s\n%s", seed, out, again)
	}
	checkGenerated(t, out, 2, 3, 3, engine.Easy, engine.SymmetryNone, seed, false)
}

func TestGenerateUnavailable(t *testing.T) {
	for _, args := range [][]string{
		{"generate", "-size", "4", "-difficulty", "expert"},
		{"generate", "-box", "2x2", "-difficulty", "medium", "-seed", "1"},
	} {
		out, _, code := runCmd(t, "", args...)
		if code != exitFailure {
			t.Errorf("%v: exit %d, want %d", args, code, exitFailure)
		}
		if !strings.HasPrefix(out, "error difficulty_unavailable: easy (") || strings.Count(out, "\n") != 1 {
			t.Errorf("%v: output %q, want one line naming the levels 4x4 offers (easy)", args, out)
		}
	}
}

func TestGenerateBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"generate", "-difficulty", "fiendish"},
		{"generate", "-symmetry", "mirror"},
		{"generate", "-n", "-1"},
		{"generate", "-j", "0"},
		{"generate", "-size", "7"},
		{"generate", "-size", "0"}, // printed "error difficulty_unavailable:  (0x0 with 0x0 boxes …)", exit 1
		{"generate", "-size", "9", "-box", "4x4"},
		{"generate", "-seed", "x"},
		{"generate", "-max-attempts", "-3"},
		{"generate", "puzzles.txt"},
	} {
		out, errOut, code := runCmd(t, "", args...)
		if code != exitUsage || out != "" || errOut == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, a message on stderr only", args, code, out, errOut, exitUsage)
		}
	}
	if _, errOut, code := runCmd(t, "", "generate", "-h"); code != exitOK || !strings.Contains(errOut, "seed S+i") {
		t.Errorf("-h: exit %d, usage %q", code, errOut)
	}
}

// TestGenerateBudget: one attempt is not always enough for an expert
// puzzle; the failed puzzle gets an error line in its place.
func TestGenerateBudget(t *testing.T) {
	out, errOut, code := runCmd(t, "", "generate", "-n", "40", "-difficulty", "expert", "-seed", "0", "--max-attempts", "1", "-j", "2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := outLines(t, out)
	if len(lines) != 40 {
		t.Fatalf("%d lines, want 40", len(lines))
	}
	failed := 0
	for _, line := range lines {
		if strings.HasPrefix(line, "error difficulty_unavailable: ") {
			failed++
		} else if len(line) != 81 {
			t.Fatalf("line %q is neither a puzzle nor an error", line)
		}
	}
	if failed == 0 || failed == 40 {
		t.Fatalf("%d of 40 puzzles failed with one attempt; want some, not all", failed)
	}
	if !strings.Contains(errOut, fmt.Sprintf("%d errors (%d difficulty_unavailable)", failed, failed)) {
		t.Errorf("summary %q does not count %d failures", errOut, failed)
	}
}

func TestGenerateInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb strings.Builder
	if code := run(ctx, []string{"generate", "-n", "1000", "-seed", "1"}, strings.NewReader(""), &out, &errb); code != exitFailure {
		t.Fatalf("exit %d, want %d; stderr %s", code, exitFailure, errb.String())
	}
	if !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("stderr %q does not say interrupted", errb.String())
	}
}

// TestGenerateVariant: a variant puzzle line is f-puzzles text that
// decodes to the engine's puzzle for its seed, rules and all, with one
// solution; rate reads the line back at the level asked for.
func TestGenerateVariant(t *testing.T) {
	out, errOut, code := runCmd(t, "", "generate", "-n", "2", "-seed", "9", "-variant", "killer,x", "-difficulty", "easy", "-with-solution")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	nine, _ := engine.DefaultShape(9)
	for i, line := range outLines(t, out) {
		text, solution, _ := strings.Cut(line, " ")
		b, err := fpuzzles.Decode(text)
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		p, err := engine.Generate(context.Background(), engine.NewRand(9+int64(i)), engine.Options{Shape: nine, Level: engine.Easy, Variant: engine.VariantKiller | engine.VariantX})
		if err != nil {
			t.Fatal(err)
		}
		if b.String() != p.Puzzle.String() || !reflect.DeepEqual(b.Rules(), p.Puzzle.Rules()) || solution != p.Solution.String() {
			t.Fatalf("line %d is not the engine's puzzle for seed %d", i, 9+i)
		}
		if k, _, err := engine.CountSolutions(context.Background(), b, 2, engine.Limits{}); err != nil || k != 1 {
			t.Fatalf("line %d: %d solutions (%v), want 1", i, k, err)
		}
	}
	rated, errOut, code := runCmd(t, out, "rate")
	if code != exitOK || len(outLines(t, rated)) != 2 || strings.Count(rated, "\neasy ") != 1 || !strings.HasPrefix(rated, "easy ") {
		t.Fatalf("rate: exit %d, %q %s", code, rated, errOut)
	}
	for _, args := range [][]string{
		{"generate", "-variant", "sandwich"},
		{"generate", "-size", "6", "-variant", "windoku"},
	} {
		if out, errOut, code := runCmd(t, "", args...); code != exitUsage || out != "" || !strings.Contains(errOut, "-variant") {
			t.Errorf("%v: exit %d, %q %q; want a usage error", args, code, out, errOut)
		}
	}
	if out, _, code := runCmd(t, "", "generate", "-size", "16", "-variant", "killer", "-difficulty", "hard"); code != exitFailure || !strings.HasPrefix(out, "error difficulty_unavailable: easy (") {
		t.Errorf("16x16 killer hard: exit %d, %q", code, out)
	}
}
