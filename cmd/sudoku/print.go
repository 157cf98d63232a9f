package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/render"
)

const printUsage = `sudoku print [flags] [file ...]

Makes a printable PDF booklet of the puzzles in the files (or stdin, also
as "-"), one a line: a puzzle id (as GET /puzzles/{id} takes it) or a board
in the string form, any supported size (-size and -box for a box that is
not the default). Only a line's first field counts, so the output of
'sudoku generate --with-solution' prints as it is; blank lines and lines
starting with '#' are skipped. At most 100 puzzles.

Each puzzle is solved and graded, and the booklet is the one POST /print
makes: -per-page puzzles a page (1, 2, 4 or 6) on -paper (a4 or letter),
each with its number, level and id under it, and the solutions at the
back unless -solutions=false. It goes to -o, stdout by default ("-").

    sudoku generate -n 12 -difficulty hard | sudoku print -per-page 6 -o hard.pdf

A line that is neither an id nor a board, or a puzzle that cannot be
solved or graded, prints "sudoku print: line N: error <code>: <detail>"
and exits 1 without writing the booklet. Exit status 0 when the booklet is
written, 1 for bad input or a failed write, 2 for bad arguments.`

func runPrint(ctx context.Context, name string, args []string, std stdio) int {
	fs := newFlagSet(name, printUsage, std.err)
	var opt render.BookletOptions
	var paper, out, box string
	var size int
	var maxNodes int64
	var timeout time.Duration
	fs.IntVar(&opt.PerPage, "per-page", 4, "puzzles a page: 1, 2, 4 or 6")
	fs.StringVar(&paper, "paper", "a4", "paper size: a4 or letter")
	fs.BoolVar(&opt.Solutions, "solutions", true, "print the solutions at the back")
	fs.StringVar(&opt.Title, "title", "", "`text` at the top of each page (default \"Sudoku\")")
	fs.StringVar(&out, "o", "-", "write the booklet to `file` (- for stdout)")
	fs.IntVar(&size, "size", 0, "board size `N` of board lines (default: inferred from each line's length)")
	fs.StringVar(&box, "box", "", "box shape `RxC` of board lines (default: the size's default box); implies the size R*C")
	fs.Int64Var(&maxNodes, "max-nodes", engine.DefaultMaxNodes, "node budget of each puzzle's search and grading; past it the puzzle fails with search_limit")
	fs.DurationVar(&timeout, "timeout", 0, "time budget per puzzle, e.g. 2s (0: none)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !slices.Contains(render.PerPage, opt.PerPage) {
		return usageError(std, name, "-per-page must be 1, 2, 4 or 6, got %d", opt.PerPage)
	}
	opt.Paper = render.Paper(strings.ToLower(paper))
	if opt.Paper != render.A4 && opt.Paper != render.Letter {
		return usageError(std, name, "-paper must be a4 or letter, got %q", paper)
	}
	if maxNodes < 1 {
		return usageError(std, name, "--max-nodes must be at least 1, got %d", maxNodes)
	}
	if timeout < 0 {
		return usageError(std, name, "--timeout must not be negative, got %v", timeout)
	}
	shape, err := shapeFlags(size, box)
	if err != nil {
		return usageError(std, name, "%v", err)
	}

	ins, err := openInputs(fs.Args(), std.in)
	if err != nil {
		fmt.Fprintf(std.err, "sudoku %s: %v\n", name, err)
		return exitFailure
	}
	lr := newLineReader(ins, 64<<10)
	defer lr.Close()
	pp := perPuzzle{ctx: ctx, timeout: timeout}
	lim := engine.Limits{MaxNodes: maxNodes}
	var entries []render.Entry
	for n := 1; ; n++ {
		line, ok, err := lr.next(nil)
		if err != nil {
			fmt.Fprintf(std.err, "sudoku %s: %v\n", name, err)
			return exitFailure
		}
		if !ok {
			break
		}
		if len(entries) == render.MaxBookletPuzzles {
			fmt.Fprintf(std.err, "sudoku %s: more than %d puzzles; a booklet holds at most %d\n", name, render.MaxBookletPuzzles, render.MaxBookletPuzzles)
			return exitFailure
		}
		e, err := printEntry(pp, string(bytes.Fields(line)[0]), shape, lim)
		if err != nil {
			fmt.Fprintf(std.err, "sudoku %s: line %d: %s\n", name, n, err)
			return exitFailure
		}
		entries = append(entries, e)
	}
	if len(entries) == 0 {
		fmt.Fprintf(std.err, "sudoku %s: no puzzles to print\n", name)
		return exitFailure
	}
	var buf bytes.Buffer
	if err := render.Booklet(&buf, entries, opt); err != nil {
		fmt.Fprintf(std.err, "sudoku %s: %v\n", name, err)
		return exitFailure
	}
	if out == "-" {
		_, err = std.out.Write(buf.Bytes())
	} else {
		err = os.WriteFile(out, buf.Bytes(), 0o644)
	}
	if err != nil {
		fmt.Fprintf(std.err, "sudoku %s: %v\n", name, err)
		return exitFailure
	}
	fmt.Fprintf(std.err, "sudoku %s: %d puzzles\n", name, len(entries))
	return exitOK
}

// printEntry reads one puzzle, an id or a board of shape (zero: inferred),
// and solves and grades it. Its errors read "error <code>: <detail>".
func printEntry(pp perPuzzle, field string, shape engine.Shape, lim engine.Limits) (render.Entry, error) {
	b, err := engine.DecodeID(field)
	if err != nil {
		// Not an id (which carries a check, so a board is never read as
		// one): a board. When neither, the error is the board's for a
		// line of N·N symbols, the id's for any other.
		var berr error
		if b, berr = engine.ParseBoard(field, shape); berr != nil {
			if n := int(math.Sqrt(float64(len(field)))); n*n == len(field) && n >= engine.MinSize && n <= engine.MaxSize {
				err = berr
			}
			return render.Entry{}, lineError(pp, nil, err)
		}
	}
	ctx, cancel := pp.start()
	defer cancel()
	res, err := engine.Solve(ctx, b, lim)
	if err != nil {
		return render.Entry{}, lineError(pp, ctx, err)
	}
	rating, err := engine.Grade(ctx, b, lim)
	if err != nil {
		return render.Entry{}, lineError(pp, ctx, err)
	}
	return render.Entry{Puzzle: b, Solution: res.Solution, Level: rating.Level.String()}, nil
}

// lineError words the failure of a line as the other commands do, and an
// id that does not decode with the API's code.
func lineError(pp perPuzzle, ctx context.Context, err error) error {
	if errors.Is(err, engine.ErrInvalidID) {
		return fmt.Errorf("error invalid_id: %v", err)
	}
	if ctx == nil {
		return errors.New(string(errorLine(nil, failKind(err), err)))
	}
	line, _ := pp.failLine(nil, ctx, err)
	return errors.New(string(line))
}
