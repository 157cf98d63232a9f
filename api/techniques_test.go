package api

import (
	"net/http"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

// TestTechniques: /techniques lists engine.Techniques in order with their
// titles, and names every technique a rating of /generate reports,
// se_technique too.
func TestTechniques(t *testing.T) {
	c := newClient(t, DefaultConfig())
	ex := c.do(http.MethodGet, "/techniques", "", nil)
	if ex.status != http.StatusOK {
		t.Fatalf("GET /techniques: %d %s", ex.status, ex.body)
	}
	var got techniquesResponse
	ex.json(t, &got)
	all := engine.Techniques()
	if len(got.Techniques) != len(all) {
		t.Fatalf("%d techniques, want %d", len(got.Techniques), len(all))
	}
	listed := map[string]bool{}
	for i, tc := range all {
		if g := got.Techniques[i]; g.Name != tc.Name || g.Title != tc.Title || g.Title == "" {
			t.Errorf("technique %d is %+v, want %s titled %q", i, g, tc.Name, tc.Title)
		}
		listed[got.Techniques[i].Name] = true
	}
	for _, level := range []string{"easy", "hard", "expert"} {
		ex := c.do(http.MethodGet, "/generate?difficulty="+level+"&seed=5", "", nil)
		var gen struct {
			Puzzles []struct {
				Rating struct {
					Techniques  map[string]int `json:"techniques"`
					Hardest     string         `json:"hardest"`
					SE          float64        `json:"se"`
					SETechnique string         `json:"se_technique"`
				} `json:"rating"`
			} `json:"puzzles"`
		}
		ex.json(t, &gen)
		if ex.status != http.StatusOK || len(gen.Puzzles) != 1 {
			t.Fatalf("/generate %s: %d %s", level, ex.status, ex.body)
		}
		r := gen.Puzzles[0].Rating
		if !listed[r.Hardest] {
			t.Errorf("%s rating: hardest %q is not listed", level, r.Hardest)
		}
		if !listed[r.SETechnique] || r.SE == 0 {
			t.Errorf("%s rating: se_technique %q, se %.1f", level, r.SETechnique, r.SE)
		}
		for name := range r.Techniques {
			if !listed[name] {
				t.Errorf("%s rating: technique %q is not listed", level, name)
			}
		}
	}
}
