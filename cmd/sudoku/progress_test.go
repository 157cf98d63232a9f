package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

func TestProgressRender(t *testing.T) {
	p := &progress{total: 1000, noun: "puzzles"}
	got := p.render(250, 500, 2*time.Second)
	want := "[###############               ]  50%  250 puzzles  125/s  ETA 2s"
	if got != want {
		t.Errorf("render:\n got %q\nwant %q", got, want)
	}
	p = &progress{total: -1, noun: "puzzles"}
	if got, want := p.render(300, 500, 3*time.Second), "300 puzzles  100/s"; got != want {
		t.Errorf("unknown size: got %q, want %q", got, want)
	}
}

func TestProgressUpdate(t *testing.T) {
	var w bytes.Buffer
	now := time.Unix(0, 0)
	p := &progress{w: &w, total: 100, noun: "puzzles", now: func() time.Time { return now }, start: now}
	p.update(&tally{lines: 1}, 10)
	if w.Len() != 0 {
		t.Fatalf("drawn before the delay: %q", w.String())
	}
	now = now.Add(progressDelay)
	p.update(&tally{lines: 5}, 50)
	p.update(&tally{lines: 6}, 60) // too soon after the last draw
	if got := strings.Count(w.String(), "\r"); got != 1 || !strings.Contains(w.String(), "5 puzzles") {
		t.Fatalf("after delay: %q", w.String())
	}
	p.finish()
	if !strings.HasSuffix(w.String(), "\r\x1b[K") {
		t.Errorf("finish does not erase the bar: %q", w.String())
	}
	var nilBar *progress
	nilBar.update(&tally{}, 0) // must not panic
	nilBar.finish()
	if newProgress(stdio{err: &w, out: io.Discard}, nil, -1, "x") != nil {
		t.Error("progress bar on a buffer, which is no terminal")
	}
}
