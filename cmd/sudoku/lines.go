package main

// What every line-oriented subcommand shares. solve and rate map each
// puzzle line of their inputs to exactly one output line, hint to a block
// of lines; generate maps the numbers 0 … n-1 the same way. A subcommand
// is a function
//
//	func(ctx context.Context, name string, args []string, std stdio) int
//
// listed in commands() in main.go. One that reads puzzles
//
//  1. parses its flags with newFlagSet and parsePuzzleFlags (flags.go:
//     -j, --size, --box, --max-nodes and --timeout; -flag and --flag both
//     work, -h prints usage and exits 0, a bad flag exits 2),
//  2. calls runLines with a lineJob: the number of workers, a newWorker
//     that gives each its lineFunc, and the fields of the summary.
//
// runLines opens the inputs (inputs.go: the files named by args, "-" or
// none for stdin; an unreadable file exits 1 before any work is done),
// reads their puzzle lines (linereader.go: blank lines and lines starting
// with '#' skipped, surrounding whitespace trimmed; parseLine reads one),
// maps them with the
// workers and writes the results in input order (pipeline.go), with a
// progress bar on stderr when it helps (progress.go), then prints the
// summary (summary.go). solve.go is the worked example.
//
// A lineFunc appends its output line (without the final newline) to dst and
// returns a small outcome number (0 ≤ kind < maxKinds) that the pipeline
// counts per kind for the summary: 0 and 1 are the command's own kinds of
// success, the failures are the fail kinds below, whose lines errorLine
// writes. Each worker goroutine gets its own lineFunc from newWorker,
// called on the caller's goroutine before the workers start, so
// per-worker state (scratch buffers, a *rand.Rand, stats counters that
// summary sums after the run) needs no locks. The line string stays valid
// after the call (it is a substring of a per-chunk string), so a worker
// may keep it.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/fpuzzles"
)

// lineJob is the work of a line-oriented command.
type lineJob struct {
	name      string          // the command, for its messages
	jobs      int             // workers
	newWorker func() lineFunc // called once per worker, before the run
	// summary returns the fields of the summary line, after the count of
	// lines, from the tally of outcome kinds; it is called after the run,
	// when no worker runs any more.
	summary func(t *tally) []field
}

// runLines runs job over the puzzle lines of the inputs that args name
// (stdin when none) and returns the exit status.
func runLines(ctx context.Context, std stdio, args []string, job lineJob) int {
	ins, err := openInputs(args, std.in)
	if err != nil {
		fmt.Fprintf(std.err, "sudoku %s: %v\n", job.name, err)
		return exitFailure
	}
	defer ins.Close()
	lr := newLineReader(ins, 64<<10)
	defer lr.Close()
	return job.run(ctx, std, lr, newProgress(std, ins, ins.Size(), "puzzles"))
}

// run maps the lines of src to std.out with job's workers, prints the
// summary on std.err and returns the exit status: exitFailure when the run
// stopped early (interrupted, a read or write error).
func (job *lineJob) run(ctx context.Context, std stdio, src source, prog *progress) int {
	p := pipeline{jobs: job.jobs, newWorker: job.newWorker, progress: prog}
	start := time.Now()
	t, err := p.run(ctx, src, std.out)
	writeSummary(std.err, job.name, t.lines, "puzzles", time.Since(start), job.summary(&t)...)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			err = errors.New("interrupted")
		}
		fmt.Fprintf(std.err, "sudoku %s: %v\n", job.name, err)
		return exitFailure
	}
	return exitOK
}

// The outcome kinds of a failed line, common to every command (kinds 0 and
// 1 are the command's own kinds of success).
const (
	failUnavailable = iota + 2
	failConflict
	failUnsolvable
	failSearchLimit
	failInvalidBoard
	failInvalidRules
	failUnsupported
	failOther
)

// failCodes are the API problem codes of the failure kinds.
var failCodes = [...]string{
	failUnavailable:  "difficulty_unavailable",
	failConflict:     "conflict",
	failUnsolvable:   "unsolvable",
	failSearchLimit:  "search_limit",
	failInvalidBoard: "invalid_board",
	failInvalidRules: "invalid_rules",
	failUnsupported:  "unsupported_rule",
	failOther:        "internal",
}

// failKind maps an engine error to its outcome kind.
func failKind(err error) int {
	switch {
	case errors.Is(err, engine.ErrDifficultyUnavailable):
		return failUnavailable
	case errors.Is(err, engine.ErrConflict):
		return failConflict
	case errors.Is(err, engine.ErrUnsolvable):
		return failUnsolvable
	case errors.Is(err, engine.ErrSearchLimit):
		return failSearchLimit
	case errors.Is(err, engine.ErrInvalidBoard):
		return failInvalidBoard
	case errors.Is(err, engine.ErrInvalidRules):
		return failInvalidRules
	case errors.Is(err, fpuzzles.ErrUnsupported):
		return failUnsupported
	}
	return failOther
}

// parseLine reads a puzzle line: a board in the string form, of the shape
// the flags set (zero: inferred), or an f-puzzles puzzle, which carries its
// own shape and rules: its JSON object, the compressed text of a ?load=
// link, or the link. A compressed text starts "N4Ig" (the compression of
// '{"'); a line that starts so but is no f-puzzles text is read as a
// board, in case it is one.
func parseLine(line string, shape engine.Shape) (engine.Board, error) {
	if !strings.HasPrefix(line, "{") && !strings.HasPrefix(line, "N4Ig") && !strings.Contains(line, "://") {
		return engine.ParseBoard(line, shape)
	}
	b, err := fpuzzles.Decode(line)
	if err != nil && strings.HasPrefix(line, "N4Ig") {
		if pb, perr := engine.ParseBoard(line, shape); perr == nil {
			return pb, nil
		}
	}
	return b, err
}

// errorLine appends "error <code>: <detail>" to dst, with any control
// characters in the detail turned into spaces so it stays one line.
func errorLine(dst []byte, kind int, err error) []byte {
	dst = append(dst, "error "...)
	dst = append(dst, failCodes[kind]...)
	dst = append(dst, ": "...)
	for _, c := range []byte(err.Error()) {
		if c < ' ' || c == 0x7f {
			c = ' '
		}
		dst = append(dst, c)
	}
	return dst
}

// perPuzzle bounds the work of a worker on one puzzle: the run's context,
// and the --timeout of each puzzle.
type perPuzzle struct {
	ctx     context.Context // the run's
	timeout time.Duration   // 0 for none
}

// start returns the context of the work on one puzzle; call cancel when
// it is done.
func (p perPuzzle) start() (ctx context.Context, cancel context.CancelFunc) {
	if p.timeout > 0 {
		return context.WithTimeout(p.ctx, p.timeout)
	}
	return p.ctx, func() {}
}

// timedOut reports whether ctx, from start, ended for the puzzle's
// timeout rather than the end of the run.
func (p perPuzzle) timedOut(ctx context.Context) bool {
	return ctx.Err() != nil && p.ctx.Err() == nil
}

// failLine appends the error line of err, the failure of the work on a
// puzzle under ctx (from start), and returns its kind. A search limit that
// the timeout caused says so.
func (p perPuzzle) failLine(dst []byte, ctx context.Context, err error) ([]byte, int) {
	kind := failKind(err)
	if kind == failSearchLimit && p.timedOut(ctx) {
		err = fmt.Errorf("%w (timeout %v)", err, p.timeout)
	}
	return errorLine(dst, kind, err), kind
}
