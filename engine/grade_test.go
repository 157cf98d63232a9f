package engine

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/internal/dataset"
)

var gradeFind = flag.Bool("gradefind", false, "search the data sets for technique positions and rewrite testdata/grade/positions.txt")

// loadBoards reads up to max puzzles of a data set (see dataset.Load).
func loadBoards(tb testing.TB, name string, max int) []Board {
	tb.Helper()
	var out []Board
	for _, p := range dataset.Load(tb, name, max) {
		out = append(out, mustParse(tb, p))
	}
	return out
}

// checkState fails when the logical solver's state contradicts sol: a
// wrong value placed or a solution value eliminated.
func checkState(tb testing.TB, l *logic, sol Board, tc tech) {
	tb.Helper()
	for c := 0; c < l.t.cells; c++ {
		v := sol.At(c)
		if l.val[c] != 0 {
			if int(l.val[c]) != v {
				tb.Fatalf("%s placed %d at %s, solution %d", techs[tc].name, l.val[c], CellName(c/l.n, c%l.n), v)
			}
		} else if l.cand[c]&(1<<(v-1)) == 0 {
			tb.Fatalf("%s removed %d from %s, which the solution holds (%s)", techs[tc].name, v, CellName(c/l.n, c%l.n), l.describe(&l.mv))
		}
	}
}

// soundRun solves b with the logical solver, checking every step against
// the solution sol, and returns the technique counts. The uniqueness
// techniques run when b has one solution.
func soundRun(tb testing.TB, b, sol Board, batch bool) [numTech]int {
	tb.Helper()
	k, _, err := CountSolutions(context.Background(), b, 2, Limits{})
	if err != nil {
		tb.Fatal(err)
	}
	l := new(logic)
	l.batch = batch
	l.init(&b)
	l.unique = k == 1
	walkSound(tb, l, b, sol, func(tc tech) {
		if tc == tSearch {
			l.counts[tSearch]++
		}
	})
	return l.counts
}

// walkSound takes l, loaded with b, step by step to the full grid, taking
// a cell from the solution sol where logic stalls (tSearch); it checks
// every step against sol and hands its technique to each.
func walkSound(tb testing.TB, l *logic, b, sol Board, each func(tc tech)) {
	tb.Helper()
	for l.empty > 0 {
		tc, ok := l.step()
		if l.bad {
			tb.Fatalf("%s: contradiction after %s on a solvable board", b, techs[tc].name)
		}
		if !ok {
			c := l.mostConstrained()
			l.place(c, sol.At(c))
			tc = tSearch
		}
		checkState(tb, l, sol, tc)
		each(tc)
	}
}

// mustSolve returns the unique solution of b, checked against the rules.
func mustSolve(tb testing.TB, b Board) Board {
	tb.Helper()
	res, err := Solve(context.Background(), b, Limits{})
	if err != nil || !res.Unique {
		tb.Fatalf("%s: %v, unique %v", b, err, res.Unique)
	}
	checkSolution(tb, b, res.Solution)
	return res.Solution
}

// TestTechniquesSound runs every technique on many puzzles and checks that
// no step ever removes a value of the solution.
func TestTechniquesSound(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 30
	}
	var total [numTech]int
	for _, name := range []string{"9x9/magictour_top1465.txt", "9x9/17_clue.txt", "9x9/forum_hardest_1106.txt"} {
		k := n
		if name == "9x9/forum_hardest_1106.txt" && testing.Short() {
			k = 4 // forcing nets: about half a second each
		}
		for _, b := range loadBoards(t, name, k) {
			sol := mustSolve(t, b)
			counts := soundRun(t, b, sol, false)
			soundRun(t, b, sol, true)
			for i, k := range counts {
				total[i] += k
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range []Shape{{6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {8, 4, 2}, {10, 2, 5}, {12, 3, 4}, {12, 4, 3}, {12, 2, 6}} {
		for i := 0; i < 4; i++ {
			p, sol := refPuzzle(t, s, rng, s.Cells()*2/5)
			counts := soundRun(t, p, sol, false)
			for i, k := range counts {
				total[i] += k
			}
		}
	}
	for _, r := range stepTable {
		k := total[r.tc]
		t.Logf("%-16s %6d", techs[r.tc].name, k)
		// Quads, jellyfish and BUG+1 are rare; TestKnownPositions covers
		// them. Simple coloring takes the remote pairs of these boards
		// first; TestChainsDirect covers them.
		if !testing.Short() && k == 0 && r.tc != tNakedQuad && r.tc != tHiddenQuad && r.tc != tJellyfish && r.tc != tBUGPlus1 && r.tc != tRemotePair {
			t.Errorf("%s never used: not exercised", techs[r.tc].name)
		}
	}
}

// encodeState writes the logical solver's state: a filled cell as "=v",
// an empty one as its candidates, cells separated by commas.
func encodeState(l *logic) string {
	parts := make([]string, l.t.cells)
	for c := range parts {
		if v := l.val[c]; v != 0 {
			parts[c] = "=" + string(symbols[v])
			continue
		}
		var sb strings.Builder
		for m := l.cand[c]; m != 0; m &= m - 1 {
			sb.WriteByte(symbols[lowValue(m)])
		}
		parts[c] = sb.String()
	}
	return strings.Join(parts, ",")
}

// decodeState loads a state written by encodeState.
func decodeState(tb testing.TB, s Shape, text string) *logic {
	tb.Helper()
	l := new(logic)
	b := NewBoard(s)
	l.init(&b)
	parts := strings.Split(text, ",")
	if len(parts) != s.Cells() {
		tb.Fatalf("state has %d cells, want %d", len(parts), s.Cells())
	}
	l.empty = 0
	for c, p := range parts {
		l.val[c], l.cand[c] = 0, 0
		if strings.HasPrefix(p, "=") {
			l.val[c] = uint8(symbolValue(rune(p[1])))
			continue
		}
		l.empty++
		for _, ch := range p {
			l.cand[c] |= 1 << (symbolValue(ch) - 1)
		}
	}
	l.recount()
	return l
}

// allFound reports whether found holds a 9×9 position for every
// technique of stepTable past the singles; remote pairs and BUG+1 are
// rare enough to come from wherever the scan meets them.
func allFound(found map[string]bool) bool {
	for _, r := range stepTable {
		if !isSingle(r.tc) && r.tc != tRemotePair && r.tc != tBUGPlus1 && !found[techs[r.tc].name+" 3x3"] {
			return false
		}
	}
	return true
}

const positionsFile = "testdata/grade/positions.txt"

// TestFindPositions rewrites the known positions with -gradefind: for each
// technique, the first state met where the solver's next step is that
// technique.
func TestFindPositions(t *testing.T) {
	if !*gradeFind {
		t.Skip("run with -gradefind to rewrite " + positionsFile)
	}
	found := map[string]bool{}
	var lines []string
	scan := func(b, sol Board) {
		l := new(logic)
		l.init(&b)
		l.unique = true // every board scanned has one solution
		for l.empty > 0 && !l.bad {
			state := encodeState(l)
			tc, ok := l.step()
			if !ok {
				c := l.mostConstrained()
				l.place(c, sol.At(c))
				continue
			}
			key := techs[tc].name + " " + b.Shape().Box()
			if isSingle(tc) || found[key] {
				continue
			}
			found[key] = true
			lines = append(lines, fmt.Sprintf("%s %d %s %s %s", techs[tc].name, b.Size(), b.Shape().Box(), sol, state))
		}
	}
	for _, name := range []string{"9x9/17_clue.txt", "9x9/magictour_top1465.txt", "9x9/forum_hardest_1905_11plus.txt", "16x16/goomii17_puzzles.txt"} {
		for _, b := range loadBoards(t, name, 0) {
			scan(b, mustSolve(t, b))
			if allFound(found) {
				break
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range []Shape{{6, 2, 3}, {6, 3, 2}, {8, 4, 2}, {12, 3, 4}} {
		for i := 0; i < 40; i++ {
			p, sol := refPuzzle(t, s, rng, s.Cells()*2/5)
			scan(p, sol)
		}
	}
	out := "# technique size box solution state: a solver state (=v filled, else candidates) whose next step is the technique\n" +
		"# written by go test -run TestFindPositions -gradefind\n" + strings.Join(lines, "\n") + "\n"
	if err := os.MkdirAll(filepath.Dir(positionsFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(positionsFile, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d positions", len(lines))
}

// TestKnownPositions checks one known position per technique: the
// technique is the first step the solver takes, it removes something, and
// nothing it removes belongs to the solution.
func TestKnownPositions(t *testing.T) {
	data, err := os.ReadFile(positionsFile)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	rect := false
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 5 || strings.HasPrefix(line, "#") {
			continue
		}
		name := f[0]
		t.Run(name+"_"+f[1]+"_"+f[2], func(t *testing.T) {
			var size int
			fmt.Sscan(f[1], &size)
			sol, err := Parse(f[3], size, f[2])
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, NewBoard(sol.Shape()), sol)
			l := decodeState(t, sol.Shape(), f[4])
			l.unique = true // the positions come from boards with one solution
			checkState(t, l, sol, tSearch)
			before := l.cand
			tc, ok := l.step()
			if !ok || techs[tc].name != name {
				t.Fatalf("first step %s (ok %v), want %s", techs[tc].name, ok, name)
			}
			removed := 0
			for c := 0; c < l.t.cells; c++ {
				if gone := before[c] &^ l.cand[c]; gone != 0 {
					removed++
					if v := sol.At(c); gone&(1<<(v-1)) != 0 {
						t.Fatalf("%s removed %d from %s, the solution's value", name, v, CellName(c/l.n, c%l.n))
					}
				}
			}
			if removed == 0 || l.bad {
				t.Fatalf("%s removed %d cells' candidates (contradiction %v)", name, removed, l.bad)
			}
			checkState(t, l, sol, tc)
			t.Logf("%s", l.describe(&l.mv))
			seen[name] = true
			if sol.Shape().BoxRows != sol.Shape().BoxCols {
				rect = true
			}
		})
	}
	for _, r := range stepTable {
		// Simple coloring takes the remote pairs of the data sets first;
		// TestChainsDirect covers them.
		if !isSingle(r.tc) && r.tc != tRemotePair && !seen[techs[r.tc].name] {
			t.Errorf("no known position for %s", techs[r.tc].name)
		}
	}
	if !rect {
		t.Error("no known position on a rectangular-box board")
	}
}

func TestGradeLevels(t *testing.T) {
	want := map[Level]bool{}
	for _, name := range []string{"9x9/17_clue.txt", "9x9/magictour_top1465.txt"} {
		for _, b := range loadBoards(t, name, 400) {
			r, err := Grade(context.Background(), b, Limits{})
			if err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			want[r.Level] = true
			maxLevel := Easy
			for name, k := range r.Techniques {
				info := techByName(name)
				if info == nil || k <= 0 {
					t.Fatalf("technique %q count %d", name, k)
				}
				maxLevel = max(maxLevel, info.level)
			}
			// On a board with one solution, past the hard techniques the
			// level follows se, and se from master up makes any board's.
			if se := seLevel(uint8(math.Round(r.SE * 10))); r.Techniques["search"] == 0 && (maxLevel >= Expert || se >= Master) {
				maxLevel = max(Expert, se)
			}
			if maxLevel != r.Level {
				t.Fatalf("%s: rating %+v, want level %v", b, r, maxLevel)
			}
			// The score is a soft maximum of the steps' ratings: at
			// least the hardest, and above it by at most ln(steps)/slope,
			// where a step places a value or removes one.
			if steps := b.Empty() * 9; r.Score < r.SE-0.005 || r.Score > r.SE+math.Log(float64(steps))/scoreSlope+0.005 {
				t.Fatalf("%s: score %v for se %v", b, r.Score, r.SE)
			}
		}
	}
	for _, l := range AllLevels {
		if !want[l] {
			t.Errorf("no 9x9 puzzle graded %v", l)
		}
	}
}

func techByName(name string) *techInfo {
	for i := range techs {
		if techs[i].name == name {
			return &techs[i]
		}
	}
	return nil
}

func TestGradeErrors(t *testing.T) {
	ctx := context.Background()
	b, _ := ParseBoard("11..............", Shape{})
	if _, err := Grade(ctx, b, Limits{}); !errors.Is(err, ErrConflict) {
		t.Errorf("conflict: %v", err)
	} else if ce := (*ConflictError)(nil); !errors.As(err, &ce) || len(ce.Conflicts) != 2 {
		t.Errorf("conflict detail: %v", err)
	}
	// r1c4 must be 4, but r3c4 holds 4.
	b, _ = ParseBoard("123........4....", Shape{})
	if _, err := Grade(ctx, b, Limits{}); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("unsolvable: %v", err)
	}
	full, _ := ParseBoard("1234341221434321", Shape{})
	if r, err := Grade(ctx, full, Limits{}); err != nil || r.Level != Easy || r.Score != 0 {
		t.Errorf("full grid: %+v %v", r, err)
	}
	empty := NewBoard(Shape{9, 3, 3})
	if r, err := Grade(ctx, empty, Limits{}); err != nil || r.Level != Expert || r.Techniques["search"] == 0 {
		t.Errorf("empty board: %+v %v", r, err)
	}
}

func TestLevelNames(t *testing.T) {
	for _, l := range AllLevels {
		got, err := ParseLevel(strings.ToUpper(l.String()))
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
	}
	if _, err := ParseLevel("insane"); err == nil {
		t.Error("ParseLevel(insane) succeeded")
	}
}

// TestGradeEveryShape grades a puzzle, an empty board and a nearly full
// board of every shape.
func TestGradeEveryShape(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, s := range Shapes() {
		t.Run(s.String(), func(t *testing.T) {
			sol := refGrid(s, rng)
			checkSolution(t, NewBoard(s), sol)
			p := sol
			for _, c := range rng.Perm(s.Cells())[:s.Cells()*2/5] {
				p.SetAt(c, 0)
			}
			for i, b := range []Board{p, NewBoard(s), sol} {
				lim := Limits{}
				if i == 1 {
					lim.MaxNodes = 50_000 // the smallest grid of a large empty board can take long
				}
				r, err := Grade(context.Background(), b, lim)
				if i == 1 && errors.Is(err, ErrSearchLimit) {
					continue // an empty board may need more search than the budget
				}
				if err != nil {
					t.Fatalf("%s: %v", b, err)
				}
				if r.Level < Easy || r.Level > Extreme {
					t.Fatalf("level %v", r.Level)
				}
			}
			soundRun(t, p, sol, true)
		})
	}
}

// TestGradeStallHonoursContext grades boards on which logic stalls with a
// context that is already done: Grade must answer ErrSearchLimit, not
// rate them. Their searches end before they look at the context (a 9×9
// search looks every 1,024 nodes), so only the grader's own loop can see
// it; a stall costs a sweep of every technique (tens of milliseconds on
// 25×25), and stalls went unchecked.
func TestGradeStallHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, s := range []string{
		"1...............", // 4×4, several solutions
		"1.......2........................................................................", // 9×9, several solutions
		NewBoard(Shape{6, 2, 3}).String(),
	} {
		b := mustParse(t, s)
		if r, err := Grade(context.Background(), b, Limits{}); err != nil || r.Techniques["search"] == 0 {
			t.Fatalf("%s: not a stalled board: %+v %v", s, r, err)
		}
		if r, err := Grade(ctx, b, Limits{}); !errors.Is(err, ErrSearchLimit) {
			t.Errorf("%s: graded with a done context: %+v %v", s, r, err)
		}
	}
}
