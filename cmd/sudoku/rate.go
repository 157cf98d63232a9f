package main

import (
	"context"
	"slices"
	"strconv"

	"github.com/sudokud/sudokud/engine"
)

const rateUsage = `sudoku rate [flags] [file ...]

Grades the puzzles in the files (or stdin, also as "-"), read like
'sudoku solve' reads them: one per line in the string form, any supported
size; blank lines and lines starting with '#' skipped. Writes exactly one
line per puzzle to stdout, in input order:

    <level> <score> <se> <hardest> <technique>=<count> ...

for example "medium 2.71 2.6 pointing full_house=13 hidden_single=18
naked_single=25 pointing=3" (sudoku generate -n 2 -seed 1 -difficulty
medium, second puzzle): the level (easy, medium, hard, expert, master or
extreme: the hardest technique a player needs; from expert up it follows
the Sudoku Explainer rating, master from 7.5, extreme from 9.0), the score (a soft maximum of the
steps' Sudoku Explainer ratings, at least se and higher when the hardest
steps come often: it ranks puzzles), an estimate of the Sudoku
Explainer rating (the highest rating of a step, one decimal), the hardest
technique used ("-" for a full grid) and every technique used with how
often, by name.
A puzzle with one solution is rated by logic alone (forcing chains and
nets last); "search" among the techniques means the puzzle has several
solutions: logic stalled and cells were taken from the smallest solution
(the puzzle is expert). A puzzle that cannot be rated
gets "error <code>: <detail>" with code conflict, unsolvable, search_limit,
invalid_board, invalid_rules or unsupported_rule. A summary with the count per level goes to stderr.
Exit status 0 when every line was processed, even if puzzles failed; 1 for
unreadable input; 2 for bad arguments.`

const rated = 0 // outcome kind of a rated line; the failures are the fail kinds

func runRate(ctx context.Context, name string, args []string, std stdio) int {
	fs := newFlagSet(name, rateUsage, std.err)
	cfg, code, ok := parsePuzzleFlags(fs, args, std, name, "rate",
		"node budget of the search for the solutions and of forcing chains and nets; past it the puzzle fails with search_limit")
	if !ok {
		return code
	}
	var workers []*rateWorker
	return runLines(ctx, std, fs.Args(), lineJob{
		name: name,
		jobs: cfg.jobs,
		newWorker: func() lineFunc {
			w := &rateWorker{perPuzzle: perPuzzle{ctx, cfg.timeout}, cfg: &cfg}
			workers = append(workers, w)
			return w.rate
		},
		summary: func(t *tally) []field {
			var levels [engine.Extreme + 1]int64
			for _, w := range workers {
				for l, n := range w.levels {
					levels[l] += n
				}
			}
			fields := make([]field, 0, 5)
			for _, l := range engine.AllLevels {
				fields = append(fields, field{n: levels[l], name: l.String()})
			}
			return append(fields, errorsField(t))
		},
	})
}

// rateWorker rates lines on one worker goroutine and counts the levels.
type rateWorker struct {
	perPuzzle
	cfg    *puzzleConfig
	levels [engine.Extreme + 1]int64
	names  []string // scratch for sorting technique names
}

// rate is a lineFunc: the rating of line, or an error line.
func (w *rateWorker) rate(dst []byte, line string) ([]byte, int) {
	b, err := parseLine(line, w.cfg.shape)
	if err != nil {
		k := failKind(err)
		return errorLine(dst, k, err), k
	}
	ctx, cancel := w.start()
	defer cancel()
	r, err := engine.Grade(ctx, b, engine.Limits{MaxNodes: w.cfg.maxNodes})
	if err != nil {
		return w.failLine(dst, ctx, err)
	}
	if r.Level >= engine.Easy && r.Level <= engine.Extreme {
		w.levels[r.Level]++
	}
	dst = append(dst, r.Level.String()...)
	dst = append(dst, ' ')
	dst = strconv.AppendFloat(dst, r.Score, 'f', -1, 64)
	dst = append(dst, ' ')
	dst = strconv.AppendFloat(dst, r.SE, 'f', 1, 64)
	dst = append(dst, ' ')
	if r.Hardest == "" {
		dst = append(dst, '-')
	}
	dst = append(dst, r.Hardest...)
	w.names = w.names[:0]
	for name := range r.Techniques {
		w.names = append(w.names, name)
	}
	slices.Sort(w.names)
	for _, name := range w.names {
		dst = append(dst, ' ')
		dst = append(dst, name...)
		dst = append(dst, '=')
		dst = strconv.AppendInt(dst, int64(r.Techniques[name]), 10)
	}
	return dst, rated
}
