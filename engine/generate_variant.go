package engine

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
)

// Variant is a set of variant rules for Generate to draw. The zero Variant
// is classic Sudoku.
type Variant uint16

// The variants Generate makes; they combine freely, but for
// VariantDisjointGroups with VariantJigsaw.
const (
	VariantX              Variant = 1 << iota // both diagonals hold every value once
	VariantWindoku                            // the windoku windows, on square boxes
	VariantJigsaw                             // random regions replace the boxes
	VariantKiller                             // cages with sums, no givens
	VariantDisjointGroups                     // the cells at one position of every box
	VariantAntiKnight                         // no equal values a knight's move apart
	VariantAntiKing                           // no equal values a king's move apart
	VariantNonConsecutive                     // no consecutive values side by side
	VariantOddEven                            // cells marked odd or even
)

// variantNames lists the variants by their API names, in String's order.
var variantNames = []struct {
	v    Variant
	name string
}{
	{VariantX, "x"}, {VariantWindoku, "windoku"}, {VariantJigsaw, "jigsaw"}, {VariantKiller, "killer"},
	{VariantDisjointGroups, "disjoint_groups"}, {VariantAntiKnight, "anti_knight"},
	{VariantAntiKing, "anti_king"}, {VariantNonConsecutive, "non_consecutive"}, {VariantOddEven, "odd_even"},
}

// ErrInvalidVariant: a variant name Generate does not know, or rules that
// cannot hold together or on the shape.
var ErrInvalidVariant = errors.New("invalid variant")

// ParseVariant reads a comma-separated combination of variant names
// ("classic", "x", "windoku", "jigsaw", "killer", "disjoint_groups",
// "anti_knight", "anti_king", "non_consecutive", "odd_even"; "" is
// classic). Errors wrap ErrInvalidVariant.
func ParseVariant(s string) (Variant, error) {
	var v Variant
	for part := range strings.SplitSeq(s, ",") {
		name := strings.ToLower(strings.TrimSpace(part))
		if name == "" || name == "classic" {
			continue
		}
		i := slices.IndexFunc(variantNames, func(e struct {
			v    Variant
			name string
		}) bool {
			return e.name == name
		})
		if i < 0 {
			return 0, fmt.Errorf("%w: unknown variant %q (want a comma-separated list of classic, %s)", ErrInvalidVariant, part, strings.Join(VariantNames(), ", "))
		}
		v |= variantNames[i].v
	}
	if v&VariantJigsaw != 0 && v&VariantDisjointGroups != 0 {
		return 0, fmt.Errorf("%w: disjoint_groups need boxes; a jigsaw has irregular regions", ErrInvalidVariant)
	}
	return v, nil
}

// VariantNames returns the names of the single variants, without classic.
func VariantNames() []string {
	out := make([]string, len(variantNames))
	for i, e := range variantNames {
		out[i] = e.name
	}
	return out
}

// String returns the names in v joined by commas, in a fixed order:
// "classic" for the zero Variant.
func (v Variant) String() string {
	if v == 0 {
		return "classic"
	}
	var out []string
	for _, e := range variantNames {
		if v&e.v != 0 {
			out = append(out, e.name)
		}
	}
	return strings.Join(out, ",")
}

// IsPreset reports whether v is classic or a single variant.
func (v Variant) IsPreset() bool { return v&(v-1) == 0 }

// Check reports whether v can hold on shape s: windoku needs square boxes,
// disjoint groups need boxes (no jigsaw). Errors wrap ErrInvalidVariant.
func (v Variant) Check(s Shape) error {
	if v&VariantWindoku != 0 && s.BoxRows != s.BoxCols {
		return fmt.Errorf("%w: windoku needs square boxes; %s has %s boxes", ErrInvalidVariant, s, s.Box())
	}
	if v&VariantJigsaw != 0 && v&VariantDisjointGroups != 0 {
		return fmt.Errorf("%w: disjoint_groups need boxes; a jigsaw has irregular regions", ErrInvalidVariant)
	}
	return nil
}

// Limits of variant generation, in nodes and tries, so that the result
// depends on the seed alone.
const (
	vfillNodesPerCell = 100 // a randomized fill restarts after this many nodes per cell
	vfillTries        = 50  // fills before the rules are deemed impossible on the shape
	vcountNodes       = 200_000
	// vAttempts are the attempts of generateVariant by default; from
	// expert up the most any seed took was 18 on 8×8 and 14 on 9×9
	// (master, odd_even). vAttempts6 on 6×6, where an attempt takes
	// milliseconds and puzzles past hard are rare: anti_king expert took
	// up to 135 attempts over 8 seeds.
	vAttempts  = 60
	vAttempts6 = 400
)

// generateVariant is Generate for opt.Variant != 0.
func generateVariant(ctx context.Context, rng *rand.Rand, opt Options) (Puzzle, error) {
	shape := opt.Shape
	if shape.IsZero() {
		shape = Shape{Size: 9, BoxRows: 3, BoxCols: 3}
	}
	if !shape.valid() {
		return Puzzle{}, boardError(fmt.Sprintf("unsupported box %s for size %d: %s", shape.Box(), shape.Size, offered(shape.Size)))
	}
	v := opt.Variant
	if err := v.Check(shape); err != nil {
		return Puzzle{}, err
	}
	level := opt.Level
	if level == 0 {
		level = Medium
	}
	if level < Easy || level > Extreme {
		return Puzzle{}, fmt.Errorf("generate: unknown level %d", int(level))
	}
	if !slices.Contains(VariantLevels(shape, v), level) {
		return Puzzle{}, &LevelError{Shape: shape, Level: level, Variant: v}
	}
	attempts := opt.MaxAttempts
	if attempts <= 0 {
		attempts = vAttempts
		if shape.Size == 6 {
			attempts = vAttempts6
		}
	}
	g := &vgen{ctx: ctx, rng: rng, shape: shape, n: shape.Size, v: v, level: level}
	for range attempts {
		if err := ctx.Err(); err != nil {
			return Puzzle{}, fmt.Errorf("generate: %w (%w)", ErrSearchLimit, err)
		}
		p, ok, err := g.attempt()
		if err != nil {
			return Puzzle{}, err
		}
		if ok {
			return p, nil
		}
	}
	return Puzzle{}, fmt.Errorf("%w: no %s %s puzzle on %s found in %d attempts", ErrDifficultyUnavailable, level, v, shape, attempts)
}

// vgen holds the state of one variant generation.
type vgen struct {
	ctx   context.Context
	rng   *rand.Rand
	shape Shape
	n     int
	v     Variant
	level Level
	sol   Board // the solution grid, without rules
}

// removal returns the level up to which remove and cages take givens out
// or merge cages: g.level, but expert for master and extreme, which the
// rating of the result decides (see attempt).
func (g *vgen) removal() Level { return min(g.level, Expert) }

func (g *vgen) stopped() error {
	if err := g.ctx.Err(); err != nil {
		return fmt.Errorf("generate: %w (%w)", ErrSearchLimit, err)
	}
	return nil
}

// structure returns the rules of g.v that constrain a solution grid
// before the jigsaw regions, parity marks and cages are drawn.
func (g *vgen) structure() Rules {
	var r Rules
	if g.v&VariantX != 0 {
		r.Diagonals = DiagonalBoth
	}
	r.Windows = g.v&VariantWindoku != 0
	r.DisjointGroups = g.v&VariantDisjointGroups != 0
	r.AntiKnight = g.v&VariantAntiKnight != 0
	r.AntiKing = g.v&VariantAntiKing != 0
	r.NonConsecutive = g.v&VariantNonConsecutive != 0
	return r
}

// attempt draws a solution, the rules and the givens (or cages), and
// returns ok false when the puzzle did not reach g.level. From expert up,
// removal goes on while the hard techniques and the solution count keep
// one solution, and the rating of the puzzle (a contradiction chain rates
// 8.5, master; a trial net 9.0, extreme) decides its level; one above
// g.level gives back givens (see easier).
func (g *vgen) attempt() (Puzzle, bool, error) {
	r := g.structure()
	if err := g.fill(&r); err != nil {
		return Puzzle{}, false, err
	}
	if g.v&VariantJigsaw != 0 {
		r.Regions = exchangeRegions(g.rng, g.shape, &g.sol, g.n*g.n)
	}
	if g.v&VariantOddEven != 0 {
		g.markParity(&r)
	}
	// prefix(k) is the puzzle after the first k of the steps removal
	// took (givens taken out or cages merged), and its rules.
	var puz Board
	var steps int
	var prefix func(k int) (Board, Rules)
	var ok bool
	var err error
	if g.v&VariantKiller != 0 {
		base := r
		var merges [][2]int
		puz, merges, ok, err = g.cages(&r)
		steps = len(merges)
		prefix = func(k int) (Board, Rules) {
			rr := g.replay(&base, merges[:k])
			return g.board(Board{shape: g.shape}, &rr), rr
		}
	} else {
		var removed []int
		puz, removed, ok, err = g.remove(&r)
		steps = len(removed)
		prefix = func(k int) (Board, Rules) {
			b := g.board(puz, &r)
			for _, i := range removed[k:] {
				b.cells[i] = g.sol.cells[i]
			}
			return b, r
		}
	}
	if err != nil || !ok {
		return Puzzle{}, false, err
	}
	puz, err = puz.WithRules(r)
	if err != nil {
		return Puzzle{}, false, fmt.Errorf("generate: drawn rules: %w", err)
	}
	rating, ok, err := g.grade(puz)
	if err != nil || !ok {
		return Puzzle{}, false, err
	}
	if rating.Level > g.level && g.level >= Expert {
		if puz, r, rating, ok, err = g.easier(steps, prefix); err != nil || !ok {
			return Puzzle{}, false, err
		}
		if puz, err = puz.WithRules(r); err != nil {
			return Puzzle{}, false, fmt.Errorf("generate: drawn rules: %w", err)
		}
	}
	if rating.Level < g.level && g.level == Extreme && g.v&VariantKiller == 0 {
		if puz, rating, ok, err = g.climb(puz, rating); err != nil || !ok {
			return Puzzle{}, false, err
		}
	}
	if rating.Level != g.level {
		return Puzzle{}, false, nil
	}
	sol, err := g.sol.WithRules(r)
	if err != nil {
		return Puzzle{}, false, fmt.Errorf("generate: drawn rules: %w", err)
	}
	return Puzzle{Puzzle: puz, Solution: sol, Rating: rating}, true, nil
}

// grade is Grade with the generator's budget; ok is false when the budget
// ran out.
func (g *vgen) grade(puz Board) (Rating, bool, error) {
	rating, err := Grade(g.ctx, puz, Limits{MaxNodes: gradeNodes})
	if err != nil {
		return Rating{}, false, g.stopped()
	}
	return rating, true, nil
}

// easier bisects the steps removal took (givens taken out or cages
// merged; prefix(k) is the puzzle after the first k and its rules, and
// the puzzle after all of them rates above g.level) for a puzzle as far
// along as it finds that rates at most g.level. Every prefix has one
// solution, since the puzzle after all the steps has, and the ratings
// rise along the steps but for a few dips. It reports false when the
// puzzle it finds does not rate g.level.
func (g *vgen) easier(steps int, prefix func(k int) (Board, Rules)) (Board, Rules, Rating, bool, error) {
	var best Board
	var bestRules Rules
	var bestRating Rating
	lo, hi := 0, steps // prefix(lo) rates at most g.level (lo 0: not graded); prefix(hi) above
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		b, rr := prefix(mid)
		r, ok, err := g.grade(b)
		if err != nil || !ok {
			return Board{}, Rules{}, Rating{}, false, err
		}
		if r.Level > g.level {
			hi = mid
		} else {
			lo, best, bestRules, bestRating = mid, b, rr, r
		}
	}
	return best, bestRules, bestRating, lo > 0 && bestRating.Level == g.level, nil
}

// fill writes to g.sol a random grid that obeys r (with the shape's
// boxes): the classic generator's fill when r adds nothing, else a
// randomized search of the variant solver, restarted after a node budget.
func (g *vgen) fill(r *Rules) error {
	if r.IsClassic() {
		cg := newGenerator(g.ctx, g.rng, g.shape, SymmetryNone)
		if err := cg.fill(); err != nil {
			return err
		}
		g.sol = cg.sol
		return nil
	}
	s := getVSolver(buildRuleSet(r, g.shape))
	defer vsolverPool.Put(s)
	empty := Board{shape: g.shape}
	for range vfillTries {
		s.begin(g.ctx, Limits{MaxNodes: vfillNodesPerCell * int64(s.cells)})
		if !s.load(&empty) {
			break
		}
		if s.randomFill(g.rng, 0) {
			g.sol = Board{shape: g.shape, cells: boardCells(s.out)}
			return nil
		}
		if err := g.stopped(); err != nil {
			return err
		}
	}
	return fmt.Errorf("%w: no %s grid on %s came out of %d fills", ErrDifficultyUnavailable, g.v, g.shape, vfillTries)
}

// randomFill searches the loaded state for a solution, branching on a cell
// with the fewest candidates and trying its values in random order. The
// solution goes to s.out. It gives up (false, s.err set) past s.limit
// nodes or when ctx is done.
func (s *vsolver) randomFill(rng *rand.Rand, depth int) bool {
	if s.left == 0 {
		copy(s.out, s.val)
		return true
	}
	best, bestCount := -1, 33
	for c, v := range s.val {
		if v == 0 {
			if k := bits.OnesCount32(s.cand[c]); k < bestCount {
				best, bestCount = c, k
			}
		}
	}
	var vals [MaxSize]int
	k := 0
	for m := s.cand[best]; m != 0; m &= m - 1 {
		vals[k] = bits.TrailingZeros32(m) + 1
		k++
	}
	rng.Shuffle(k, func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
	s.save(depth)
	for i, v := range vals[:k] {
		if i > 0 {
			s.restore(depth)
		}
		s.nodes++
		if s.nodes > s.limit || (s.nodes&1023 == 0 && s.ctx.Err() != nil) {
			s.err = ErrSearchLimit
			return false
		}
		if s.place(best, v) && s.propagate() && s.randomFill(rng, depth+1) {
			return true
		}
		if s.err != nil {
			return false
		}
	}
	return false
}

// exchangeRegions returns jigsaw regions for the solved grid sol: starting
// from its boxes, up to swaps times a cell moves to a neighbouring region
// and a cell of that region with the same value moves back, when both
// regions stay orthogonally connected. Every region keeps every value
// once, so sol obeys the regions.
func exchangeRegions(rng *rand.Rand, s Shape, sol *Board, swaps int) []int {
	n := s.Size
	reg := make([]int, n*n)
	for i := range reg {
		reg[i] = s.BoxOf(i/n, i%n)
	}
	seen := make([]bool, n*n)
	stack := make([]int, 0, n)
	connected := func(g, from int) bool {
		clear(seen)
		reached := 0
		stack = append(stack[:0], from)
		seen[from] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			reached++
			for _, j := range orthogonal(i, n) {
				if j >= 0 && !seen[j] && reg[j] == g {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		return reached == n
	}
	for done, tries := 0, 0; done < swaps && tries < 20*swaps; tries++ {
		a := rng.IntN(n * n)
		q := orthogonal(a, n)[rng.IntN(4)]
		if q < 0 || reg[q] == reg[a] {
			continue
		}
		ra, rb := reg[a], reg[q]
		b := -1
		for i := range reg {
			if reg[i] == rb && sol.cells[i] == sol.cells[a] {
				b = i
				break
			}
		}
		reg[a], reg[b] = rb, ra
		if !connected(rb, a) || !connected(ra, b) {
			reg[a], reg[b] = ra, rb
			continue
		}
		done++
	}
	return reg
}

// markParity marks about a quarter of the cells, drawn at random, odd or
// even as g.sol holds them.
func (g *vgen) markParity(r *Rules) {
	cells := g.n * g.n
	perm := g.rng.Perm(cells)[:cells/4]
	slices.Sort(perm)
	for _, i := range perm {
		c := Cell{i / g.n, i % g.n}
		if g.sol.cells[i]%2 == 1 {
			r.Odd = append(r.Odd, c)
		} else {
			r.Even = append(r.Even, c)
		}
	}
}

// board returns puz under the rules r, compiled for this generation alone
// (not cached: the generator tries many rules).
func (g *vgen) board(puz Board, r *Rules) Board {
	puz.rules = buildRuleSet(r, g.shape)
	return puz
}

// remove removes the givens of the full grid in a random order, each
// while the puzzle keeps its level at most g.removal() (which also proves
// it unique). It returns the cells it took out, in order.
func (g *vgen) remove(r *Rules) (Board, []int, bool, error) {
	puz := g.sol
	puz.rules = buildRuleSet(r, g.shape)
	cur, top := Easy, g.removal()
	var removed []int
	for k, i := range g.rng.Perm(g.n * g.n) {
		if k&15 == 15 {
			if err := g.stopped(); err != nil {
				return Board{}, nil, false, err
			}
		}
		puz.cells[i] = 0
		l, ok, err := g.levelAtMost(&puz, top)
		if err != nil {
			return Board{}, nil, false, err
		}
		if ok {
			cur = l
			removed = append(removed, i)
			continue
		}
		puz.cells[i] = g.sol.cells[i]
	}
	puz.rules = nil
	return puz, removed, cur == top, nil
}

// cages draws killer cages over g.sol: from one cage per cell, two
// neighbouring cages merge, in a random order, when their values differ,
// the cage stays small and the puzzle (no givens) keeps its level at most
// g.level; then every cage left with one cell tries each neighbour again.
// Merges are tested in batches, as the givens of classic puzzles are: a
// batch that keeps the level is taken whole and the next one is twice as
// long; one that does not is halved and its halves tested in turn, down to
// single merges, which are undone.
func (g *vgen) cages(r *Rules) (Board, [][2]int, bool, error) {
	n, cells := g.n, g.n*g.n
	k := g.cageGrowth(r)
	var edges [][2]int
	for i := range cells {
		if i%n < n-1 {
			edges = append(edges, [2]int{i, i + 1})
		}
		if i/n < n-1 {
			edges = append(edges, [2]int{i, i + n})
		}
	}
	g.rng.Shuffle(len(edges), func(i, j int) { edges[i], edges[j] = edges[j], edges[i] })
	batch := 8
	for len(edges) > 0 {
		if err := g.stopped(); err != nil {
			return Board{}, nil, false, err
		}
		m := min(batch, len(edges))
		ok, err := k.tryAll(edges[:m])
		if err != nil {
			return Board{}, nil, false, err
		}
		edges = edges[m:]
		if ok {
			batch *= 2
		} else {
			batch = max(1, batch/2)
		}
	}
	for i := range cells {
		if len(k.members[k.cageOf[i]]) != 1 {
			continue
		}
		for _, q := range orthogonal(i, n) {
			if q < 0 {
				continue
			}
			ok, err := k.tryAll([][2]int{{i, q}})
			if err != nil {
				return Board{}, nil, false, err
			}
			if ok {
				break
			}
		}
	}
	*r = k.rules()
	return Board{shape: g.shape}, k.merged, k.cur == g.removal(), nil
}

// cageGrowth returns the start of vgen.cages over the rules r: one cage
// per cell.
func (g *vgen) cageGrowth(r *Rules) *cageGrowth {
	cells := g.n * g.n
	k := &cageGrowth{g: g, r: r, maxCage: min(g.n-1, 6), cageOf: make([]int, cells), members: make([][]int, cells), cur: Easy}
	for i := range k.cageOf {
		k.cageOf[i] = i
		k.members[i] = []int{i}
	}
	return k
}

// replay returns the rules r with the cages that the merges, made in
// order from one cage per cell, give.
func (g *vgen) replay(r *Rules, merges [][2]int) Rules {
	k := g.cageGrowth(r)
	for _, e := range merges {
		k.merge(e[0], e[1])
	}
	return k.rules()
}

// cageGrowth is the state of vgen.cages: the cage of each cell and the
// cells of each cage (empty for a cage merged into another).
type cageGrowth struct {
	g       *vgen
	r       *Rules
	maxCage int
	cageOf  []int
	members [][]int
	cur     Level    // the level of the cages kept
	merged  [][2]int // the merges kept, in order
}

// rules returns g's rules with the current cages and their sums.
func (k *cageGrowth) rules() Rules {
	n := k.g.n
	out := *k.r
	out.Cages = nil
	for _, m := range k.members {
		if len(m) == 0 {
			continue
		}
		cage := Cage{}
		for _, i := range slices.Sorted(slices.Values(m)) {
			cage.Cells = append(cage.Cells, Cell{i / n, i % n})
			cage.Sum += int(k.g.sol.cells[i])
		}
		out.Cages = append(out.Cages, cage)
	}
	return out
}

// merge joins the cages of cells a and q when they differ, their values
// differ and the joined cage is small enough, and reports whether it did.
func (k *cageGrowth) merge(a, q int) bool {
	ca, cb := k.cageOf[a], k.cageOf[q]
	if ca == cb || len(k.members[ca])+len(k.members[cb]) > k.maxCage {
		return false
	}
	var seen uint32
	for _, i := range k.members[ca] {
		seen |= 1 << k.g.sol.cells[i]
	}
	for _, i := range k.members[cb] {
		if seen&(1<<k.g.sol.cells[i]) != 0 {
			return false
		}
	}
	k.members[ca] = append(slices.Clone(k.members[ca]), k.members[cb]...)
	for _, i := range k.members[cb] {
		k.cageOf[i] = ca
	}
	k.members[cb] = nil
	return true
}

// tryAll makes the merges of edges that apply, keeps them when the puzzle
// keeps its level at most the generator's, and otherwise undoes them and
// tries each half in turn. It reports whether all were kept.
func (k *cageGrowth) tryAll(edges [][2]int) (bool, error) {
	cageOf, members, kept := slices.Clone(k.cageOf), slices.Clone(k.members), len(k.merged)
	for _, e := range edges {
		if k.merge(e[0], e[1]) {
			k.merged = append(k.merged, e)
		}
	}
	if len(k.merged) == kept {
		return true, nil
	}
	rr := k.rules()
	b := k.g.board(Board{shape: k.g.shape}, &rr)
	l, ok, err := k.g.levelAtMost(&b, k.g.removal())
	if err != nil {
		return false, err
	}
	if ok {
		k.cur = l
		return true, nil
	}
	k.cageOf, k.members, k.merged = cageOf, members, k.merged[:kept]
	if len(edges) == 1 {
		return false, nil
	}
	half := len(edges) / 2
	if _, err := k.tryAll(edges[:half]); err != nil {
		return false, err
	}
	_, err = k.tryAll(edges[half:])
	return false, err
}

// levelAtMost runs the variant logic on b, skipping the techniques above
// max, and reports the level it needed when it solves b: b then has one
// solution. A stall answers false below Expert; at Expert the solution
// count decides. Expert is the last level of the variant techniques, so
// at Expert the logic stops after the hard techniques: a stall there is
// an expert puzzle when it has one solution, and the chains and probes,
// the costliest techniques, never run while givens are taken out.
//
// At Easy the variant solver's propagation stands in for the logic: its
// hidden and naked singles and cage combinations are the easy techniques,
// at a fraction of the cost (no steps are written); Grade confirms the
// level of the puzzle that comes out.
func (g *vgen) levelAtMost(b *Board, max Level) (Level, bool, error) {
	if max == Easy {
		s := getVSolver(b.rules)
		defer vsolverPool.Put(s)
		s.begin(g.ctx, Limits{})
		return Easy, s.load(b) && s.left == 0, g.stopped()
	}
	l := newVLogic(g.ctx, b, Limits{MaxNodes: gradeNodes})
	defer l.release()
	l.maxLevel = min(max, Hard)
	lv := Easy
	for steps := 0; !l.solved(); steps++ {
		if steps&63 == 63 {
			if err := g.stopped(); err != nil {
				return 0, false, err
			}
		}
		st, ok := l.next(false)
		if !ok {
			if max < Expert {
				return Expert, false, nil
			}
			n, _, err := countVariant(g.ctx, *b, 2, Limits{MaxNodes: vcountNodes}, nil)
			if err != nil {
				if stop := g.stopped(); stop != nil {
					return 0, false, stop
				}
				return Expert, false, nil
			}
			return Expert, n == 1, nil
		}
		if tl := vtechs[vtechOf(st.Technique)].level; tl > lv {
			lv = tl
		}
		l.apply(&st)
	}
	return lv, true, nil
}

// variantLevelTable lists, per board size, the levels each single variant
// reached in a sweep of Generate (three seeds per size, variant and level
// from 6×6 to 9×9, two from 10×10 up, 15 s at most; a level is offered
// when every seed reached it). A variant missing from a size's row is not
// offered there. Expert puzzles from 10×10 up took seconds to over 15 s,
// as did killer medium from 14×14 up, and hard from 14×14 up took 1 to
// 10 s, so they are not offered. On 6×6 the fish, wings and chains leave
// few puzzles past hard: jigsaw and odd/even expert and disjoint groups,
// anti-knight and non-consecutive hard found none in some seeds.
//
// From expert up the level follows the rating (gradeVariant): master
// from 7.5, extreme from 9.0; on 9×9 without cages the rating is Sukaku
// Explainer's (seRateVariant), elsewhere a contradiction chain rates 8.5
// and a trial net 9.0. Master and extreme are offered where every seed
// tried reached them within vAttempts (vAttempts6 on 6×6); extreme climbs
// from the minimal puzzle (vgen.climb). Seeds and CPU times (median / max, 2-core
// EPYC at load 8, 2026-12-04; BENCHMARKS.md has the medians):
//   - 6×6, 8 seeds: x master 0.06 / 0.21 s, non_consecutive master
//     0.04 / 0.06 s; anti_king, jigsaw, odd_even, disjoint_groups and
//     anti_knight master missed in some seeds or all.
//   - 8×8, 4 seeds: x, jigsaw, anti_knight, anti_king, non_consecutive
//     master 0.06–0.2 / 0.07–0.29 s; disjoint_groups and odd_even missed.
//   - 9×9, 4 seeds, rated by Sukaku Explainer's order (load 12): master
//     0.2–1.4 / 0.5–2.7 s for x, windoku, jigsaw, disjoint_groups,
//     anti_knight, anti_king and odd_even (up to 16 attempts),
//     non_consecutive 3.3 / 3.9 s; extreme x 0.4 / 0.55 s, anti_knight
//     0.5 / 0.83 s, non_consecutive 1.9 / 2.4 s, windoku 1.8 / 2.5 s,
//     anti_king 0.58 / 0.69 s; jigsaw, disjoint_groups (3 of 4 in 10
//     attempts) and odd_even (1 of 4) not.
//   - Killer: its minimal cages need a contradiction chain; no expert
//     puzzle lies between them and the hard ones in any seed on 6×6, 8×8
//     or 9×9 (60 attempts), so killer offers up to hard; master took
//     5–9 s CPU on 9×9 and missed seeds on 6×6.
var variantLevelTable = map[int]map[Variant][]Level{
	4: {
		VariantX: {Easy}, VariantWindoku: {Easy}, VariantJigsaw: {Easy}, VariantKiller: {Easy},
		VariantDisjointGroups: {Easy}, VariantAntiKnight: {Easy}, VariantOddEven: {Easy},
	},
	6: {
		VariantX: {Easy, Medium, Hard, Expert, Master}, VariantJigsaw: {Easy, Medium, Hard}, VariantKiller: {Easy, Medium, Hard},
		VariantDisjointGroups: {Easy, Medium}, VariantAntiKnight: {Easy, Medium}, VariantAntiKing: {Easy, Medium, Hard, Expert},
		VariantNonConsecutive: {Easy, Medium, Expert, Master}, VariantOddEven: {Easy, Medium},
	},
	8: withLevel(variantLevels([]Level{Easy, Medium, Hard, Expert}, []Level{Easy, Medium, Hard}), Master,
		VariantX, VariantJigsaw, VariantAntiKnight, VariantAntiKing, VariantNonConsecutive),
	9: withLevel(withLevel(variantLevels([]Level{Easy, Medium, Hard, Expert}, []Level{Easy, Medium, Hard}), Master,
		VariantX, VariantWindoku, VariantJigsaw, VariantDisjointGroups, VariantAntiKnight, VariantAntiKing,
		VariantNonConsecutive, VariantOddEven), Extreme,
		VariantX, VariantWindoku, VariantAntiKnight, VariantAntiKing, VariantNonConsecutive),
	10: variantLevels([]Level{Easy, Medium, Hard}, []Level{Easy, Medium, Hard}),
	12: variantLevels([]Level{Easy, Medium, Hard}, []Level{Easy, Medium, Hard}),
	14: variantLevels([]Level{Easy, Medium}, []Level{Easy}),
	15: variantLevels([]Level{Easy, Medium}, []Level{Easy}),
	// 16×16 windoku medium found nothing within 15 s.
	16: variantLevels([]Level{Easy, Medium}, []Level{Easy}, VariantWindoku),
	18: variantLevels([]Level{Easy}, []Level{Easy}),
	20: variantLevels([]Level{Easy}, []Level{Easy}),
	21: variantLevels([]Level{Easy}, []Level{Easy}),
	22: variantLevels([]Level{Easy}, []Level{Easy}),
	// Killer easy took 8 to 13 s from 24×24 up; 24×24 disjoint groups and
	// 25×25 windoku and disjoint groups found no grid within 15 s.
	24: variantLevels([]Level{Easy}, nil, VariantDisjointGroups),
	25: variantLevels([]Level{Easy}, nil, VariantWindoku, VariantDisjointGroups),
}

// variantLevels returns a row of variantLevelTable: levels for every
// variant, killer for killer; each variant of fewer has levels' first
// level alone when levels has several, none when it has one.
func variantLevels(levels, killer []Level, fewer ...Variant) map[Variant][]Level {
	m := map[Variant][]Level{}
	for _, e := range variantNames {
		m[e.v] = levels
	}
	m[VariantKiller] = killer
	for _, v := range fewer {
		m[v] = levels[:len(levels)-1][:min(1, len(levels)-1)]
	}
	return m
}

// withLevel adds level l to the levels of the variants vs in row m.
func withLevel(m map[Variant][]Level, l Level, vs ...Variant) map[Variant][]Level {
	for _, v := range vs {
		m[v] = append(slices.Clip(m[v]), l)
	}
	return m
}

// VariantLevels returns the levels Generate offers for variant v on shape
// s, from easiest: LevelsOf(s) for classic, none where v cannot hold or
// was not measured. A combination offers the levels up to expert every
// one of its variants offers on s, and hard when it has cages and killer
// offers hard; master and extreme were measured on single variants only.
func VariantLevels(s Shape, v Variant) []Level {
	if v == 0 {
		return LevelsOf(s)
	}
	if !s.valid() || v.Check(s) != nil {
		return nil
	}
	row := variantLevelTable[s.Size]
	var out []Level
	for _, l := range AllLevels {
		ok := v.IsPreset() || l <= Expert
		for _, e := range variantNames {
			if v&e.v == 0 {
				continue
			}
			ls := row[e.v]
			if l == Hard && v&VariantKiller != 0 {
				ls = row[VariantKiller]
			}
			if !slices.Contains(ls, l) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, l)
		}
	}
	return out
}
