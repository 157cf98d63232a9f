package engine

import (
	"context"
	"fmt"
)

// Rating is the difficulty of a puzzle as Grade measures it.
type Rating struct {
	Level Level
	// Score is the sum of the weights of the steps taken (see Grade); it
	// ranks puzzles within a level.
	Score float64
	// Techniques maps a technique name to the number of times it was used.
	Techniques map[string]int
	// Hardest names the hardest technique used: the one of highest weight,
	// which sets the level ("" for a full grid).
	Hardest string
	// SE estimates the puzzle's rating on the Sudoku Explainer scale: the
	// highest rating of its steps, one decimal (0 for a full grid).
	SE float64
}

// Grade rates b by solving it the way a player would: it applies the
// cheapest technique that makes progress, starting again from the cheapest
// after every step, and records each step. The level is that of the
// hardest technique used. Techniques lists every technique with its
// level, weight and Sudoku Explainer rating in the order they are tried:
// cheapest first, in roughly Sudoku Explainer's order (singles, locked
// candidates, subsets, fish, wings, uniqueness, coloring, chains). Singles
// are placed a sweep at a time (every naked single of the grid, then every
// hidden single), each placement counted once. The score is the sum over
// all steps of their weights. Rating.Hardest is the technique of highest
// weight used and Rating.SE the highest SE rating of a step (a step may
// rate above its technique's base, a longer chain for one).
//
// Grade first solves b. On a board with one solution (the puzzles of
// Generate, and most that players enter) logic alone finishes it:
// uniqueness techniques may run, and past every chain the forcing chains
// and, as the last resort, forcing nets, which always make progress on
// such a board (see tech_forcing.go), so "search" never appears in its
// rating. Their cost is bounded by lim (one node per branch followed) and
// ctx; when that budget runs out Grade fails with ErrSearchLimit rather
// than guess.
//
// A board with several solutions has no logical solution: uniqueness
// techniques, forcing chains and nets do not run on it, logic stalls
// before the grid is full, and each time it does the most constrained
// empty cell (fewest candidates, first in row-major order) is taken from
// the lexicographically smallest solution (as Solve returns it), counted
// as "search", and logic resumes. "search" in a rating therefore means
// the board has several solutions; such a board rates expert.
//
// Errors: ErrInvalidBoard (a *BoardError) for a value above N,
// ErrConflict (a *ConflictError) for givens that break a rule,
// ErrUnsolvable when the board has no solution, ErrSearchLimit when the
// search for a solution, or the forcing techniques, exceed lim or ctx is
// done. A full valid grid rates easy with score 0.
//
// Cost: a search for two solutions, then the logic: microseconds for a
// 9×9 solved by singles; a forcing chain follows every candidate of the
// grid (about a millisecond on 9×9), a forcing net of depth 2 up to the
// square of that (the hardest known 9×9 puzzles take under a second).
// Grade reuses pooled candidate states and allocates the Techniques map.
func Grade(ctx context.Context, b Board, lim Limits) (Rating, error) {
	if !b.shape.valid() {
		return Rating{}, boardError("invalid board shape " + b.shape.Box())
	}
	if err := b.outOfRange(); err != nil {
		return Rating{}, err
	}
	if cs := Conflicts(b); cs != nil {
		return Rating{}, &ConflictError{Conflicts: cs}
	}
	res, err := Solve(ctx, b, lim)
	if err != nil {
		return Rating{}, err
	}
	return grade(ctx, b, lim, res.Unique, &res.Solution)
}

// grade is Grade for a board without conflicts whose solution sol is
// known, and known to be its only one when unique.
func grade(ctx context.Context, b Board, lim Limits, unique bool, sol *Board) (Rating, error) {
	l := getLogic(&b, true)
	defer putLogic(l)
	l.unique = unique
	l.limits = limits{nodes: lim.NodeBudget(), ctx: ctx}
	steps := 0
	for l.empty > 0 && !l.bad {
		tc, ok := l.step()
		if l.bad {
			break
		}
		// Singles are cheap, so the context is looked at every 64 of
		// them; any other step has run costlier techniques.
		if steps++; !ok || tc > tHiddenSingle || steps&63 == 0 {
			if err := ctx.Err(); err != nil {
				return Rating{}, fmt.Errorf("%w: %v", ErrSearchLimit, err)
			}
		}
		if ok {
			continue
		}
		if l.exhausted {
			return Rating{}, fmt.Errorf("%w: the logical solver's budget ran out", ErrSearchLimit)
		}
		if unique {
			// Forcing nets always progress on a board with one solution.
			return Rating{}, fmt.Errorf("engine: logic stalled on a board with one solution")
		}
		c := l.mostConstrained()
		l.counts[tSearch]++
		l.note(tSearch)
		l.place(c, int(sol.cells[c]))
	}
	if l.bad {
		return Rating{}, ErrUnsolvable
	}
	return l.rating(), nil
}

// rating summarizes the technique counts.
func (l *logic) rating() Rating {
	r := Rating{Level: Easy, Techniques: make(map[string]int)}
	for tc, k := range l.counts {
		if k == 0 {
			continue
		}
		info := &techs[tc]
		r.Techniques[info.name] = k
		r.Score += float64(k) * info.weight
		if info.level > r.Level {
			r.Level = info.level
		}
	}
	if l.used {
		r.Hardest = techs[l.hardest].name
	}
	r.SE = float64(l.maxSE) / 10
	return r
}
