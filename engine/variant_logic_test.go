package engine

import (
	"context"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/sudokud/sudokud/internal/dataset"
	"testing"
)

// killerCages cuts sol (n×n) into random connected cages of lo to hi cells
// with their sums (smaller where no neighbour fits).
func killerCages(rng *rand.Rand, n int, sol []int, lo, hi int) []Cage {
	taken := make([]bool, n*n)
	var cages []Cage
	for _, start := range rng.Perm(n * n) {
		if taken[start] {
			continue
		}
		taken[start] = true
		cells := []int{start}
		used := map[int]bool{sol[start]: true}
		want := lo + rng.IntN(hi-lo+1)
		for len(cells) < want {
			var options []int
			for _, c := range cells {
				for _, q := range orthogonal(c, n) {
					if q >= 0 && !taken[q] && !used[sol[q]] {
						options = append(options, q)
					}
				}
			}
			if len(options) == 0 {
				break
			}
			q := options[rng.IntN(len(options))]
			taken[q], used[sol[q]] = true, true
			cells = append(cells, q)
		}
		cage := Cage{}
		for _, c := range cells {
			cage.Cells = append(cage.Cells, Cell{c / n, c % n})
			cage.Sum += sol[c]
		}
		cages = append(cages, cage)
	}
	return cages
}

// uniqueKillers makes count 9×9 killers with no givens and one solution,
// from the solutions of a data set's puzzles.
func uniqueKillers(tb testing.TB, rng *rand.Rand, count int) []Board {
	tb.Helper()
	var out []Board
	grids := []string{
		"534678912672195348198342567859761423426853791713924856961537284287419635345286179",
		"812753649943682175675491283154237896369845721287169534521974368438526917796318452",
	}
	for tries := 0; len(out) < count && tries < 50*count; tries++ {
		g := mustParse(tb, grids[tries%len(grids)])
		sol := make([]int, 81)
		perm := rng.Perm(9)
		for i := range sol {
			sol[i] = perm[g.At(i)-1] + 1
		}
		b, err := NewBoard(g.Shape()).WithRules(Rules{Cages: killerCages(rng, 9, sol, 2, 4)})
		if err != nil {
			tb.Fatal(err)
		}
		if n, _, err := CountSolutions(context.Background(), b, 2, Limits{}); err == nil && n == 1 {
			out = append(out, b)
		}
	}
	if len(out) < count {
		tb.Fatalf("made %d unique killers of %d", len(out), count)
	}
	return out
}

// TestVariantLogicAgreesWithTheSolution explains random variant boards
// with one solution step by step: every placement is the solution's value,
// no elimination removes it, and no step is taken from the solution.
func TestVariantLogicAgreesWithTheSolution(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 2))
	var boards []Board
	boards = append(boards, uniqueKillers(t, rng, 3)...)
	shapes := []Shape{{6, 2, 3}, {4, 2, 2}, {6, 3, 2}}
	for i := 0; len(boards) < 40 && i < 400; i++ {
		s := shapes[i%len(shapes)]
		r, sol, ok := randomRules(rng, s)
		if !ok || r.IsClassic() {
			continue
		}
		b := NewBoard(s)
		for j, v := range sol {
			if rng.Float64() < 0.3 {
				b.SetAt(j, v)
			}
		}
		vb, err := b.WithRules(r)
		if err != nil {
			t.Fatal(err)
		}
		if n, _, err := CountSolutions(context.Background(), vb, 2, Limits{}); err == nil && n == 1 {
			boards = append(boards, vb)
		}
	}
	techniques := map[string]int{}
	for i, b := range boards {
		res, err := Solve(context.Background(), b, Limits{})
		if err != nil || !res.Unique {
			t.Fatalf("board %d: %v", i, err)
		}
		steps, err := Explain(context.Background(), b, Limits{})
		if err != nil {
			t.Fatalf("board %d: Explain: %v", i, err)
		}
		for _, st := range steps {
			techniques[st.Technique]++
			if st.Technique == "solution" || st.Technique == "search" {
				t.Fatalf("board %d: a step taken from the solution on a board with one: %+v", i, st)
			}
			if st.Explanation == "" {
				t.Fatalf("board %d: %s step without an explanation", i, st.Technique)
			}
			switch st.Kind {
			case StepPlacement:
				if want := res.Solution.Get(st.Row, st.Col); st.Value != want {
					t.Fatalf("board %d: %s places %d in r%dc%d, the solution has %d (%s)", i, st.Technique, st.Value, st.Row+1, st.Col+1, want, st.Explanation)
				}
			case StepElimination:
				for _, e := range st.Eliminations {
					for _, v := range e.Values {
						if v == res.Solution.Get(e.Row, e.Col) {
							t.Fatalf("board %d: %s removes the solution's %d from r%dc%d (%s)", i, st.Technique, v, e.Row+1, e.Col+1, st.Explanation)
						}
					}
				}
			}
		}
		h, err := Hint(context.Background(), b, HintOptions{}, Limits{})
		if err != nil || h.Kind != StepPlacement || h.Technique == "solution" || h.Value != res.Solution.Get(h.Row, h.Col) {
			t.Fatalf("board %d: hint %+v, %v", i, h, err)
		}
		r, err := Grade(context.Background(), b, Limits{})
		if err != nil || r.Hardest == "" || r.SE <= 0 || r.Techniques["search"] > 0 {
			t.Fatalf("board %d: rating %+v, %v", i, r, err)
		}
	}
	t.Logf("%d boards; techniques %v", len(boards), techniques)
	for _, name := range []string{"cage_combination", "hidden_single", "naked_single"} {
		if techniques[name] == 0 {
			t.Fatalf("no board used %s: %v", name, techniques)
		}
	}
}

func TestVariantHintNamesTheCage(t *testing.T) {
	s, _ := DefaultShape(9)
	vb, err := NewBoard(s).WithRules(Rules{Cages: []Cage{{Cells: []Cell{{0, 0}, {0, 1}}, Sum: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := Hint(context.Background(), vb, HintOptions{Candidates: fullCandidates(9)}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "the cage r1c1+r1c2 = 3 can only hold 1 and 2"; st.Explanation != want || st.Technique != "cage_combination" {
		t.Fatalf("hint %q (%s), want %q", st.Explanation, st.Technique, want)
	}
	if len(st.Units) != 1 || st.Units[0] != (Unit{Kind: "cage", Index: 0}) || st.Pattern == nil || len(st.Pattern.Sets[0]) != 2 {
		t.Fatalf("the step does not carry its cage: %+v", st)
	}
	if len(st.Eliminations) != 2 || len(st.Eliminations[0].Values) != 7 {
		t.Fatalf("eliminations %+v, want 3-9 out of both cells", st.Eliminations)
	}
}

// TestInniesOutiesNameTheirArea: an innies-and-outies step names the area
// whose rule of 45 it uses (its rows, columns or box) in Units, and its
// pattern's set is the cells it sums: innies, inside the area and out of
// every sum cage that lies within it, or outies, outside the area in cages
// that cross its edge. A frontend draws the area from that alone.
func TestInniesOutiesNameTheirArea(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 9))
	seen := 0
	for i, b := range uniqueKillers(t, rng, 12) {
		steps, err := Explain(context.Background(), b, Limits{})
		if err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		cages := b.Rules().Cages
		cageOf := map[Cell]int{}
		for k, cg := range cages {
			for _, c := range cg.Cells {
				cageOf[c] = k
			}
		}
		for _, st := range steps {
			if st.Technique != "innies_outies" {
				continue
			}
			seen++
			in := map[Cell]bool{}
			for _, u := range st.Units {
				for r := range 9 {
					for c := range 9 {
						switch {
						case u.Kind == "row" && r == u.Index, u.Kind == "column" && c == u.Index,
							u.Kind == "box" && b.Shape().BoxOf(r, c) == u.Index:
							in[Cell{r, c}] = true
						}
					}
				}
			}
			if len(in) == 0 || len(in)%9 != 0 || st.Pattern == nil || len(st.Pattern.Sets) != 1 {
				t.Fatalf("board %d: the step names no area of whole units: units %v, pattern %+v (%s)", i, st.Units, st.Pattern, st.Explanation)
			}
			innies := in[st.Pattern.Sets[0][0]]
			for _, c := range st.Pattern.Sets[0] {
				k, caged := cageOf[c]
				within := caged && cages[k].Sum > 0 && !slices.ContainsFunc(cages[k].Cells, func(p Cell) bool { return !in[p] })
				crosses := caged && cages[k].Sum > 0 && slices.ContainsFunc(cages[k].Cells, func(p Cell) bool { return in[p] })
				if innies && (!in[c] || within) || !innies && (in[c] || !crosses) {
					t.Fatalf("board %d: %s is neither an innie nor an outie of %v (%s)", i, CellName(c.Row, c.Col), st.Units, st.Explanation)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no innies_outies step on 12 killers")
	}
	t.Logf("%d innies_outies steps", seen)
}

// TestNonConsecutivePairRulesOutBoth: on a non-consecutive board a cell
// that holds 4 or 5 rules both out of each orthogonal neighbour (it is the
// same value or next to it), as Sukaku Explainer's forcing cell does.
func TestNonConsecutivePairRulesOutBoth(t *testing.T) {
	s, _ := DefaultShape(9)
	vb, err := NewBoard(s).WithRules(Rules{NonConsecutive: true})
	if err != nil {
		t.Fatal(err)
	}
	cands := fullCandidates(9)
	cands[4*9+4] = 1<<3 | 1<<4 // r5c5: 4 or 5
	st, err := Hint(context.Background(), vb, HintOptions{Candidates: cands}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Technique != "non_consecutive" || len(st.Eliminations) != 1 || !slices.Equal(st.Eliminations[0].Values, []int{4, 5}) {
		t.Fatalf("hint %+v, want 4 and 5 out of a neighbour of r5c5", st)
	}
	if e := st.Eliminations[0]; (e.Row-4)*(e.Row-4)+(e.Col-4)*(e.Col-4) != 1 {
		t.Fatalf("the eliminations are in r%dc%d, not beside r5c5 (%s)", e.Row+1, e.Col+1, st.Explanation)
	}
}

// fullCandidates returns every value as a candidate of every cell.
func fullCandidates(n int) []uint32 {
	out := make([]uint32, n*n)
	for i := range out {
		out[i] = 1<<n - 1
	}
	return out
}

// BenchmarkSolveKiller9 solves 100 9×9 killers with no givens, proving
// uniqueness; see benchSolveBoards.
func BenchmarkSolveKiller9(b *testing.B) {
	benchSolveBoards(b, uniqueKillers(b, rand.New(rand.NewPCG(7, 7)), 100))
}

// benchSolveBoards solves boards round-robin and reports, besides the
// mean, the median and the slowest board's time of the last round over the
// set, in wall time and in the CPU time of the benchmark's thread (on a
// shared machine the CPU time says more).
func benchSolveBoards(b *testing.B, boards []Board) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	times := make([]time.Duration, len(boards))
	cpu := make([]time.Duration, len(boards))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := i % len(boards)
		start, c0 := time.Now(), threadCPU()
		if _, err := Solve(context.Background(), boards[k], Limits{}); err != nil {
			b.Fatal(err)
		}
		times[k], cpu[k] = time.Since(start), threadCPU()-c0
	}
	if b.N >= len(boards) {
		slices.Sort(times)
		slices.Sort(cpu)
		b.ReportMetric(float64(times[len(times)/2].Microseconds()), "p50-µs")
		b.ReportMetric(float64(times[len(times)-1].Microseconds()), "max-µs")
		b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds()), "cpu-p50-µs")
		b.ReportMetric(float64(cpu[len(cpu)-1].Microseconds()), "cpu-max-µs")
	}
}

// jigsawFrom returns regions for the solved grid sol (n×n, boxes of s):
// starting from the boxes, it swaps random pairs of cells of equal value
// between neighbouring regions, keeping each region connected, so that
// every region still holds every value once and sol stays a solution.
func jigsawFrom(rng *rand.Rand, s Shape, sol []int, swaps int) []int {
	n := s.Size
	reg := make([]int, n*n)
	for i := range reg {
		reg[i] = s.BoxOf(i/n, i%n)
	}
	for done, tries := 0, 0; done < swaps && tries < 200*swaps; tries++ {
		a := rng.IntN(n * n)
		nb := orthogonal(a, n)
		q := nb[rng.IntN(4)]
		if q < 0 || reg[q] == reg[a] {
			continue
		}
		// a moves to q's region; a cell b of that region with a's value
		// moves to a's region.
		ra, rb := reg[a], reg[q]
		b := -1
		for i := range reg {
			if reg[i] == rb && sol[i] == sol[a] {
				b = i
			}
		}
		reg[a], reg[b] = rb, ra
		if validRegions(reg, n) != nil {
			reg[a], reg[b] = ra, rb
			continue
		}
		done++
	}
	return reg
}

// BenchmarkSolveJigsaw16 solves 16×16 jigsaws (regions exchanged from the
// boxes of a solved grid, 45 % of its cells given), proving uniqueness.
func BenchmarkSolveJigsaw16(b *testing.B) {
	rng := rand.New(rand.NewPCG(16, 16))
	s, _ := DefaultShape(16)
	puzzle := mustParse(b, dataset.Load(b, "16x16/gecode_16x16.txt", 1)[0])
	res, err := Solve(context.Background(), puzzle, Limits{})
	if err != nil {
		b.Fatal(err)
	}
	sol := make([]int, 256)
	for i := range sol {
		sol[i] = res.Solution.At(i)
	}
	var boards []Board
	for len(boards) < 8 {
		p := NewBoard(s)
		for i := range 256 {
			if rng.IntN(100) < 45 {
				p.SetAt(i, sol[i])
			}
		}
		vb, err := p.WithRules(Rules{Regions: jigsawFrom(rng, s, sol, 200)})
		if err != nil {
			b.Fatal(err)
		}
		boards = append(boards, vb)
	}
	benchSolveBoards(b, boards)
}

// variantExperts reads testdata/variant/expert9.txt, 9×9 puzzles Generate
// made at expert, a line "variant puzzle [regions]" (regions one digit a
// cell), at most perVariant of each variant (0: all).
func variantExperts(tb testing.TB, perVariant int) (names []string, boards []Board) {
	tb.Helper()
	data, err := os.ReadFile("testdata/variant/expert9.txt")
	if err != nil {
		tb.Fatal(err)
	}
	s, _ := DefaultShape(9)
	seen := map[string]int{}
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") || perVariant > 0 && seen[f[0]] >= perVariant {
			continue
		}
		seen[f[0]]++
		v, err := ParseVariant(f[0])
		if err != nil {
			tb.Fatal(err)
		}
		b, err := ParseBoard(f[1], s)
		if err != nil {
			tb.Fatal(err)
		}
		r := (&vgen{shape: s, v: v}).structure()
		if len(f) > 2 {
			for _, ch := range f[2] {
				r.Regions = append(r.Regions, int(ch-'0'))
			}
		}
		if b, err = b.WithRules(r); err != nil {
			tb.Fatal(err)
		}
		names, boards = append(names, f[0]), append(boards, b)
	}
	return names, boards
}

// fallbacksBefore counts, per variant, the contradiction_chain and
// trial_net steps of the variant solver on the puzzles of variantExperts
// before it had the classic techniques beyond subsets.
var fallbacksBefore = map[string]int{
	"x": 555, "windoku": 246, "anti_knight": 1214, "anti_king": 336, "disjoint_groups": 110, "non_consecutive": 3101,
}

// TestVariantClassicTechniques explains expert variant puzzles step by
// step: every step of every technique agrees with the unique solution (a
// placement is its value, no elimination removes it), and each classic
// technique the variant solver runs over the rule set's units and peers
// fires on some puzzle; without -short, they need fewer contradiction and
// trial steps than before.
func TestVariantClassicTechniques(t *testing.T) {
	per := 0
	if testing.Short() {
		per = 5
	}
	names, boards := variantExperts(t, per)
	used, fallbacks := map[string]int{}, map[string]int{}
	for i, b := range boards {
		res, err := Solve(context.Background(), b, Limits{})
		if err != nil || !res.Unique {
			t.Fatalf("%s %d: not unique: %v", names[i], i, err)
		}
		steps, err := Explain(context.Background(), b, Limits{})
		if err != nil {
			t.Fatalf("%s %d: %v", names[i], i, err)
		}
		for _, st := range steps {
			used[st.Technique]++
			if st.Technique == "contradiction_chain" || st.Technique == "trial_net" {
				fallbacks[names[i]]++
			}
			if slices.Contains([]string{"x_wing", "swordfish", "jellyfish"}, strings.TrimPrefix(st.Technique, "finned_")) &&
				slices.ContainsFunc(st.Units, func(u Unit) bool { return u.Kind == UnitRegion }) {
				used["fish over jigsaw regions"]++
			}
			checkStep(t, names[i], &res.Solution, st)
		}
		h, err := Hint(context.Background(), b, HintOptions{}, Limits{})
		if err != nil {
			t.Fatalf("%s %d: hint: %v", names[i], i, err)
		}
		checkStep(t, names[i], &res.Solution, h)
		for _, st := range h.Steps {
			checkStep(t, names[i], &res.Solution, st)
		}
	}
	t.Logf("%d puzzles: %v", len(boards), used)
	if per == 0 {
		for v, before := range fallbacksBefore {
			if fallbacks[v] >= before {
				t.Errorf("%s: %d contradiction_chain and trial_net steps, %d before", v, fallbacks[v], before)
			}
		}
		t.Logf("contradiction_chain and trial_net steps: %v, before %v", fallbacks, fallbacksBefore)
	}
	for _, tc := range []tech{tXWing, tSwordfish, tJellyfish, tXYWing, tXYZWing, tSkyscraper, tTwoStringKite,
		tTurbotFish, tWWing, tFinnedXWing, tFinnedSwordfish, tFinnedJellyfish, tSimpleColoring, tXChain, tXYChain, tAIC, tALSXZ} {
		if used[techs[tc].name] == 0 {
			t.Errorf("%s never fired", techs[tc].name)
		}
	}
	if used["fish over jigsaw regions"] == 0 {
		t.Error("no fish over jigsaw regions")
	}
}

// checkStep fails t when st places a value other than sol's (or takes it
// from the solution) or removes sol's value from a cell.
func checkStep(t *testing.T, name string, sol *Board, st Step) {
	t.Helper()
	switch st.Kind {
	case StepPlacement:
		if want := sol.Get(st.Row, st.Col); st.Value != want || st.Technique == "solution" {
			t.Fatalf("%s: %s places %d in r%dc%d, the solution has %d (%s)", name, st.Technique, st.Value, st.Row+1, st.Col+1, want, st.Explanation)
		}
	case StepElimination:
		for _, e := range st.Eliminations {
			if slices.Contains(e.Values, sol.Get(e.Row, e.Col)) {
				t.Fatalf("%s: %s removes the solution's %d from r%dc%d (%s)", name, st.Technique, sol.Get(e.Row, e.Col), e.Row+1, e.Col+1, st.Explanation)
			}
		}
	}
}

// sukakuRated holds the techniques that variant boards rate as Sukaku
// Explainer does, below Sudoku Explainer 1.2.1.3's chain ratings.
var sukakuRated = map[string]float64{"skyscraper": 4.0, "two_string_kite": 4.1, "turbot_fish": 4.2, "w_wing": 4.4, "finned_x_wing": 4.3, "finned_swordfish": 5.7, "finned_jellyfish": 6.1}

// variantForcing lists the classic forcing techniques, Master and
// Extreme on classic boards, that variant boards run at Expert (their
// levels from Master up follow the rating: forcingVTech).
var variantForcing = []string{"digit_forcing_chain", "cell_forcing_chain", "unit_forcing_chain", "forcing_net"}

// TestVariantTechniquesRateAsClassic: a variant technique that is also a
// classic one has its level (Expert for variantForcing) and Sudoku
// Explainer rating.
func TestVariantTechniquesRateAsClassic(t *testing.T) {
	classic := map[string]Technique{}
	for _, tc := range Techniques() {
		classic[tc.Name] = tc
	}
	shared := 0
	for _, vt := range VariantTechniques() {
		if c, ok := classic[vt.Name]; ok && vt.Name != "search" {
			shared++
			se := c.SE
			if pattern, ok := sukakuRated[vt.Name]; ok {
				se = pattern
			}
			level := c.Level
			if slices.Contains(variantForcing, vt.Name) {
				level = Expert // the variant solver's last level (forcingVTech)
			}
			if vt.Level != level || vt.SE != se || vt.Title != c.Title {
				t.Errorf("%s: variant %v %.1f %q, classic %v %.1f %q", vt.Name, vt.Level, vt.SE, vt.Title, c.Level, c.SE, c.Title)
			}
		}
	}
	if shared < 24 {
		t.Errorf("%d techniques shared with the classic solver, want at least 24", shared)
	}
}
