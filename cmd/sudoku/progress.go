package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress bar timing: a bar appears only once a run has lasted
// progressDelay, which is what makes an input large enough to want one
// (a million easy puzzles or ten hard 25x25 ones alike).
const (
	progressDelay    = time.Second            // nothing is drawn before
	progressInterval = 100 * time.Millisecond // between redraws
	progressBarWidth = 30
)

// progress draws a one-line progress bar on a terminal: the bar, its
// percentage and the terminal-width fitting are schollz/progressbar's;
// when to draw, and the text after the bar (lines done, their rate and
// the time left, which the library would count in the bar's unit, bytes,
// and from its own start), are progress's. A nil *progress draws nothing,
// so callers need no checks.
type progress struct {
	w     io.Writer
	total int64 // units of input (bytes, items), -1 when unknown
	noun  string
	now   func() time.Time
	start time.Time
	last  time.Time
	bar   *progressbar.ProgressBar // nil until the first draw
}

// newProgress returns a progress bar on std.err for total units of input
// (source.done's unit; -1 when unknown), or nil unless it helps: stderr
// must be a terminal, stdout must not be (the bar would tangle with the
// answers) and no input in ins may be a terminal (someone is typing).
// Commands reading files pass ins.Size() as total.
func newProgress(std stdio, ins inputs, total int64, noun string) *progress {
	if !isTerminal(std.err) || isTerminal(std.out) {
		return nil
	}
	for _, in := range ins {
		if in.tty {
			return nil
		}
	}
	return &progress{w: std.err, total: total, noun: noun, now: time.Now, start: time.Now()}
}

// isTerminal reports whether v is an *os.File open on a terminal.
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// update redraws the bar for t lines done and done units of input
// consumed, at most every progressInterval and not before progressDelay.
func (p *progress) update(t *tally, done int64) {
	if p == nil {
		return
	}
	now := p.now()
	if now.Sub(p.start) < progressDelay || now.Sub(p.last) < progressInterval {
		return
	}
	p.last = now
	if p.bar == nil {
		p.bar = p.newBar()
	}
	p.bar.Describe(p.describe(t.lines, done, now.Sub(p.start)))
	if p.total > 0 {
		p.bar.Set64(min(done, p.total))
	}
}

// newBar is the library's bar as progress draws it: [####   ] on one
// line redrawn in place, the text at its end, erased when it is full (the
// last answers are then written) or at finish.
func (p *progress) newBar() *progressbar.ProgressBar {
	total := p.total
	if total <= 0 {
		total = -1 // a spinner
	}
	return progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetWidth(progressBarWidth),
		progressbar.OptionSetTheme(progressbar.Theme{Saucer: "#", SaucerPadding: " ", BarStart: "[", BarEnd: "]"}),
		progressbar.OptionShowDescriptionAtLineEnd(),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionSetElapsedTime(false),
		progressbar.OptionSetSpinnerChangeInterval(0), // turned by each draw, no goroutine
		progressbar.OptionUseANSICodes(true),
		progressbar.OptionClearOnFinish(),
	)
}

// finish erases the bar so that the summary starts on a clean line.
func (p *progress) finish() {
	if p == nil || p.bar == nil {
		return
	}
	p.bar.Clear()
}

// describe returns the text after the bar, e.g.
//
//	21012 puzzles  8412/s  ETA 3s
func (p *progress) describe(lines, done int64, elapsed time.Duration) string {
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(lines) / s
	}
	s := fmt.Sprintf("%d %s  %.0f/s", lines, p.noun, rate)
	if p.total > 0 && done > 0 && done < p.total {
		eta := time.Duration(float64(elapsed) * float64(p.total-done) / float64(done))
		s += fmt.Sprintf("  ETA %s", eta.Round(time.Second))
	}
	return s
}
