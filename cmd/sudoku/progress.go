package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Progress bar timing and the input size from which it is shown.
const (
	progressDelay    = 300 * time.Millisecond // nothing is drawn before
	progressInterval = 100 * time.Millisecond // between redraws
	progressMinInput = 1 << 20                // bytes; unknown sizes count as large
	progressBarWidth = 30
)

// progress draws a one-line progress bar on a terminal. A nil *progress
// draws nothing, so callers need no checks.
type progress struct {
	w     io.Writer
	total int64 // input bytes, -1 when unknown
	noun  string
	now   func() time.Time
	start time.Time
	last  time.Time
	drawn bool
}

// newProgress returns a progress bar on std.err for reading ins, or nil
// unless it helps: stderr must be a terminal, stdout must not be (the bar
// would tangle with the answers), no input may be a terminal (someone is
// typing), and the input must be large or of unknown size (a pipe).
func newProgress(std stdio, ins inputs, noun string) *progress {
	if !isTerminal(std.err) || isTerminal(std.out) {
		return nil
	}
	for _, in := range ins {
		if isTerminal(in.r) {
			return nil
		}
	}
	total := ins.Size()
	if total >= 0 && total < progressMinInput {
		return nil
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

// update redraws the bar for t lines done and bytes of input consumed, at
// most every progressInterval and not before progressDelay.
func (p *progress) update(t *tally, bytes int64) {
	if p == nil {
		return
	}
	now := p.now()
	if now.Sub(p.start) < progressDelay || now.Sub(p.last) < progressInterval {
		return
	}
	p.last = now
	p.drawn = true
	io.WriteString(p.w, "\r"+p.render(t.lines, bytes, now.Sub(p.start))+"\x1b[K")
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
func (p *progress) render(lines, bytes int64, elapsed time.Duration) string {
	var sb strings.Builder
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(lines) / s
	}
	if p.total > 0 {
		frac := min(float64(bytes)/float64(p.total), 1)
		fill := int(frac * progressBarWidth)
		sb.WriteByte('[')
		sb.WriteString(strings.Repeat("#", fill))
		sb.WriteString(strings.Repeat(" ", progressBarWidth-fill))
		fmt.Fprintf(&sb, "] %3.0f%%  ", 100*frac)
	}
	fmt.Fprintf(&sb, "%d %s  %.0f/s", lines, p.noun, rate)
	if p.total > 0 && bytes > 0 && bytes < p.total {
		eta := time.Duration(float64(elapsed) * float64(p.total-bytes) / float64(bytes))
		fmt.Fprintf(&sb, "  ETA %s", eta.Round(time.Second))
	}
	return sb.String()
}
