package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

func TestProgressDescribe(t *testing.T) {
	p := &progress{total: 1000, noun: "puzzles"}
	if got, want := p.describe(250, 500, 2*time.Second), "250 puzzles  125/s  ETA 2s"; got != want {
		t.Errorf("describe: got %q, want %q", got, want)
	}
	p = &progress{total: -1, noun: "puzzles"}
	if got, want := p.describe(300, 500, 3*time.Second), "300 puzzles  100/s"; got != want {
		t.Errorf("unknown size: got %q, want %q", got, want)
	}
}

// frame is what a terminal shows of w's bytes: the text after the last
// carriage return, without the erase-to-end-of-line escape.
func frame(w *bytes.Buffer) string {
	s := w.String()
	s = s[strings.LastIndexByte(s, '\r')+1:]
	return strings.TrimSpace(strings.ReplaceAll(s, "\x1b[0K", ""))
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
	want := "50% [###############               ]  5 puzzles  5/s  ETA 1s"
	if got := frame(&w); got != want {
		t.Fatalf("after the delay:\n got %q\nwant %q", got, want)
	}
	drawn := w.Len()
	p.update(&tally{lines: 6}, 60) // too soon after the last draw
	if w.Len() != drawn {
		t.Fatalf("redrawn within progressInterval: %q", w.String()[drawn:])
	}
	now = now.Add(progressInterval)
	p.update(&tally{lines: 9}, 90)
	if got := frame(&w); !strings.HasPrefix(got, "90% [###########################   ]  9 puzzles") {
		t.Errorf("after progressInterval: %q", got)
	}
	p.finish()
	if !strings.HasSuffix(w.String(), "\x1b[2K\r") {
		t.Errorf("finish does not erase the bar: %q", w.String())
	}
	var nilBar *progress
	nilBar.update(&tally{}, 0) // must not panic
	nilBar.finish()
}

// TestProgressUnknownSize: input of unknown size (a pipe) gets a spinner
// that turns with each draw, and the lines done.
func TestProgressUnknownSize(t *testing.T) {
	var w bytes.Buffer
	now := time.Unix(0, 0)
	p := &progress{w: &w, total: -1, noun: "puzzles", now: func() time.Time { return now }, start: now}
	var frames []string
	for i := range 3 {
		now = now.Add(progressDelay)
		p.update(&tally{lines: int64(i + 1)}, 0)
		frames = append(frames, frame(&w))
	}
	for i, f := range frames {
		if !strings.HasSuffix(f, " puzzles  1/s") || strings.Contains(f, "%") {
			t.Errorf("frame %d: %q, want a spinner and the lines done", i, f)
		}
	}
	if frames[0][0] == frames[1][0] {
		t.Errorf("the spinner did not turn: %q then %q", frames[0], frames[1])
	}
	p.finish()
	if !strings.HasSuffix(w.String(), "\x1b[2K\r") {
		t.Errorf("finish does not erase the spinner: %q", w.String())
	}
}

// TestProgressOnlyOnATerminal: no bar unless stderr is a terminal; a
// buffer or /dev/null (a character device, but no terminal) is none.
func TestProgressOnlyOnATerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for _, w := range []io.Writer{&bytes.Buffer{}, null} {
		if newProgress(stdio{err: w, out: io.Discard}, nil, -1, "x") != nil {
			t.Errorf("progress bar on %T, which is no terminal", w)
		}
	}
	if isTerminal(null) {
		t.Errorf("%s is taken for a terminal", os.DevNull)
	}
}
