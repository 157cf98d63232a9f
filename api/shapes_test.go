package api

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

// TestShapes: /shapes lists every shape the engine supports, in order, each
// with its default flag and the levels it offers; on the small shapes every
// listed level generates and every other level is refused as unavailable.
func TestShapes(t *testing.T) {
	c := newClient(t, DefaultConfig())
	ex := c.do(http.MethodGet, "/shapes", "", nil)
	if ex.status != http.StatusOK {
		t.Fatalf("GET /shapes: %d %s", ex.status, ex.body)
	}
	var got shapesResponse
	ex.json(t, &got)
	all := engine.Shapes()
	if len(got.Shapes) != len(all) {
		t.Fatalf("%d shapes, want %d", len(got.Shapes), len(all))
	}
	defaults := map[int]int{}
	for i, s := range all {
		g := got.Shapes[i]
		if g.Size != s.Size || g.Box != s.Box() {
			t.Errorf("shape %d is %dx%d box %s, want %v", i, g.Size, g.Size, g.Box, s)
		}
		def, err := engine.DefaultShape(s.Size)
		if err != nil || g.Default != (def == s) {
			t.Errorf("%v: default %v, engine's default %v (%v)", s, g.Default, def, err)
		}
		if g.Default {
			defaults[s.Size]++
		}
		var want []string
		for _, l := range engine.LevelsOf(s) {
			want = append(want, l.String())
		}
		if !slices.Equal(g.Levels, want) || len(g.Levels) == 0 {
			t.Errorf("%v: levels %v, want %v", s, g.Levels, want)
		}
	}
	for _, g := range got.Shapes {
		if defaults[g.Size] != 1 {
			t.Errorf("size %d has %d default boxes, want 1", g.Size, defaults[g.Size])
		}
	}

	for _, g := range got.Shapes {
		if g.Size > 6 {
			break
		}
		for _, l := range engine.AllLevels {
			path := fmt.Sprintf("/generate?size=%d&box=%s&difficulty=%s&seed=3", g.Size, g.Box, l)
			ex := c.do(http.MethodGet, path, "", nil)
			switch offered := slices.Contains(g.Levels, l.String()); {
			case offered && ex.status != http.StatusOK:
				t.Errorf("%s: listed, but answered %d %s", path, ex.status, ex.body)
			case !offered && (ex.status != http.StatusUnprocessableEntity || ex.problem(t).Code != codeDifficultyUnavailable):
				t.Errorf("%s: not listed, but answered %d %s", path, ex.status, ex.body)
			}
		}
	}
}
