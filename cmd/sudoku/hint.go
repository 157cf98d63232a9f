package main

import (
	"context"
	"strconv"

	"github.com/sudokud/sudokud/engine"
)

const hintUsage = `sudoku hint [flags] [file ...]

Prints the logical path of the puzzles in the files (or stdin, also as
"-"), read like 'sudoku solve' reads them, as a teaching tool: every step
a player can take to the solution, one per line, in order, from the
simplest technique that makes progress (engine.Explain):

    <n> <technique> <what>: <explanation>

<n> counts the steps from 1; <what> is a placement, "r5c5=7", or the
candidates an elimination removes, "r1c1-9 r2c4-19" (cell, then the
values gone), in the board's symbols. For example (the first steps of
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79):

    1 naked_single r5c5=5: 5 is the only value left for r5c5
    2 naked_single r5c2=2: 2 is the only value left for r5c2

A blank line ends each puzzle's path. Technique "solution" means logic
stalled and the cell was taken from the solution (the lexicographically
smallest, when there are several); uniqueness techniques are used only
on a puzzle with one solution. A puzzle that cannot be explained gets one
line "error <code>: <detail>" (conflict, unsolvable, search_limit,
invalid_board, invalid_rules, unsupported_rule) and the blank line. A summary goes to stderr: the puzzles
explained by logic alone, those with cells taken from the solution, and
errors. Exit status 0 when every line was processed, even if puzzles
failed; 1 for unreadable input; 2 for bad arguments.`

// Outcome kinds of an explained puzzle.
const (
	explained = 0 // logic alone
	revealed  = 1 // with cells taken from the solution
)

func runHint(ctx context.Context, name string, args []string, std stdio) int {
	fs := newFlagSet(name, hintUsage, std.err)
	cfg, code, ok := parsePuzzleFlags(fs, args, std, name, "explain",
		"node budget of the searches for the solution; past it the puzzle fails with search_limit")
	if !ok {
		return code
	}
	return runLines(ctx, std, fs.Args(), lineJob{
		name: name,
		jobs: cfg.jobs,
		newWorker: func() lineFunc {
			w := &hintWorker{perPuzzle: perPuzzle{ctx, cfg.timeout}, cfg: &cfg}
			return w.explain
		},
		summary: func(t *tally) []field {
			return []field{
				{n: t.kinds[explained], name: "by logic"},
				{n: t.kinds[revealed], name: "with cells from the solution"},
				errorsField(t),
			}
		},
	})
}

// hintWorker explains lines on one worker goroutine.
type hintWorker struct {
	perPuzzle
	cfg *puzzleConfig
}

// explain is a lineFunc: the path of line, one step per line and a blank
// line after it, or an error line.
func (w *hintWorker) explain(dst []byte, line string) ([]byte, int) {
	b, err := parseLine(line, w.cfg.shape)
	if err != nil {
		k := failKind(err)
		return append(errorLine(dst, k, err), '\n'), k
	}
	ctx, cancel := w.start()
	defer cancel()
	steps, err := engine.Explain(ctx, b, engine.Limits{MaxNodes: w.cfg.maxNodes})
	if err != nil {
		dst, kind := w.failLine(dst, ctx, err)
		return append(dst, '\n'), kind
	}
	kind := explained
	for i, st := range steps {
		dst = appendStep(dst, i+1, st)
		dst = append(dst, '\n')
		if st.Technique == "solution" {
			kind = revealed
		}
	}
	return dst, kind
}

// appendStep appends one step: "<n> <technique> <what>: <explanation>".
func appendStep(dst []byte, n int, st engine.Step) []byte {
	dst = strconv.AppendInt(dst, int64(n), 10)
	dst = append(dst, ' ')
	dst = append(dst, st.Technique...)
	dst = append(dst, ' ')
	if st.Kind == engine.StepPlacement {
		dst = append(dst, engine.CellName(st.Row, st.Col)...)
		dst = append(dst, '=')
		dst = append(dst, symbol(st.Value))
	} else {
		for i, e := range st.Eliminations {
			if i > 0 {
				dst = append(dst, ' ')
			}
			dst = append(dst, engine.CellName(e.Row, e.Col)...)
			dst = append(dst, '-')
			for _, v := range e.Values {
				dst = append(dst, symbol(v))
			}
		}
	}
	dst = append(dst, ": "...)
	return append(dst, st.Explanation...)
}

// symbol returns value v (1..35) as boards write it.
func symbol(v int) byte { return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v] }
