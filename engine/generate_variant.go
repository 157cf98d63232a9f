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
	vAttempts         = 30 // attempts of generateVariant by default
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
	if level < Easy || level > Expert {
		return Puzzle{}, fmt.Errorf("generate: unknown level %d", int(level))
	}
	if !slices.Contains(VariantLevels(shape, v), level) {
		return Puzzle{}, &LevelError{Shape: shape, Level: level, Variant: v}
	}
	attempts := opt.MaxAttempts
	if attempts <= 0 {
		attempts = vAttempts
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
// returns ok false when the puzzle did not reach g.level.
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
	var puz Board
	var ok bool
	var err error
	if g.v&VariantKiller != 0 {
		puz, ok, err = g.cages(&r)
	} else {
		puz, ok, err = g.remove(&r)
	}
	if err != nil || !ok {
		return Puzzle{}, false, err
	}
	puz, err = puz.WithRules(r)
	if err != nil {
		return Puzzle{}, false, fmt.Errorf("generate: drawn rules: %w", err)
	}
	rating, err := Grade(g.ctx, puz, Limits{MaxNodes: gradeNodes})
	if err != nil {
		if stop := g.stopped(); stop != nil {
			return Puzzle{}, false, stop
		}
		return Puzzle{}, false, nil
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
// while the puzzle keeps its level at most g.level (which also proves it
// unique).
func (g *vgen) remove(r *Rules) (Board, bool, error) {
	puz := g.sol
	puz.rules = buildRuleSet(r, g.shape)
	cur := Easy
	for k, i := range g.rng.Perm(g.n * g.n) {
		if k&15 == 15 {
			if err := g.stopped(); err != nil {
				return Board{}, false, err
			}
		}
		puz.cells[i] = 0
		l, ok, err := g.levelAtMost(&puz, g.level)
		if err != nil {
			return Board{}, false, err
		}
		if ok {
			cur = l
			continue
		}
		puz.cells[i] = g.sol.cells[i]
	}
	puz.rules = nil
	return puz, cur == g.level, nil
}

// cages draws killer cages over g.sol: from one cage per cell, two
// neighbouring cages merge, in a random order, when their values differ,
// the cage stays small and the puzzle (no givens) keeps its level at most
// g.level; then every cage left with one cell tries each neighbour again.
// Merges are tested in batches, as the givens of classic puzzles are: a
// batch that keeps the level is taken whole and the next one is twice as
// long; one that does not is halved and its halves tested in turn, down to
// single merges, which are undone.
func (g *vgen) cages(r *Rules) (Board, bool, error) {
	n, cells := g.n, g.n*g.n
	k := &cageGrowth{g: g, r: r, maxCage: min(n-1, 6), cageOf: make([]int, cells), members: make([][]int, cells), cur: Easy}
	for i := range k.cageOf {
		k.cageOf[i] = i
		k.members[i] = []int{i}
	}
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
			return Board{}, false, err
		}
		m := min(batch, len(edges))
		ok, err := k.tryAll(edges[:m])
		if err != nil {
			return Board{}, false, err
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
				return Board{}, false, err
			}
			if ok {
				break
			}
		}
	}
	*r = k.rules()
	return Board{shape: g.shape}, k.cur == g.level, nil
}

// cageGrowth is the state of vgen.cages: the cage of each cell and the
// cells of each cage (empty for a cage merged into another).
type cageGrowth struct {
	g       *vgen
	r       *Rules
	maxCage int
	cageOf  []int
	members [][]int
	cur     Level // the level of the cages kept
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
	cageOf, members := slices.Clone(k.cageOf), slices.Clone(k.members)
	merged := 0
	for _, e := range edges {
		if k.merge(e[0], e[1]) {
			merged++
		}
	}
	if merged == 0 {
		return true, nil
	}
	rr := k.rules()
	b := k.g.board(Board{shape: k.g.shape}, &rr)
	l, ok, err := k.g.levelAtMost(&b, k.g.level)
	if err != nil {
		return false, err
	}
	if ok {
		k.cur = l
		return true, nil
	}
	k.cageOf, k.members = cageOf, members
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
var variantLevelTable = map[int]map[Variant][]Level{
	4: {
		VariantX: {Easy}, VariantWindoku: {Easy}, VariantJigsaw: {Easy}, VariantKiller: {Easy},
		VariantDisjointGroups: {Easy}, VariantAntiKnight: {Easy}, VariantOddEven: {Easy},
	},
	6: {
		VariantX: {Easy, Medium, Hard, Expert}, VariantJigsaw: {Easy, Medium, Hard}, VariantKiller: {Easy, Medium, Hard, Expert},
		VariantDisjointGroups: {Easy, Medium}, VariantAntiKnight: {Easy, Medium}, VariantAntiKing: {Easy, Medium, Hard, Expert},
		VariantNonConsecutive: {Easy, Medium, Expert}, VariantOddEven: {Easy, Medium},
	},
	8:  variantLevels([]Level{Easy, Medium, Hard, Expert}, []Level{Easy, Medium, Hard, Expert}),
	9:  variantLevels([]Level{Easy, Medium, Hard, Expert}, []Level{Easy, Medium, Hard, Expert}),
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

// VariantLevels returns the levels Generate offers for variant v on shape
// s, from easiest: LevelsOf(s) for classic, none where v cannot hold or
// was not measured. A combination offers the levels every one of its
// variants offers on s, and hard when it has cages and killer offers hard.
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
		ok := true
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
