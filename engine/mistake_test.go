package engine

import (
	"context"
	"strings"
	"testing"
)

func TestHintMistakes(t *testing.T) {
	ctx := context.Background()
	puzzle := mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	sol := mustSolve(t, puzzle)
	// A wrong entry in r1c3 (the solution has 4).
	b := puzzle
	b.Set(0, 2, 2)
	st, err := Hint(ctx, b, HintOptions{Givens: &puzzle}, Limits{})
	if err != nil || st.Kind != StepMistake || st.Row != 0 || st.Col != 2 || st.Value != 2 || !strings.Contains(st.Explanation, "r1c3") {
		t.Errorf("wrong entry: %+v, %v", st, err)
	}
	// A conflicting wrong entry is still a mistake, not a conflict error.
	b = puzzle
	b.Set(0, 2, 5)
	if st, err := Hint(ctx, b, HintOptions{Givens: &puzzle}, Limits{}); err != nil || st.Kind != StepMistake || st.Col != 2 {
		t.Errorf("conflicting entry: %+v, %v", st, err)
	}
	// A changed given.
	b = puzzle
	b.Set(0, 0, 4)
	if st, err := Hint(ctx, b, HintOptions{Givens: &puzzle}, Limits{}); err != nil || st.Kind != StepMistake || st.Row != 0 || st.Col != 0 || st.Value != 4 {
		t.Errorf("changed given: %+v, %v", st, err)
	}
	// Right entries are no mistake: the hint is a placement.
	b = puzzle
	b.Set(0, 2, sol.Get(0, 2))
	if st, err := Hint(ctx, b, HintOptions{Givens: &puzzle}, Limits{}); err != nil || st.Kind != StepPlacement || st.Value != sol.Get(st.Row, st.Col) {
		t.Errorf("right entry: %+v, %v", st, err)
	}
	// A full grid with a mistake reports the mistake.
	b = sol
	b.Set(8, 0, sol.Get(8, 1))
	b.Set(8, 1, sol.Get(8, 0))
	if st, err := Hint(ctx, b, HintOptions{Givens: &puzzle}, Limits{}); err != nil || st.Kind != StepMistake || st.Row != 8 {
		t.Errorf("full grid with a mistake: %+v, %v", st, err)
	}
}
