package api

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// newRouter builds the route table: every route of the API in one place.
func newRouter(d *deps, reg *prometheus.Registry) http.Handler {
	r := chi.NewRouter()
	r.Use(requestID, observe(d), recoverer(d.log), allowCORS(d.cfg.CORSOrigins))
	r.Use(middleware.GetHead) // HEAD on a GET route answers as GET would, without a body

	r.Method(http.MethodGet, "/healthz", handleHealthz())
	r.Method(http.MethodGet, "/readyz", handleReadyz(d))
	r.Method(http.MethodGet, "/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	r.Method(http.MethodGet, "/openapi.yaml", handleOpenAPI())
	r.Method(http.MethodGet, "/shapes", handleShapes())
	r.Method(http.MethodGet, "/techniques", handleTechniques())
	playground := handlePlayground()
	r.Method(http.MethodGet, "/", playground)
	for _, name := range playgroundFiles() {
		r.Method(http.MethodGet, "/"+name, playground)
	}

	r.Group(func(r chi.Router) {
		r.Use(rateLimit(d), bodyLimit(d.cfg.MaxBodyBytes))
		r.Method(http.MethodPost, "/solve", handleSolve(d))
		r.Method(http.MethodPost, "/hint", handleHint(d))
		r.Method(http.MethodGet, "/generate", handleGenerate(d))
		r.Method(http.MethodPost, "/generate", handleGenerate(d))
		r.Method(http.MethodPost, "/validate", handleValidate(d))
		r.Method(http.MethodPost, "/puzzles", handlePuzzleID(d))
		r.Method(http.MethodGet, "/puzzles/{id}", handlePuzzle(d))
		r.Method(http.MethodGet, "/puzzles/{id}.svg", handlePuzzleImage(d, formatSVG))
		r.Method(http.MethodGet, "/puzzles/{id}.png", handlePuzzleImage(d, formatPNG))
		r.Method(http.MethodGet, "/daily", handleDaily(d))
		r.Method(http.MethodPost, "/print", handlePrint(d))
	})

	notFound := func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, r, newProblem(http.StatusNotFound, codeNotFound, "no such path: "+r.URL.Path))
	}
	r.NotFound(notFound)
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		allow := allowedMethods(r, req.URL.Path)
		if len(allow) == 0 {
			// chi answers a method it does not know (BREW) here before
			// it looks at the path: a path without routes is not found.
			notFound(w, req)
			return
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeProblem(w, req, newProblem(http.StatusMethodNotAllowed, codeMethodNotAllowed,
			req.Method+" is not allowed on "+req.URL.Path+"; use "+orList(allow)))
	})
	return r
}

// allowedMethods lists the methods the router serves on path: HEAD wherever
// GET is, since middleware.GetHead answers it there. OPTIONS is not listed:
// only a CORS preflight from an allowed origin is answered (by allowCORS, before
// routing), and a plain OPTIONS gets 405.
func allowedMethods(r *chi.Mux, path string) []string {
	var out []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if r.Match(chi.NewRouteContext(), m, path) {
			out = append(out, m)
			if m == http.MethodGet {
				out = append(out, http.MethodHead)
			}
		}
	}
	return out
}

// orList joins words as "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
