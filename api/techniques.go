package api

import (
	"net/http"

	"github.com/sudokud/sudokud/engine"
)

// techniqueJSON is one technique of the logical solver.
type techniqueJSON struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

type techniquesResponse struct {
	Techniques []techniqueJSON `json:"techniques"`
}

// handleTechniques lists the techniques of the logical solver in the order
// it tries them, each with how players call it, so that a frontend shows a
// rating's techniques by their titles. The list is fixed for the life of
// the process.
func handleTechniques() http.Handler {
	var resp techniquesResponse
	for _, t := range engine.Techniques() {
		resp.Techniques = append(resp.Techniques, techniqueJSON{Name: t.Name, Title: t.Title})
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		encode(w, r, http.StatusOK, resp)
	})
}
