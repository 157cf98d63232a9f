package main

import (
	"strings"
	"testing"
	"time"
)

func TestWriteSummary(t *testing.T) {
	var w strings.Builder
	writeSummary(&w, "solve", 10, "puzzles", 2*time.Second,
		field{n: 8, name: "solved"}, field{n: 2, name: "errors", detail: "2 conflict"})
	if got, want := w.String(), "sudoku solve: 10 puzzles, 8 solved, 2 errors (2 conflict) in 2.000s (5.00 puzzles/s)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, c := range []struct {
		lines   int64
		elapsed time.Duration
		rate    string
	}{
		{18, 37910 * time.Millisecond, "(0.47 puzzles/s)"}, // a slow run does not read 0
		{1465, 142 * time.Millisecond, "(10317 puzzles/s)"},
		{3, 0, "(0.00 puzzles/s)"},
	} {
		w.Reset()
		writeSummary(&w, "solve", c.lines, "puzzles", c.elapsed)
		if !strings.HasSuffix(w.String(), " "+c.rate+"\n") {
			t.Errorf("%d lines in %v: %q, want the rate %s", c.lines, c.elapsed, w.String(), c.rate)
		}
	}
}
