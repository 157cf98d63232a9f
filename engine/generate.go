package engine

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// NewRand returns the random source that a seed names everywhere in the
// project: a PCG generator (math/rand/v2) seeded from seed. Generate given
// NewRand(seed) and the same Options returns the same puzzle on every
// machine, for a given release.
func NewRand(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), 0x5375646f6b7544)) // "SudokuD"
}

// Symmetry is the pattern of the givens of a generated puzzle.
type Symmetry int

// The symmetries Generate offers.
const (
	SymmetryNone       Symmetry = iota // givens anywhere
	SymmetryRotational                 // a cell is given exactly when its 180° rotation is
)

// String returns "none" or "rotational".
func (s Symmetry) String() string {
	switch s {
	case SymmetryNone:
		return "none"
	case SymmetryRotational:
		return "rotational"
	}
	return fmt.Sprintf("Symmetry(%d)", int(s))
}

// ParseSymmetry returns the symmetry named s: "none" (or "") or
// "rotational", in any case.
func ParseSymmetry(s string) (Symmetry, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "none":
		return SymmetryNone, nil
	case "rotational":
		return SymmetryRotational, nil
	}
	return 0, fmt.Errorf("unknown symmetry %q (want none or rotational)", s)
}

// Options say what Generate makes.
type Options struct {
	Shape    Shape    // the board; the zero Shape means 9×9
	Level    Level    // the difficulty; zero means Medium
	Symmetry Symmetry // the pattern of the givens
	// Variant is the variant rules drawn with the puzzle (see
	// VariantLevels); the zero Variant is classic. Symmetry does not apply.
	Variant Variant
	// MaxAttempts bounds the work: each attempt fills a new grid and
	// removes cells in a new order. Zero means DefaultAttempts(Shape, Level).
	MaxAttempts int
}

// Puzzle is a generated puzzle.
type Puzzle struct {
	Puzzle   Board  // the givens
	Solution Board  // its only solution
	Rating   Rating // Grade(Puzzle); Rating.Level is the level asked for
}

// Limits of the searches inside Generate. They are node counts, not times,
// so that the result depends on the seed alone.
const (
	fillNodes = 4000 // grid filling: nodes before a restart
	// uniquePerCell × cells bounds one uniqueness check; beyond it the
	// cells stay given.
	uniquePerCell = 8
	// Once a puzzle of the level is found, removal goes on (for a puzzle
	// with fewer givens) while the uniqueness checks and grades of the
	// attempt have cost at most extraPerCell × cells nodes, a grade
	// counting as gradeCost × cells.
	extraPerCell = 16
	gradeCost    = 4
	// When no puzzle along the removal order has the level, up to addBack
	// puzzles one given easier than one that was too hard are graded.
	addBack    = 24
	gradeNodes = 1_000_000 // the search inside Grade when logic stalls
)

// Generate makes a puzzle of opt.Level on opt.Shape with exactly one
// solution, drawing all its randomness from rng, so that NewRand(seed) and
// the same options reproduce it on every machine.
//
// An attempt fills a random solution grid (random permutations in the boxes
// that share no row or column band, then a randomized search with the
// fewest-candidates rule) and removes givens (or pairs of givens, with
// SymmetryRotational) in a random order:
//
//   - easy: every given whose removal leaves the puzzle solvable by naked
//     and hidden singles, which also proves it unique;
//   - medium and hard on boards under 15×15, and expert on every board:
//     first while singles solve the puzzle, then while it keeps exactly
//     one solution. Along this sequence of ever harder puzzles it grades at
//     1, 2, 4, … removals and bisects for the last puzzle at most the level;
//     a removal that makes the puzzle too hard is undone for good and
//     removal goes on. When no puzzle of the level came up, puzzles one
//     given easier than one that was too hard are tried;
//   - medium and hard on boards from 15×15 up, where uniqueness checks are
//     costly: every given whose removal keeps the puzzle at most the level
//     for the grader's logic, which also proves it unique (an expert
//     puzzle stalls that logic, which then proves nothing).
//
// Master and extreme puzzles are rare among those: an attempt at them is
// a climb from a minimal puzzle towards harder ones (see climb).
//
// When an attempt gives no puzzle of the level, the next one starts. Once
// the level is reached, removal goes on within a work budget, so that the
// puzzle has few givens. The result is graded by Grade.
//
// Errors: ErrDifficultyUnavailable when the shape does not offer the level
// (a *LevelError, whose message names the levels it offers; see LevelsOf)
// or when MaxAttempts attempts found no puzzle of the level;
// ErrSearchLimit (wrapping ctx.Err() too) when ctx is done first;
// ErrInvalidBoard for an invalid shape.
//
// Cost (one core, BENCHMARKS.md has the table): a 9×9 takes under a
// millisecond (easy) to a few milliseconds (hard), a 16×16 tens of
// milliseconds, a hard 25×25 about a second.
func Generate(ctx context.Context, rng *rand.Rand, opt Options) (Puzzle, error) {
	if opt.Variant != 0 {
		return generateVariant(ctx, rng, opt)
	}
	shape := opt.Shape
	if shape.IsZero() {
		shape = Shape{Size: 9, BoxRows: 3, BoxCols: 3}
	}
	if !shape.valid() {
		return Puzzle{}, boardError(fmt.Sprintf("unsupported box %s for size %d: %s", shape.Box(), shape.Size, offered(shape.Size)))
	}
	level := opt.Level
	if level == 0 {
		level = Medium
	}
	if level < Easy || level > Extreme {
		return Puzzle{}, fmt.Errorf("generate: unknown level %d", int(level))
	}
	if opt.Symmetry != SymmetryNone && opt.Symmetry != SymmetryRotational {
		return Puzzle{}, fmt.Errorf("generate: unknown symmetry %d", int(opt.Symmetry))
	}
	if !Offers(shape, level) {
		return Puzzle{}, &LevelError{Shape: shape, Level: level}
	}
	attempts := opt.MaxAttempts
	if attempts <= 0 {
		attempts = DefaultAttempts(shape, level)
	}
	g := newGenerator(ctx, rng, shape, opt.Symmetry)
	for range attempts {
		if err := ctx.Err(); err != nil {
			return Puzzle{}, fmt.Errorf("generate: %w (%w)", ErrSearchLimit, err)
		}
		attempt := g.attempt
		if level >= Master {
			attempt = g.climb
		}
		p, ok, err := attempt(level)
		if err != nil {
			return Puzzle{}, err
		}
		if ok {
			return p, nil
		}
	}
	return Puzzle{}, fmt.Errorf("%w: no %s puzzle on %s found in %d attempts", ErrDifficultyUnavailable, level, shape, attempts)
}

// greedyCells is the board size (cells) from which Generate removes greedily
// (see greedy) rather than along a uniqueness sequence, below Expert.
const greedyCells = 225

// generator holds the working memory of Generate for one shape.
type generator struct {
	ctx   context.Context
	rng   *rand.Rand
	shape Shape
	t     *topology
	p     solver // the solver, for filling, the singles test and uniqueness
	// groups are the cells removed together: one cell, or a cell and its
	// 180° rotation.
	groups [][2]int16
	order  []int // a permutation of groups
	sol    Board
	spent  int64 // work in this attempt: uniqueness nodes and grades
	logic  logic // the grader's logical solver, for levelAtMost
}

func newGenerator(ctx context.Context, rng *rand.Rand, s Shape, sym Symmetry) *generator {
	t := topologyOf(s)
	g := &generator{ctx: ctx, rng: rng, shape: s, t: t, sol: Board{shape: s}}
	g.p.reset(t)
	for c := 0; c < t.cells; c++ {
		switch m := t.cells - 1 - c; {
		case sym == SymmetryNone:
			g.groups = append(g.groups, [2]int16{int16(c), -1})
		case c < m:
			g.groups = append(g.groups, [2]int16{int16(c), int16(m)})
		case c == m:
			g.groups = append(g.groups, [2]int16{int16(c), -1})
		}
	}
	g.order = make([]int, len(g.groups))
	return g
}

// begin starts an attempt: it fills a new grid (g.sol) and shuffles the
// removal order (g.order).
func (g *generator) begin() error {
	if err := g.fill(); err != nil {
		return err
	}
	for i := range g.order {
		g.order[i] = i
	}
	g.rng.Shuffle(len(g.order), func(i, j int) { g.order[i], g.order[j] = g.order[j], g.order[i] })
	return nil
}

// attempt makes one try at a puzzle of the level. It returns ok false when
// this grid and order gave none.
func (g *generator) attempt(level Level) (Puzzle, bool, error) {
	if err := g.begin(); err != nil {
		return Puzzle{}, false, err
	}
	puz := g.sol
	if level == Easy {
		// Remove every group whose removal leaves the puzzle solvable by
		// singles: such a puzzle has one solution and grades easy.
		for k, gi := range g.order {
			if k&63 == 63 {
				if err := g.ctx.Err(); err != nil {
					return Puzzle{}, false, fmt.Errorf("generate: %w (%w)", ErrSearchLimit, err)
				}
			}
			g.removeSingles(&puz, g.groups[gi])
		}
		return g.accept(puz, level)
	}

	if g.t.cells >= greedyCells && level < Expert {
		return g.greedy(puz, level)
	}

	// Remove groups in order while the solution stays unique. While the
	// puzzle is solved by singles that proves it unique, and it grades
	// easy; otherwise unique decides, and the removals since the
	// last graded puzzle wait in a batch. Grade when the batch reaches 1, 2,
	// 4, … groups. A grade at most the level confirms the batch; a harder
	// one is bisected for the longest prefix of the batch that stays at
	// most the level: that prefix is confirmed, the next group is given for
	// good, and the groups after it stay removed (a puzzle with more givens
	// than a unique one is unique) for the next grade.
	const (
		easy    = iota // puz is solved by singles
		unknown        // puz may be solved by singles
		notEasy        // puz is not: neither is any puzzle with fewer givens
	)
	state := easy
	rest := g.order
	g.spent = 0
	best, bestLevel := puz, Easy
	var batch []int // the groups removed from best to make puz
	want := 1
	var over Board // the last puzzle graded harder than the level
	haveOver := false
	for {
		if len(rest) > 0 && len(batch) < want && (bestLevel != level || g.spent <= extraPerCell*int64(g.t.cells)) {
			gi := rest[0]
			rest = rest[1:]
			gr := g.groups[gi]
			switch state {
			case easy:
				if g.removeSingles(&puz, gr) {
					best = puz
					continue
				}
			case unknown:
				clearGroup(&puz, gr)
				if g.p.singlesSolve(&puz) {
					best, bestLevel, state = puz, Easy, easy
					batch = batch[:0]
					continue
				}
				restoreGroup(&puz, &g.sol, gr)
			}
			clearGroup(&puz, gr)
			unique, err := g.unique(puz, gr)
			if err != nil {
				return Puzzle{}, false, err
			}
			if unique {
				batch = append(batch, gi)
				state = notEasy
			} else {
				restoreGroup(&puz, &g.sol, gr)
			}
			continue
		}
		if len(batch) == 0 {
			break
		}
		l, ok, err := g.levelAtMost(puz, level, true)
		if err != nil {
			return Puzzle{}, false, err
		}
		if ok {
			best, bestLevel, batch = puz, l, batch[:0]
			want *= 2
			continue
		}
		lo, hi := 0, len(batch)
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			l, ok, err := g.levelAtMost(g.prefix(best, batch[:mid]), level, true)
			if err != nil {
				return Puzzle{}, false, err
			}
			if ok {
				lo, bestLevel = mid, l
			} else {
				hi = mid
			}
		}
		over, haveOver = g.prefix(best, batch[:hi]), true
		best = g.prefix(best, batch[:lo])
		restoreGroup(&puz, &g.sol, g.groups[batch[lo]])
		batch = append(batch[:0], batch[lo+1:]...)
		want = max(1, len(batch))
		state = unknown
	}
	if bestLevel != level && haveOver {
		// Nothing along the removal order has the level, but one removal
		// made a puzzle too hard: giving back one of its other empty cells
		// may leave it at the level.
		tries := 0
		for _, gi := range g.order {
			gr := g.groups[gi]
			if over.cells[gr[0]] != 0 {
				continue
			}
			if tries++; tries > addBack {
				break
			}
			p := over
			restoreGroup(&p, &g.sol, gr)
			l, ok, err := g.levelAtMost(p, level, true)
			if err != nil {
				return Puzzle{}, false, err
			}
			if ok && l == level {
				best, bestLevel = p, l
				break
			}
		}
	}
	if bestLevel != level {
		return Puzzle{}, false, nil
	}
	return g.accept(best, level)
}

// greedy removes groups in order while the puzzle's level stays at most
// level: levelAtMost proves both that and, since the logical solver makes
// only sound deductions and finishes without a search, that the solution
// is unique. A group whose removal makes the puzzle harder (or its
// solution ambiguous) stays given.
func (g *generator) greedy(puz Board, level Level) (Puzzle, bool, error) {
	g.spent = 0
	easy, cur := true, Easy
	for _, gi := range g.order {
		if cur == level && g.spent > extraPerCell*int64(g.t.cells) {
			break
		}
		if err := g.ctx.Err(); err != nil {
			return Puzzle{}, false, fmt.Errorf("generate: %w (%w)", ErrSearchLimit, err)
		}
		gr := g.groups[gi]
		if easy {
			if g.removeSingles(&puz, gr) {
				continue
			}
		}
		clearGroup(&puz, gr)
		l, ok, err := g.levelAtMost(puz, level, false)
		if err != nil {
			return Puzzle{}, false, err
		}
		if ok {
			cur, easy = l, l == Easy
			continue
		}
		restoreGroup(&puz, &g.sol, gr)
	}
	if cur != level {
		return Puzzle{}, false, nil
	}
	return g.accept(puz, level)
}

// levelAtMost grades puz, whose only solution is g.sol, as far as needed to
// tell whether its level is at most top, and returns the level when it is.
// It runs the grader's logical solver (the loop of Grade) but stops at the
// first step above top (by its technique or its Sudoku Explainer rating,
// stepLevel), or at the first stall when top is below Extreme (the
// techniques above top are not tried); a stall with top Extreme takes the
// cell from g.sol rather than from a search. unique says that g.sol is
// known to be puz's only solution, which lets uniqueness techniques and
// forcing run; greedy, which leaves that to the logic to prove, says no.
func (g *generator) levelAtMost(puz Board, top Level, unique bool) (Level, bool, error) {
	g.spent += gradeCost * int64(g.t.cells)
	l := &g.logic
	l.batch = true
	l.init(&puz)
	l.unique = unique
	l.limits = limits{nodes: gradeNodes, ctx: g.ctx}
	l.cap = 0
	if top < Extreme {
		l.cap = top
	}
	lv, steps := Easy, 0
	for l.empty > 0 && !l.bad {
		tc, ok := l.step()
		if ok {
			if tl := stepLevel(tc, l.stepSE); tl > lv {
				if tl > top {
					return tl, false, nil
				}
				lv = tl
			}
			if steps++; steps&63 == 0 {
				if err := g.ctx.Err(); err != nil {
					return 0, false, fmt.Errorf("generate: %w (%w)", ErrSearchLimit, err)
				}
			}
			continue
		}
		if l.bad {
			break
		}
		if top < Extreme {
			return top + 1, false, nil
		}
		lv = max(lv, Expert)
		c := l.mostConstrained()
		l.place(c, int(g.sol.cells[c]))
	}
	if l.bad {
		return 0, false, fmt.Errorf("generate: grading a generated puzzle: %w", ErrUnsolvable)
	}
	return lv, true, nil
}

// unique reports whether puz, made from a puzzle whose only solution is
// g.sol by removing the group gr, still has one solution. That holds when
// no solution differs from g.sol in the removed cells: a search for a
// completion with another value in the first cell, then (with the first
// cell as in g.sol) in the second, answers it. This is the question
// CountSolutions(puz, 2) == 1 answers, at a fraction of the cost, because
// such a search usually dies in propagation. A search that exceeds
// uniquePerCell nodes per cell answers false, so the cells stay given.
func (g *generator) unique(puz Board, gr [2]int16) (bool, error) {
	return g.uniqueOr(puz, gr, nil)
}

// uniqueOr is unique, which also writes to alt (when not nil) the other
// solution it found; alt is the zero Board when it found none.
func (g *generator) uniqueOr(puz Board, gr [2]int16, alt *Board) (bool, error) {
	if alt != nil {
		*alt = Board{}
	}
	if err := g.ctx.Err(); err != nil {
		return false, fmt.Errorf("generate: %w (%w)", ErrSearchLimit, err)
	}
	for i, c := range gr {
		if c < 0 {
			break
		}
		if i == 1 {
			puz.cells[gr[0]] = g.sol.cells[gr[0]]
		}
		found, done := g.p.solutionWithout(g.ctx, &puz, int(c), g.sol.cells[c], uniquePerCell*int64(g.t.cells), alt)
		g.spent += g.p.nodes
		if found || !done {
			return false, nil
		}
	}
	return true, nil
}

// accept grades puz and returns it when its level is level.
func (g *generator) accept(puz Board, level Level) (Puzzle, bool, error) {
	r, err := g.grade(puz)
	if err != nil || r.Level != level {
		return Puzzle{}, false, err
	}
	return Puzzle{Puzzle: puz, Solution: g.sol, Rating: r}, true, nil
}

// grade grades a puzzle known to have one solution. A grade that exceeds
// the search budget counts as harder than every level.
func (g *generator) grade(puz Board) (Rating, error) {
	r, err := grade(g.ctx, puz, Limits{MaxNodes: gradeNodes}, true, &g.sol)
	if err != nil {
		if g.ctx.Err() != nil {
			return Rating{}, fmt.Errorf("generate: %w (%w)", ErrSearchLimit, g.ctx.Err())
		}
		if errors.Is(err, ErrSearchLimit) {
			return Rating{Level: Extreme + 1}, nil
		}
		return Rating{}, fmt.Errorf("generate: grading a generated puzzle: %w", err)
	}
	return r, nil
}

// prefix returns base with the groups of seq removed.
func (g *generator) prefix(base Board, seq []int) Board {
	for _, gi := range seq {
		clearGroup(&base, g.groups[gi])
	}
	return base
}

func clearGroup(b *Board, gr [2]int16) {
	b.cells[gr[0]] = 0
	if gr[1] >= 0 {
		b.cells[gr[1]] = 0
	}
}

func restoreGroup(b, sol *Board, gr [2]int16) {
	b.cells[gr[0]] = sol.cells[gr[0]]
	if gr[1] >= 0 {
		b.cells[gr[1]] = sol.cells[gr[1]]
	}
}

// removeSingles removes the group from puz when the puzzle stays solvable
// by naked and hidden singles, and reports whether it did.
func (g *generator) removeSingles(puz *Board, gr [2]int16) bool {
	// A lone cell whose peers show every other value is a naked single:
	// removing it keeps whatever singles solved before.
	if gr[1] < 0 && g.seesAllOthers(puz, int(gr[0])) {
		puz.cells[gr[0]] = 0
		return true
	}
	clearGroup(puz, gr)
	if g.p.singlesSolve(puz) {
		return true
	}
	restoreGroup(puz, &g.sol, gr)
	return false
}

func (g *generator) seesAllOthers(puz *Board, c int) bool {
	var seen uint32
	for _, p := range g.t.peersOf(c) {
		if v := puz.cells[p]; v != 0 {
			seen |= 1 << (v - 1)
		}
	}
	return bits.OnesCount32(seen) == g.t.n-1
}

// fill writes a random solution grid to g.sol: random permutations in the
// boxes on the diagonal of the box grid (they share no row or column), then
// a randomized search that branches on a cell with the fewest candidates
// and tries its values in random order. A search that takes more than
// fillNodes nodes starts over, so filling never hangs; it stops with an
// error when ctx is done.
func (g *generator) fill() error {
	s := g.shape
	n := s.Size
	bandRows, stackCols := n/s.BoxRows, n/s.BoxCols // boxes per column and per row of the box grid
	diag := min(bandRows, stackCols)
	perm := make([]int, n)
	for {
		b := Board{shape: s}
		for k := 0; k < diag; k++ {
			for i := range perm {
				perm[i] = i + 1
			}
			g.rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
			r0, c0 := k*s.BoxRows, k*s.BoxCols
			for i, v := range perm {
				b.cells[(r0+i/s.BoxCols)*n+c0+i%s.BoxCols] = uint8(v)
			}
		}
		if g.p.fill(g.ctx, &b, g.rng, fillNodes, &g.sol) {
			return nil
		}
		if err := g.ctx.Err(); err != nil {
			return fmt.Errorf("generate: %w (%w)", ErrSearchLimit, err)
		}
	}
}
