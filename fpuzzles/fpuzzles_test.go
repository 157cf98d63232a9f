package fpuzzles

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/lzstring"
)

// entry is a puzzle of a testdata file: its name, compressed text and
// third line (a solution, or the constraints Decode must name).
type entry struct{ name, text, want string }

func readEntries(t *testing.T, path string) []entry {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []entry
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	name := ""
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
		case strings.HasPrefix(line, "#"):
			name = strings.TrimSpace(line[1:])
		default:
			lines = append(lines, line)
			if len(lines) == 2 {
				out = append(out, entry{name, lines[0], lines[1]})
				lines = nil
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func values(b engine.Board) []int {
	n := b.Size()
	out := make([]int, n*n)
	for i := range out {
		out[i] = b.At(i)
	}
	return out
}

// TestPublishedPuzzles solves the published puzzles of testdata/rangsk.txt:
// each has one solution, the one published with it, and it obeys every rule
// (checked apart from the engine).
func TestPublishedPuzzles(t *testing.T) {
	entries := readEntries(t, "testdata/rangsk.txt")
	if len(entries) < 7 {
		t.Fatalf("%d puzzles in testdata/rangsk.txt, want 7", len(entries))
	}
	kinds := map[string]bool{}
	for _, e := range entries {
		t.Run(e.name, func(t *testing.T) {
			b, err := Decode(e.text)
			if err != nil {
				t.Fatal(err)
			}
			r := b.Rules()
			for _, name := range r.Names() {
				kinds[name] = true
			}
			res, err := engine.Solve(context.Background(), b, engine.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Unique {
				t.Error("the puzzle has more than one solution")
			}
			var sb strings.Builder
			for _, v := range values(res.Solution) {
				sb.WriteString(strconv.Itoa(v))
			}
			if got := sb.String(); got != e.want {
				t.Errorf("solution %s, published %s", got, e.want)
			}
			if err := checkSolution(b.Shape(), r, values(b), values(res.Solution)); err != nil {
				t.Error(err)
			}
		})
	}
	for _, k := range []string{"regions", "cages", "anti_knight"} {
		if !kinds[k] {
			t.Errorf("no published puzzle has %s", k)
		}
	}
}

func TestPublishedUnsupported(t *testing.T) {
	for _, e := range readEntries(t, "testdata/rangsk_unsupported.txt") {
		_, err := Decode(e.text)
		var ue *UnsupportedError
		if !errors.As(err, &ue) || !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: err = %v, want an *UnsupportedError", e.name, err)
			continue
		}
		if ue.Constraint != e.want {
			t.Errorf("%s: names %q, want %q", e.name, ue.Constraint, e.want)
		}
	}
}

// classicJSON is a 4×4 with givens in f-puzzles' form.
const classicJSON = `{"size":4,"title":"zz","author":"a","ruleset":"r","grid":[[{"value":1,"given":true},{},{},{}],[{},{},{"value":3,"given":true},{}],[{},{"value":4},{},{}],[{},{},{},{"value":2,"given":true,"c":"#FFFFFF","centerPencilMarks":[1,2]}]]}`

func TestDecodeForms(t *testing.T) {
	compressed := lzstring.CompressToBase64(classicJSON)
	forms := map[string]string{
		"json":                     classicJSON,
		"json with spaces":         "\n  " + classicJSON + "\n",
		"compressed":               compressed,
		"f-puzzles link":           "https://www.f-puzzles.com/?load=" + compressed,
		"link with more params":    "https://f-puzzles.com/?load=" + compressed + "&x=1#top",
		"sudokupad link":           "https://sudokupad.app/fpuzzles" + compressed,
		"sudokupad fpuz link":      "https://sudokupad.app/fpuz" + compressed,
		"escaped link":             "https://www.f-puzzles.com/?load=" + strings.NewReplacer("+", "%2B", "/", "%2F", "=", "%3D").Replace(compressed),
		"plus read as a space":     strings.ReplaceAll(compressed, "+", " "),
		"sudokupad puzzleid query": "https://sudokupad.app/?puzzleid=fpuzzles" + compressed,
	}
	if !strings.Contains(compressed, "+") || !strings.Contains(compressed, "/") {
		t.Fatalf("the test text %q holds no + or /: the escaped forms test nothing", compressed)
	}
	for name, text := range forms {
		b, err := Decode(text)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		// r3c2 holds a player's 4, not a given.
		if got, want := b.String(), "1.....3........2"; got != want || b.IsVariant() {
			t.Errorf("%s: board %s (variant %t), want %s", name, got, b.IsVariant(), want)
		}
	}
}

// TestDecodeRules checks each f-puzzles field against the rule it maps to.
func TestDecodeRules(t *testing.T) {
	grid9 := func(region func(r, c int) int) string {
		rows := make([][]map[string]any, 9)
		for r := range rows {
			rows[r] = make([]map[string]any, 9)
			for c := range rows[r] {
				rows[r][c] = map[string]any{}
				if g := region(r, c); g >= 0 {
					rows[r][c]["region"] = g
				}
			}
		}
		b, _ := json.Marshal(rows)
		return string(b)
	}
	noRegions := grid9(func(int, int) int { return -1 })
	// A jigsaw where box 0 gives r3c3 to box 1 for r1c4, f-puzzles style:
	// region only where it differs from the box.
	jigsaw := grid9(func(r, c int) int {
		switch {
		case r == 2 && c == 2:
			return 1
		case r == 0 && c == 3:
			return 0
		}
		return -1
	})
	c := func(r, col int) engine.Cell { return engine.Cell{Row: r, Col: col} }
	tests := []struct {
		name, json string
		want       engine.Rules
	}{
		{"diagonal+ is the anti diagonal", `{"size":9,"grid":` + noRegions + `,"diagonal+":true}`, engine.Rules{Diagonals: engine.DiagonalAnti}},
		{"diagonal- is the main diagonal", `{"size":9,"grid":` + noRegions + `,"diagonal-":true}`, engine.Rules{Diagonals: engine.DiagonalMain}},
		{"chess and more", `{"size":9,"grid":` + noRegions + `,"antiknight":true,"antiking":true,"disjointgroups":true,"nonconsecutive":true}`,
			engine.Rules{AntiKnight: true, AntiKing: true, DisjointGroups: true, NonConsecutive: true}},
		{"parity", `{"size":9,"grid":` + noRegions + `,"odd":[{"cell":"R1C1"}],"even":[{"cell":"r9c9"},{"cell":"R2C3"}]}`,
			engine.Rules{Odd: []engine.Cell{c(0, 0)}, Even: []engine.Cell{c(8, 8), c(1, 2)}}},
		{"killer cages", `{"size":9,"grid":` + noRegions + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R9C9"]},{"cells":["R5C5","R5C6"],"value":17}]}`,
			engine.Rules{Cages: []engine.Cage{{Cells: []engine.Cell{c(0, 0), c(0, 1)}, Sum: 3}, {Cells: []engine.Cell{c(8, 8)}}, {Cells: []engine.Cell{c(4, 4), c(4, 5)}, Sum: 17}}}},
		{"extra regions", `{"size":9,"grid":` + noRegions + `,"extraregion":[{"cells":["R2C2","R2C3","R2C4","R3C2","R3C3","R3C4","R4C2","R4C3","R4C4"]},{"cells":["R9C1","R9C2"]}]}`,
			engine.Rules{ExtraRegions: [][]engine.Cell{{c(1, 1), c(1, 2), c(1, 3), c(2, 1), c(2, 2), c(2, 3), c(3, 1), c(3, 2), c(3, 3)}},
				Cages: []engine.Cage{{Cells: []engine.Cell{c(8, 0), c(8, 1)}}}}},
		{"jigsaw", `{"size":9,"grid":` + jigsaw + `}`, engine.Rules{Regions: func() []int {
			g := make([]int, 81)
			for i := range g {
				g[i] = (i/9/3)*3 + i%9/3
			}
			g[2*9+2], g[0*9+3] = 1, 0
			return g
		}()}},
		{"regions equal to the boxes", `{"size":9,"grid":` + grid9(func(r, c int) int { return r/3*3 + c/3 }) + `}`, engine.Rules{}},
		{"empty lists and false flags", `{"size":9,"grid":` + noRegions + `,"thermometer":[],"arrow":null,"antiknight":false,"negative":[],"cage":[{"value":"title: x"}]}`, engine.Rules{}},
	}
	for _, tt := range tests {
		b, err := Decode(tt.json)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if diff := cmp.Diff(tt.want, b.Rules(), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: rules (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	grid4 := `[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	bomb := lzstring.CompressToBase64(strings.Repeat("a", MaxJSON+1))
	tests := []struct {
		name, text string
		want       error
		field      string // the RulesError's field, for ErrInvalidRules
		constraint string // the UnsupportedError's, for ErrUnsupported
	}{
		{"not json", `{"size":`, engine.ErrInvalidBoard, "", ""},
		{"not compressed", `hello world`, engine.ErrInvalidBoard, "", ""},
		{"too long", strings.Repeat("A", MaxText+1), engine.ErrInvalidBoard, "", ""},
		{"expands too far", bomb, engine.ErrInvalidBoard, "", ""},
		{"size 3", `{"size":3,"grid":[[{},{},{}],[{},{},{}],[{},{},{}]]}`, engine.ErrInvalidBoard, "", ""},
		{"size 26", `{"size":26,"grid":[]}`, engine.ErrInvalidBoard, "", ""},
		{"short grid", `{"size":4,"grid":[[{},{},{},{}]]}`, engine.ErrInvalidBoard, "", ""},
		{"short row", `{"size":4,"grid":[[{},{},{},{}],[{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, engine.ErrInvalidBoard, "", ""},
		{"given out of range", `{"size":4,"grid":[[{"value":5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, engine.ErrInvalidBoard, "", ""},
		{"grid of strings", `{"size":4,"grid":"1234"}`, engine.ErrInvalidBoard, "", ""},
		{"bad cell", `{"size":4,"grid":` + grid4 + `,"odd":[{"cell":"A1"}]}`, engine.ErrInvalidRules, "fpuzzles.odd[0].cell", ""},
		{"cell off the board", `{"size":4,"grid":` + grid4 + `,"killercage":[{"cells":["R1C1","R5C1"],"value":"3"}]}`, engine.ErrInvalidRules, "fpuzzles.killercage[0].cells", ""},
		{"unreachable sum", `{"size":4,"grid":` + grid4 + `,"killercage":[{"cells":["R1C1"]},{"cells":["R1C2","R1C3"],"value":"9"}]}`, engine.ErrInvalidRules, "fpuzzles.killercage[1].value", ""},
		{"sum not a number", `{"size":4,"grid":` + grid4 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"?"}]}`, engine.ErrInvalidRules, "fpuzzles.killercage[0].value", ""},
		{"cell in two cages", `{"size":4,"grid":` + grid4 + `,"killercage":[{"cells":["R1C1","R1C2"]},{"cells":["R1C2","R2C2"]}]}`, engine.ErrInvalidRules, "fpuzzles.killercage[1].cells", ""},
		{"extra region of 5 cells", `{"size":4,"grid":` + grid4 + `,"extraregion":[{"cells":["R1C1","R1C2","R1C3","R1C4","R2C1"]}]}`, engine.ErrInvalidRules, "fpuzzles.extraregion[0].cells", ""},
		{"region not connected", `{"size":4,"grid":[[{"region":3},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"region":0}]]}`, engine.ErrInvalidRules, "fpuzzles.grid.region", ""},
		{"region not a number", `{"size":4,"grid":[[{"region":"a"},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, engine.ErrInvalidRules, "fpuzzles.grid.region", ""},
		{"thermometer", `{"size":4,"grid":` + grid4 + `,"thermometer":[{"lines":[["R1C1","R1C2"]]}]}`, ErrUnsupported, "", "thermometer"},
		{"several, sorted", `{"size":4,"grid":` + grid4 + `,"littlekillersum":[{}],"arrow":[{}]}`, ErrUnsupported, "", "arrow, littlekillersum"},
		{"anti-ratio", `{"size":4,"grid":` + grid4 + `,"negative":["ratio"]}`, ErrUnsupported, "", "negative"},
		{"cosmetic cage", `{"size":4,"grid":` + grid4 + `,"cage":[{"cells":["R1C1"],"value":"5"}]}`, ErrUnsupported, "", "cage"},
		{"cell in no region", `{"size":4,"grid":[[{"region":null},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, ErrUnsupported, "", "region"},
		{"given candidates", `{"size":4,"grid":[[{"givenPencilMarks":[1,2]},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, ErrUnsupported, "", "givenPencilMarks"},
		{"short extra region in a cage", `{"size":4,"grid":` + grid4 + `,"killercage":[{"cells":["R1C1","R1C2"]}],"extraregion":[{"cells":["R1C2","R2C2"]}]}`, ErrUnsupported, "", "extraregion"},
	}
	for _, tt := range tests {
		_, err := Decode(tt.text)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: err = %v, want %v", tt.name, err, tt.want)
			continue
		}
		if tt.field != "" {
			var re *engine.RulesError
			if !errors.As(err, &re) || re.Field != tt.field {
				t.Errorf("%s: err = %v, want field %s", tt.name, err, tt.field)
			}
		}
		if tt.constraint != "" {
			var ue *UnsupportedError
			if !errors.As(err, &ue) || ue.Constraint != tt.constraint {
				t.Errorf("%s: err = %v, want constraint %s", tt.name, err, tt.constraint)
			}
		}
	}
}

// randomRegions returns a jigsaw grown from the boxes of s: cells move
// between neighbouring regions in pairs (one each way) while both stay
// connected. It returns nil when the regions are the boxes.
func randomRegions(rng *rand.Rand, s engine.Shape) []int {
	n := s.Size
	g := make([]int, n*n)
	for i := range g {
		g[i] = s.BoxOf(i/n, i%n)
	}
	// border returns a cell of region from next to region to, or -1.
	border := func(from, to int) int {
		for _, i := range rng.Perm(n * n) {
			if g[i] != from {
				continue
			}
			for _, j := range neighbours(i, n) {
				if g[j] == to {
					return i
				}
			}
		}
		return -1
	}
	for range 2 * n {
		i := rng.IntN(n * n)
		nb := neighbours(i, n)
		j := nb[rng.IntN(len(nb))]
		a, b := g[i], g[j]
		if a == b {
			continue
		}
		k := border(b, a)
		if k < 0 {
			continue
		}
		g[i], g[k] = b, a
		if connected(g, n, a) && connected(g, n, b) {
			continue
		}
		g[i], g[k] = a, b
	}
	for i, x := range g {
		if x != s.BoxOf(i/n, i%n) {
			return g
		}
	}
	return nil // the moves undid each other
}

func neighbours(i, n int) []int {
	var out []int
	if i >= n {
		out = append(out, i-n)
	}
	if i+n < n*n {
		out = append(out, i+n)
	}
	if i%n > 0 {
		out = append(out, i-1)
	}
	if i%n < n-1 {
		out = append(out, i+1)
	}
	return out
}

func connected(g []int, n, region int) bool {
	start, size := -1, 0
	for i, x := range g {
		if x == region {
			size++
			if start < 0 {
				start = i
			}
		}
	}
	seen := map[int]bool{start: true}
	stack := []int{start}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range neighbours(i, n) {
			if seen[j] || g[j] != region {
				continue
			}
			seen[j] = true
			stack = append(stack, j)
		}
	}
	return len(seen) == size
}

// randomBoard returns a board of a shape f-puzzles draws, with random
// givens and random rules of every kind the package maps.
func randomBoard(t *testing.T, rng *rand.Rand) engine.Board {
	t.Helper()
	sizes := []int{4, 6, 8, 9, 9, 9, 12, 16}
	n := sizes[rng.IntN(len(sizes))]
	s, err := boxShape(n)
	if err != nil {
		t.Fatal(err)
	}
	b := engine.NewBoard(s)
	for i := range n * n {
		if rng.IntN(4) == 0 {
			b.SetAt(i, 1+rng.IntN(n))
		}
	}
	var r engine.Rules
	cells := rng.Perm(n * n)
	take := func(k int) []engine.Cell {
		k = min(k, len(cells))
		out := make([]engine.Cell, k)
		for i, c := range cells[:k] {
			out[i] = engine.Cell{Row: c / n, Col: c % n}
		}
		cells = cells[k:]
		return out
	}
	if rng.IntN(3) == 0 {
		r.Regions = randomRegions(rng, s)
	}
	r.Diagonals = engine.Diagonals(rng.IntN(4))
	r.Windows = r.Regions == nil && s.BoxRows == s.BoxCols && rng.IntN(4) == 0
	r.DisjointGroups = r.Regions == nil && rng.IntN(4) == 0
	r.AntiKnight, r.AntiKing, r.NonConsecutive = rng.IntN(4) == 0, rng.IntN(4) == 0, rng.IntN(4) == 0
	for range rng.IntN(3) {
		r.ExtraRegions = append(r.ExtraRegions, randomCells(rng, n, n))
	}
	r.Odd, r.Even = take(rng.IntN(4)), take(rng.IntN(4))
	for range rng.IntN(8) {
		cage := take(1 + rng.IntN(min(n, 5)))
		sum := 0
		if rng.IntN(3) > 0 {
			for _, v := range rng.Perm(n)[:len(cage)] {
				sum += v + 1
			}
		}
		if len(cage) > 0 {
			r.Cages = append(r.Cages, engine.Cage{Cells: cage, Sum: sum})
		}
	}
	b, err = b.WithRules(r)
	if err != nil {
		t.Fatalf("random rules: %v", err)
	}
	return b
}

func randomCells(rng *rand.Rand, n, k int) []engine.Cell {
	out := make([]engine.Cell, k)
	for i, c := range rng.Perm(n * n)[:k] {
		out[i] = engine.Cell{Row: c / n, Col: c % n}
	}
	return out
}

// TestRoundTrip: import → export → import gives the same board and rules,
// and the export of an import is the export itself.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	rounds := 300
	if testing.Short() {
		rounds = 50
	}
	for i := range rounds {
		b0 := randomBoard(t, rng)
		json1, text1, err := Encode(b0)
		if err != nil {
			t.Fatalf("board %d: Encode: %v", i, err)
		}
		b1, err := Decode(text1)
		if err != nil {
			t.Fatalf("board %d: Decode(Encode): %v\n%s", i, err, json1)
		}
		// Windows come back as extra regions; every other rule as it was.
		want := b0.Rules()
		if want.Windows {
			want.Windows = false
			want.ExtraRegions = append(want.ExtraRegions, windows(b0.Shape())...)
		}
		if diff := cmp.Diff(want, b1.Rules(), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("board %d: rules (-want +got):\n%s", i, diff)
		}
		if b1.String() != b0.String() || b1.Shape() != b0.Shape() {
			t.Fatalf("board %d: %s %v, want %s %v", i, b1.String(), b1.Shape(), b0.String(), b0.Shape())
		}
		json2, text2, err := Encode(b1)
		if err != nil || string(json2) != string(json1) || text2 != text1 {
			t.Fatalf("board %d: export of the import differs (%v):\n%s\n%s", i, err, json1, json2)
		}
		b2, err := Decode(string(json2))
		if err != nil || b2.String() != b1.String() || !cmp.Equal(b2.Rules(), b1.Rules(), cmpopts.EquateEmpty()) {
			t.Fatalf("board %d: second import differs (%v)", i, err)
		}
	}
}

// TestEncodeBoxes: a shape whose boxes are not f-puzzles' default for its
// size travels as regions equal to its boxes, and solves the same.
func TestEncodeBoxes(t *testing.T) {
	s, err := engine.NewShape(6, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	b := engine.NewBoard(s)
	b.Set(0, 0, 1)
	jsonText, _, err := Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(string(jsonText))
	if err != nil {
		t.Fatal(err)
	}
	r := got.Rules()
	for i, g := range r.Regions {
		if want := s.BoxOf(i/6, i%6); g != want {
			t.Fatalf("r%dc%d in region %d, its box is %d", i/6+1, i%6+1, g, want)
		}
	}
	if r.Regions == nil {
		t.Fatal("no regions: 3x2 boxes became f-puzzles' 2x3")
	}
	// Disjoint groups on these boxes come back as extra regions.
	withDisjoint, err := b.WithRules(engine.Rules{DisjointGroups: true})
	if err != nil {
		t.Fatal(err)
	}
	_, text, err := Encode(withDisjoint)
	if err != nil {
		t.Fatal(err)
	}
	got, err = Decode(text)
	if err != nil {
		t.Fatal(err)
	}
	r = got.Rules()
	if diff := cmp.Diff(disjointGroups(s), r.ExtraRegions); diff != "" || r.DisjointGroups {
		t.Errorf("disjoint groups of 3x2 boxes (-want +got):\n%s", diff)
	}
	for k, g := range r.ExtraRegions {
		for _, c := range g {
			if (c.Row%3)*2+c.Col%2 != k {
				t.Fatalf("group %d holds r%dc%d", k, c.Row+1, c.Col+1)
			}
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(classicJSON)
	f.Add(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"diagonal+":true,"odd":[{"cell":"R4C4"}]}`)
	f.Add(`{"size":4,"grid":[[{"region":1},{"region":0},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"antiknight":true}`)
	for _, file := range []string{"testdata/rangsk.txt", "testdata/rangsk_unsupported.txt"} {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for line := range strings.Lines(string(data)) {
			if strings.HasPrefix(line, "N4Ig") {
				f.Add(strings.TrimSpace(line))
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := Decode(text)
		if err != nil {
			if !errors.Is(err, engine.ErrInvalidBoard) && !errors.Is(err, engine.ErrInvalidRules) && !errors.Is(err, ErrUnsupported) {
				t.Fatalf("Decode error %v wraps none of the documented sentinels", err)
			}
			return
		}
		jsonText, text1, err := Encode(b)
		if err != nil {
			t.Fatalf("Encode of a decoded board: %v", err)
		}
		b1, err := Decode(text1)
		if err != nil {
			t.Fatalf("Decode(Encode(b)): %v\n%s", err, jsonText)
		}
		if b1.String() != b.String() || !cmp.Equal(b1.Rules(), b.Rules(), cmpopts.EquateEmpty()) {
			t.Fatalf("round trip changed the board:\n%s", jsonText)
		}
		if _, text2, _ := Encode(b1); text2 != text1 {
			t.Fatalf("export of the import differs")
		}
	})
}
