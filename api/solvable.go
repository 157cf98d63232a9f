package api

import (
	"net/http"

	"github.com/sudokud/sudokud/engine"
)

// solvable reports whether b has a solution. The engine's solver has not
// landed yet, so until it does the field is refused rather than guessed.
func solvable(d *deps, r *http.Request, b engine.Board, res checkResult) (bool, error) {
	p := newProblem(http.StatusBadRequest, codeInvalidRequest, "solvable checks are not available until the solver lands")
	p.Errors = []fieldError{{Field: "solvable", Message: "is not available yet"}}
	return false, p
}
