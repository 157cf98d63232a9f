package engine

import (
	"context"
	"fmt"
	"math"
)

// Rating is the difficulty of a puzzle as Grade measures it.
type Rating struct {
	// Level is the level of the hardest technique used or, from expert
	// up, the level of SE: expert below 7.5, master from 7.5 to 8.9,
	// extreme from 9.0 (an SE from 7.5 up makes any puzzle with one
	// solution master or extreme).
	Level Level
	// Score ranks puzzles more finely than SE: the soft maximum of the
	// steps' Sudoku Explainer ratings (see Grade), at least SE.
	Score float64
	// Techniques maps a technique name to the number of times it was used.
	Techniques map[string]int
	// Hardest names the hardest technique used: the one of highest weight,
	// which sets the level ("" for a full grid).
	Hardest string
	// SE estimates the puzzle's rating on the Sudoku Explainer scale: the
	// highest rating of its steps, one decimal (0 for a full grid).
	SE float64
	// SETechnique names the technique of the step rated SE (the first
	// such step; "" for a full grid). Where SE comes from the second
	// pass in Explainer's order (seRate) it is a technique of that pass,
	// so it may differ from Hardest, which orders techniques by weight
	// and sets the level below expert: an AIC our own order finds may be
	// Hardest while SE is set by an Explainer chain that order takes
	// instead.
	SETechnique string
}

// Grade rates b by solving it the way a player would: it applies the
// cheapest technique that makes progress, starting again from the cheapest
// after every step, and records each step. The level is that of the
// hardest technique used; from expert up it follows Rating.SE (Level
// says how). Techniques lists every technique with its
// level and Sudoku Explainer rating in the order they are tried: cheapest
// first, in roughly Sudoku Explainer's order (singles, locked candidates,
// subsets, fish, wings, uniqueness, coloring, chains). Singles are placed
// a sweep at a time (every naked single of the grid, then every hidden
// single), each placement counted once. Rating.Hardest is the hardest
// technique used (techs orders them).
//
// Rating.SE is the highest Sudoku Explainer rating of a step (a step may
// rate above its technique's base, a longer chain for one) and
// Rating.Score the soft maximum of the steps' ratings (see score). Where
// that path rates below 6.0 (singles, locked candidates, subsets, basic
// fish and wings), and on every 9×9 board with one solution, Grade solves
// the board once more in Explainer's order (seTable) for SE and Score:
// below 6.0 the order of the steps decides the rating, and on 9×9 that
// path takes Explainer's own chaining steps, each rated by its rules
// (tech_sechain.go), where the first path takes chains and ALS
// Explainer does not know. On 400 generated 9×9 puzzles se is then within
// 0.5 of Explainer on 95 % and ranks them with Spearman 0.98
// (TestSEAgainstExplainer); on random magictour_top1465 puzzles within 0.5
// on 98 % (BENCHMARKS.md).
//
// On a variant board Grade follows the variant solver (variant_logic.go);
// on 9×9 without cages SE and Score follow Sukaku Explainer's order and
// chaining rules over the variant's units and peers (variant_serate.go).
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
// Cost: a search for two solutions, then the logic (twice below 6.0 and
// on 9×9): microseconds for a 9×9 solved by singles; a forcing chain
// follows every candidate of the grid (about a millisecond on 9×9), a
// forcing net of depth 2 up to the square of that; Explainer's chaining
// rules on 9×9 a few milliseconds a step (SE 11 puzzles: a median of
// 150 ms CPU, the slowest 0.3 s).
// Grade reuses pooled candidate states and allocates the Techniques map.
func Grade(ctx context.Context, b Board, lim Limits) (Rating, error) {
	if !b.shape.valid() {
		return Rating{}, boardError("invalid board shape " + b.shape.Box())
	}
	if err := b.outOfRange(); err != nil {
		return Rating{}, err
	}
	if b.rules != nil {
		return gradeVariant(ctx, b, lim)
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
		if steps++; !ok || !isSingle(tc) || steps&63 == 0 {
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
		l.note(tSearch, 1)
		l.place(c, int(sol.cells[c]))
	}
	if l.bad {
		return Rating{}, ErrUnsolvable
	}
	r := l.rating()
	if unique && (l.maxSE < seRerate || l.n == 9) {
		seRate(ctx, b, lim, &r)
	}
	return r, nil
}

// seRerate: below this rating (tenths) Grade follows Sudoku Explainer's
// order once more for Rating.SE and Score. Up to the basic fish and
// wings the order decides the rating (a puzzle of singles is 1.2 or 2.3
// depending on which singles come first); above it the hardest step does.
const seRerate = 60

// seRate sets r's SE and Score from a second logical solution of b, a
// board with one solution, that follows seTable, Sudoku Explainer's order.
// It leaves r as it is if that solution does not finish.
func seRate(ctx context.Context, b Board, lim Limits, r *Rating) {
	l := getLogic(&b, true)
	defer putLogic(l)
	l.unique, l.seOrder = true, true
	l.limits = limits{nodes: lim.NodeBudget(), ctx: ctx}
	for l.empty > 0 && !l.bad {
		if _, ok := l.step(); !ok {
			return
		}
	}
	if !l.bad {
		r.SE, r.Score = float64(l.maxSE)/10, l.score()
		if l.used {
			r.SETechnique = techs[l.seTech].name
		}
		switch {
		case r.Level >= Expert:
			r.Level = max(Expert, seLevel(l.maxSE))
		case l.maxSE >= masterSE:
			r.Level = seLevel(l.maxSE)
		}
	}
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
		if info.level > r.Level {
			r.Level = info.level
		}
	}
	if l.used {
		r.Hardest = techs[l.hardest].name
	}
	// Past the hard techniques the level follows the hardest step's
	// Sudoku Explainer rating (a long chain may make a puzzle master);
	// a board with several solutions stays expert.
	if r.Level >= Expert && l.counts[tSearch] == 0 {
		r.Level = max(r.Level, seLevel(l.maxSE))
	}
	r.SE = float64(l.maxSE) / 10
	if l.used {
		r.SETechnique = techs[l.seTech].name
	}
	r.Score = l.score()
	return r
}

// score is Rating.Score: the "soft maximum" of the steps' Sudoku Explainer
// ratings, ln(Σ e^(scoreSlope·se))/scoreSlope, two decimals. It is at
// least the hardest step's rating and adds at most ln(steps)/scoreSlope
// for the steps as hard or nearly as hard, so among puzzles whose hardest
// step rates the same, one that needs it more often scores higher.
func (l *logic) score() float64 {
	if l.seSum == 0 {
		return 0
	}
	return math.Round(100*math.Log(l.seSum)/scoreSlope) / 100
}
