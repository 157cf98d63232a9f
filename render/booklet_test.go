package render

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

// entries generates n puzzles of shape s with their solutions.
func entries(tb testing.TB, n int, s engine.Shape) []Entry {
	tb.Helper()
	out := make([]Entry, n)
	for i := range out {
		p, err := engine.Generate(context.Background(), engine.NewRand(int64(i)), engine.Options{Shape: s, Level: engine.Easy})
		if err != nil {
			tb.Fatal(err)
		}
		out[i] = Entry{Puzzle: p.Puzzle, Solution: p.Solution, Level: p.Rating.Level.String()}
	}
	return out
}

var shape9 = engine.Shape{Size: 9, BoxRows: 3, BoxCols: 3}

// pdfInfo runs pdfinfo on a PDF and returns its page count and page size
// in points.
func pdfInfo(tb testing.TB, pdf []byte) (pages int, size string) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "booklet.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		tb.Fatal(err)
	}
	out, err := exec.Command(needTool(tb, "pdfinfo"), path).CombinedOutput()
	if err != nil {
		tb.Fatalf("pdfinfo: %v: %s", err, out)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)$`).FindSubmatch(out)
	s := regexp.MustCompile(`(?m)^Page size:\s+(.*)$`).FindSubmatch(out)
	if m == nil || s == nil {
		tb.Fatalf("pdfinfo says:\n%s", out)
	}
	pages, _ = strconv.Atoi(string(m[1]))
	return pages, string(s[1])
}

// pdfText runs pdftotext on a PDF.
func pdfText(tb testing.TB, pdf []byte) string {
	tb.Helper()
	tool := needTool(tb, "pdftotext")
	cmd := exec.Command(tool, "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// TestBooklet: for every layout and paper, pdfinfo reads back the pages
// (puzzles, then as many pages of solutions) and the paper size, and
// pdftotext finds each puzzle's id once under the puzzle and once under
// its solution, and its level.
func TestBooklet(t *testing.T) {
	es := entries(t, 7, shape9)
	for _, per := range PerPage {
		for _, paper := range []Paper{A4, Letter} {
			for _, solutions := range []bool{true, false} {
				var buf bytes.Buffer
				opt := BookletOptions{PerPage: per, Paper: paper, Solutions: solutions}
				if err := Booklet(&buf, es, opt); err != nil {
					t.Fatal(err)
				}
				pages, size := pdfInfo(t, buf.Bytes())
				want := (len(es) + per - 1) / per
				if solutions {
					want *= 2
				}
				if pages != want {
					t.Errorf("%+v: %d pages, want %d", opt, pages, want)
				}
				wantSize := map[Paper]string{A4: "595.28 x 841.89 pts (A4)", Letter: "612 x 792 pts (letter)"}[paper]
				if size != wantSize {
					t.Errorf("%+v: page size %q, want %q", opt, size, wantSize)
				}
				text := pdfText(t, buf.Bytes())
				times := 1
				if solutions {
					times = 2
				}
				for i, e := range es {
					id := engine.EncodeID(e.Puzzle)
					if got := strings.Count(text, id); got != times {
						t.Errorf("%+v: id %s of puzzle %d found %d times, want %d", opt, id, i+1, got, times)
					}
				}
				if got := strings.Count(text, "easy"); got != times*len(es) {
					t.Errorf("%+v: the level is printed %d times, want %d", opt, got, times*len(es))
				}
			}
		}
	}
}

// TestBookletLargeBoards prints 16×16 and 25×25 puzzles one a page: the
// id of a 16×16 fits its line, that of a 25×25 wraps, all letters print,
// and so does a title in UTF-8.
func TestBookletLargeBoards(t *testing.T) {
	es := append(entries(t, 2, engine.Shape{Size: 16, BoxRows: 4, BoxCols: 4}), entries(t, 1, engine.Shape{Size: 25, BoxRows: 5, BoxCols: 5})...)
	var buf bytes.Buffer
	if err := Booklet(&buf, es, BookletOptions{PerPage: 1, Paper: A4, Solutions: true, Title: "Große Rätsel"}); err != nil {
		t.Fatal(err)
	}
	if pages, _ := pdfInfo(t, buf.Bytes()); pages != 6 {
		t.Errorf("%d pages, want 6", pages)
	}
	text := pdfText(t, buf.Bytes())
	for _, e := range es[:2] {
		if id := engine.EncodeID(e.Puzzle); !strings.Contains(text, id) {
			t.Errorf("16x16 id %s not found", id)
		}
	}
	if !strings.Contains(text, "Große Rätsel") || !strings.Contains(text, "P") {
		t.Errorf("the title or the 25x25 letters are missing")
	}
}

// TestBookletRefused: unusable options are ErrOptions and write nothing.
func TestBookletRefused(t *testing.T) {
	es := entries(t, 2, shape9)
	bad := append([]Entry(nil), es...)
	bad[1].Solution = es[0].Solution
	for _, tc := range []struct {
		es  []Entry
		opt BookletOptions
	}{
		{es, BookletOptions{PerPage: 3, Paper: A4}},
		{es, BookletOptions{PerPage: 0, Paper: A4}},
		{es, BookletOptions{PerPage: 4, Paper: "a3"}},
		{nil, BookletOptions{PerPage: 4, Paper: A4}},
		{make([]Entry, MaxBookletPuzzles+1), BookletOptions{PerPage: 4, Paper: A4}},
		{[]Entry{{}}, BookletOptions{PerPage: 4, Paper: A4}},
		{bad, BookletOptions{PerPage: 4, Paper: A4, Solutions: true}},
	} {
		var buf bytes.Buffer
		if err := Booklet(&buf, tc.es, tc.opt); !errors.Is(err, ErrOptions) || buf.Len() != 0 {
			t.Errorf("%d puzzles, %+v: %v with %d bytes, want ErrOptions and nothing", len(tc.es), tc.opt, err, buf.Len())
		}
	}
}

// BenchmarkBooklet100 prints 100 9×9 puzzles four a page with their
// solutions: 50 pages.
func BenchmarkBooklet100(b *testing.B) {
	es := entries(b, 100, shape9)
	b.ReportAllocs()
	for b.Loop() {
		if err := Booklet(io.Discard, es, BookletOptions{PerPage: 4, Paper: A4, Solutions: true}); err != nil {
			b.Fatal(err)
		}
	}
}
