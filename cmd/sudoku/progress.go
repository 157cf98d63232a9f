package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Progress bar timing: a bar appears only once a run has lasted
// progressDelay, which is what makes an input large enough to want one
// (a million easy puzzles or ten hard 25x25 ones alike).
const (
	progressDelay    = time.Second            // nothing is drawn before
	progressInterval = 100 * time.Millisecond // between redraws
	progressBarWidth = 30
)

// progress draws a one-line progress bar on a terminal. A nil *progress
// draws nothing, so callers need no checks.
type progress struct {
	w     io.Writer
	total int64 // units of input (bytes, items), -1 when unknown
	noun  string
	now   func() time.Time
	start time.Time
	last  time.Time
	drawn bool
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

// isTerminal reports whether v is an *os.File on a character device (a
// terminal).
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
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
	p.drawn = true
	io.WriteString(p.w, "\r"+p.render(t.lines, done, now.Sub(p.start))+"\x1b[K")
}

// finish erases the bar so that the summary starts on a clean line.
func (p *progress) finish() {
	if p == nil || !p.drawn {
		return
	}
	io.WriteString(p.w, "\r\x1b[K")
}

// render returns the bar's text, e.g.
//
//	[#############                 ]  43%  21012 puzzles  8412/s  ETA 3s
func (p *progress) render(lines, done int64, elapsed time.Duration) string {
	var sb strings.Builder
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(lines) / s
	}
	if p.total > 0 {
		frac := min(float64(done)/float64(p.total), 1)
		fill := int(frac * progressBarWidth)
		sb.WriteByte('[')
		sb.WriteString(strings.Repeat("#", fill))
		sb.WriteString(strings.Repeat(" ", progressBarWidth-fill))
		fmt.Fprintf(&sb, "] %3.0f%%  ", 100*frac)
	}
	fmt.Fprintf(&sb, "%d %s  %.0f/s", lines, p.noun, rate)
	if p.total > 0 && done > 0 && done < p.total {
		eta := time.Duration(float64(elapsed) * float64(p.total-done) / float64(done))
		fmt.Fprintf(&sb, "  ETA %s", eta.Round(time.Second))
	}
	return sb.String()
}
