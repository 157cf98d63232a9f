package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sudokud/sudokud/engine"
)

// newFlagSet returns a flag set for subcommand name whose errors and usage
// go to stderr. usage is the synopsis line printed above the flag list,
// e.g. "sudoku solve [flags] [file ...]".
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n\nFlags (-flag and --flag both work):\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args into fs. When it returns ok false the command must
// return code: exitOK after -h/--help, exitUsage for a bad flag (the flag
// package has already printed the error and usage).
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	return exitOK, true
}

// usageError prints a usage problem found after flag parsing and returns
// exitUsage.
func usageError(std stdio, cmd, format string, a ...any) int {
	fmt.Fprintf(std.err, "sudoku %s: %s\n", cmd, fmt.Sprintf(format, a...))
	fmt.Fprintf(std.err, "run 'sudoku %s -h' for usage\n", cmd)
	return exitUsage
}

// puzzleConfig is what the flags of the commands that read puzzles (solve,
// rate) ask for.
type puzzleConfig struct {
	jobs     int
	shape    engine.Shape // zero: inferred per line (engine.ParseBoard)
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

// flagSet reports whether the flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// optionalInt64 is an int64 flag that remembers whether it was set.
type optionalInt64 struct {
	v   int64
	set bool
}

func (o *optionalInt64) String() string {
	if o == nil || !o.set {
		return ""
	}
	return strconv.FormatInt(o.v, 10)
}

func (o *optionalInt64) Set(s string) error {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return errors.New("want an integer")
	}
	o.v, o.set = v, true
	return nil
}
