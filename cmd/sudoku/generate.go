package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/fpuzzles"
)

const generateUsage = `sudoku generate [flags]

Generates -n puzzles with exactly one solution each, graded at the
-difficulty asked for (easy, medium, hard, expert, master, extreme: what a
player needs, as 'sudoku rate' reports it), on the board -size with the
-box (default: the size's default box). Writes one line per puzzle to
stdout in the string form ('.' for empty, 1-9 then A-Z); with
--with-solution each line is "puzzle solution", the two separated by one
space.

-variant draws variant rules with each puzzle: classic (the default) or a
comma-separated combination of x, windoku, jigsaw, killer, disjoint_groups,
anti_knight, anti_king, non_consecutive, odd_even. A variant puzzle is
written as f-puzzles text (the compressed form SudokuPad and f-puzzles put
after ?load=), which carries its rules and which solve, rate and hint read;
its solution, with --with-solution, in the string form.

Puzzle i (counting from 0) is made from seed -seed+i, so the output depends
only on the flags, never on -j: the same flags print the same puzzles on
every machine. Without -seed a random seed is chosen and reported on
stderr, so that the run can be repeated.

A level the board does not offer prints
"error difficulty_unavailable: <the levels it offers>" and exits 1 without
generating (4x4 offers easy only). A puzzle that cannot be made within the
attempts (--max-attempts) or --timeout prints "error <code>: <detail>"
(difficulty_unavailable or search_limit) in its place. A summary goes to
stderr, with a progress bar when stderr is a terminal and stdout is not.
Exit status 0 when every puzzle line was written, 1 for an unavailable
level or an interrupted run, 2 for bad arguments.`

const generated = 0 // outcome kind of a generated line; the failures are the fail kinds

// generateConfig is what the generate flags ask for.
type generateConfig struct {
	n            int
	opt          engine.Options
	seed         int64
	withSolution bool
	jobs         int
	timeout      time.Duration // per puzzle, 0 for none
}

func runGenerate(ctx context.Context, name string, args []string, std stdio) int {
	fs := newFlagSet(name, generateUsage, std.err)
	var cfg generateConfig
	var size int
	var box, difficulty, symmetry, variant string
	var seed optionalInt64
	fs.IntVar(&cfg.n, "n", 1, "generate `N` puzzles")
	fs.IntVar(&size, "size", 9, "board size `N`")
	fs.StringVar(&box, "box", "", "box shape `RxC`, rows x columns (default: the size's default box); implies the size R*C")
	fs.StringVar(&difficulty, "difficulty", "medium", "`level`: easy, medium, hard, expert, master or extreme")
	fs.Var(&seed, "seed", "puzzle i uses seed `S`+i (default: random, reported on stderr)")
	fs.StringVar(&symmetry, "symmetry", "none", "givens pattern: none or rotational (180°)")
	fs.StringVar(&variant, "variant", "classic", "`variant`: classic, or a comma-separated combination of "+strings.Join(engine.VariantNames(), ", "))
	fs.BoolVar(&cfg.withSolution, "with-solution", false, "print \"puzzle solution\" on each line")
	fs.IntVar(&cfg.jobs, "j", runtime.NumCPU(), "generate `N` puzzles in parallel (the output does not depend on it)")
	fs.IntVar(&cfg.opt.MaxAttempts, "max-attempts", 0, "attempts per puzzle, each a new grid (0: the engine's default for the board and level)")
	fs.DurationVar(&cfg.timeout, "timeout", 0, "time budget per puzzle, e.g. 10s (0: none); past it the puzzle fails with search_limit")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(std, name, "unexpected argument %q (generate reads no input)", fs.Arg(0))
	}
	if cfg.n < 0 {
		return usageError(std, name, "-n must not be negative, got %d", cfg.n)
	}
	if cfg.jobs < 1 {
		return usageError(std, name, "-j must be at least 1, got %d", cfg.jobs)
	}
	if cfg.opt.MaxAttempts < 0 {
		return usageError(std, name, "--max-attempts must not be negative, got %d", cfg.opt.MaxAttempts)
	}
	if cfg.timeout < 0 {
		return usageError(std, name, "--timeout must not be negative, got %v", cfg.timeout)
	}
	if box != "" && !flagSet(fs, "size") {
		size = 0 // the box implies the size
	}
	var err error
	if cfg.opt.Shape, err = shapeFlags(size, box); err == nil && cfg.opt.Shape.IsZero() {
		// -size 0 without -box: for solve and rate "the size of each
		// line", which generate has none of.
		cfg.opt.Shape, err = engine.DefaultShape(size)
	}
	if err != nil {
		return usageError(std, name, "%v", err)
	}
	if cfg.opt.Level, err = engine.ParseLevel(difficulty); err != nil {
		return usageError(std, name, "-difficulty: %v", err)
	}
	if cfg.opt.Symmetry, err = engine.ParseSymmetry(symmetry); err != nil {
		return usageError(std, name, "-symmetry: %v", err)
	}
	if cfg.opt.Variant, err = engine.ParseVariant(variant); err == nil {
		err = cfg.opt.Variant.Check(cfg.opt.Shape)
	}
	if err != nil {
		return usageError(std, name, "-variant: %v", err)
	}
	if levels := engine.VariantLevels(cfg.opt.Shape, cfg.opt.Variant); !slices.Contains(levels, cfg.opt.Level) {
		s, what := cfg.opt.Shape, ""
		if cfg.opt.Variant != 0 {
			what = " " + cfg.opt.Variant.String()
		}
		fmt.Fprintf(std.out, "error difficulty_unavailable: %s (%dx%d with %s boxes offers no %s%s puzzles)\n",
			engine.LevelNames(levels), s.Size, s.Size, s.Box(), cfg.opt.Level, what)
		return exitFailure
	}
	cfg.seed = seed.v
	if !seed.set {
		var b [8]byte
		rand.Read(b[:])
		cfg.seed = int64(binary.LittleEndian.Uint64(b[:]) >> 1)
		fmt.Fprintf(std.err, "sudoku %s: -seed %d\n", name, cfg.seed)
	}

	// The pipeline's input is the puzzle numbers 0 … n-1.
	var workers []*generateWorker
	job := lineJob{
		name: name,
		jobs: cfg.jobs,
		newWorker: func() lineFunc {
			w := &generateWorker{perPuzzle: perPuzzle{ctx, cfg.timeout}, cfg: &cfg}
			workers = append(workers, w)
			return w.generate
		},
		summary: func(t *tally) []field {
			var givens int64
			for _, w := range workers {
				givens += w.givens
			}
			avg := ""
			if ok := t.kinds[generated]; ok > 0 {
				avg = fmt.Sprintf("%.1f per puzzle", float64(givens)/float64(ok))
			}
			return []field{
				{n: t.kinds[generated], name: cfg.opt.Level.String()},
				errorsField(t),
				{n: givens, name: "givens", detail: avg},
			}
		},
	}
	return job.run(ctx, std, &countSource{n: int64(cfg.n)}, newProgress(std, nil, int64(cfg.n), "puzzles"))
}

// generateWorker generates puzzles on one worker goroutine.
type generateWorker struct {
	perPuzzle
	cfg    *generateConfig
	givens int64
}

// generate is a lineFunc: line is the puzzle number i; the output is the
// puzzle made from seed+i (and its solution), or an error line.
func (w *generateWorker) generate(dst []byte, line string) ([]byte, int) {
	i, err := strconv.ParseInt(line, 10, 64)
	if err != nil {
		return errorLine(dst, failOther, err), failOther
	}
	ctx, cancel := w.start()
	defer cancel()
	p, err := engine.Generate(ctx, engine.NewRand(w.cfg.seed+i), w.cfg.opt)
	if err != nil {
		return w.failLine(dst, ctx, err)
	}
	w.givens += int64(p.Puzzle.Givens())
	if p.Puzzle.IsVariant() {
		_, text, err := fpuzzles.Encode(p.Puzzle)
		if err != nil {
			return errorLine(dst, failOther, err), failOther
		}
		dst = append(dst, text...)
	} else {
		dst = p.Puzzle.AppendText(dst)
	}
	if w.cfg.withSolution {
		dst = append(dst, ' ')
		dst = p.Solution.AppendText(dst)
	}
	return dst, generated
}
