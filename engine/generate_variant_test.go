package engine

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

func TestParseVariant(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Variant
		str  string
	}{
		{"", 0, "classic"},
		{"classic", 0, "classic"},
		{"killer", VariantKiller, "killer"},
		{" X , killer", VariantX | VariantKiller, "x,killer"},
		{"odd_even,jigsaw,anti_king", VariantOddEven | VariantJigsaw | VariantAntiKing, "jigsaw,anti_king,odd_even"},
	} {
		got, err := ParseVariant(tc.in)
		if err != nil {
			t.Fatalf("ParseVariant(%q): %v", tc.in, err)
		}
		if got != tc.want || got.String() != tc.str {
			t.Errorf("ParseVariant(%q) = %v (%q), want %v (%q)", tc.in, uint16(got), got, uint16(tc.want), tc.str)
		}
		if back, err := ParseVariant(got.String()); err != nil || back != got {
			t.Errorf("ParseVariant(%q) = %v, %v; want %v", got.String(), back, err, got)
		}
	}
	for _, bad := range []string{"sudoku-x", "killer,sandwich", "jigsaw,disjoint_groups"} {
		if _, err := ParseVariant(bad); !errors.Is(err, ErrInvalidVariant) {
			t.Errorf("ParseVariant(%q) error %v, want ErrInvalidVariant", bad, err)
		}
	}
	six, _ := DefaultShape(6)
	if err := VariantWindoku.Check(six); !errors.Is(err, ErrInvalidVariant) {
		t.Errorf("windoku on 6x6: %v, want ErrInvalidVariant", err)
	}
	if _, err := Generate(context.Background(), NewRand(1), Options{Shape: six, Variant: VariantWindoku, Level: Easy}); !errors.Is(err, ErrInvalidVariant) {
		t.Errorf("Generate windoku on 6x6: %v, want ErrInvalidVariant", err)
	}
}

// checkVariantPuzzle checks a generated variant puzzle: the rules are the
// variant's, the solution keeps the givens and obeys the rules, the puzzle
// grades at the level and has one solution, counted by bruteSolve below
// 9×9 and by minisat (satSolutions) from 9×9 on or where brute force gives
// up; without minisat that last check skips.
func checkVariantPuzzle(t *testing.T, s Shape, v Variant, level Level, p Puzzle) {
	t.Helper()
	r := p.Puzzle.Rules()
	if got := p.Solution.Rules(); !reflect.DeepEqual(got, r) {
		t.Fatalf("solution rules %+v differ from the puzzle's %+v", got, r)
	}
	n := s.Size
	if (v&VariantX != 0) != (r.Diagonals == DiagonalBoth) || r.Windows != (v&VariantWindoku != 0) ||
		r.DisjointGroups != (v&VariantDisjointGroups != 0) || r.AntiKnight != (v&VariantAntiKnight != 0) ||
		r.AntiKing != (v&VariantAntiKing != 0) || r.NonConsecutive != (v&VariantNonConsecutive != 0) ||
		(r.Regions != nil) != (v&VariantJigsaw != 0) || (len(r.Odd)+len(r.Even) > 0) != (v&VariantOddEven != 0) ||
		(len(r.Cages) > 0) != (v&VariantKiller != 0) {
		t.Fatalf("rules %v do not match variant %s", r.Names(), v)
	}
	if v&VariantKiller != 0 {
		covered := 0
		for _, c := range r.Cages {
			covered += len(c.Cells)
			if c.Sum == 0 {
				t.Fatalf("cage %v has no sum", c.Cells)
			}
		}
		if covered != n*n {
			t.Fatalf("cages cover %d of %d cells", covered, n*n)
		}
		if g := p.Puzzle.Givens(); g != 0 {
			t.Fatalf("killer has %d givens, want 0", g)
		}
	}
	if r.Regions != nil && validRegions(r.Regions, n) != nil {
		t.Fatalf("regions invalid: %v", validRegions(r.Regions, n))
	}
	if p.Solution.Givens() != n*n || !Valid(&p.Solution) {
		t.Fatalf("solution %s is not a full grid obeying the rules: %v", p.Solution, Conflicts(p.Solution))
	}
	vals := make([]int, n*n)
	sol := make([]int, n*n)
	for i := range vals {
		vals[i], sol[i] = p.Puzzle.At(i), p.Solution.At(i)
		if vals[i] != 0 && vals[i] != sol[i] {
			t.Fatalf("given %d at %d, solution has %d", vals[i], i, sol[i])
		}
	}
	rating, err := Grade(context.Background(), p.Puzzle, Limits{})
	if err != nil || rating.Level != level || p.Rating.Level != level {
		t.Fatalf("Grade = %v (%v), generator said %v; want %s", rating.Level, err, p.Rating.Level, level)
	}
	// Brute force gives up on most boards from 9×9 on: those go to minisat
	// first, when it is installed.
	checker, count, first, ok := "brute force", 0, []int(nil), false
	if n < 9 || !haveMinisat(t) {
		count, first, ok = bruteSolve(s, &r, vals, 2, ascending)
	}
	if !ok {
		checker = "SAT"
		count, first = satSolutions(t, s, &r, vals, 2)
	}
	if count != 1 || !reflect.DeepEqual(first, sol) {
		t.Fatalf("%s: %d solutions, first %v; want the one solution %v", checker, count, first, sol)
	}
	// From expert up the level is the rating's: master from 7.5, extreme
	// from 9.0.
	if se := rating.SE; level >= Expert && (se >= 7.5) != (level >= Master) || level >= Master && (se >= 9) != (level == Extreme) {
		t.Fatalf("%s puzzle rated se %.1f", level, se)
	}
}

func TestGenerateVariant(t *testing.T) {
	type row struct {
		size    int
		variant string
		level   Level
	}
	rows := []row{
		{4, "killer", Easy}, {4, "jigsaw", Easy}, {4, "x", Easy}, {4, "odd_even", Easy},
		{6, "killer", Easy}, {6, "jigsaw", Medium}, {6, "anti_king", Easy}, {6, "non_consecutive", Easy},
		{9, "x", Medium}, {9, "windoku", Easy}, {9, "jigsaw", Medium}, {9, "killer", Easy},
		{9, "killer", Hard}, {9, "disjoint_groups", Medium}, {9, "anti_knight", Easy},
		{9, "anti_king", Medium}, {9, "non_consecutive", Medium}, {9, "odd_even", Medium},
		{9, "x", Hard}, {9, "windoku", Hard}, {9, "anti_knight", Hard}, {6, "jigsaw", Hard},
		{9, "x,killer", Medium}, {9, "jigsaw,windoku,odd_even", Easy},
		{6, "x", Master}, {6, "non_consecutive", Master}, {9, "anti_king", Master}, {9, "anti_knight", Extreme},
	}
	if !testing.Short() {
		rows = append(rows, row{9, "jigsaw", Expert}, row{9, "x", Expert}, row{9, "killer", Medium},
			row{9, "windoku", Master}, row{9, "odd_even", Master}, row{8, "jigsaw", Master}, row{9, "x", Extreme}, row{9, "non_consecutive", Extreme}, row{9, "windoku", Extreme}, row{9, "anti_king", Extreme},
			row{12, "killer", Easy}, row{12, "killer", Hard}, row{12, "jigsaw", Medium}, row{16, "jigsaw", Easy}, row{16, "killer", Easy}, row{25, "jigsaw", Easy})
	}
	for _, tc := range rows {
		s, _ := DefaultShape(tc.size)
		v, err := ParseVariant(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(s.Box()+"/"+tc.variant+"/"+tc.level.String(), func(t *testing.T) {
			opt := Options{Shape: s, Variant: v, Level: tc.level}
			p, err := Generate(context.Background(), NewRand(int64(tc.size)*31+int64(v)), opt)
			if err != nil {
				t.Fatal(err)
			}
			again, err := Generate(context.Background(), NewRand(int64(tc.size)*31+int64(v)), opt)
			if err != nil {
				t.Fatal(err)
			}
			if again.Puzzle.String() != p.Puzzle.String() || !reflect.DeepEqual(again.Puzzle.Rules(), p.Puzzle.Rules()) {
				t.Fatalf("the same seed gave another puzzle or rules")
			}
			checkVariantPuzzle(t, s, v, tc.level, p)
		})
	}
}

// TestGenerateVariantSeeds: jigsaw regions and killer cages differ from
// seed to seed, and each puzzle passes checkVariantPuzzle.
func TestGenerateVariantSeeds(t *testing.T) {
	s, _ := DefaultShape(9)
	type made struct {
		v Variant
		p Puzzle
	}
	var all []made
	for _, v := range []Variant{VariantJigsaw, VariantKiller} {
		seen := map[string]bool{}
		for seed := range int64(3) {
			p, err := Generate(context.Background(), NewRand(seed), Options{Shape: s, Variant: v, Level: Easy})
			if err != nil {
				t.Fatal(err)
			}
			r := p.Puzzle.Rules()
			key := r.key(s)
			if seen[key] {
				t.Errorf("%s: seed %d repeats the rules of an earlier seed", v, seed)
			}
			seen[key] = true
			all = append(all, made{v, p})
		}
	}
	for _, m := range all {
		checkVariantPuzzle(t, s, m.v, Easy, m.p)
	}
}

func TestGenerateVariantContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Generate(ctx, NewRand(1), Options{Variant: VariantKiller, Level: Hard})
	if !errors.Is(err, ErrSearchLimit) || !errors.Is(err, context.Canceled) {
		t.Fatalf("Generate with a cancelled context: %v, want ErrSearchLimit and context.Canceled", err)
	}
}

func TestVariantLevels(t *testing.T) {
	four, _ := DefaultShape(4)
	nine, _ := DefaultShape(9)
	sixteen, _ := DefaultShape(16)
	twentyFive, _ := DefaultShape(25)
	for _, tc := range []struct {
		s    Shape
		v    Variant
		want []Level
	}{
		{nine, 0, LevelsOf(nine)},
		{nine, VariantKiller, []Level{Easy, Medium, Hard}},
		{nine, VariantX, []Level{Easy, Medium, Hard, Expert, Master, Extreme}},
		{nine, VariantWindoku, []Level{Easy, Medium, Hard, Expert, Master, Extreme}},
		{nine, VariantJigsaw, []Level{Easy, Medium, Hard, Expert, Master}},
		{nine, VariantX | VariantWindoku, []Level{Easy, Medium, Hard, Expert}},
		{nine, VariantX | VariantKiller, []Level{Easy, Medium, Hard}},
		{four, VariantAntiKing, nil},
		{four, VariantKiller | VariantX, []Level{Easy}},
		{sixteen, VariantWindoku, []Level{Easy}},
		{twentyFive, VariantJigsaw, []Level{Easy}},
		{twentyFive, VariantKiller, nil},
		{twentyFive, VariantDisjointGroups, nil},
	} {
		if got := VariantLevels(tc.s, tc.v); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("VariantLevels(%s, %s) = %v, want %v", tc.s, tc.v, got, tc.want)
		}
	}
	var le *LevelError
	_, err := Generate(context.Background(), NewRand(1), Options{Shape: four, Variant: VariantAntiKing, Level: Easy})
	if !errors.As(err, &le) || !errors.Is(err, ErrDifficultyUnavailable) || le.Offered() != nil {
		t.Fatalf("anti_king on 4x4: %v, want a *LevelError offering nothing", err)
	}
}
