package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/render"
)

// pdfDates are the booklet's creation and modification dates, the only
// bytes of two booklets of the same puzzles made apart that differ.
var pdfDates = regexp.MustCompile(`/(CreationDate|ModDate) \(D:[^)]*\)`)

// sameBooklet reports whether two PDFs are the same booklet.
func sameBooklet(a, b []byte) bool {
	return bytes.Equal(pdfDates.ReplaceAll(a, nil), pdfDates.ReplaceAll(b, nil))
}

// bookletOf is render.Booklet of the puzzles (solved and graded here).
func bookletOf(tb testing.TB, puzzles []string, opt render.BookletOptions) []byte {
	tb.Helper()
	var es []render.Entry
	for _, p := range puzzles {
		b, err := engine.DecodeID(p)
		if err != nil {
			b = mustParseBoard(tb, p)
		}
		res, err := engine.Solve(context.Background(), b, engine.Limits{})
		if err != nil {
			tb.Fatal(err)
		}
		r, err := engine.Grade(context.Background(), b, engine.Limits{})
		if err != nil {
			tb.Fatal(err)
		}
		es = append(es, render.Entry{Puzzle: b, Solution: res.Solution, Level: r.Level.String()})
	}
	var buf bytes.Buffer
	if err := render.Booklet(&buf, es, opt); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func mustParseBoard(tb testing.TB, s string) engine.Board {
	tb.Helper()
	b, err := engine.ParseBoard(s, engine.Shape{})
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// TestPrintCommand: 'sudoku generate | sudoku print' and a file of ids and
// boards make the booklet render.Booklet makes of those puzzles (the one
// POST /print makes), to stdout or -o.
func TestPrintCommand(t *testing.T) {
	gen, _, code := runCmd(t, "", "generate", "-n", "6", "-seed", "4", "-difficulty", "easy", "--with-solution")
	if code != exitOK {
		t.Fatalf("generate: exit %d", code)
	}
	var puzzles []string
	for _, line := range outLines(t, gen) {
		puzzles = append(puzzles, strings.Fields(line)[0])
	}
	out, errs, code := runCmd(t, gen, "print", "-per-page", "6", "-paper", "letter")
	if code != exitOK || !strings.Contains(errs, "6 puzzles") {
		t.Fatalf("print: exit %d: %s", code, errs)
	}
	want := bookletOf(t, puzzles, render.BookletOptions{PerPage: 6, Paper: render.Letter, Solutions: true})
	if !sameBooklet([]byte(out), want) {
		t.Errorf("sudoku print wrote %d bytes, not render.Booklet's %d", len(out), len(want))
	}

	dir := t.TempDir()
	in := filepath.Join(dir, "mixed.txt")
	mixed := []string{engine.EncodeID(mustParseBoard(t, puzzles[0])), "..13......4..1..", puzzles[1]}
	if err := os.WriteFile(in, []byte("# ids and boards\n"+strings.Join(mixed, "\n")+"\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pdf := filepath.Join(dir, "out.pdf")
	if _, errs, code := runCmd(t, "", "print", "-per-page", "1", "-solutions=false", "-title", "Mixed", "-o", pdf, in); code != exitOK {
		t.Fatalf("print -o: exit %d: %s", code, errs)
	}
	got, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if want := bookletOf(t, mixed, render.BookletOptions{PerPage: 1, Paper: render.A4, Title: "Mixed"}); !sameBooklet(got, want) {
		t.Errorf("-o %s: %d bytes, not render.Booklet's %d", pdf, len(got), len(want))
	}
}

// TestPrintCommandRefuses: bad lines and puzzles exit 1 naming the line
// and writing nothing; bad flags exit 2.
func TestPrintCommandRefuses(t *testing.T) {
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	id := engine.EncodeID(mustParseBoard(t, classic))
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
		err   string
	}{
		{classic + "\n" + id[:len(id)-4] + "\n", nil, exitFailure, "line 2: error invalid_id"},
		{classic + "\n12343412214343x1\n", nil, exitFailure, "line 2: error invalid_board"},
		{"55" + classic[2:] + "\n", nil, exitFailure, "line 1: error conflict"},
		{strings.Repeat(id+"\n", 101), nil, exitFailure, "at most 100"},
		{"# nothing\n", nil, exitFailure, "no puzzles"},
		{id + "\n", []string{"-per-page", "3"}, exitUsage, "-per-page"},
		{id + "\n", []string{"-paper", "a3"}, exitUsage, "-paper"},
		{id + "\n", []string{"-box", "3x"}, exitUsage, "--box"},
		{id + "\n", []string{"missing-file.txt"}, exitFailure, "missing-file.txt"},
	} {
		out, errs, code := runCmd(t, tc.stdin, append([]string{"print"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errs, tc.err) || out != "" {
			t.Errorf("%.40q %v: exit %d, %d bytes out, stderr %q; want %d and %q", tc.stdin, tc.args, code, len(out), errs, tc.code, tc.err)
		}
	}
}
