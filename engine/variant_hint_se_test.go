package engine

import (
	"context"
	"testing"
)

// TestVariantHintSE plays the expert variant puzzles of variantExperts
// hint by hint to the end: every step of every hint carries its
// technique's rating (a chain's at least its technique's base), the
// hint's SE is that of its hardest step (the one it is named after), and
// Grade's SE is the highest rating of these steps when it rates the
// board by the variant solver's order (killer, whose cages Sukaku
// Explainer does not rate).
func TestVariantHintSE(t *testing.T) {
	names, boards := variantExperts(t, 1)
	chains := 0
	for i, b := range boards {
		r, err := Grade(context.Background(), b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		top := 0.0
		for b.Empty() > 0 {
			h, err := Hint(context.Background(), b, HintOptions{}, Limits{})
			if err != nil {
				t.Fatalf("%s: %v", names[i], err)
			}
			named := false
			for _, st := range h.Steps {
				base := vtechs[vtechOf(st.Technique)].se
				if st.SE < base || st.SE == 0 {
					t.Fatalf("%s: step %s rated %.1f, its technique %.1f", names[i], st.Technique, st.SE, base)
				}
				if st.SE > base {
					chains++
				}
				named = named || st.Technique == h.Technique && st.SE == h.SE
				top = max(top, st.SE)
			}
			if !named {
				t.Fatalf("%s: hint %s rated %.1f is none of its steps", names[i], h.Technique, h.SE)
			}
			b.cells[h.Row*9+h.Col] = uint8(h.Value)
		}
		if len(b.rules.cages) > 0 && top != r.SE {
			t.Errorf("%s: the hints' hardest step rates %.1f, Grade's se %.1f", names[i], top, r.SE)
		}
	}
	if chains == 0 {
		t.Error("no step rated above its technique's base")
	}
}
