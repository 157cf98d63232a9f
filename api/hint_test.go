package api

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

// mustSolution returns the unique solution of b.
func mustSolution(tb testing.TB, b engine.Board) engine.Board {
	tb.Helper()
	res, err := engine.Solve(context.Background(), b, engine.Limits{})
	if err != nil || !res.Unique {
		tb.Fatalf("solve %s: unique %v, %v", b, res.Unique, err)
	}
	return res.Solution
}

func TestHint(t *testing.T) {
	c := newClient(t, DefaultConfig())
	puzzles := append([]string{classic}, readPuzzles(t, "9x9/magictour_top1465.txt", 5)...)
	for _, p := range puzzles {
		b := mustParse(t, p, 0, "")
		sol := mustSolution(t, b)
		ex := c.post("/hint", map[string]any{"puzzle": p})
		if ex.status != http.StatusOK {
			t.Fatalf("%s: %d %s", p, ex.status, ex.body)
		}
		var got hintResponse
		ex.json(t, &got)
		if got.Kind != "placement" || got.Technique == "" || got.Explanation == "" {
			t.Fatalf("%s: hint %+v", p, got)
		}
		if b.Get(got.Row, got.Col) != 0 {
			t.Fatalf("%s: hint for the filled cell %s", p, engine.CellName(got.Row, got.Col))
		}
		if want := sol.Get(got.Row, got.Col); got.Value != want {
			t.Fatalf("%s: hint %s = %d, the solution has %d", p, engine.CellName(got.Row, got.Col), got.Value, want)
		}
		if !strings.Contains(strings.ToLower(got.Explanation), engine.CellName(got.Row, got.Col)) {
			t.Errorf("explanation %q does not name %s", got.Explanation, engine.CellName(got.Row, got.Col))
		}
	}
}

func TestHintSingleFirst(t *testing.T) {
	// One empty cell: a full house, the simplest step there is.
	c := newClient(t, DefaultConfig())
	ex := c.post("/hint", map[string]any{"puzzle": "." + classicSolved[1:]})
	var got hintResponse
	ex.json(t, &got)
	if ex.status != 200 || got.Row != 0 || got.Col != 0 || got.Value != 5 || got.Technique == "solution" {
		t.Fatalf("%d %+v", ex.status, got)
	}
}

func TestHintMistake(t *testing.T) {
	c := newClient(t, DefaultConfig())
	b := mustParse(t, classic, 0, "")
	sol := mustSolution(t, b)
	// The player fills r1c3 (empty in the puzzle) with a wrong value that
	// breaks no rule yet.
	player, wrong := b, 0
	for v := 1; v <= 9 && wrong == 0; v++ {
		player.Set(0, 2, v)
		if v != sol.Get(0, 2) && engine.Valid(&player) {
			wrong = v
		}
	}
	player.Set(0, 2, wrong)
	for _, form := range []string{"string", "grid"} {
		req := map[string]any{"puzzle": player.String(), "givens": classic}
		if form == "grid" {
			req = map[string]any{"grid": player.Grid(), "givens": b.Grid()}
		}
		ex := c.post("/hint", req)
		var got hintResponse
		ex.json(t, &got)
		if ex.status != 200 || got.Kind != "mistake" || got.Row != 0 || got.Col != 2 || got.Value != wrong || got.Explanation == "" || got.Technique != "" {
			t.Fatalf("%s: %d %s", form, ex.status, ex.body)
		}
	}
}

func TestHintErrors(t *testing.T) {
	c := newClient(t, DefaultConfig())
	tests := []struct {
		name   string
		req    map[string]any
		status int
		code   string
	}{
		{"full grid", map[string]any{"puzzle": classicSolved}, 422, codeNoEmptyCells},
		{"unsolvable", map[string]any{"puzzle": ".234" + "1..." + "...." + "...."}, 422, codeUnsolvable},
		{"conflict", map[string]any{"puzzle": "11" + strings.Repeat(".", 14)}, 422, codeConflict},
		{"givens of another shape", map[string]any{"puzzle": classic, "givens": "1234"}, 400, codeInvalidBoard},
		{"unknown field", map[string]any{"puzzle": classic, "given": classic}, 400, codeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := c.post("/hint", tt.req)
			if p := ex.problem(t); ex.status != tt.status || p.Code != tt.code {
				t.Fatalf("%d %s, want %d %s", ex.status, ex.body, tt.status, tt.code)
			}
		})
	}
}
