package api

import (
	"net/http"

	"github.com/sudokud/sudokud"
)

type statusResponse struct {
	Status string `json:"status"`
}

// handleHealthz answers while the process is alive.
func handleHealthz() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		encode(w, r, http.StatusOK, statusResponse{Status: "ok"})
	})
}

// handleReadyz answers 200 until the server starts draining, then 503
// shutting_down so that load balancers send work elsewhere.
func handleReadyz(d *deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d.draining.Load() {
			p := newProblem(http.StatusServiceUnavailable, codeShuttingDown, "the server is shutting down")
			p.retryAfter = 1
			writeProblem(w, r, p)
			return
		}
		encode(w, r, http.StatusOK, statusResponse{Status: "ready"})
	})
}

// handleOpenAPI serves the embedded copy of openapi.yaml.
func handleOpenAPI() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/yaml")
		if _, err := w.Write(sudokud.OpenAPI); err != nil {
			writeFailed(r)
		}
	})
}
