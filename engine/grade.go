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
// When no technique makes progress the most constrained empty cell (fewest
// candidates, first in row-major order) is taken from the solution and
// counted as "search", and logic resumes; such a puzzle is expert.
//
// Every technique is a sound deduction (none assumes a unique solution), so
// on a board with several solutions logic stalls before the grid is full;
// the missing cells are then taken from the lexicographically smallest
// solution (as Solve returns it) and the board rates expert. Grade does not
// count solutions: use CountSolutions for that.
//
// Errors: ErrInvalidBoard (a *BoardError) for a value above N,
// ErrConflict (a *ConflictError) for givens that break a rule,
// ErrUnsolvable when logic proves a contradiction or the board has no
// solution, ErrSearchLimit when the search for a stalled board exceeds
// lim or ctx is done. A full valid grid rates easy with score 0.
//
// Cost: a 9×9 solved by singles takes microseconds; Solve is only called
// when logic stalls. Grade reuses pooled candidate states and allocates
// the Techniques map.
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
	l := getLogic(&b, true)
	defer putLogic(l)
	var sol *Board
	steps := 0
	for l.empty > 0 && !l.bad {
		tc, ok := l.step()
		if l.bad {
			break
		}
		// Singles are cheap, so the context is looked at every 64 of
		// them; any other step, and a stall above all, has run costlier
		// techniques (a stall, all of them: tens of milliseconds on 25×25).
		if steps++; !ok || tc > tHiddenSingle || steps&63 == 0 {
			if err := ctx.Err(); err != nil {
				return Rating{}, fmt.Errorf("%w: %v", ErrSearchLimit, err)
			}
		}
		if ok {
			continue
		}
		if sol == nil {
			res, err := Solve(ctx, b, lim)
			if err != nil {
				return Rating{}, err
			}
			sol = &res.Solution
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
