package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// field is one count in a summary, with an optional detail in
// parentheses.
type field struct {
	n      int64
	name   string
	detail string
}

// writeSummary prints the one-line summary of a run on w, e.g.
//
//	sudoku solve: 1465 puzzles, 1465 solved, 1465 unique, 0 errors in 0.142s (10317 puzzles/s)
//
// with the given fields after the count and the rate of lines per second.
func writeSummary(w io.Writer, cmd string, lines int64, noun string, elapsed time.Duration, fields ...field) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "sudoku %s: %d %s", cmd, lines, noun)
	for _, f := range fields {
		fmt.Fprintf(&sb, ", %d %s", f.n, f.name)
		if f.detail != "" {
			fmt.Fprintf(&sb, " (%s)", f.detail)
		}
	}
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(lines) / s
	}
	prec := 0 // whole lines per second, or two decimals below ten (a slow run showed "0")
	if rate < 10 {
		prec = 2
	}
	fmt.Fprintf(&sb, " in %.3fs (%.*f %s/s)\n", elapsed.Seconds(), prec, rate, noun)
	io.WriteString(w, sb.String())
}

// errorsField is the summary field of the failed lines of t: their count,
// and the count of each failure code in the detail ("2 errors (1 conflict,
// 1 unsolvable)").
func errorsField(t *tally) field {
	var failed int64
	var detail []string
	for k := failUnavailable; k <= failOther; k++ {
		if n := t.kinds[k]; n > 0 {
			failed += n
			detail = append(detail, fmt.Sprintf("%d %s", n, failCodes[k]))
		}
	}
	return field{n: failed, name: "errors", detail: strings.Join(detail, ", ")}
}
