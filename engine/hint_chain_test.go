package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// chainBoards returns the puzzles of testdata/se/magictour.txt (Sudoku
// Explainer rates them 7.5 to 9.6) that need a forcing step, at the point
// where their next step is one: each is played by the logical solver, in
// stepTable's order, until that order's next step is a forcing chain or
// net, and the values placed by then are the board (a bare board, as a
// player asks).
func chainBoards(tb testing.TB) []Board {
	tb.Helper()
	var out []Board
	puzzles, _ := readRated(tb, "testdata/se/magictour.txt")
	for _, puzzle := range puzzles {
		b := mustParse(tb, puzzle)
		l := getLogic(&b, false)
		l.unique = true
		snap := new(logic)
		for l.empty > 0 && !l.bad {
			*snap = *l
			tc, ok := l.step()
			if !ok {
				tb.Fatalf("%s: logic stalled", puzzle)
			}
			if techs[tc].flags&fForcing != 0 {
				copy(b.cells[:81], snap.val[:81])
				out = append(out, b)
				break
			}
		}
		putLogic(l)
	}
	return out
}

// BenchmarkHintChain asks one hint on each of chainBoards in turn: the
// eliminations that lead to the next placement, a forcing step among
// them.
func BenchmarkHintChain(b *testing.B) { benchHints(b, chainBoards(b)) }

// TestHintSEChains plays the chain boards (and, in long mode, two
// generated master puzzles) hint by hint to the end and checks every
// step of every hint: its eliminations and placement agree with the only
// solution, its technique has a rating, and a step of Explainer's
// chaining rules carries a pattern whose nodes have states, whose first
// link leaves the step's first cell (the assumption) and every other
// link leaves the assumption or a node an earlier link reached, and
// whose explanation names its cells and those it changes.
func TestHintSEChains(t *testing.T) {
	boards := chainBoards(t)
	if len(boards) != 25 {
		t.Fatalf("%d chain boards, want 25 (the others need no forcing step)", len(boards))
	}
	if testing.Short() {
		boards = boards[:6]
	} else {
		rng := rand.New(rand.NewPCG(40, 1))
		for range 2 {
			p, err := Generate(context.Background(), rng, Options{Level: Master})
			if err != nil {
				t.Fatal(err)
			}
			boards = append(boards, p.Puzzle)
		}
	}
	rules := 0
	for _, b := range boards {
		res, err := Solve(context.Background(), b, Limits{})
		if err != nil || !res.Unique {
			t.Fatalf("%s: %v, unique %v", b, err, res.Unique)
		}
		sol := res.Solution
		for b.Empty() > 0 {
			h, err := Hint(context.Background(), b, HintOptions{}, Limits{})
			if err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			if h.Kind != StepPlacement || h.Value != sol.At(h.Row*9+h.Col) || h.Technique == "solution" {
				t.Fatalf("%s: hint %+v, solution %d", b, h, sol.At(h.Row*9+h.Col))
			}
			if h.SE == 0 {
				t.Errorf("%s: hint %s without se", b, h.Technique)
			}
			for _, st := range h.Steps {
				for _, e := range st.Eliminations {
					if slices.Contains(e.Values, sol.At(e.Row*9+e.Col)) {
						t.Fatalf("%s: %s removes the solution's %d from %s: %s", b, st.Technique, sol.At(e.Row*9+e.Col), CellName(e.Row, e.Col), st.Explanation)
					}
				}
				if p := st.Pattern; p != nil && len(p.Links) > 0 && p.Links[0].From.State != "" {
					rules++
					checkForcingPattern(t, b, st)
					checkPattern(t, st, topologyOf(b.Shape()))
				}
			}
			b.Set(h.Row, h.Col, h.Value)
		}
	}
	if rules == 0 {
		t.Error("no hint showed a forcing chain")
	}
}

// checkForcingPattern checks the pattern of a forcing step st (see
// TestHintSEChains).
func checkForcingPattern(t *testing.T, b Board, st Step) {
	t.Helper()
	key := func(n Node) string { return fmt.Sprint(n.Cells, n.Value, n.State) }
	first := st.Pattern.Links[0].From
	if len(first.Cells) != 1 || len(st.Cells) == 0 || first.Cells[0] != st.Cells[0] {
		t.Fatalf("%s: %s starts at %v, its first cell is %v", b, st.Technique, first, st.Cells)
	}
	reached := map[string]bool{}
	roots := map[string]bool{}
	for i, lk := range st.Pattern.Links {
		for _, n := range []Node{lk.From, lk.To} {
			if n.State != NodeOn && n.State != NodeOff || len(n.Cells) != 1 || n.Value < 1 || n.Value > 9 {
				t.Fatalf("%s: %s link %d has node %+v", b, st.Technique, i, n)
			}
		}
		if lk.Strong != (lk.To.State == NodeOn) {
			t.Fatalf("%s: %s link %d to %+v has strong %v", b, st.Technique, i, lk.To, lk.Strong)
		}
		from := key(lk.From)
		if !reached[from] {
			// an assumption: a cell of the step's pattern, no other
			// link's end
			if !slices.Contains(st.Cells, lk.From.Cells[0]) {
				t.Fatalf("%s: %s link %d leaves %+v, which no earlier link reached", b, st.Technique, i, lk.From)
			}
			roots[from] = true
		}
		reached[key(lk.To)] = true
	}
	for r := range roots {
		if reached[r] && r != key(first) {
			t.Errorf("%s: %s: the assumption %s is reached by a link", b, st.Technique, r)
		}
	}
	name := CellName(first.Cells[0].Row, first.Cells[0].Col)
	if !strings.Contains(st.Explanation, name) {
		t.Errorf("%s: %s: the explanation does not name the assumption %s: %s", b, st.Technique, name, st.Explanation)
	}
	for _, e := range st.Eliminations {
		if name := CellName(e.Row, e.Col); !strings.Contains(st.Explanation, name) {
			t.Errorf("%s: %s: the explanation does not name %s, which loses a candidate: %s", b, st.Technique, name, st.Explanation)
		}
	}
}

// TestExplainSEChains: on the magictour puzzles whose logical path needs
// a forcing step, Explain's steps are Explainer's chaining steps, rated
// as Grade rates them: the hardest step's se is Grade's se within 0.5 on
// at least 90 % of them (the paths differ before the chains: Explain
// takes this engine's chains and ALS first) and equal on at least half,
// and Explain names it as the rating's techniques do.
func TestExplainSEChains(t *testing.T) {
	if testing.Short() {
		t.Skip("grades and explains 40 puzzles")
	}
	puzzles, _ := readRated(t, "testdata/se/magictour.txt")
	n, near, equal := 0, 0, 0
	for _, p := range puzzles {
		b := mustParse(t, p)
		r, err := Grade(context.Background(), b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Techniques["digit_forcing_chain"]+r.Techniques["cell_forcing_chain"]+r.Techniques["unit_forcing_chain"]+r.Techniques["forcing_net"] == 0 {
			continue
		}
		steps, err := Explain(context.Background(), b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		hard := Step{}
		for _, st := range steps {
			if st.SE > hard.SE {
				hard = st
			}
		}
		n++
		if math.Abs(hard.SE-r.SE) < 0.55 {
			near++
		}
		if math.Abs(hard.SE-r.SE) < 0.05 {
			equal++
		}
		if !slices.Contains([]string{"aic", "als_xz", "digit_forcing_chain", "cell_forcing_chain", "forcing_net"}, hard.Technique) {
			t.Errorf("%s: the hardest step is %s (se %.1f)", p, hard.Technique, hard.SE)
		}
	}
	t.Logf("%d puzzles: Explain's hardest se within 0.5 of Grade's on %d, equal on %d", n, near, equal)
	if n == 0 || near*10 < 9*n || equal*2 < n {
		t.Errorf("%d puzzles: Explain's hardest se within 0.5 of Grade's on %d, equal on %d; want 90 %% and half", n, near, equal)
	}
}

// TestSEChainPatterns follows Grade's second path (Explainer's order)
// on the magictour puzzles and two of forum_hardest_1905_11plus (nested
// chains) with the records Hint and Explain keep, and
// checks every chaining step as TestHintSEChains checks a hint's: sound
// against the solution, its pattern drawn from its assumption (an
// aligned triplet: the triplet and the cells it sees as two sets), its
// explanation naming its cells. Every rule shows up.
func TestSEChainPatterns(t *testing.T) {
	puzzles, _ := readRated(t, "testdata/se/magictour.txt")
	if testing.Short() {
		puzzles = puzzles[:8]
	}
	var boards []Board
	for _, p := range puzzles {
		boards = append(boards, mustParse(t, p))
	}
	boards = append(boards, loadBoards(t, "9x9/forum_hardest_1905_11plus.txt", 2)...)
	var rules [seRuleNested + 1]int
	for _, b := range boards {
		p := b.String()
		res, err := Solve(context.Background(), b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		l := getLogic(&b, false)
		l.unique, l.seOrder = true, true
		l.limits = limits{nodes: DefaultMaxNodes, ctx: context.Background()}
		before := l.cand
		for l.empty > 0 && !l.bad {
			before = l.cand
			if _, ok := l.step(); !ok {
				t.Fatalf("%s: logic stalled", p)
			}
			checkState(t, l, res.Solution, l.mv.tech)
			r := l.mv.pattern.sechain.rule
			if r == 0 {
				continue
			}
			rules[r]++
			st := l.stepOf(&l.mv, &before, &l.cand)
			if st.SE < 6.6 || len(st.Eliminations) == 0 {
				t.Fatalf("%s: %s se %.1f: %s", p, st.Technique, st.SE, st.Explanation)
			}
			if r == seRuleAligned {
				if st.Pattern == nil || len(st.Pattern.Sets) != 2 || len(st.Pattern.Sets[0]) != 3 {
					t.Fatalf("%s: aligned triplet %+v", p, st.Pattern)
				}
				for _, c := range st.Cells {
					if name := CellName(c.Row, c.Col); !strings.Contains(st.Explanation, name) {
						t.Errorf("%s: the explanation does not name %s: %s", p, name, st.Explanation)
					}
				}
				continue
			}
			checkForcingPattern(t, b, st)
			checkPattern(t, st, l.t)
		}
		putLogic(l)
	}
	t.Logf("steps by rule (forcing, Nishio, multiple, dynamic, dynamic +, aligned, nested): %v", rules[1:])
	for r, k := range rules[1:] {
		if k == 0 && (!testing.Short() || r+1 == seRuleNested) {
			t.Errorf("no step of rule %d", r+1)
		}
	}
}
