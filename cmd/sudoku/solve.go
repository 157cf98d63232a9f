package main

import (
	"context"
	"fmt"

	"github.com/sudokud/sudokud/engine"
)

const solveUsage = `sudoku solve [flags] [file ...]

Solves the puzzles in the files (or stdin, also as "-"), one per line in the
string form ('.' or '0' empty, 1-9 then A-Z; separators ignored), of any
supported size, or as f-puzzles puzzles with their variant rules (killer
cages, jigsaw regions, diagonals, …): the JSON object on one line, the
compressed text after "?load=" in an f-puzzles link, or the link itself.
Blank lines and lines starting with '#' are skipped. Writes exactly one
line per puzzle to stdout, in input order: the solution, or
"error <code>: <detail>" with code conflict, unsolvable, search_limit,
invalid_board, invalid_rules or unsupported_rule (an f-puzzles constraint
the engine does not know, named). Uniqueness is proven for every puzzle; a puzzle with several
solutions gets the lexicographically smallest. A summary goes to stderr.
Exit status 0 when every line was processed, even if puzzles failed; 1 for
unreadable input; 2 for bad arguments.`

// Outcome kinds of a solved line; the failures are the fail kinds.
const (
	solvedUnique = iota
	solvedMultiple
)

func runSolve(ctx context.Context, name string, args []string, std stdio) int {
	fs := newFlagSet(name, solveUsage, std.err)
	cfg, code, ok := parsePuzzleFlags(fs, args, std, name, "solve",
		"search node budget `N` per puzzle (the default is the engine's, engine.DefaultMaxNodes); past it the puzzle fails with search_limit")
	if !ok {
		return code
	}
	var workers []*solveWorker
	return runLines(ctx, std, fs.Args(), lineJob{
		name: name,
		jobs: cfg.jobs,
		newWorker: func() lineFunc {
			w := &solveWorker{perPuzzle: perPuzzle{ctx, cfg.timeout}, cfg: &cfg}
			workers = append(workers, w)
			return w.solve
		},
		summary: func(t *tally) []field {
			var nodes, guesses int64
			for _, w := range workers {
				nodes += w.stats.Nodes
				guesses += w.stats.Guesses
			}
			return []field{
				{n: t.kinds[solvedUnique] + t.kinds[solvedMultiple], name: "solved"},
				{n: t.kinds[solvedUnique], name: "unique"},
				errorsField(t),
				{n: nodes, name: "nodes"},
				{n: guesses, name: "guesses"},
			}
		},
	})
}

// solveWorker solves lines on one worker goroutine and keeps its stats.
type solveWorker struct {
	perPuzzle
	cfg   *puzzleConfig
	stats engine.Stats
}

// solve is a lineFunc: the solution of line, or an error line.
func (w *solveWorker) solve(dst []byte, line string) ([]byte, int) {
	b, err := parseLine(line, w.cfg.shape)
	if err != nil {
		k := failKind(err)
		return errorLine(dst, k, err), k
	}
	ctx, cancel := w.start()
	defer cancel()
	res, err := engine.Solve(ctx, b, engine.Limits{MaxNodes: w.cfg.maxNodes})
	w.stats.Nodes += res.Stats.Nodes
	w.stats.Guesses += res.Stats.Guesses
	if err != nil {
		if failKind(err) == failSearchLimit && !w.timedOut(ctx) {
			err = fmt.Errorf("%w (%d nodes)", err, res.Stats.Nodes)
		}
		return w.failLine(dst, ctx, err)
	}
	dst = res.Solution.AppendText(dst)
	if res.Unique {
		return dst, solvedUnique
	}
	return dst, solvedMultiple
}
