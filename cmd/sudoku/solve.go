package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sudokud/sudokud/engine"
)

const solveUsage = `sudoku solve [flags] [file ...]

Solves the puzzles in the files (or stdin, also as "-"), one per line in the
string form ('.' or '0' empty, 1-9 then A-Z; separators ignored), of any
supported size. Blank lines and lines starting with '#' are skipped. Writes
exactly one line per puzzle to stdout, in input order: the solution, or
"error <code>: <detail>" with code conflict, unsolvable, search_limit or
invalid_board. Uniqueness is proven for every puzzle; a puzzle with several
solutions gets the lexicographically smallest. A summary goes to stderr.
Exit status 0 when every line was processed, even if puzzles failed; 1 for
unreadable input; 2 for bad arguments.`

// Outcome kinds of a solved line.
const (
	solvedUnique = iota
	solvedMultiple
	failConflict
	failUnsolvable
	failSearchLimit
	failInvalidBoard
	failOther
)

// failCodes are the API problem codes of the failure kinds.
var failCodes = [...]string{
	failConflict:     "conflict",
	failUnsolvable:   "unsolvable",
	failSearchLimit:  "search_limit",
	failInvalidBoard: "invalid_board",
	failOther:        "internal",
}

// puzzleConfig is what the flags of the commands that read puzzles (solve,
// rate) ask for.
type puzzleConfig struct {
	jobs     int
	shape    engine.Shape // zero: inferred per line from its length
	maxNodes int64
	timeout  time.Duration // per puzzle, 0 for none
	size     int
	box      string
}

// parsePuzzleFlags registers the flags of a puzzle-reading command on fs
// (verb names the work, nodesUsage says what the node budget bounds),
// parses args and checks them. When ok is false the command must return
// code.
func parsePuzzleFlags(fs *flag.FlagSet, args []string, std stdio, name, verb, nodesUsage string) (cfg puzzleConfig, code int, ok bool) {
	fs.IntVar(&cfg.jobs, "j", runtime.NumCPU(), verb+" `N` puzzles in parallel (output keeps input order)")
	fs.IntVar(&cfg.size, "size", 0, "board size `N` (default: inferred from each line's length)")
	fs.StringVar(&cfg.box, "box", "", "box shape `RxC`, rows x columns (default: the size's default box); implies the size R*C")
	fs.Int64Var(&cfg.maxNodes, "max-nodes", engine.DefaultMaxNodes, nodesUsage)
	fs.DurationVar(&cfg.timeout, "timeout", 0, "time budget per puzzle, e.g. 2s (0: none); past it the puzzle fails with search_limit")
	if code, ok := parseFlags(fs, args); !ok {
		return cfg, code, false
	}
	switch {
	case cfg.jobs < 1:
		return cfg, usageError(std, name, "-j must be at least 1, got %d", cfg.jobs), false
	case cfg.maxNodes < 1:
		return cfg, usageError(std, name, "--max-nodes must be at least 1, got %d", cfg.maxNodes), false
	case cfg.timeout < 0:
		return cfg, usageError(std, name, "--timeout must not be negative, got %v", cfg.timeout), false
	}
	var err error
	if cfg.shape, err = shapeFlags(cfg.size, cfg.box); err != nil {
		return cfg, usageError(std, name, "%v", err), false
	}
	return cfg, exitOK, true
}

func runSolve(ctx context.Context, name string, args []string, std stdio) int {
	fs := newFlagSet(name, solveUsage, std.err)
	cfg, code, ok := parsePuzzleFlags(fs, args, std, name, "solve",
		"search node budget `N` per puzzle (the default is the engine's, engine.DefaultMaxNodes); past it the puzzle fails with search_limit")
	if !ok {
		return code
	}

	ins, err := openInputs(fs.Args(), std.in)
	if err != nil {
		fmt.Fprintf(std.err, "sudoku %s: %v\n", name, err)
		return exitFailure
	}
	defer ins.Close()
	lr := newLineReader(ins, 64<<10)
	defer lr.Close()

	var workers []*solveWorker
	p := pipeline{
		jobs: cfg.jobs,
		newWorker: func() lineFunc {
			w := &solveWorker{ctx: ctx, cfg: &cfg}
			workers = append(workers, w)
			return w.solve
		},
		progress: newProgress(std, ins, ins.Size(), "puzzles"),
	}
	start := time.Now()
	t, err := p.run(ctx, lr, std.out)
	elapsed := time.Since(start)

	var nodes, guesses int64
	for _, w := range workers {
		nodes += w.stats.Nodes
		guesses += w.stats.Guesses
	}
	var failed int64
	var detail []string
	for k := failConflict; k <= failOther; k++ {
		if n := t.kinds[k]; n > 0 {
			failed += n
			detail = append(detail, fmt.Sprintf("%d %s", n, failCodes[k]))
		}
	}
	writeSummary(std.err, name, t.lines, "puzzles", elapsed,
		field{n: t.kinds[solvedUnique] + t.kinds[solvedMultiple], name: "solved"},
		field{n: t.kinds[solvedUnique], name: "unique"},
		field{n: failed, name: "errors", detail: strings.Join(detail, ", ")},
		field{n: nodes, name: "nodes"},
		field{n: guesses, name: "guesses"},
	)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			err = errors.New("interrupted")
		}
		fmt.Fprintf(std.err, "sudoku %s: %v\n", name, err)
		return exitFailure
	}
	return exitOK
}

// shapeFlags returns the shape that --size and --box fix, or the zero shape
// when neither is given.
func shapeFlags(size int, box string) (engine.Shape, error) {
	if box == "" {
		if size == 0 {
			return engine.Shape{}, nil
		}
		return engine.DefaultShape(size)
	}
	rs, cs, ok := strings.Cut(strings.ToLower(box), "x")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if !ok || err1 != nil || err2 != nil || r < 1 || c < 1 {
		return engine.Shape{}, fmt.Errorf("--box %q: want RxC, e.g. 3x3", box)
	}
	if r > engine.MaxSize || c > engine.MaxSize { // and R·C cannot overflow
		return engine.Shape{}, fmt.Errorf("--box %s is not supported (the largest board is %dx%d)", box, engine.MaxSize, engine.MaxSize)
	}
	if size != 0 && size != r*c {
		return engine.Shape{}, fmt.Errorf("--box %s is for size %d, not --size %d", box, r*c, size)
	}
	return engine.ParseShape(r*c, box)
}

// shapeByLen maps a line length N·N to the default shape of size N.
var shapeByLen = func() (m [engine.MaxCells + 1]engine.Shape) {
	for n := engine.MinSize; n <= engine.MaxSize; n++ {
		if s, err := engine.DefaultShape(n); err == nil {
			m[n*n] = s
		}
	}
	return m
}()

// solveWorker solves lines on one worker goroutine and keeps its stats.
type solveWorker struct {
	ctx   context.Context
	cfg   *puzzleConfig
	stats engine.Stats
}

// solve is a lineFunc: the solution of line, or an error line.
func (w *solveWorker) solve(dst []byte, line string) ([]byte, int) {
	shape, guessed := w.cfg.shape, false
	if shape.IsZero() && len(line) < len(shapeByLen) {
		// Most lines have no separators: take the shape from the length
		// at no cost, and let the engine infer it only when that fails.
		shape = shapeByLen[len(line)]
		guessed = !shape.IsZero()
	}
	b, err := engine.ParseBoard(line, shape)
	if err != nil && guessed {
		b, err = engine.ParseBoard(line, engine.Shape{})
	}
	if err != nil {
		return errorLine(dst, failInvalidBoard, err), failInvalidBoard
	}
	ctx := w.ctx
	if w.cfg.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, w.cfg.timeout)
		defer cancel()
	}
	res, err := engine.Solve(ctx, b, engine.Limits{MaxNodes: w.cfg.maxNodes})
	w.stats.Nodes += res.Stats.Nodes
	w.stats.Guesses += res.Stats.Guesses
	if err != nil {
		kind := failKind(err)
		if kind == failSearchLimit {
			if ctx.Err() != nil && w.ctx.Err() == nil {
				err = fmt.Errorf("%w (timeout %v)", err, w.cfg.timeout)
			} else {
				err = fmt.Errorf("%w (%d nodes)", err, res.Stats.Nodes)
			}
		}
		return errorLine(dst, kind, err), kind
	}
	dst = res.Solution.AppendText(dst)
	if res.Unique {
		return dst, solvedUnique
	}
	return dst, solvedMultiple
}

// failKind maps an engine error to its outcome kind.
func failKind(err error) int {
	switch {
	case errors.Is(err, engine.ErrConflict):
		return failConflict
	case errors.Is(err, engine.ErrUnsolvable):
		return failUnsolvable
	case errors.Is(err, engine.ErrSearchLimit):
		return failSearchLimit
	case errors.Is(err, engine.ErrInvalidBoard):
		return failInvalidBoard
	}
	return failOther
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
