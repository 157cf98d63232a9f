package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/internal/dataset"
)

// mustRoundTrip checks that b's id decodes back to b and is URL-safe.
func mustRoundTrip(tb testing.TB, b Board) string {
	tb.Helper()
	id := EncodeID(b)
	if id == "" {
		tb.Fatalf("EncodeID(%v %s) is empty", b.Shape(), b)
	}
	if i := strings.IndexFunc(id, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}); i >= 0 {
		tb.Fatalf("id %q has %q, not URL-safe", id, id[i])
	}
	got, err := DecodeID(id)
	if err != nil {
		tb.Fatalf("DecodeID(%q) of %v %s: %v", id, b.Shape(), b, err)
	}
	if !sameIDBoard(got, b) {
		tb.Fatalf("DecodeID(EncodeID(b)) = %v %s %+v, want %v %s %+v", got.Shape(), got, got.Rules(), b.Shape(), b, b.Rules())
	}
	if again := EncodeID(got); again != id {
		tb.Fatalf("the decoded board's id is %q, want %q", again, id)
	}
	return id
}

// sameIDBoard reports whether a and b are the same puzzle: shape, cells
// and rules, whatever order the rules list their cells and cages in.
func sameIDBoard(a, b Board) bool {
	if a.shape != b.shape || a.cells != b.cells || a.IsVariant() != b.IsVariant() {
		return false
	}
	n := a.shape.Size
	return reflect.DeepEqual(canonicalRules(a.Rules(), n), canonicalRules(b.Rules(), n))
}

// TestIDKnownClassic holds ids written before ids had rules: they still
// name the same boards, and boards still get them.
func TestIDKnownClassic(t *testing.T) {
	for _, tc := range []struct{ id, board string }{
		{"ASgAAQqiloV0-YKXz6ltsZCcMKIymIoYchOoIg", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"},
		{"ASgAHY8", "................................................................................."},
		{"ASgAA0X_FJJpiKsg9SOLly0EEU0-00-Op2E073fvy90BKBIJ_____________xIQ", "534678912672195348198342567859761423426853791713924856961537284287419635345286179"},
		{"AQAAB0iFReka", "1.3...1.2.4....2"},
		{"ARAAAYSBgiUAREGhPw", "1.....3...2...6.........4.1..5...6.."},
	} {
		b, err := DecodeID(tc.id)
		if err != nil {
			t.Fatalf("DecodeID(%q): %v", tc.id, err)
		}
		if got := b.String(); got != tc.board || b.IsVariant() {
			t.Errorf("DecodeID(%q) = %s (variant %t), want classic %s", tc.id, got, b.IsVariant(), tc.board)
		}
		if got := EncodeID(mustParse(t, tc.board)); got != tc.id {
			t.Errorf("EncodeID(%s) = %q, want %q", tc.board, got, tc.id)
		}
	}
}

// randomIDJigsaw returns n·n region numbers: the boxes of s reshaped by
// random swaps of cells across region borders that keep every region
// connected.
func randomIDJigsaw(rng *rand.Rand, s Shape) []int {
	n := s.Size
	regions := make([]int, n*n)
	for i := range regions {
		r, c := i/n, i%n
		regions[i] = (r/s.BoxRows)*(n/s.BoxCols) + c/s.BoxCols
	}
	for range 40 * n {
		a := rng.IntN(n * n)
		nb := orthogonal(a, n)
		b := nb[rng.IntN(4)]
		if b < 0 || regions[a] == regions[b] {
			continue
		}
		// a moves into b's region; some cell of b's region next to a's moves out.
		ra, rb := regions[a], regions[b]
		var back []int
		for i, g := range regions {
			if g != rb {
				continue
			}
			for _, j := range orthogonal(i, n) {
				if j >= 0 && j != a && regions[j] == ra {
					back = append(back, i)
					break
				}
			}
		}
		if len(back) == 0 {
			continue
		}
		c := back[rng.IntN(len(back))]
		regions[a], regions[c] = rb, ra
		if validRegions(regions, n) != nil {
			regions[a], regions[c] = ra, rb
		}
	}
	// Number the regions at random, so that encoding must renumber them.
	perm := rng.Perm(n)
	for i, g := range regions {
		regions[i] = perm[g]
	}
	return regions
}

// randomIDCages returns killer cages on an n×n board: grown from random
// cells to 1…min(n, 5) cells, sometimes jumping to a far cell, covering the
// board or not, with a random sum in range or none.
func randomIDCages(rng *rand.Rand, n int, cover bool) []Cage {
	cells := n * n
	owner := make([]int, cells)
	for i := range owner {
		owner[i] = -1
	}
	var cages []Cage
	for _, start := range rng.Perm(cells) {
		if owner[start] >= 0 || (!cover && rng.IntN(3) == 0) {
			continue
		}
		k := len(cages)
		cage := []int{start}
		owner[start] = k
		for want := 1 + rng.IntN(min(n, 5)); len(cage) < want; {
			var next []int
			for _, i := range cage {
				for _, j := range orthogonal(i, n) {
					if j >= 0 && owner[j] < 0 {
						next = append(next, j)
					}
				}
			}
			if rng.IntN(10) == 0 {
				if j := rng.IntN(cells); owner[j] < 0 {
					next = []int{j}
				}
			}
			if len(next) == 0 {
				break
			}
			j := next[rng.IntN(len(next))]
			owner[j] = k
			cage = append(cage, j)
		}
		c := Cage{}
		for _, i := range cage {
			c.Cells = append(c.Cells, Cell{i / n, i % n})
		}
		if m := len(cage); rng.IntN(4) != 0 {
			lo, hi := m*(m+1)/2, m*(2*n-m+1)/2
			c.Sum = lo + rng.IntN(hi-lo+1)
		}
		cages = append(cages, c)
	}
	rng.Shuffle(len(cages), func(i, j int) { cages[i], cages[j] = cages[j], cages[i] })
	return cages
}

// randomIDRules returns random valid rules on s, each kind present or not.
func randomIDRules(rng *rand.Rand, s Shape) Rules {
	n := s.Size
	var r Rules
	if rng.IntN(3) == 0 {
		r.Regions = randomIDJigsaw(rng, s)
	}
	r.Diagonals = Diagonals(rng.IntN(4))
	r.Windows = s.BoxRows == s.BoxCols && rng.IntN(4) == 0
	r.DisjointGroups = r.Regions == nil && rng.IntN(5) == 0
	r.AntiKnight = rng.IntN(5) == 0
	r.AntiKing = rng.IntN(5) == 0
	r.NonConsecutive = rng.IntN(5) == 0
	if rng.IntN(3) == 0 {
		r.Cages = randomIDCages(rng, n, rng.IntN(2) == 0)
	}
	if rng.IntN(3) == 0 {
		for _, i := range rng.Perm(n * n)[:rng.IntN(n*n/3)] {
			c := Cell{i / n, i % n}
			if rng.IntN(2) == 0 {
				r.Odd = append(r.Odd, c)
			} else {
				r.Even = append(r.Even, c)
			}
		}
	}
	if rng.IntN(4) == 0 {
		for range 1 + rng.IntN(3) {
			var reg []Cell
			for _, i := range rng.Perm(n * n)[:n] {
				reg = append(reg, Cell{i / n, i % n})
			}
			r.ExtraRegions = append(r.ExtraRegions, reg)
		}
	}
	return r
}

// TestIDRoundTripVariants round-trips random boards of every shape under
// random rules, and checks that the rules change the id.
func TestIDRoundTripVariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	rounds := 60
	if testing.Short() {
		rounds = 15
	}
	for _, s := range Shapes() {
		for range rounds {
			b := NewBoard(s)
			for i := range s.Cells() {
				if rng.IntN(4) == 0 {
					b.SetAt(i, 1+rng.IntN(s.Size))
				}
			}
			classic := EncodeID(b)
			r := randomIDRules(rng, s)
			vb, err := b.WithRules(r)
			if err != nil {
				t.Fatalf("%v: random rules %+v: %v", s, r, err)
			}
			id := mustRoundTrip(t, vb)
			if vb.IsVariant() == (id == classic) {
				t.Errorf("%v %+v: variant %t, id %q, classic id %q", s, r, vb.IsVariant(), id, classic)
			}
			if len(id) > maxIDLen {
				t.Errorf("%v: id of %d characters, maxIDLen %d", s, len(id), maxIDLen)
			}
		}
	}
}

// TestIDLongestRules checks maxIDLen against the largest rules a 25×25
// board can hold: every cell in a cage of one, every cell odd or even, a
// jigsaw and N·N extra regions.
func TestIDLongestRules(t *testing.T) {
	s := Shape{25, 5, 5}
	n := s.Size
	rng := rand.New(rand.NewPCG(7, 8))
	r := Rules{Regions: randomIDJigsaw(rng, s), Diagonals: DiagonalBoth, Windows: true,
		AntiKnight: true, AntiKing: true, NonConsecutive: true}
	for i := range n * n {
		c := Cell{i / n, i % n}
		r.Cages = append(r.Cages, Cage{Cells: []Cell{c}, Sum: n})
		if i%2 == 0 {
			r.Odd = append(r.Odd, c)
		} else {
			r.Even = append(r.Even, c)
		}
		var reg []Cell
		for _, j := range rng.Perm(n * n)[:n] {
			reg = append(reg, Cell{j / n, j % n})
		}
		r.ExtraRegions = append(r.ExtraRegions, reg)
	}
	b := NewBoard(s)
	for i := range s.Cells() {
		b.SetAt(i, n)
	}
	b, err := b.WithRules(r)
	if err != nil {
		t.Fatal(err)
	}
	id := mustRoundTrip(t, b)
	if len(id) > maxIDLen {
		t.Fatalf("id of %d characters, maxIDLen %d", len(id), maxIDLen)
	}
	t.Logf("longest rules: %d characters of %d", len(id), maxIDLen)
}

// TestIDVariantKnown decodes hand-made variant boards and checks what the
// rules say, and that a change of any rule changes the id.
func TestIDVariantKnown(t *testing.T) {
	s := Shape{9, 3, 3}
	b := mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	x, err := b.WithRules(Rules{Diagonals: DiagonalBoth})
	if err != nil {
		t.Fatal(err)
	}
	id := mustRoundTrip(t, x)
	got, _ := DecodeID(id)
	if r := got.Rules(); r.Diagonals != DiagonalBoth || !r.IsClassic() && len(r.Names()) != 1 {
		t.Errorf("X id decodes to rules %+v", r)
	}
	if classic := EncodeID(b); len(id) != len(classic) {
		t.Errorf("X-Sudoku id %q has %d characters, classic %q %d: diagonals are one flag", id, len(id), classic, len(classic))
	}
	seen := map[string]string{}
	for name, r := range map[string]Rules{
		"main":      {Diagonals: DiagonalMain},
		"anti":      {Diagonals: DiagonalAnti},
		"windows":   {Windows: true},
		"disjoint":  {DisjointGroups: true},
		"knight":    {AntiKnight: true},
		"king":      {AntiKing: true},
		"nonconsec": {NonConsecutive: true},
		"odd":       {Odd: []Cell{{0, 2}}},
		"even":      {Even: []Cell{{0, 2}}},
		"cage":      {Cages: []Cage{{Cells: []Cell{{0, 2}, {0, 3}}, Sum: 3}}},
		"cage17":    {Cages: []Cage{{Cells: []Cell{{0, 2}, {0, 3}}, Sum: 17}}},
		"cage0":     {Cages: []Cage{{Cells: []Cell{{0, 2}, {0, 3}}}}},
		"extra":     {ExtraRegions: [][]Cell{{{0, 2}, {1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {7, 2}, {8, 1}}}},
		"jigsaw":    {Regions: randomIDJigsaw(rand.New(rand.NewPCG(1, 1)), s)},
	} {
		vb, err := b.WithRules(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		id := mustRoundTrip(t, vb)
		if other, ok := seen[id]; ok {
			t.Errorf("%s and %s have the same id %q", name, other, id)
		}
		seen[id] = name
	}
}

// TestDecodeIDInvalidRules holds ids with broken rules to ErrInvalidID.
func TestDecodeIDInvalidRules(t *testing.T) {
	b := mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	vb, err := b.WithRules(Rules{Cages: []Cage{{Cells: []Cell{{0, 2}, {0, 3}}, Sum: 3}}, AntiKing: true})
	if err != nil {
		t.Fatal(err)
	}
	raw, with := idEditor(t, vb)
	for _, tc := range []struct{ name, id string }{
		{"unknown second flag", with(3, raw[3]|0x40)},
		{"empty second flags byte", with(3, 0)},
		{"windows on a 6x6", resum([]byte{idVersion, shapeByte(Shape{6, 2, 3}), idWindows, 0, 0})},
		{"disjoint groups on a jigsaw", func() string {
			boxes, err := NewBoard(Shape{4, 2, 2}).WithRules(Rules{Regions: []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}})
			if err != nil {
				t.Fatal(err)
			}
			r, _ := idEncoding.DecodeString(EncodeID(boxes))
			r = append([]byte{r[0], r[1], r[2] | idMore, idDisjoint}, r[3:]...)
			return resum(r)
		}()},
		{"jigsaw regions that are not N of N cells", resum([]byte{idVersion, shapeByte(Shape{4, 2, 2}), idRegions, 0b10101010, 0b10000000, 0, 0})},
		{"cut in the rules", resum([]byte{idVersion, shapeByte(Shape{9, 3, 3}), idRegions, 0xff, 0, 0})},
		{"cages flag without cages", resum([]byte{idVersion, shapeByte(Shape{4, 2, 2}), idCages, 0b01000000, 0, 0})},
		{"stray bits after the rules", resum([]byte{idVersion, shapeByte(Shape{9, 3, 3}), idOdd, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0, 0})},
	} {
		b, err := DecodeID(tc.id)
		if !errors.Is(err, ErrInvalidID) {
			t.Errorf("%s: DecodeID(%q) = %v %+v, %v; want ErrInvalidID", tc.name, tc.id, b, b.Rules(), err)
		} else {
			t.Logf("%s: %v", tc.name, err)
		}
	}
}

// TestIDVariantLengths measures 9×9 ids of typical variants: a killer
// without givens, a jigsaw and an X-Sudoku with 25 givens.
func TestIDVariantLengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	s := Shape{9, 3, 3}
	p, err := Generate(context.Background(), NewRand(1), Options{Shape: s, Level: Medium})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		givens bool
		rules  func() Rules
	}{
		{"killer", false, func() Rules { return Rules{Cages: randomIDCages(rng, 9, true)} }},
		{"killer with 0 sums", false, func() Rules {
			r := Rules{Cages: randomIDCages(rng, 9, true)}
			r.Cages[0].Sum = 0
			return r
		}},
		{"jigsaw", true, func() Rules { return Rules{Regions: randomIDJigsaw(rng, s)} }},
		{"x", true, func() Rules { return Rules{Diagonals: DiagonalBoth} }},
		{"odd-even 16 marks", true, func() Rules {
			var r Rules
			for k, i := range rng.Perm(81)[:16] {
				if k%2 == 0 {
					r.Odd = append(r.Odd, Cell{i / 9, i % 9})
				} else {
					r.Even = append(r.Even, Cell{i / 9, i % 9})
				}
			}
			return r
		}},
	} {
		most, total := 0, 0
		const runs = 50
		for range runs {
			b := NewBoard(s)
			if tc.givens {
				b = p.Puzzle
			}
			vb, err := b.WithRules(tc.rules())
			if err != nil {
				t.Fatal(err)
			}
			id := mustRoundTrip(t, vb)
			most = max(most, len(id))
			total += len(id)
		}
		t.Logf("%s (givens %d): mean %.1f characters, longest %d", tc.name, map[bool]int{true: p.Puzzle.Givens()}[tc.givens], float64(total)/runs, most)
	}
}

// TestIDRoundTripGenerated generates a puzzle of every shape and level the
// tests reach quickly and round-trips it and its solution through its id.
func TestIDRoundTripGenerated(t *testing.T) {
	longest := 0
	for _, s := range Shapes() {
		for _, l := range LevelsOf(s) {
			if l > Medium || (testing.Short() && s.Size > 16) {
				continue
			}
			p, err := Generate(context.Background(), NewRand(int64(s.Size*10+int(l))), Options{Shape: s, Level: l})
			if err != nil {
				t.Fatalf("%v %v: %v", s, l, err)
			}
			id := mustRoundTrip(t, p.Puzzle)
			mustRoundTrip(t, p.Solution)
			if s.Size == 9 {
				longest = max(longest, len(id))
			}
		}
	}
	// 9×9: every level, many seeds; the longest id must stay within 40.
	n := 60
	if testing.Short() {
		n = 12
	}
	for _, l := range LevelsOf(Shape{9, 3, 3}) {
		for seed := range n / int(l) {
			p, err := Generate(context.Background(), NewRand(int64(seed)), Options{Shape: Shape{9, 3, 3}, Level: l})
			if err != nil {
				t.Fatalf("9x9 %v seed %d: %v", l, seed, err)
			}
			longest = max(longest, len(mustRoundTrip(t, p.Puzzle)))
		}
	}
	if longest > 40 {
		t.Errorf("longest generated 9x9 id has %d characters, want at most 40", longest)
	}
	t.Logf("longest generated 9x9 id: %d characters", longest)
}

// TestIDRoundTripDataSets round-trips every puzzle of the shared data sets
// and reports the longest 9×9 id.
func TestIDRoundTripDataSets(t *testing.T) {
	for _, name := range []string{
		"9x9/17_clue.txt", "9x9/magictour_top1465.txt", "9x9/forum_hardest_1905_11plus.txt",
		"9x9/serg_benchmark.txt", "9x9/gecode_9x9.txt",
		"16x16/goomii17_puzzles.txt", "16x16/gecode_16x16.txt", "25x25/gecode_25x25.txt",
	} {
		max := 0
		if testing.Short() {
			max = 500
		}
		longest, most := 0, 0
		for _, line := range dataset.Load(t, name, max) {
			b := mustParse(t, line)
			id := mustRoundTrip(t, b)
			if len(id) > longest {
				longest, most = len(id), b.Givens()
			}
			if b.Size() == 9 && b.Givens() <= 37 && len(id) > 40 {
				t.Errorf("%s: %s has an id of %d characters, want at most 40", name, line, len(id))
			}
		}
		t.Logf("%s: longest id %d characters (%d givens)", name, longest, most)
	}
}

// TestIDLengths pins the length of 9×9 ids by their number of givens, as
// the format promises: ≤ 40 characters up to 37 givens.
func TestIDLengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := Shape{9, 3, 3}
	for k := 0; k <= 81; k++ {
		b := NewBoard(s)
		for _, i := range rng.Perm(81)[:k] {
			b.SetAt(i, 9) // the largest digit: the longest id for k givens
		}
		id := mustRoundTrip(t, b)
		if k <= 37 && len(id) > 40 {
			t.Errorf("%d givens: id of %d characters, want at most 40", k, len(id))
		}
		if k == 81 && len(id) != 64 {
			t.Errorf("full grid: id of %d characters, want 64", len(id))
		}
	}
}

// TestIDEveryShape round-trips an empty, a random and a full-valued board
// of every supported shape: the shape byte names each one.
func TestIDEveryShape(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	seen := map[string]Shape{}
	for _, s := range Shapes() {
		empty := NewBoard(s)
		id := mustRoundTrip(t, empty)
		if prev, ok := seen[id]; ok {
			t.Fatalf("%v and %v have the same empty-board id %q", prev, s, id)
		}
		seen[id] = s
		b := NewBoard(s)
		for i := range s.Cells() {
			if rng.IntN(3) == 0 {
				b.SetAt(i, 1+rng.IntN(s.Size))
			}
		}
		mustRoundTrip(t, b)
		for i := range s.Cells() {
			b.SetAt(i, s.Size)
		}
		if id := mustRoundTrip(t, b); len(id) > maxIDLen {
			t.Fatalf("%v full: %d characters, maxIDLen %d", s, len(id), maxIDLen)
		}
	}
}

// TestDecodeIDInvalid holds malformed ids to ErrInvalidID.
func TestDecodeIDInvalid(t *testing.T) {
	p := mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	good := EncodeID(p)
	raw, with := idEditor(t, p)
	for _, tc := range []struct{ name, id string }{
		{"empty", ""},
		{"not base64url", good[:10] + "+" + good[11:]},
		{"padding", good + "="},
		{"space", " " + good},
		{"truncated header", good[:3]},
		{"truncated givens", good[:len(good)-4]},
		{"one character short", good[:len(good)-1]},
		{"extra character", good + "A"},
		{"version 0", with(0, 0)},
		{"version 2", with(0, 2)},
		{"no such size", with(1, 30<<3)},
		{"no such box", with(1, 5<<3|1)},
		{"rules flags", with(2, 1)},
		{"leading zero byte", resum(append(append(append([]byte(nil), raw[:idHeader]...), 0), raw[idHeader:]...))},
		{"more than the givens", resum(append(append([]byte(nil), raw[:idHeader]...), 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0))}, // one given, a value of 23 bits
		{"a mistyped character", good[:5] + string(good[5]^1) + good[6:]},
		{"too long", strings.Repeat("A", maxIDLen+1)},
	} {
		b, err := DecodeID(tc.id)
		if !errors.Is(err, ErrInvalidID) {
			t.Errorf("%s: DecodeID(%q) = %v, %v; want ErrInvalidID", tc.name, tc.id, b, err)
		}
		// The error names a character only when it is not one of an id.
		if strings.Contains(err.Error(), "is not part of an id") && !strings.ContainsAny(tc.id, "+= ") {
			t.Errorf("%s: %v, but every character of %q is one of an id", tc.name, err, tc.id)
		}
	}
}

// idEditor returns the bytes of b's id and with, which returns the id of
// those bytes with byte i set to c and a check that holds, so that the
// decoder must find what else is wrong.
func idEditor(tb testing.TB, b Board) (raw []byte, with func(i int, c byte) string) {
	tb.Helper()
	raw, err := idEncoding.DecodeString(EncodeID(b))
	if err != nil {
		tb.Fatal(err)
	}
	return raw, func(i int, c byte) string {
		r := append([]byte(nil), raw...)
		r[i] = c
		return resum(r)
	}
}

// resum returns raw, an id's bytes with its check at the end, with the
// check recomputed, as an id.
func resum(raw []byte) string {
	r := append([]byte(nil), raw...)
	size := len(r) - idCheck
	r[size], r[size+1] = byte(idSum(r[:size])>>8), byte(idSum(r[:size]))
	return idEncoding.EncodeToString(r)
}

// FuzzDecodeID: any text either fails with ErrInvalidID or decodes to a
// board whose id is that same text; and a board built from the input
// round-trips through its id, as it does under random rules drawn from
// the input.
func FuzzDecodeID(f *testing.F) {
	for _, s := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"1234341221434321",
		"...............................................................................",
	} {
		if b, err := ParseBoard(s, Shape{}); err == nil {
			f.Add(EncodeID(b), []byte(s))
		}
	}
	f.Add("AQAA", []byte{0})
	f.Add("AQAggAAAAAAAAAAAAAEAAA", []byte{3, 7, 1})
	f.Add("ASgBqqqqqqqqAAAA", []byte{9, 200, 1, 2})
	f.Add("AUgA_w", []byte{1, 2, 3})
	shapes := Shapes()
	f.Fuzz(func(t *testing.T, id string, cells []byte) {
		b, err := DecodeID(id)
		if err != nil {
			if !errors.Is(err, ErrInvalidID) {
				t.Fatalf("DecodeID(%q): %v, not ErrInvalidID", id, err)
			}
		} else if got := EncodeID(b); got != id {
			t.Fatalf("DecodeID(%q) = %v %s, whose id is %q", id, b.Shape(), b, got)
		}
		if len(cells) == 0 {
			return
		}
		s := shapes[int(cells[0])%len(shapes)]
		fb := NewBoard(s)
		for i, c := range cells[1:] {
			if i >= s.Cells() {
				break
			}
			fb.SetAt(i, int(c)%(s.Size+1))
		}
		mustRoundTrip(t, fb)
		if len(cells) > 1 {
			rng := rand.New(rand.NewPCG(uint64(cells[1]), uint64(len(cells))))
			vb, err := fb.WithRules(randomIDRules(rng, s))
			if err != nil {
				t.Fatalf("random rules on %v: %v", s, err)
			}
			mustRoundTrip(t, vb)
		}
	})
}

func ExampleEncodeID() {
	b, _ := ParseBoard("1.3...1.2.4....2", Shape{})
	id := EncodeID(b)
	back, _ := DecodeID(id)
	fmt.Println(id, back)
	// Output: AQAAB0iFReka 1.3...1.2.4....2
}

func BenchmarkEncodeID(b *testing.B) {
	p := mustParse(b, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	b.ReportAllocs()
	for b.Loop() {
		EncodeID(p)
	}
}

func BenchmarkDecodeID(b *testing.B) {
	id := EncodeID(mustParse(b, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeID(id); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeIDKiller(b *testing.B) {
	kb, err := NewBoard(Shape{9, 3, 3}).WithRules(Rules{Cages: randomIDCages(rand.New(rand.NewPCG(1, 2)), 9, true)})
	if err != nil {
		b.Fatal(err)
	}
	id := EncodeID(kb)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeID(id); err != nil {
			b.Fatal(err)
		}
	}
}
