package engine

import (
	"context"
	"testing"
)

// TestGradeSETechnique: on the magictour puzzles Sudoku Explainer rates
// 7.5 and more, Rating.SETechnique is the technique of the first step of
// Explainer's order (the second pass, seRate) rated SE, replayed here;
// where Hardest, of our own order, differs, the rating still names the
// step that set SE.
func TestGradeSETechnique(t *testing.T) {
	puzzles, _ := readRated(t, "testdata/se/magictour.txt")
	if testing.Short() {
		puzzles = puzzles[:8]
	}
	differ := 0
	for _, p := range puzzles {
		b := mustParse(t, p)
		r, err := Grade(context.Background(), b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		l := getLogic(&b, true)
		l.unique, l.seOrder = true, true
		var top uint8
		var topTech tech
		for l.empty > 0 && !l.bad {
			tc, ok := l.step()
			if !ok {
				t.Fatalf("%s: Explainer's order stalls", p)
			}
			if l.stepSE > top {
				top, topTech = l.stepSE, tc
			}
		}
		putLogic(l)
		want := techs[topTech].name
		if r.SE != float64(top)/10 || r.SETechnique != want {
			t.Errorf("%s: se %.1f by %q, Explainer's order %.1f by %q", p, r.SE, r.SETechnique, float64(top)/10, want)
		}
		if techByName(r.SETechnique) == nil {
			t.Errorf("%s: se_technique %q is no technique", p, r.SETechnique)
		}
		if r.SETechnique != r.Hardest {
			differ++
		}
	}
	t.Logf("%d puzzles: se_technique differs from hardest on %d", len(puzzles), differ)
}

// TestGradeSETechniqueSingles: a puzzle of singles names the single that
// rates it, and a full grid names none.
func TestGradeSETechniqueSingles(t *testing.T) {
	sol := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	b := mustParse(t, "."+sol[1:])
	r, err := Grade(context.Background(), b, Limits{})
	if err != nil || r.SE != 1.0 || r.SETechnique != "full_house" {
		t.Errorf("one empty cell: se %.1f by %q, %v; want 1.0 by full_house", r.SE, r.SETechnique, err)
	}
	r, err = Grade(context.Background(), mustParse(t, sol), Limits{})
	if err != nil || r.SE != 0 || r.SETechnique != "" || r.Hardest != "" {
		t.Errorf("full grid: se %.1f by %q, hardest %q, %v", r.SE, r.SETechnique, r.Hardest, err)
	}
}
