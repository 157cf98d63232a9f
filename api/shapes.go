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
		levels := []string{}
		for _, l := range engine.LevelsOf(s) {
			levels = append(levels, l.String())
		}
		resp.Shapes = append(resp.Shapes, shapeJSON{Size: s.Size, Box: s.Box(), Default: s == def, Levels: levels})
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		encode(w, r, http.StatusOK, resp)
	})
}
