package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/internal/dataset"
)

const (
	easy9   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	hard9   = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
	empty9  = "................................................................................."
	unsolv4 = "12........3...4." // r1c3 can be neither 3 nor 4; no givens clash
)

// want describes the expected answer line of one puzzle: a solution on r×c
// boxes, or an error with code.
type want struct {
	r, c int
	code string
}

func solved(r, c int) want    { return want{r: r, c: c} }
func failed(code string) want { return want{code: code} }

var errorLineRE = regexp.MustCompile(`^error (conflict|unsolvable|search_limit|invalid_board): \S.*$`)

// checkAnswers checks each answer line against its puzzle.
func checkAnswers(tb testing.TB, puzzles []string, wants []want, out string) {
	tb.Helper()
	lines := outLines(tb, out)
	if got, w := len(lines), len(puzzles); got != w {
		tb.Fatalf("%d output lines for %d puzzles:\n%s", got, w, out)
	}
	for i, line := range lines {
		w := wants[i]
		if w.code != "" {
			if !errorLineRE.MatchString(line) || !strings.HasPrefix(line, "error "+w.code+": ") {
				tb.Errorf("line %d (%q): got %q, want error %s", i+1, puzzles[i], line, w.code)
			}
			continue
		}
		checkSolved(tb, puzzles[i], line, w.r, w.c)
	}
}

func TestSolveLines(t *testing.T) {
	g6 := patternGrid(3, 2)
	g16 := patternGrid(4, 4)
	g25 := patternGrid(5, 5)
	tests := []struct {
		name    string
		args    []string
		puzzles []string
		wants   []want
	}{
		{"9x9", nil, []string{easy9, hard9, empty9}, []want{solved(3, 3), solved(3, 3), solved(3, 3)}},
		{"separators and lower case", nil,
			[]string{"53..7.... | 6..195... |.98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
				strings.ToLower(gridString(holes(g16, 3, 1)))},
			[]want{solved(3, 3), solved(4, 4)}},
		{"errors", nil,
			[]string{
				"11" + empty9[2:],       // two 1s in row 1
				unsolv4,                 // no solution
				"53..7...x" + easy9[9:], // a symbol that is no value
				easy9[1:],               // 80 cells: no board
				"5" + easy9,             // 82 cells
				"A" + empty9[1:],        // a value too big for 9x9
			},
			[]want{failed("conflict"), failed("unsolvable"), failed("invalid_board"),
				failed("invalid_board"), failed("invalid_board"), failed("invalid_board")}},
		{"size fixed", []string{"--size", "9"},
			[]string{easy9, gridString(holes(patternGrid(2, 2), 2, 0))},
			[]want{solved(3, 3), failed("invalid_board")}},
		{"box 3x2", []string{"--box", "3x2"},
			[]string{gridString(holes(g6, 3, 0)), gridString(g6), easy9},
			[]want{solved(3, 2), solved(3, 2), failed("invalid_board")}},
		{"default 2x3 rejects a 3x2 grid", nil, []string{gridString(g6)}, []want{failed("conflict")}},
		{"16x16 and 25x25", nil,
			[]string{gridString(holes(g16, 2, 0)), gridString(holes(g25, 3, 2))},
			[]want{solved(4, 4), solved(5, 5)}},
		{"search limit", []string{"--max-nodes", "1"}, []string{hard9}, []want{failed("search_limit")}},
	}
	for _, tc := range tests {
		for _, j := range []string{"1", "3"} {
			t.Run(tc.name+"/j"+j, func(t *testing.T) {
				args := append([]string{"solve", "-j", j}, tc.args...)
				out, errOut, code := runCmd(t, strings.Join(tc.puzzles, "\n")+"\n", args...)
				if code != exitOK {
					t.Fatalf("exit %d, stderr:\n%s", code, errOut)
				}
				checkAnswers(t, tc.puzzles, tc.wants, out)
				if !strings.Contains(errOut, fmt.Sprintf("sudoku solve: %d puzzles,", len(tc.puzzles))) {
					t.Errorf("summary missing or wrong:\n%s", errOut)
				}
			})
		}
	}
}

func TestSolveSkipsBlankAndComments(t *testing.T) {
	in := "# a comment\n\n   \n" + easy9 + "\r\n  # indented comment\n\t" + unsolv4 + "  \n\n#" + easy9 + "\n" + hard9
	out, errOut, code := runCmd(t, in, "solve")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkAnswers(t, []string{easy9, unsolv4, hard9}, []want{solved(3, 3), failed("unsolvable"), solved(3, 3)}, out)
	for _, s := range []string{"3 puzzles", "2 solved", "2 unique", "1 errors (1 unsolvable)"} {
		if !strings.Contains(errOut, s) {
			t.Errorf("summary lacks %q:\n%s", s, errOut)
		}
	}
}

func TestSolveMultipleSolutions(t *testing.T) {
	out, errOut, code := runCmd(t, empty9+"\n"+easy9+"\n", "solve")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := outLines(t, out)
	// The lexicographically smallest 9x9 grid starts with 123456789.
	if !strings.HasPrefix(lines[0], "123456789456789123789123456") {
		t.Errorf("empty board: got %s, want the smallest grid", lines[0])
	}
	if !strings.Contains(errOut, "2 solved, 1 unique") {
		t.Errorf("summary: %s", errOut)
	}
}

// TestSolveOrder solves a long mixed input on 4 workers and checks that
// every answer sits on its puzzle's line.
func TestSolveOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var puzzles []string
	var wants []want
	shapes := [][2]int{{2, 2}, {3, 3}, {2, 4}, {4, 4}, {3, 4}}
	for i := 0; i < 600; i++ {
		switch k := rng.IntN(20); {
		case k == 0:
			puzzles, wants = append(puzzles, unsolv4), append(wants, failed("unsolvable"))
		case k == 1:
			puzzles, wants = append(puzzles, "22"+empty9[2:]), append(wants, failed("conflict"))
		case k == 2:
			puzzles, wants = append(puzzles, "x"), append(wants, failed("invalid_board"))
		case k < 6:
			puzzles, wants = append(puzzles, hard9), append(wants, solved(3, 3))
		default:
			s := shapes[rng.IntN(len(shapes))]
			g := patternGrid(s[0], s[1])
			puzzles = append(puzzles, gridString(holes(g, 2+rng.IntN(3), rng.IntN(5))))
			wants = append(wants, solved(s[0], s[1]))
		}
	}
	in := strings.Join(puzzles, "\n")
	for _, flag := range []string{"-j", "--j"} {
		out, errOut, code := runCmd(t, in, "solve", flag, "4")
		if code != exitOK {
			t.Fatalf("%s 4: exit %d: %s", flag, code, errOut)
		}
		checkAnswers(t, puzzles, wants, out)
		out1, _, _ := runCmd(t, in, "solve", flag+"=1")
		if out1 != out {
			t.Errorf("%s 1 and %s 4 disagree", flag, flag)
		}
	}
}

func TestSolveFiles(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	b := filepath.Join(dir, "b.txt")
	// a lacks a final newline: its last line must not run into b's first.
	if err := os.WriteFile(a, []byte("# file a\n"+easy9+"\n"+hard9), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte(unsolv4+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, empty9+"\n", "solve", "--j", "2", a, "-", b)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkAnswers(t, []string{easy9, hard9, empty9, unsolv4},
		[]want{solved(3, 3), solved(3, 3), solved(3, 3), failed("unsolvable")}, out)
}

// A file saved with a UTF-8 byte order mark (as some Windows editors do)
// solves its first puzzle like the rest.
func TestSolveByteOrderMark(t *testing.T) {
	name := filepath.Join(t.TempDir(), "bom.txt")
	if err := os.WriteFile(name, []byte("\ufeff"+easy9+"\r\n"+hard9+"\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, "", "solve", name)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkAnswers(t, []string{easy9, hard9}, []want{solved(3, 3), solved(3, 3)}, out)
}

// failingReader yields data, then err.
type failingReader struct {
	data string
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestSolveExitCodes(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"failing puzzles still exit 0", []string{"solve"}, exitOK},
		{"missing file", []string{"solve", missing}, exitFailure},
		{"directory", []string{"solve", t.TempDir()}, exitFailure},
		{"unknown flag", []string{"solve", "--bogus"}, exitUsage},
		{"bad -j value", []string{"solve", "-j", "many"}, exitUsage},
		{"zero jobs", []string{"solve", "--j=0"}, exitUsage},
		{"bad box", []string{"solve", "--box", "3by3"}, exitUsage},
		{"unsupported box", []string{"solve", "--box", "1x9"}, exitUsage},
		{"box and size disagree", []string{"solve", "--box", "3x3", "--size", "16"}, exitUsage},
		{"unsupported size", []string{"solve", "--size", "11"}, exitUsage},
		{"zero max nodes", []string{"solve", "--max-nodes", "0"}, exitUsage},
		{"help", []string{"solve", "-h"}, exitOK},
		{"help command", []string{"help", "solve"}, exitOK},
		{"no command", nil, exitUsage},
		{"unknown command", []string{"frobnicate"}, exitUsage},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, "11"+empty9[2:]+"\n"+unsolv4+"\n", tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tc.code, errOut)
			}
			if tc.code == exitOK && tc.name == "failing puzzles still exit 0" {
				checkAnswers(t, []string{"", ""}, []want{failed("conflict"), failed("unsolvable")}, out)
			}
			if tc.code != exitOK && out != "" {
				t.Errorf("stdout on failure: %q", out)
			}
			if tc.code != exitOK && errOut == "" {
				t.Error("no message on stderr")
			}
		})
	}
}

func TestSolveReadError(t *testing.T) {
	for _, j := range []string{"1", "2"} {
		r := &failingReader{data: easy9 + "\n" + hard9 + "\n", err: errors.New("disk on fire")}
		out, errOut, code := runReader(t, r, "solve", "-j", j)
		if code != exitFailure {
			t.Fatalf("-j %s: exit %d, want %d", j, code, exitFailure)
		}
		if !strings.Contains(errOut, "disk on fire") {
			t.Errorf("-j %s: stderr lacks the read error:\n%s", j, errOut)
		}
		// Lines read before the error are answered.
		checkAnswers(t, []string{easy9, hard9}, []want{solved(3, 3), solved(3, 3)}, out)
	}
}

type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n <= 0 {
		return 0, errors.New("pipe closed")
	}
	w.n--
	return len(p), nil
}

func TestSolveWriteError(t *testing.T) {
	in := strings.Repeat(easy9+"\n", 5000) // more than one buffer of output
	for _, j := range []int{1, 2} {
		var errb strings.Builder
		code := run(t.Context(), []string{"solve", "-j", fmt.Sprint(j)}, strings.NewReader(in), &failingWriter{n: 1}, &errb)
		if code != exitFailure || !strings.Contains(errb.String(), "pipe closed") {
			t.Errorf("-j %d: exit %d, stderr %q", j, code, errb.String())
		}
	}
}

func TestSolveInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	// With -j 2 the reader and the writer both see the cancellation, in
	// either order (once the writer saw the input end first and reported
	// success): many runs give both orders a chance.
	for _, j := range []string{"1", "2"} {
		for range 2000 {
			var out, errb strings.Builder
			code := run(ctx, []string{"solve", "-j", j}, strings.NewReader(hard9+"\n"), &out, &errb)
			if code != exitFailure || !strings.Contains(errb.String(), "interrupted") {
				t.Fatalf("-j %s: exit %d, stderr %q", j, code, errb.String())
			}
			if out.Len() != 0 {
				t.Fatalf("-j %s: output after interruption: %q", j, out.String())
			}
		}
	}
}

// TestSolveTimeout gives a minimal 25x25 puzzle, whose proof takes far
// more than the engine's context-polling interval of nodes, no time at all.
func TestSolveTimeout(t *testing.T) {
	ps := dataset.Load(t, "25x25/gecode_25x25.txt", 1)
	for _, j := range []string{"1", "2"} {
		out, errOut, code := runCmd(t, ps[0]+"\n", "solve", "-j", j, "--timeout", "1ns")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		checkAnswers(t, ps, []want{failed("search_limit")}, out)
		if !strings.Contains(out, "timeout 1ns") {
			t.Errorf("detail does not name the timeout: %s", out)
		}
	}
}

// TestSolveDataSets runs whole files through the command in parallel and
// checks every answer cell by cell.
func TestSolveDataSets(t *testing.T) {
	sets := []struct {
		file string
		r, c int
		max  int
	}{
		{"9x9/magictour_top1465.txt", 3, 3, 0},
		{"9x9/forum_hardest_1106.txt", 3, 3, 0},
		{"16x16/gecode_16x16.txt", 4, 4, 0},
		{"16x16/goomii17_puzzles.txt", 4, 4, 300},
	}
	for _, s := range sets {
		t.Run(s.file, func(t *testing.T) {
			ps := dataset.Load(t, s.file, s.max)
			if testing.Short() && len(ps) > 100 {
				ps = ps[:100]
			}
			out, errOut, code := runCmd(t, strings.Join(ps, "\n"), "solve", "-j", "2")
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			wants := make([]want, len(ps))
			for i := range wants {
				wants[i] = solved(s.r, s.c)
			}
			checkAnswers(t, ps, wants, out)
			if !strings.Contains(errOut, fmt.Sprintf("%d puzzles, %d solved, %d unique, 0 errors", len(ps), len(ps), len(ps))) {
				t.Errorf("summary: %s", errOut)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--h"}, {"-help"}, {"--help"}} {
		out, _, code := runCmd(t, "", args...)
		if code != exitOK || !strings.Contains(out, "solve ") {
			t.Errorf("%v: exit %d, usage %q", args, code, out)
		}
	}
	_, errOut, code := runCmd(t, "", "solve", "--help")
	if code != exitOK || !strings.Contains(errOut, "-max-nodes N") || !strings.Contains(errOut, "-j N") {
		t.Errorf("solve --help: exit %d, usage %q", code, errOut)
	}
}

// TestHugeShapeFlags: a size or box far past the largest board is a usage
// error at once; the engine's error message counted its way through every
// divisor of the size, and --size 9223372036854775807 or --box
// 3000000000x3000000000 never finished.
func TestHugeShapeFlags(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--size", "9223372036854775807"},
		{"solve", "--box", "3000000000x3000000000"},
		{"solve", "--box", "2x4611686018427387903"},
		{"rate", "--size", "9223372036854775807"},
		{"generate", "--size", "9223372036854775807"},
		{"generate", "--box", "3000000000x3000000000"},
	} {
		out, errOut, code := runCmd(t, "", args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "not supported") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and a message", args, code, out, errOut, exitUsage)
		}
	}
}

// TestSolveInterruptedWhileReading: a signal that comes while the input
// has nothing to read (a pipe whose writer is idle, a terminal) ends the
// run at once. With -j 1 the read held the only goroutine, so the run went
// on waiting for the next line and Ctrl-C or SIGTERM did nothing.
func TestSolveInterruptedWhileReading(t *testing.T) {
	for _, j := range []string{"1", "2"} {
		ctx, cancel := context.WithCancel(t.Context())
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		var errb strings.Builder
		done := make(chan int, 1)
		reads := make(chan struct{}, 2)
		in := &notifyReader{r: inR, reads: reads}
		go func() { done <- run(ctx, []string{"solve", "-j", j}, in, outW, &errb) }()
		if _, err := io.WriteString(inW, easy9+"\n"); err != nil {
			t.Fatal(err)
		}
		answer, err := bufio.NewReader(outR).ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		checkAnswers(t, []string{easy9}, []want{solved(3, 3)}, answer)
		<-reads
		<-reads // the run waits for a second line that does not come
		cancel()
		select {
		case code := <-done:
			if code != exitFailure || !strings.Contains(errb.String(), "interrupted") {
				t.Errorf("-j %s: exit %d, stderr %q; want %d, interrupted", j, code, errb.String(), exitFailure)
			}
		case <-time.After(time.Minute):
			t.Errorf("-j %s: the run did not end after the interruption", j)
		}
		inW.Close()
		outR.Close()
	}
}

// notifyReader reports each call of Read on reads (dropping reports the
// channel has no room for) before it reads.
type notifyReader struct {
	r     io.Reader
	reads chan<- struct{}
}

func (n *notifyReader) Read(p []byte) (int, error) {
	select {
	case n.reads <- struct{}{}:
	default:
	}
	return n.r.Read(p)
}

// FuzzSolveLines feeds any text to sudoku solve: exactly one output line
// per puzzle line, each an error line with an API code or a valid
// solution of its puzzle.
func FuzzSolveLines(f *testing.F) {
	f.Add(easy9 + "\n" + unsolv4 + "\n#c\n\n11" + empty9[2:] + "\nx")
	f.Add("1234341221434321\n..\n" + strings.ToLower(gridString(holes(patternGrid(4, 4), 2, 1))))
	f.Add("12.3|4.-.+.\n" + gridString(holes(patternGrid(2, 3), 2, 0)))
	f.Fuzz(func(t *testing.T, in string) {
		puzzles := refLines(in)
		out, errOut, code := runCmd(t, in, "solve", "-j", "2", "--max-nodes", "2000")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		lines := outLines(t, out)
		if len(lines) != len(puzzles) {
			t.Fatalf("%d lines out for %d puzzles", len(lines), len(puzzles))
		}
		for i, line := range lines {
			if strings.HasPrefix(line, "error ") {
				if !errorLineRE.MatchString(line) {
					t.Fatalf("malformed error line %q", line)
				}
				continue
			}
			cells, err := cellsOf(puzzles[i])
			if err != nil {
				t.Fatalf("puzzle %q solved as %q but has a bad symbol: %v", puzzles[i], line, err)
			}
			n := 1
			for n*n < len(cells) {
				n++
			}
			s, err := engine.DefaultShape(n)
			if err != nil || n*n != len(cells) {
				t.Fatalf("puzzle %q of %d cells solved as %q", puzzles[i], len(cells), line)
			}
			if err := solvedErr(puzzles[i], line, s.BoxRows, s.BoxCols); err != nil {
				t.Fatalf("puzzle %q: answer %q: %v", puzzles[i], line, err)
			}
		}
	})
}
