package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// The tests of variant solving hold the solver to an independent checker:
// ruleCheck reads the rules from Rules, not from the compiled rule set, and
// ruleUnits lists the units of r on s (rows, columns, boxes or regions,
// diagonals, windows, extra regions, disjoint groups) as cell positions.
func ruleUnits(s Shape, r *Rules) [][][2]int {
	n := s.Size
	var units [][][2]int
	for i := range n {
		var row, col [][2]int
		for j := range n {
			row = append(row, [2]int{i, j})
			col = append(col, [2]int{j, i})
		}
		units = append(units, row, col)
	}
	if r.Regions == nil {
		for b := range n {
			var box [][2]int
			for row := range n {
				for col := range n {
					if s.BoxOf(row, col) == b {
						box = append(box, [2]int{row, col})
					}
				}
			}
			units = append(units, box)
		}
	} else {
		for g := range n {
			var reg [][2]int
			for i, x := range r.Regions {
				if x == g {
					reg = append(reg, [2]int{i / n, i % n})
				}
			}
			units = append(units, reg)
		}
	}
	var mainD, antiD [][2]int
	for i := range n {
		mainD = append(mainD, [2]int{i, i})
		antiD = append(antiD, [2]int{i, n - 1 - i})
	}
	if r.Diagonals&DiagonalMain != 0 {
		units = append(units, mainD)
	}
	if r.Diagonals&DiagonalAnti != 0 {
		units = append(units, antiD)
	}
	if r.Windows {
		b := s.BoxRows
		for r0 := 1; r0+b <= n; r0 += b + 1 {
			for c0 := 1; c0+b <= n; c0 += b + 1 {
				var w [][2]int
				for i := range b {
					for j := range b {
						w = append(w, [2]int{r0 + i, c0 + j})
					}
				}
				units = append(units, w)
			}
		}
	}
	for _, reg := range r.ExtraRegions {
		var u [][2]int
		for _, c := range reg {
			u = append(u, [2]int{c.Row, c.Col})
		}
		units = append(units, u)
	}
	if r.DisjointGroups {
		for g := range n {
			var u [][2]int
			for row := range n {
				for col := range n {
					if (row%s.BoxRows)*s.BoxCols+col%s.BoxCols == g {
						u = append(u, [2]int{row, col})
					}
				}
			}
			units = append(units, u)
		}
	}
	return units
}

// bruteSolve counts solutions by plain backtracking over it.

// ruleCheck reports whether the values of b (0 = empty) break none of the
// rules of r on shape s, reading nothing the engine compiled. With full
// set, every cage must add up exactly.
func ruleCheck(s Shape, r *Rules, vals []int, full bool) error {
	n := s.Size
	at := func(row, col int) int { return vals[row*n+col] }
	distinct := func(name string, cells [][2]int) error {
		seen := map[int]bool{}
		for _, c := range cells {
			v := at(c[0], c[1])
			if v == 0 {
				continue
			}
			if seen[v] {
				return fmt.Errorf("%s repeats %d", name, v)
			}
			seen[v] = true
		}
		return nil
	}
	units := ruleUnits(s, r)
	for i, u := range units {
		if err := distinct(fmt.Sprintf("unit %d", i), u); err != nil {
			return err
		}
	}
	for row := range n {
		for col := range n {
			v := at(row, col)
			if v == 0 {
				continue
			}
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					rr, cc := row+dr, col+dc
					if rr < 0 || rr >= n || cc < 0 || cc >= n || (dr == 0 && dc == 0) {
						continue
					}
					w := at(rr, cc)
					if w == 0 {
						continue
					}
					knight := dr*dr+dc*dc == 5
					king := dr*dr <= 1 && dc*dc <= 1
					if r.AntiKnight && knight && v == w {
						return fmt.Errorf("knight r%dc%d", row+1, col+1)
					}
					if r.AntiKing && king && v == w {
						return fmt.Errorf("king r%dc%d", row+1, col+1)
					}
					if r.NonConsecutive && dr*dr+dc*dc == 1 && (v-w == 1 || w-v == 1) {
						return fmt.Errorf("consecutive r%dc%d", row+1, col+1)
					}
				}
			}
		}
	}
	for _, c := range r.Odd {
		if v := at(c.Row, c.Col); v != 0 && v%2 == 0 {
			return fmt.Errorf("odd r%dc%d", c.Row+1, c.Col+1)
		}
	}
	for _, c := range r.Even {
		if v := at(c.Row, c.Col); v != 0 && v%2 == 1 {
			return fmt.Errorf("even r%dc%d", c.Row+1, c.Col+1)
		}
	}
	for i, cage := range r.Cages {
		var cs [][2]int
		sum, empty := 0, 0
		for _, c := range cage.Cells {
			cs = append(cs, [2]int{c.Row, c.Col})
			sum += at(c.Row, c.Col)
			if at(c.Row, c.Col) == 0 {
				empty++
			}
		}
		if err := distinct(fmt.Sprintf("cage %d", i), cs); err != nil {
			return err
		}
		if cage.Sum > 0 && ((empty == 0 && sum != cage.Sum) || sum > cage.Sum || (full && sum != cage.Sum)) {
			return fmt.Errorf("cage %d adds up to %d, not %d", i, sum, cage.Sum)
		}
	}
	return nil
}

// bruteSolve counts the solutions of vals under r by row-major
// backtracking, values in the order given, up to max, and returns the first
// (with ascending order, the lexicographically smallest). Each placement is
// checked by ruleCheck's units, built once; ok is false when the search
// visits more than a million nodes.
func bruteSolve(s Shape, r *Rules, vals []int, max int, order func(int) []int) (count int, first []int, ok bool) {
	n := s.Size
	groups := ruleGroups(s, r)
	work := slices.Clone(vals)
	nodes := 0
	parity := make([]int, n*n) // 1 odd, 2 even
	for _, c := range r.Odd {
		parity[c.Row*n+c.Col] = 1
	}
	for _, c := range r.Even {
		parity[c.Row*n+c.Col] = 2
	}
	// fits checks the rules that cell i takes part in.
	fits := func(i int) bool {
		if (parity[i] == 1 && work[i]%2 == 0) || (parity[i] == 2 && work[i]%2 == 1) {
			return false
		}
		for _, g := range groups[i] {
			if g.cage != nil {
				sum, empty := 0, 0
				for _, c := range g.cells {
					sum += work[c]
					if work[c] == 0 {
						empty++
					}
				}
				if g.cage.Sum > 0 && (sum > g.cage.Sum || (empty == 0 && sum != g.cage.Sum)) {
					return false
				}
			}
			for _, c := range g.cells {
				if c != i && work[c] == work[i] {
					return false
				}
			}
		}
		row, col := i/n, i%n
		for dr := -2; dr <= 2; dr++ {
			for dc := -2; dc <= 2; dc++ {
				rr, cc := row+dr, col+dc
				if rr < 0 || rr >= n || cc < 0 || cc >= n || (dr == 0 && dc == 0) {
					continue
				}
				v, w := work[i], work[rr*n+cc]
				if w == 0 {
					continue
				}
				d2 := dr*dr + dc*dc
				if (r.AntiKnight && d2 == 5 && v == w) || (r.AntiKing && d2 <= 2 && v == w) ||
					(r.NonConsecutive && d2 == 1 && (v-w == 1 || w-v == 1)) {
					return false
				}
			}
		}
		return true
	}
	var rec func(i int)
	rec = func(i int) {
		for i < len(work) && vals[i] != 0 {
			i++
		}
		if i == len(work) {
			if count == 0 {
				first = slices.Clone(work)
			}
			count++
			return
		}
		for _, v := range order(n) {
			if nodes++; nodes > 1_000_000 {
				return
			}
			work[i] = v
			if fits(i) {
				rec(i + 1)
				if count >= max {
					work[i] = 0
					return
				}
			}
		}
		work[i] = 0
	}
	for i, v := range vals {
		if v != 0 && !fits(i) {
			return 0, nil, true
		}
	}
	rec(0)
	return count, first, nodes <= 1_000_000
}

// group is a set of cells that hold different values: a unit, or a cage.
type group struct {
	cells []int
	cage  *Cage
}

// ruleGroups lists, per cell, the groups of r on s that hold it, from
// ruleUnits' reading of the rules and the cages.
func ruleGroups(s Shape, r *Rules) [][]group {
	n := s.Size
	out := make([][]group, n*n)
	add := func(g group) {
		for _, c := range g.cells {
			out[c] = append(out[c], g)
		}
	}
	for _, u := range ruleUnits(s, r) {
		g := group{}
		for _, c := range u {
			g.cells = append(g.cells, c[0]*n+c[1])
		}
		add(g)
	}
	for i := range r.Cages {
		g := group{cage: &r.Cages[i]}
		for _, c := range r.Cages[i].Cells {
			g.cells = append(g.cells, c.Row*n+c.Col)
		}
		add(g)
	}
	return out
}

func ascending(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// randomRegions grows n random orthogonally connected regions of n cells
// on an n×n board, restarting until the growth fills the board.
func randomRegions(rng *rand.Rand, n int) []int {
	for {
		reg := make([]int, n*n)
		for i := range reg {
			reg[i] = -1
		}
		ok := true
		for g := 0; g < n && ok; g++ {
			start := -1
			for i, x := range reg {
				if x == -1 {
					start = i
					break
				}
			}
			reg[start] = g
			cells := []int{start}
			for len(cells) < n {
				var frontier []int
				for _, c := range cells {
					for _, q := range orthogonal(c, n) {
						if q >= 0 && reg[q] == -1 && !slices.Contains(frontier, q) {
							frontier = append(frontier, q)
						}
					}
				}
				if len(frontier) == 0 {
					ok = false
					break
				}
				q := frontier[rng.IntN(len(frontier))]
				reg[q] = g
				cells = append(cells, q)
			}
		}
		if ok && validRegions(reg, n) == nil {
			return reg
		}
	}
}

// randomRules draws rules of kinds from a fixed menu for shape s, and a
// grid that keeps the unit rules (found by the brute-force solver with
// values in a random order), from which cages and parity take their data.
func randomRules(rng *rand.Rand, s Shape) (Rules, []int, bool) {
	var r Rules
	n := s.Size
	pick := func(p float64) bool { return rng.Float64() < p }
	if pick(0.3) {
		r.Regions = randomRegions(rng, n)
	}
	if pick(0.3) {
		r.Diagonals = Diagonals(1 + rng.IntN(3))
	}
	if pick(0.2) && s.BoxRows == s.BoxCols && r.Regions == nil {
		r.Windows = true
	}
	if pick(0.2) && r.Regions == nil {
		r.DisjointGroups = true
	}
	r.AntiKnight = pick(0.15)
	r.AntiKing = pick(0.15)
	r.NonConsecutive = pick(0.1)
	shuffled := func(int) []int {
		out := ascending(n)
		rng.Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	count, sol, ok := bruteSolve(s, &r, make([]int, n*n), 1, shuffled)
	if count == 0 || !ok {
		return r, nil, false
	}
	if pick(0.5) {
		r.Cages = killerCages(rng, n, sol, 1, 4)
	}
	if pick(0.3) {
		for i, v := range sol {
			if pick(0.3) {
				if v%2 == 1 {
					r.Odd = append(r.Odd, Cell{i / n, i % n})
				} else {
					r.Even = append(r.Even, Cell{i / n, i % n})
				}
			}
		}
	}
	return r, sol, true
}

// TestVariantSolveMatchesBruteForce solves random variant boards of 4×4
// and 6×6 and compares the verdict, the uniqueness flag and the
// (lexicographically smallest) solution with the brute-force solver.
func TestVariantSolveMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	rounds := 300
	if testing.Short() {
		rounds = 80
	}
	shapes := []Shape{{4, 2, 2}, {6, 2, 3}, {6, 3, 2}}
	var unique, multiple, none int
	for i := 0; i < rounds; i++ {
		s := shapes[i%len(shapes)]
		r, sol, ok := randomRules(rng, s)
		if !ok {
			continue
		}
		n := s.Size
		vals := make([]int, n*n)
		keep := rng.Float64() * 0.6
		for j := range vals {
			if rng.Float64() < keep {
				vals[j] = sol[j]
			}
		}
		if rng.IntN(8) == 0 { // sometimes a given the grid does not have
			j := rng.IntN(n * n)
			vals[j] = 1 + rng.IntN(n)
		}
		vb := variantBoard(t, s, r, vals)
		name := fmt.Sprintf("round %d %v rules %v", i, s, r.Names())
		if ruleCheck(s, &r, vals, false) != nil {
			if Valid(&vb) {
				t.Fatalf("%s: Valid accepts givens that break a rule: %v", name, ruleCheck(s, &r, vals, false))
			}
			if _, err := Solve(context.Background(), vb, Limits{}); !errors.Is(err, ErrConflict) {
				t.Fatalf("%s: Solve on broken givens: %v, want ErrConflict", name, err)
			}
			continue
		}
		want, first, ok := bruteSolve(s, &r, vals, 2, ascending)
		if !ok {
			continue
		}
		res, err := Solve(context.Background(), vb, Limits{})
		switch {
		case want == 0:
			none++
			if !errors.Is(err, ErrUnsolvable) {
				t.Fatalf("%s: brute force finds no solution; Solve: %v", name, err)
			}
		default:
			if err != nil {
				t.Fatalf("%s: Solve: %v (brute force finds %d)", name, err, want)
			}
			if res.Unique != (want == 1) {
				t.Fatalf("%s: unique %v, brute force finds %d solutions", name, res.Unique, want)
			}
			if want == 1 {
				unique++
			} else {
				multiple++
			}
			for j := range first {
				if res.Solution.At(j) != first[j] {
					t.Fatalf("%s: solution\n%s differs from the smallest at cell %d", name, res.Solution.Pretty(), j)
				}
			}
			got := make([]int, n*n)
			for j := range got {
				got[j] = res.Solution.At(j)
			}
			if err := ruleCheck(s, &r, got, true); err != nil {
				t.Fatalf("%s: solution breaks a rule: %v", name, err)
			}
			if c, _, err := CountSolutions(context.Background(), vb, 3, Limits{}); err != nil || min(c, 2) != want {
				t.Fatalf("%s: CountSolutions = %d, %v; brute force %d", name, c, err, want)
			}
		}
	}
	t.Logf("unique %d, several %d, none %d", unique, multiple, none)
	if unique == 0 || multiple == 0 || none == 0 {
		t.Fatalf("the rounds missed a verdict: unique %d, several %d, none %d", unique, multiple, none)
	}
}

// TestVariantEmptyBoards solves empty boards under each rule within a
// node budget: the answer keeps every rule (as ruleCheck reads them) and
// is the lexicographically smallest grid, as the row-major search without
// locked candidates or lexFirst found it (main 92f56d2, where the jigsaw,
// api's TestSolveObeysEachRule's, took 43,520 nodes and the 16×16 windoku
// ran past 3,000,000, as it did with 37 of its answer's cells given).
// Solve allocates nothing on them once warm.
func TestVariantEmptyBoards(t *testing.T) {
	s9, _ := DefaultShape(9)
	s16, _ := DefaultShape(16)
	const jigsaw = "DDICCCCCBDIICCCCBBDDIIIBBBBDDIIEEEBBDGGIEEEAADGGGGEEAAHHGGFEFFAHHHGFFFFAHHHHFFAAA"
	regions := make([]int, 81)
	for i := range regions {
		regions[i] = int(jigsaw[i] - 'A')
	}
	both := DiagonalMain | DiagonalAnti
	cases := []struct {
		shape    Shape
		rules    Rules
		maxNodes int64
		want     string // "" where the old search found none in time
	}{
		{s9, Rules{Regions: regions}, 200, "123456789456123978378912456564789213895274361912845637687391542749638125231567894"},
		{s9, Rules{Diagonals: both}, 200, "123456789456789123789123456214365897368972514597814632941638275832547961675291348"},
		{s9, Rules{Windows: true}, 200, "123456789456789123789123456534297861217865394698314572342678915971542638865931247"},
		{s9, Rules{AntiKnight: true}, 200, "123456789456789123789123456231564897564897231897231564312645978645978312978312645"},
		{s9, Rules{AntiKing: true}, 200, "123456789456789123789123456214365897365897214897214365531672948642938571978541632"},
		{s9, Rules{NonConsecutive: true}, 15_000, "135247968792683514468159372624971835381524697957368241573816429816492753249735186"},
		{s9, Rules{DisjointGroups: true}, 200, "123456789456789123789123456214365897365897214897214365531642978642978531978531642"},
		{s9, Rules{Diagonals: both, Windows: true}, 200, "123456789456789123789123456534297861871634592962518374348972615217365948695841237"},
		{s16, Rules{Windows: true}, 1000, ""},
	}
	// The 16×16 windoku again with every seventh cell of its answer given.
	sparse := func(b Board, res Result) Board {
		for i := 0; i < 256; i += 7 {
			b.SetAt(i, res.Solution.At(i))
		}
		return b
	}
	ctx := context.Background()
	for _, tc := range cases {
		r := tc.rules
		name := fmt.Sprint(tc.shape, r.Names())
		b, err := NewBoard(tc.shape).WithRules(r)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Solve(ctx, b, Limits{MaxNodes: tc.maxNodes})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if tc.shape == s16 {
			if b = sparse(b, res); b.Givens() != 37 {
				t.Fatalf("%d givens", b.Givens())
			}
			if res, err = Solve(ctx, b, Limits{MaxNodes: tc.maxNodes}); err != nil {
				t.Fatalf("%s with 37 givens: %v", name, err)
			}
		}
		if res.Unique {
			t.Fatalf("%s: an empty board has one solution", name)
		}
		got := make([]int, tc.shape.Size*tc.shape.Size)
		for i := range got {
			got[i] = res.Solution.At(i)
		}
		if err := ruleCheck(tc.shape, &r, got, true); err != nil {
			t.Fatalf("%s: answer %s breaks a rule: %v", name, res.Solution.String(), err)
		}
		if tc.want != "" && res.Solution.String() != tc.want {
			t.Fatalf("%s: answer %s, want %s", name, res.Solution.String(), tc.want)
		}
		// Under the race detector sync.Pool drops pooled solvers at random.
		if a := testing.AllocsPerRun(3, func() { Solve(ctx, b, Limits{}) }); a != 0 && !raceEnabled {
			t.Fatalf("%s: Solve allocates %.0f times", name, a)
		}
	}
}

func TestRulesValidate(t *testing.T) {
	s9, _ := DefaultShape(9)
	s6, _ := DefaultShape(6)
	rng := rand.New(rand.NewPCG(1, 2))
	good := randomRegions(rng, 9)
	broken := slices.Clone(good)
	// Swap two cells of different regions far apart: sizes stay, connectivity
	// most likely breaks; find a swap that does.
	for i := 0; i < 81 && validRegions(broken, 9) == nil; i++ {
		broken = slices.Clone(good)
		j := 80 - i
		broken[i], broken[j] = broken[j], broken[i]
	}
	tests := []struct {
		name  string
		shape Shape
		rules Rules
		field string // "" when valid
	}{
		{"classic", s9, Rules{}, ""},
		{"jigsaw", s9, Rules{Regions: good}, ""},
		{"jigsaw short", s9, Rules{Regions: good[:80]}, "regions"},
		{"jigsaw disconnected", s9, Rules{Regions: broken}, "regions"},
		{"windows on 2x3", s6, Rules{Windows: true}, "windows"},
		{"disjoint on jigsaw", s9, Rules{Regions: good, DisjointGroups: true}, "disjoint_groups"},
		{"cell off the board", s9, Rules{Odd: []Cell{{9, 0}}}, "odd[0]"},
		{"odd and even", s9, Rules{Odd: []Cell{{1, 1}}, Even: []Cell{{1, 1}}}, "even[0]"},
		{"cell in two cages", s9, Rules{Cages: []Cage{{Cells: []Cell{{0, 0}, {0, 1}}, Sum: 3}, {Cells: []Cell{{0, 1}}, Sum: 2}}}, "cages[1].cells"},
		{"unreachable sum", s9, Rules{Cages: []Cage{{Cells: []Cell{{0, 0}, {0, 1}}, Sum: 18}}}, "cages[0].sum"},
		{"sum 17 of two", s9, Rules{Cages: []Cage{{Cells: []Cell{{0, 0}, {0, 1}}, Sum: 17}}}, ""},
		{"empty cage", s9, Rules{Cages: []Cage{{Sum: 1}}}, "cages[0].cells"},
		{"extra region short", s9, Rules{ExtraRegions: [][]Cell{{{0, 0}}}}, "extra_regions[0]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewBoard(tt.shape).WithRules(tt.rules)
			if tt.field == "" {
				if err != nil {
					t.Fatalf("valid rules refused: %v", err)
				}
				return
			}
			var re *RulesError
			if !errors.As(err, &re) || !errors.Is(err, ErrInvalidRules) {
				t.Fatalf("err = %v, want a *RulesError", err)
			}
			if re.Field != tt.field {
				t.Fatalf("field %q, want %q (%v)", re.Field, tt.field, err)
			}
		})
	}
}

// TestVariantConflictsNameTheRule breaks each rule once on an otherwise
// empty 9×9 and checks that Conflicts names it.
func TestVariantConflictsNameTheRule(t *testing.T) {
	s9, _ := DefaultShape(9)
	tests := []struct {
		rules Rules
		set   [][3]int // row, col, value
		rule  string
	}{
		{Rules{Diagonals: DiagonalMain}, [][3]int{{0, 0, 5}, {8, 8, 5}}, UnitDiagonal},
		{Rules{Diagonals: DiagonalAnti}, [][3]int{{0, 8, 5}, {8, 0, 5}}, UnitDiagonal},
		{Rules{Windows: true}, [][3]int{{1, 1, 4}, {3, 3, 4}}, UnitWindow},
		{Rules{DisjointGroups: true}, [][3]int{{0, 0, 2}, {3, 3, 2}}, UnitDisjointGroup},
		{Rules{AntiKnight: true}, [][3]int{{0, 0, 7}, {1, 2, 7}}, RuleAntiKnight},
		{Rules{AntiKing: true}, [][3]int{{0, 0, 7}, {1, 1, 7}}, RuleAntiKing},
		{Rules{NonConsecutive: true}, [][3]int{{4, 4, 3}, {4, 5, 4}}, RuleNonConsecutive},
		{Rules{Odd: []Cell{{2, 2}}}, [][3]int{{2, 2, 4}}, RuleParity},
		{Rules{Even: []Cell{{2, 2}}}, [][3]int{{2, 2, 9}}, RuleParity},
		{Rules{Cages: []Cage{{Cells: []Cell{{0, 0}, {5, 5}}}}}, [][3]int{{0, 0, 1}, {5, 5, 1}}, RuleCage},
		{Rules{Cages: []Cage{{Cells: []Cell{{0, 0}, {0, 1}}, Sum: 5}}}, [][3]int{{0, 0, 1}, {0, 1, 3}}, RuleCageSum},
		{Rules{Cages: []Cage{{Cells: []Cell{{0, 0}, {0, 1}, {0, 2}}, Sum: 7}}}, [][3]int{{0, 0, 6}}, RuleCageSum},
		{Rules{ExtraRegions: [][]Cell{{{0, 0}, {1, 3}, {2, 6}, {3, 1}, {4, 4}, {5, 7}, {6, 2}, {7, 5}, {8, 8}}}}, [][3]int{{0, 0, 9}, {8, 8, 9}}, UnitExtraRegion},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			b := NewBoard(s9)
			for _, x := range tt.set {
				b.Set(x[0], x[1], x[2])
			}
			vb, err := b.WithRules(tt.rules)
			if err != nil {
				t.Fatal(err)
			}
			if Valid(&vb) {
				t.Fatalf("Valid accepts a board that breaks %s", tt.rule)
			}
			cs := Conflicts(vb)
			if len(cs) == 0 {
				t.Fatalf("no conflicts")
			}
			for _, c := range cs {
				if !slices.Contains(c.Units, tt.rule) {
					t.Fatalf("conflict %+v does not name %s", c, tt.rule)
				}
			}
			if _, err := Solve(context.Background(), vb, Limits{}); !errors.Is(err, ErrConflict) {
				t.Fatalf("Solve: %v, want ErrConflict", err)
			}
		})
	}
}

func TestRuleCacheIsBounded(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	s, _ := DefaultShape(9)
	_, before := RuleCacheStats()
	for range MaxCachedRules + 20 {
		if _, err := NewBoard(s).WithRules(Rules{Regions: randomRegions(rng, 9)}); err != nil {
			t.Fatal(err)
		}
	}
	entries, after := RuleCacheStats()
	if entries > MaxCachedRules {
		t.Fatalf("%d cached rule sets, the bound is %d", entries, MaxCachedRules)
	}
	if after-before < 20 {
		t.Fatalf("%d evictions for %d new jigsaws over the bound", after-before, 20)
	}
}
