package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/internal/dataset"
)

// walkHints asks for hints until the board is full, checking every hint
// against the unique solution, and returns the techniques seen.
func walkHints(t *testing.T, b Board, givens *Board) map[string]int {
	t.Helper()
	sol := mustSolve(t, b)
	seen := map[string]int{}
	for b.Empty() > 0 {
		st, err := Hint(context.Background(), b, HintOptions{Givens: givens}, Limits{})
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if st.Kind != StepPlacement || st.Technique == "" || st.Explanation == "" {
			t.Fatalf("%s: hint %+v", b, st)
		}
		if b.Get(st.Row, st.Col) != 0 {
			t.Fatalf("hint for filled cell %s", CellName(st.Row, st.Col))
		}
		if want := sol.Get(st.Row, st.Col); st.Value != want {
			t.Fatalf("%s: hint %s=%d (%s: %s), solution %d", b, CellName(st.Row, st.Col), st.Value, st.Technique, st.Explanation, want)
		}
		if len(st.Cells) == 0 || st.Cells[len(st.Cells)-1] != (Cell{st.Row, st.Col}) {
			t.Fatalf("cells %v do not end with the hinted cell", st.Cells)
		}
		if !strings.Contains(st.Explanation, CellName(st.Row, st.Col)) {
			t.Fatalf("explanation %q does not name %s", st.Explanation, CellName(st.Row, st.Col))
		}
		switch st.Technique {
		case "full_house", "naked_single", "hidden_single", "solution":
		default: // an elimination, then the placement it leads to
			if !strings.Contains(st.Explanation, "; now ") || len(st.Cells) < 2 {
				t.Fatalf("elimination hint %+v", st)
			}
		}
		seen[st.Technique]++
		b.Set(st.Row, st.Col, st.Value)
	}
	if _, err := Hint(context.Background(), b, HintOptions{Givens: givens}, Limits{}); !errors.Is(err, ErrNoEmptyCells) {
		t.Fatalf("full grid: %v", err)
	}
	return seen
}

// TestHintValues checks that every hint equals the unique solution's
// value, following hints to the end on many puzzles of several shapes.
func TestHintValues(t *testing.T) {
	n := 25
	if testing.Short() {
		n = 5
	}
	seen := map[string]int{}
	add := func(m map[string]int) {
		for k, v := range m {
			seen[k] += v
		}
	}
	for _, name := range []string{"9x9/17_clue.txt", "9x9/magictour_top1465.txt", "9x9/forum_hardest_1106.txt"} {
		for _, b := range loadBoards(t, name, n) {
			g := b
			add(walkHints(t, b, &g))
		}
	}
	for _, b := range loadBoards(t, "16x16/goomii17_puzzles.txt", 1) {
		add(walkHints(t, b, nil))
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, s := range []Shape{{4, 2, 2}, {6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {12, 3, 4}} {
		for i := 0; i < 3; i++ {
			p, _ := refPuzzle(t, s, rng, s.Cells()*2/5)
			add(walkHints(t, p, nil))
		}
	}
	t.Logf("techniques: %v", seen)
	for _, name := range []string{"naked_single", "hidden_single", "full_house", "pointing", "forcing_net"} {
		if seen[name] == 0 {
			t.Errorf("no hint used %s", name)
		}
	}
	// Every board here has one solution: logic alone finishes it.
	if k := seen["solution"] + seen["budget_exhausted"]; k != 0 {
		t.Errorf("%d hints revealed a cell", k)
	}
}

func TestHintExplanations(t *testing.T) {
	ctx := context.Background()
	// Row 1 misses only 9 at r1c9: a full house.
	b := mustParse(t, "12345678."+strings.Repeat(".", 72))
	st, err := Hint(ctx, b, HintOptions{}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "r1c9 is the last empty cell in row 1, so it holds 9"; st.Explanation != want || st.Technique != "full_house" {
		t.Errorf("got %q (%s), want %q", st.Explanation, st.Technique, want)
	}
	// 7s in rows 1 and 2 (boxes 1 and 3) and columns 4 and 5 (r4c4, r7c5) leave r3c6 as
	// the only place for 7 in box 2.
	b = mustParse(t, "7........"+"......7.."+"........."+"...7....."+"........."+"........."+"....7...."+strings.Repeat(".", 18))
	st, err = Hint(ctx, b, HintOptions{}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "r3c6 is the only cell in box 2 that can hold 7"; st.Explanation != want || st.Technique != "hidden_single" || st.Value != 7 {
		t.Errorf("got %+v, want %q", st, want)
	}
	// Rows 8 and 9 hold 9 only in columns 1 and 6 (checked by hand from the
	// givens): an X-Wing after which r2c4 is the only place for 9 in row 2.
	// Six pointing pairs lead there too, and Hint takes no technique
	// harder than the first one that makes progress.
	b = mustParse(t, ".8..1......5....3.......4.....6953788931..2....73..9..274...1.9..67.......84.....")
	st, err = Hint(ctx, b, HintOptions{}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "(the hardest of 6 eliminations); now r2c4 is the only cell in row 2 that can hold 9"; !strings.HasSuffix(st.Explanation, want) || st.Technique != "pointing" || st.Value != 9 || len(st.Steps) != 7 {
		t.Errorf("got %+v, want pointing and %q", st, want)
	}
	// A naked pair, then a naked single.
	b = mustParse(t, ".....1........5..11.26.35.4.613.945292..54163453216789...49.21621956.34.64.132..5")
	st, err = Hint(ctx, b, HintOptions{}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "r5c3, r9c3 in column 3 can hold only 7 and 8 (a naked pair), which removes 7 and 8 from r1c3, r2c3, r7c3; now 5 is the only value left for r7c3"; st.Explanation != want || st.Technique != "naked_pair" || st.Value != 5 {
		t.Errorf("got %+v, want %q", st, want)
	}
}

func TestHintErrors(t *testing.T) {
	ctx := context.Background()
	full := mustParse(t, "1234341221434321")
	if _, err := Hint(ctx, full, HintOptions{}, Limits{}); !errors.Is(err, ErrNoEmptyCells) {
		t.Errorf("full: %v", err)
	}
	conflict := mustParse(t, "11..............")
	if _, err := Hint(ctx, conflict, HintOptions{}, Limits{}); !errors.Is(err, ErrConflict) {
		t.Errorf("conflict: %v", err)
	}
	unsolvable := mustParse(t, "123........4....")
	if _, err := Hint(ctx, unsolvable, HintOptions{}, Limits{}); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("unsolvable: %v", err)
	}
	if _, err := Hint(ctx, unsolvable, HintOptions{Givens: &unsolvable}, Limits{}); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("unsolvable givens: %v", err)
	}
	if _, err := Hint(ctx, conflict, HintOptions{Givens: &conflict}, Limits{}); !errors.Is(err, ErrConflict) {
		t.Errorf("conflicting givens: %v", err)
	}
	other := NewBoard(Shape{9, 3, 3})
	if _, err := Hint(ctx, full, HintOptions{Givens: &other}, Limits{}); !errors.Is(err, ErrInvalidBoard) {
		t.Errorf("givens of another shape: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	hard := mustParse(t, dataset.Load(t, "9x9/forum_hardest_1106.txt", 1)[0])
	if _, err := Hint(cancelled, hard, HintOptions{}, Limits{}); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestHintMultipleSolutions: on a board with several solutions every hint
// is still sound, and a revealed cell comes from the lexicographically
// smallest solution.
func TestHintMultipleSolutions(t *testing.T) {
	b := NewBoard(Shape{9, 3, 3})
	res, err := Solve(context.Background(), b, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := Hint(context.Background(), b, HintOptions{}, Limits{})
	if err != nil || st.Technique != "solution" || st.Value != res.Solution.Get(st.Row, st.Col) {
		t.Errorf("empty board: %+v, %v", st, err)
	}

	// Givens with several solutions (an empty 4×4, whose smallest solution
	// is 1234/3412/2143/4321): an entry off the smallest solution that
	// still leads to one is no mistake; once the board has no solution, the
	// first entry off the smallest solution is the mistake.
	g := NewBoard(Shape{4, 2, 2})
	ok := mustParse(t, "2...............")
	if st, err := Hint(context.Background(), ok, HintOptions{Givens: &g}, Limits{}); err != nil || st.Kind != StepPlacement {
		t.Errorf("entry of another solution: %+v, %v", st, err)
	}
	bad := mustParse(t, "12....3.........") // r2c3 must hold 1 or 2
	st, err = Hint(context.Background(), bad, HintOptions{Givens: &g}, Limits{})
	if err != nil || st.Kind != StepMistake || st.Row != 1 || st.Col != 2 || st.Value != 3 {
		t.Errorf("board with no solution: %+v, %v; want the mistake r2c3=3", st, err)
	}
}

// TestHintCost: Hint pays a search for one solution, not Solve's search for
// the smallest of several. On a 25×25 grid with 55 % of its cells cleared
// (many solutions, and the smallest costly to find), Hint answers a single
// within a node budget that Solve runs out of, with and without givens;
// the hint agrees with a solution of the board.
func TestHintCost(t *testing.T) {
	ctx := context.Background()
	shape := Shape{25, 5, 5}
	p, err := Generate(ctx, NewRand(1), Options{Shape: shape, Level: Easy})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(0, 7))
	b := p.Solution
	for i := 0; i < shape.Cells(); i++ {
		if rng.IntN(100) >= 45 {
			b.SetAt(i, 0)
		}
	}
	var one Board
	n, st1, err := countFirst(ctx, b, 2, Limits{}, &one)
	if err != nil || n != 2 {
		t.Fatalf("count: %d, %v; want several solutions", n, err)
	}
	checkSolution(t, b, one)
	lim := Limits{MaxNodes: 4*st1.Nodes + 100}
	if _, err := Solve(ctx, b, lim); !errors.Is(err, ErrSearchLimit) {
		t.Fatalf("Solve within %d nodes: %v; the board no longer tells the two searches apart", lim.MaxNodes, err)
	}
	for _, givens := range []*Board{nil, &b} {
		st, err := Hint(ctx, b, HintOptions{Givens: givens}, lim)
		if err != nil {
			t.Fatalf("givens %v: Hint within %d nodes: %v", givens != nil, lim.MaxNodes, err)
		}
		if st.Kind != StepPlacement || st.Technique == "solution" || b.Get(st.Row, st.Col) != 0 || one.Get(st.Row, st.Col) != st.Value {
			t.Errorf("givens %v: hint %+v, a solution has %d there", givens != nil, st, one.Get(st.Row, st.Col))
		}
	}
}

// FuzzGradeHint: Grade and Hint never panic, and a hint's value always
// agrees with the solution. The input picks a shape (first byte) and then
// sets cells from (position, value) byte pairs, so most inputs are boards
// with few or no conflicts.
func FuzzGradeHint(f *testing.F) {
	f.Add([]byte{0, 0, 1, 5, 2, 10, 3})
	f.Add([]byte{1, 0, 1, 1, 1})
	f.Add([]byte{4, 0, 5, 1, 3, 4, 7, 9, 6, 13, 8, 17, 1, 22, 2, 30, 9, 40, 4, 50, 5, 60, 6, 70, 7, 80, 8})
	f.Add([]byte{3})
	shapes := []Shape{{4, 2, 2}, {6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {9, 3, 3}, {12, 3, 4}}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		s := shapes[int(data[0])%len(shapes)]
		b := NewBoard(s)
		for i := 1; i+1 < len(data); i += 2 {
			b.SetAt(int(data[i])%s.Cells(), int(data[i+1])%(s.Size+1))
		}
		ctx := context.Background()
		lim := Limits{MaxNodes: 20000}
		r, err := Grade(ctx, b, lim)
		if err == nil && (r.Level < Easy || r.Level > Extreme) {
			t.Fatalf("level %v", r.Level)
		}
		st, err := Hint(ctx, b, HintOptions{}, lim)
		if err != nil {
			return
		}
		res, err := Solve(ctx, b, lim)
		if errors.Is(err, ErrSearchLimit) {
			return // Hint needs one solution, Solve the smallest: it may cost more
		}
		if err != nil {
			t.Fatalf("hint %+v for a board Solve rejects: %v", st, err)
		}
		if st.Kind != StepPlacement || b.Get(st.Row, st.Col) != 0 || res.Solution.Get(st.Row, st.Col) != st.Value {
			t.Fatalf("%s: hint %+v, solution %d", b, st, res.Solution.Get(st.Row, st.Col))
		}
		g := b
		if _, err := Hint(ctx, b, HintOptions{Givens: &g}, lim); err != nil && !errors.Is(err, ErrSearchLimit) && !errors.Is(err, ErrNoEmptyCells) {
			t.Fatalf("hint with givens: %v", err)
		}
	})
}

// TestHintSymbols checks that explanations write values in the board's own
// symbols: 12 is C on a 16×16, in a placement, a mistake and the
// eliminations along a whole walk.
func TestHintSymbols(t *testing.T) {
	ctx := context.Background()
	p := loadBoards(t, "16x16/goomii17_puzzles.txt", 1)[0]
	sol := mustSolve(t, p)
	b := sol
	for i := 0; i < b.Shape().Cells(); i++ {
		if b.At(i) == 12 {
			b.SetAt(i, 0)
		}
	}
	st, err := Hint(ctx, b, HintOptions{}, Limits{})
	if err != nil || st.Value != 12 {
		t.Fatalf("hint %+v, %v", st, err)
	}
	if !strings.Contains(st.Explanation, "holds C") || strings.Contains(st.Explanation, " 12") {
		t.Errorf("placement of 12: %q", st.Explanation)
	}
	g := b
	for i := 0; i < b.Shape().Cells(); i++ {
		if b.At(i) != 0 && sol.At(i) != 13 && p.At(i) == 0 {
			b.SetAt(i, 13)
			break
		}
	}
	st, err = Hint(ctx, b, HintOptions{Givens: &g}, Limits{})
	if err != nil || st.Kind != StepMistake || !strings.Contains(st.Explanation, "holds D") {
		t.Errorf("mistake of 13: %+v, %v", st, err)
	}
	decimal := regexp.MustCompile(`(hold|holds|only|removes|the|is) 1[0-6]\b`)
	elims := 0
	for seed := int64(1); seed <= 10 && elims < 10; seed++ {
		pz, err := Generate(ctx, NewRand(seed), Options{Shape: p.Shape(), Level: Hard})
		if err != nil {
			t.Fatal(err)
		}
		b := pz.Puzzle
		for b.Empty() > 0 {
			st, err := Hint(ctx, b, HintOptions{}, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if m := decimal.FindString(st.Explanation); m != "" {
				t.Fatalf("%q writes a value in decimal: %q", st.Explanation, m)
			}
			if strings.Contains(st.Explanation, "; now ") {
				elims++
			}
			b.Set(st.Row, st.Col, st.Value)
		}
	}
	if elims < 10 {
		t.Errorf("%d hints after eliminations, want 10 to check", elims)
	}
}

// TestHintCandidates walks puzzles with the player's candidates: each hint
// is one step on them, checked against the solution and applied, until the
// grid is full.
func TestHintCandidates(t *testing.T) {
	ctx := context.Background()
	var boards []Board
	boards = append(boards, loadBoards(t, "9x9/magictour_top1465.txt", 3)...)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, s := range []Shape{{6, 2, 3}, {8, 4, 2}, {12, 4, 3}} {
		p, _ := refPuzzle(t, s, rng, s.Cells()*2/5)
		boards = append(boards, p)
	}
	kinds := map[string]int{}
	for _, b := range boards {
		sol := mustSolve(t, b)
		ps := newPathState(t, b, sol)
		for ps.b.Empty() > 0 {
			st, err := Hint(ctx, ps.b, HintOptions{Candidates: ps.cand}, Limits{})
			if err != nil {
				t.Fatalf("%s: %v", ps.b, err)
			}
			if len(st.Steps) != 1 {
				t.Fatalf("a hint on candidates has %d steps", len(st.Steps))
			}
			ps.apply(t, st)
			kinds[st.Kind]++
		}
	}
	if kinds[StepPlacement] == 0 || kinds[StepElimination] == 0 {
		t.Errorf("kinds %v: want placements and eliminations", kinds)
	}
	// A candidate list without the solution's value is a mistake.
	b := boards[0]
	sol := mustSolve(t, b)
	ps := newPathState(t, b, sol)
	c := 0
	for b.At(c) != 0 {
		c++
	}
	ps.cand[c] &^= 1 << (sol.At(c) - 1)
	st, err := Hint(ctx, b, HintOptions{Candidates: ps.cand}, Limits{})
	n := b.Size()
	if err != nil || st.Kind != StepMistake || st.Row*n+st.Col != c || st.Value != sol.At(c) {
		t.Errorf("candidates without %d at %s: %+v, %v", sol.At(c), CellName(c/n, c%n), st, err)
	}
	if _, err := Hint(ctx, b, HintOptions{Candidates: ps.cand[1:]}, Limits{}); !errors.Is(err, ErrInvalidBoard) {
		t.Errorf("short candidates: %v", err)
	}
}

// TestHintSteps: a hint on a bare board lists the eliminations that lead
// to its placement, in order, then the placement; replayed they are sound
// and end with the hint's cell.
func TestHintSteps(t *testing.T) {
	ctx := context.Background()
	withElims := 0
	for _, b := range loadBoards(t, "9x9/forum_hardest_1106.txt", 5) {
		sol := mustSolve(t, b)
		for b.Empty() > 0 {
			st, err := Hint(ctx, b, HintOptions{}, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if len(st.Steps) == 0 {
				t.Fatalf("hint without steps: %+v", st)
			}
			ps := newPathState(t, b, sol)
			for i, s := range st.Steps {
				if (s.Kind == StepPlacement) != (i == len(st.Steps)-1) {
					t.Fatalf("step %d of %d is a %s", i, len(st.Steps), s.Kind)
				}
				ps.apply(t, s)
			}
			last := st.Steps[len(st.Steps)-1]
			if last.Row != st.Row || last.Col != st.Col || last.Value != st.Value {
				t.Fatalf("last step %+v, hint %+v", last, st)
			}
			if len(st.Steps) > 1 {
				withElims++
			}
			b.Set(st.Row, st.Col, st.Value)
		}
	}
	if withElims == 0 {
		t.Error("no hint needed eliminations")
	}
}

// TestHintNudge: a nudge names the technique and units of the hint's first
// step, not its cell or value.
func TestHintNudge(t *testing.T) {
	ctx := context.Background()
	for _, b := range loadBoards(t, "9x9/forum_hardest_1106.txt", 3) {
		full, err := Hint(ctx, b, HintOptions{}, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := Hint(ctx, b, HintOptions{Nudge: true}, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		first := full.Steps[0]
		if st.Kind != StepNudge || st.Technique != first.Technique || len(st.Units) == 0 || st.Row != 0 || st.Col != 0 || st.Value != 0 || st.Cells != nil || st.Eliminations != nil {
			t.Errorf("nudge %+v for %+v", st, first)
		}
		if strings.Contains(st.Explanation, CellName(full.Row, full.Col)) || !strings.Contains(st.Explanation, st.Units[0].String()) {
			t.Errorf("nudge %q for %s", st.Explanation, CellName(full.Row, full.Col))
		}
	}
	// A naked single's region is its box.
	st, err := Hint(ctx, mustParse(t, ".2345678."+"........1"+strings.Repeat(".", 63)), HintOptions{Nudge: true}, Limits{})
	if err != nil || st.Technique != "naked_single" || len(st.Units) != 1 || st.Units[0] != (Unit{"box", 2}) {
		t.Errorf("naked single nudge %+v, %v", st, err)
	}
}
