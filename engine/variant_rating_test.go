package engine

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestImpliedWindowsHoldEveryValue checks the implied windows the logical
// solver adds on windoku boards (windows drawn as such or as extra
// regions, as f-puzzles has them): 2b-1 of them on a board of boxes b×b,
// and in a solution of the board each holds every value once.
func TestImpliedWindowsHoldEveryValue(t *testing.T) {
	for _, s := range []Shape{{4, 2, 2}, {9, 3, 3}} {
		windows := Rules{Windows: true}
		var asRegions Rules
		starts := windowStarts(s.Size, s.BoxRows)
		for _, r0 := range starts {
			for _, c0 := range starts {
				var w []Cell
				for j := range s.Size {
					w = append(w, Cell{r0 + j/s.BoxRows, c0 + j%s.BoxRows})
				}
				asRegions.ExtraRegions = append(asRegions.ExtraRegions, w)
			}
		}
		for _, r := range []Rules{windows, asRegions} {
			b, err := NewBoard(s).WithRules(r)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Solve(context.Background(), b, Limits{})
			if err != nil {
				t.Fatalf("%d×%[1]d: %v", s.Size, err)
			}
			base, rs := b.rules, b.rules.forLogic()
			if got, want := len(rs.unitKind)-len(base.unitKind), 2*s.BoxRows-1; got != want {
				t.Fatalf("%d×%[1]d %+v: %d implied windows, want %d", s.Size, r, got, want)
			}
			for u := len(base.unitKind); u < len(rs.unitKind); u++ {
				if rs.unitKind[u] != kindWindow {
					t.Fatalf("%d×%[1]d: implied unit %d of kind %d", s.Size, u, rs.unitKind[u])
				}
				var seen uint32
				for _, c := range rs.unit(u) {
					seen |= 1 << (res.Solution.Get(int(c)/s.Size, int(c)%s.Size) - 1)
				}
				if seen != uint32(1)<<s.Size-1 {
					t.Fatalf("%d×%[1]d: implied window %v holds %b", s.Size, rs.unit(u), seen)
				}
			}
		}
	}
	b, _ := NewBoard(Shape{9, 3, 3}).WithRules(Rules{AntiKnight: true})
	if b.rules.forLogic() != b.rules {
		t.Fatal("an anti-knight board has implied windows")
	}
}

// TestImpliedWindowsInHints explains the expert windoku puzzles of
// variantExperts: the steps that use an implied window name it by its
// cells, leave it out of Step.Units (the rules do not draw it), and agree
// with the unique solution as every step does.
func TestImpliedWindowsInHints(t *testing.T) {
	names, boards := variantExperts(t, 0)
	used := 0
	for i, b := range boards {
		if names[i] != "windoku" {
			continue
		}
		res, err := Solve(context.Background(), b, Limits{})
		if err != nil || !res.Unique {
			t.Fatalf("board %d: %v", i, err)
		}
		steps, err := Explain(context.Background(), b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range steps {
			checkStep(t, names[i], &res.Solution, st)
			if strings.Contains(st.Explanation, "implied window") {
				used++
			}
			for _, u := range st.Units {
				if u.Kind == UnitWindow && u.Index >= 4 {
					t.Fatalf("board %d: %s names window %d: %s", i, st.Technique, u.Index, st.Explanation)
				}
			}
		}
	}
	if used == 0 {
		t.Fatal("no step used an implied window")
	}
	t.Logf("%d steps used an implied window", used)
}

// TestVariantSukakuOrder solves the expert puzzles of variantExperts in
// Sukaku Explainer's order (seNext): every step agrees with the unique
// solution, the order finishes every puzzle, and the steps it has of its
// own (direct intersections and hidden pairs, locked non-consecutive,
// WXYZ- and VWXYZ-Wings, Explainer's chaining rules) fire on some puzzle; Grade's SE is the
// highest step of that order and its SETechnique that step's technique.
func TestVariantSukakuOrder(t *testing.T) {
	per := 4
	if testing.Short() {
		per = 1
	}
	names, boards := variantExperts(t, per)
	own := map[float64]int{}
	for i, b := range boards {
		res, err := Solve(context.Background(), b, Limits{})
		if err != nil || !res.Unique {
			t.Fatalf("board %d: %v", i, err)
		}
		l := newVLogic(context.Background(), &b, Limits{})
		maxSE, maxTech := 0.0, ""
		if !l.seSolve(func(st *Step, se float64) {
			checkStep(t, names[i], &res.Solution, *st)
			switch {
			case l.se == seDirectPointing/10.0, l.se == seDirectClaiming/10.0, l.se == seDirectPair/10.0, l.se == seLockedNC/10.0:
				own[l.se]++
			case l.se >= 7.5 && st.Technique == "contradiction_chain":
				own[7.5]++ // Explainer's chaining rules, rated by length
			case l.se == 5.5 || l.se == 5.6:
				var w []int
				for _, c := range st.Pattern.Sets[0] {
					w = append(w, c.Row*9+c.Col)
				}
				if st.Technique != "wxyz_wing" || !slices.Contains(l.wxyzRatings(w), int(math.Round(l.se*10))) {
					t.Fatalf("%s board %d: %s rated %v, cells %v", names[i], i, st.Technique, l.se, w)
				}
				own[5.5]++ // Sukaku's WXYZ-Wing
			case l.se >= 6.2 && l.se <= 6.4:
				if st.Technique != "als_xz" || len(st.Pattern.Sets) != 2 || len(st.Pattern.Sets[0])+len(st.Pattern.Sets[1]) != 5 {
					t.Fatalf("%s board %d: %s rated %v", names[i], i, st.Technique, l.se)
				}
				own[6.2]++ // Sukaku's VWXYZ-Wing
			}
			if se > maxSE || maxTech == "" {
				maxSE, maxTech = se, st.Technique
			}
		}) {
			t.Fatalf("%s board %d: Sukaku's order stalls", names[i], i)
		}
		l.release()
		r, err := Grade(context.Background(), b, Limits{})
		if err != nil || r.SE != maxSE || r.SETechnique != maxTech {
			t.Fatalf("%s board %d: Grade's SE %v by %s, %v; Sukaku's order %v by %s", names[i], i, r.SE, r.SETechnique, err, maxSE, maxTech)
		}
	}
	t.Logf("steps of Sukaku's order alone, by rating: %v", own)
	for _, se := range []float64{1.7, 2.0, 2.5, 5.5, 6.2, 7.5} {
		if own[se] == 0 {
			t.Fatalf("no step rated %v: %v", se, own)
		}
	}
}
