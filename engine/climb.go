package engine

import (
	"fmt"
	"math"
)

// Limits of a climb (see climb). They are counts, not times, so that the
// result depends on the seed alone.
const (
	// climbRepairs bounds the cells one move gives back to keep the
	// solution unique.
	climbRepairs = 4
	// climbSteps bounds the moves one climb tries.
	climbSteps = 400
	// climbStall: a climb whose score has not risen for this many moves
	// gives up, and the next attempt starts from a new grid.
	climbStall = 150
	// On 9×9, where a move is rated by Explainer's path alone, climbs
	// go on longer: extreme over seeds 0–19 took 1 to 6 climbs (median
	// 1.25 s, slowest 6.3 s, 32 s in all, CPU) against 1 to 29 (median
	// 1.4 s, slowest 13.4 s for seed 3, 48 s in all) with the limits
	// above; 300 and 800 gave a median of 1.6 s and 6.3 s at most. On
	// 12×12 3x4 longer climbs did worse (3 of 5 seeds 11 to 13 s).
	climbSteps9 = 1000
	climbStall9 = 400
)

// climb makes one try at a master or extreme puzzle: random puzzles that
// hard are rare (about 7 % of the expert attempts on 9×9 need a forcing
// chain), so it searches for hardness. It fills a grid, removes givens in
// a random order while the solution stays unique (a minimal puzzle), and
// then climbs. Each move changes the puzzle a little and keeps exactly one
// solution:
//
//   - it removes a given (a group, with SymmetryRotational), having given
//     another empty group first one time in three, and then, while
//     another solution remains, gives a random empty group where that
//     solution differs (at most climbRepairs of them, see repair);
//   - or it gives a given another value, when that leaves one solution
//     (the solution then changes).
//
// The new puzzle replaces the old when its rating's Score (the soft
// maximum of its steps' Sudoku Explainer ratings) is at least the old
// one's and its level is at most the one asked for. The climb stops at
// the first puzzle of the level, or after climbSteps moves, or
// climbStall moves without a rise (climbSteps9 and climbStall9 on 9×9).
func (g *generator) climb(level Level) (Puzzle, bool, error) {
	if err := g.begin(); err != nil {
		return Puzzle{}, false, err
	}
	puz := g.sol
	for _, gi := range g.order {
		gr := g.groups[gi]
		if g.removeSingles(&puz, gr) {
			continue
		}
		clearGroup(&puz, gr)
		unique, err := g.unique(puz, gr)
		if err != nil {
			return Puzzle{}, false, err
		}
		if !unique {
			restoreGroup(&puz, &g.sol, gr)
		}
	}
	cur, over, err := g.rate(puz, level)
	if err != nil {
		return Puzzle{}, false, err
	}
	score := cur.Score
	if over {
		score = math.Inf(-1)
	}
	var given, empty []int // groups, given and empty in puz
	steps, maxStall := climbSteps, climbStall
	if g.t.n == 9 {
		steps, maxStall = climbSteps9, climbStall9
	}
	stall := 0
	for range steps {
		if !over && cur.Level == level {
			if g.t.n == 9 {
				// rate followed Explainer's path alone: grade in full.
				if cur, err = g.grade(puz); err != nil || cur.Level != level {
					return Puzzle{}, false, err
				}
			}
			return Puzzle{Puzzle: puz, Solution: g.sol, Rating: cur}, true, nil
		}
		if stall++; stall > maxStall {
			break
		}
		given, empty = given[:0], empty[:0]
		for gi, gr := range g.groups {
			if puz.cells[gr[0]] != 0 {
				given = append(given, gi)
			} else {
				empty = append(empty, gi)
			}
		}
		next, sol := puz, g.sol
		a := g.groups[given[g.rng.IntN(len(given))]]
		ok := false
		if k := g.rng.IntN(4); k < 3 {
			// Move a given: remove it, maybe give another cell, and give
			// cells where other solutions differ until one is left.
			if k == 0 && len(empty) > 0 {
				restoreGroup(&next, &g.sol, g.groups[empty[g.rng.IntN(len(empty))]])
			}
			clearGroup(&next, a)
			if ok, err = g.repair(&next, a); err != nil {
				return Puzzle{}, false, err
			}
		} else {
			// Give a given another value.
			c := int(a[g.rng.IntN(2)&^boolInt(a[1] < 0)])
			v := 1 + g.rng.IntN(g.t.n-1)
			if v >= int(next.cells[c]) {
				v++
			}
			next.cells[c] = uint8(v)
			if ok, err = g.uniqueAnew(&next, &sol); err != nil {
				return Puzzle{}, false, err
			}
		}
		if !ok {
			continue
		}
		keep := g.sol
		g.sol = sol
		r, o, err := g.rate(next, level)
		if err != nil {
			return Puzzle{}, false, err
		}
		if o || r.Score < score {
			g.sol = keep
			continue
		}
		if r.Score > score {
			stall = 0
		}
		puz, cur, over, score = next, r, false, r.Score
	}
	return Puzzle{}, false, nil
}

// repair makes puz, made from a puzzle whose only solution is g.sol by
// removing the group gr (and giving other cells of g.sol), unique again if
// it is not: while a solution other than g.sol remains, it gives a random
// empty group where that solution differs from g.sol, at most climbRepairs
// times. It reports whether puz has one solution in the end.
func (g *generator) repair(puz *Board, gr [2]int16) (bool, error) {
	var alt Board
	var diff []int
	for range climbRepairs + 1 {
		ok, err := g.uniqueOr(*puz, gr, &alt)
		if ok || err != nil {
			return ok, err
		}
		if alt.shape.IsZero() {
			return false, nil // the search ran past its budget
		}
		diff = diff[:0]
		for gi, h := range g.groups {
			if puz.cells[h[0]] == 0 && (alt.cells[h[0]] != g.sol.cells[h[0]] || h[1] >= 0 && alt.cells[h[1]] != g.sol.cells[h[1]]) {
				diff = append(diff, gi)
			}
		}
		if len(diff) == 0 {
			return false, nil
		}
		restoreGroup(puz, &g.sol, g.groups[diff[g.rng.IntN(len(diff))]])
	}
	return false, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// uniqueAnew reports whether puz, whose givens changed, has exactly one
// solution, and writes it to sol when it has. A search past the
// generator's budget for one uniqueness check answers false.
func (g *generator) uniqueAnew(puz, sol *Board) (bool, error) {
	if Conflicts(*puz) != nil {
		return false, nil
	}
	res, err := Solve(g.ctx, *puz, Limits{MaxNodes: uniquePerCell * int64(g.t.cells)})
	if err != nil {
		if g.ctx.Err() != nil {
			return false, fmt.Errorf("generate: %w (%w)", ErrSearchLimit, g.ctx.Err())
		}
		return false, nil
	}
	if !res.Unique {
		return false, nil
	}
	*sol = res.Solution
	return true, nil
}

// rate grades puz, whose only solution is g.sol, the way Grade does, but
// stops as soon as a step is above top (over true): the techniques above
// top are not tried. On 9×9, where Explainer's path sets the level from
// master up (seRate), it follows that path alone: the rating's Level is
// then master or extreme by SE, or expert below 7.5, and Techniques is
// empty.
func (g *generator) rate(puz Board, top Level) (r Rating, over bool, err error) {
	l := getLogic(&puz, true)
	defer putLogic(l)
	l.unique = true
	l.limits = limits{nodes: gradeNodes, ctx: g.ctx}
	if g.t.n == 9 {
		l.seOrder = true
	} else if top < Extreme {
		l.cap = top
	}
	defer func() { l.cap = 0 }()
	for steps := 0; l.empty > 0 && !l.bad; steps++ {
		tc, ok := l.step()
		if steps&63 == 0 || !ok {
			if err := g.ctx.Err(); err != nil {
				return Rating{}, false, fmt.Errorf("generate: %w (%w)", ErrSearchLimit, err)
			}
		}
		if !ok || !l.seOrder && stepLevel(tc, l.stepSE) > top || seLevel(l.stepSE) > top {
			return Rating{}, true, nil // above top, or past the budget
		}
	}
	if l.bad {
		return Rating{}, false, fmt.Errorf("generate: grading a generated puzzle: %w", ErrUnsolvable)
	}
	if l.seOrder {
		return Rating{Level: max(Expert, seLevel(l.maxSE)), SE: float64(l.maxSE) / 10, SETechnique: techs[l.seTech].name, Score: l.score()}, false, nil
	}
	return l.rating(), false, nil
}

// Limits of a climb on a variant board (see vgen.climb), in moves.
const (
	vclimbSteps = 100
	vclimbStall = 30
)

// climb is climb for a variant board, from puz, a puzzle whose only
// solution is g.sol, rated r below g.level. Each move removes a given,
// having given another empty cell first one time in three, and gives
// cells of g.sol while other solutions remain (vgen.repair). The new
// puzzle replaces the old when its Score is at least the old one's and its
// level at most g.level. The climb stops at the first puzzle of g.level,
// or after vclimbSteps moves, or vclimbStall moves without a rise.
func (g *vgen) climb(puz Board, r Rating) (Board, Rating, bool, error) {
	var given, empty []int
	var alt Board
	stall := 0
	for range vclimbSteps {
		if r.Level == g.level {
			return puz, r, true, nil
		}
		if stall++; stall > vclimbStall {
			break
		}
		given, empty = given[:0], empty[:0]
		for i := range g.n * g.n {
			if puz.cells[i] != 0 {
				given = append(given, i)
			} else {
				empty = append(empty, i)
			}
		}
		next := puz
		if g.rng.IntN(3) == 0 && len(empty) > 0 {
			i := empty[g.rng.IntN(len(empty))]
			next.cells[i] = g.sol.cells[i]
		}
		next.cells[given[g.rng.IntN(len(given))]] = 0
		ok, err := g.repair(&next, &alt)
		if err != nil {
			return Board{}, Rating{}, false, err
		}
		if !ok {
			continue
		}
		nr, ok, err := g.grade(next)
		if err != nil {
			return Board{}, Rating{}, false, err
		}
		if !ok || nr.Level > g.level || nr.Score < r.Score {
			continue
		}
		if nr.Score > r.Score {
			stall = 0
		}
		puz, r = next, nr
	}
	return Board{}, Rating{}, false, nil
}

// repair is repair for a variant board: while puz has another solution
// than g.sol, it gives an empty cell where the first solution found
// differs from g.sol (any empty cell when that solution is g.sol), at
// most climbRepairs times. It reports whether puz has one solution in the
// end; alt is scratch space.
func (g *vgen) repair(puz, alt *Board) (bool, error) {
	var diff []int
	for range climbRepairs + 1 {
		k, _, err := countVariant(g.ctx, *puz, 2, Limits{MaxNodes: vcountNodes}, alt)
		if err != nil {
			return false, g.stopped()
		}
		if k == 1 {
			return true, nil
		}
		diff = diff[:0]
		for i := range g.n * g.n {
			if puz.cells[i] == 0 && alt.cells[i] != g.sol.cells[i] {
				diff = append(diff, i)
			}
		}
		if len(diff) == 0 {
			for i := range g.n * g.n {
				if puz.cells[i] == 0 {
					diff = append(diff, i)
				}
			}
		}
		i := diff[g.rng.IntN(len(diff))]
		puz.cells[i] = g.sol.cells[i]
	}
	return false, nil
}
