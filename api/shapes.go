package api

import (
	"net/http"

	"github.com/sudokud/sudokud/engine"
)

// shapeJSON is one board shape and the difficulty levels it offers.
type shapeJSON struct {
	Size    int      `json:"size"`
	Box     string   `json:"box"`
	Default bool     `json:"default"`
	Levels  []string `json:"levels"`
	// Variants are the variants /generate makes on the shape.
	Variants []variantJSON `json:"variants"`
}

// variantJSON is a variant and the levels /generate offers for it.
type variantJSON struct {
	Name   string   `json:"name"`
	Levels []string `json:"levels"`
}

type shapesResponse struct {
	Shapes []shapeJSON `json:"shapes"`
}

// handleShapes lists every supported shape, by size then box rows, with the
// levels /generate offers on it, so that a frontend builds its menus without
// trial and error. The list is fixed for the life of the process.
func handleShapes() http.Handler {
	var resp shapesResponse
	for _, s := range engine.Shapes() {
		def, _ := engine.DefaultShape(s.Size)
		variants := []variantJSON{}
		for _, name := range engine.VariantNames() {
			v, _ := engine.ParseVariant(name)
			if ls := engine.VariantLevels(s, v); len(ls) > 0 {
				variants = append(variants, variantJSON{Name: name, Levels: levelNames(ls)})
			}
		}
		resp.Shapes = append(resp.Shapes, shapeJSON{Size: s.Size, Box: s.Box(), Default: s == def, Levels: levelNames(engine.LevelsOf(s)), Variants: variants})
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		encode(w, r, http.StatusOK, resp)
	})
}

// levelNames returns the names of ls, an empty list for none.
func levelNames(ls []engine.Level) []string {
	out := []string{}
	for _, l := range ls {
		out = append(out, l.String())
	}
	return out
}
