package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/fpuzzles"
)

// Problem codes: the machine-readable "code" of every error response.
const (
	codeInvalidJSON           = "invalid_json"
	codeInvalidRequest        = "invalid_request"
	codeInvalidBoard          = "invalid_board"
	codeInvalidID             = "invalid_id"
	codeInvalidRules          = "invalid_rules"
	codeUnsupportedRule       = "unsupported_rule"
	codeNotFound              = "not_found"
	codeMethodNotAllowed      = "method_not_allowed"
	codeBodyTooLarge          = "body_too_large"
	codeRequestTimeout        = "request_timeout"
	codeInvalidBody           = "invalid_body"
	codeUnsupportedMediaType  = "unsupported_media_type"
	codeConflict              = "conflict"
	codeUnsolvable            = "unsolvable"
	codeSearchLimit           = "search_limit"
	codeDifficultyUnavailable = "difficulty_unavailable"
	codeNoEmptyCells          = "no_empty_cells"
	codeRateLimited           = "rate_limited"
	codeOverloaded            = "overloaded"
	codeShuttingDown          = "shutting_down"
	codeInternal              = "internal_error"
)

// problem is an RFC 9457 problem details object with the API's extension
// members.
type problem struct {
	Type      string       `json:"type"`
	Title     string       `json:"title"`
	Status    int          `json:"status"`
	Detail    string       `json:"detail"`
	Code      string       `json:"code"`
	Errors    []fieldError `json:"errors,omitempty"`
	Conflicts []conflict   `json:"conflicts,omitempty"`
	Levels    []string     `json:"levels,omitempty"`

	retryAfter int // seconds; sets the Retry-After header when > 0
}

// fieldError names one bad request field by its JSON name.
type fieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// conflict is a cell that breaks a rule (or, with givens, changes a given).
// Units names every rule it breaks, Rule the first of them.
type conflict struct {
	Row   int      `json:"row"`
	Col   int      `json:"col"`
	Value int      `json:"value"`
	Rule  string   `json:"rule"`
	Units []string `json:"units"`
}

// unitGiven marks a conflict where the player changed a given.
const unitGiven = "given"

func conflictsOf(cs []engine.Conflict) []conflict {
	out := make([]conflict, len(cs))
	for i, c := range cs {
		out[i] = conflict{Row: c.Row, Col: c.Col, Value: c.Value, Rule: firstUnit(c.Units), Units: c.Units}
	}
	return out
}

func firstUnit(units []string) string {
	if len(units) == 0 {
		return ""
	}
	return units[0]
}

// titles holds the human-readable title of each code.
var titles = map[string]string{
	codeInvalidJSON:           "Request body is not valid JSON",
	codeInvalidRequest:        "Request is invalid",
	codeInvalidBoard:          "Board is invalid",
	codeInvalidID:             "Puzzle id is invalid",
	codeInvalidRules:          "Variant rules are invalid",
	codeUnsupportedRule:       "Variant rule is not supported",
	codeNotFound:              "Not found",
	codeMethodNotAllowed:      "Method not allowed",
	codeBodyTooLarge:          "Request body too large",
	codeRequestTimeout:        "Request body timed out",
	codeUnsupportedMediaType:  "Unsupported media type",
	codeConflict:              "Givens break a rule",
	codeUnsolvable:            "Puzzle has no solution",
	codeSearchLimit:           "Search limit exceeded",
	codeDifficultyUnavailable: "Difficulty unavailable for this board",
	codeNoEmptyCells:          "Board has no empty cells",
	codeRateLimited:           "Too many requests",
	codeOverloaded:            "Server overloaded",
	codeShuttingDown:          "Server shutting down",
	codeInternal:              "Internal error",
}

// newProblem returns the problem for code with status and detail.
func newProblem(status int, code, detail string) *problem {
	return &problem{
		Type:   "urn:sudokud:problem:" + code,
		Title:  titles[code],
		Status: status,
		Detail: detail,
		Code:   code,
	}
}

func (p *problem) Error() string { return p.Code + ": " + p.Detail }

// engineErrors maps the engine's sentinel errors to status and code, in the
// order they are tried with errors.Is.
var engineErrors = []struct {
	err    error
	status int
	code   string
}{
	{engine.ErrInvalidBoard, http.StatusBadRequest, codeInvalidBoard},
	{engine.ErrInvalidID, http.StatusBadRequest, codeInvalidID},
	{engine.ErrInvalidRules, http.StatusBadRequest, codeInvalidRules},
	{fpuzzles.ErrUnsupported, http.StatusBadRequest, codeUnsupportedRule},
	{engine.ErrConflict, http.StatusUnprocessableEntity, codeConflict},
	{engine.ErrUnsolvable, http.StatusUnprocessableEntity, codeUnsolvable},
	{engine.ErrSearchLimit, http.StatusUnprocessableEntity, codeSearchLimit},
	{engine.ErrNoEmptyCells, http.StatusUnprocessableEntity, codeNoEmptyCells},
	{engine.ErrDifficultyUnavailable, http.StatusUnprocessableEntity, codeDifficultyUnavailable},
}

// problemOf turns any error into a problem: a *problem as is, an engine
// error by the engineErrors table (with the conflicting cells), and anything
// else into a 500 that reveals nothing.
func problemOf(err error) *problem {
	var p *problem
	if errors.As(err, &p) {
		return p
	}
	for _, e := range engineErrors {
		if errors.Is(err, e.err) {
			p := newProblem(e.status, e.code, err.Error())
			var (
				ce *engine.ConflictError
				re *engine.RulesError
			)
			if errors.As(err, &ce) {
				p.Conflicts = conflictsOf(ce.Conflicts)
			}
			if errors.As(err, &re) {
				field := re.Field
				if !strings.HasPrefix(field, "fpuzzles.") {
					field = "rules." + field
				}
				p.Detail = field + ": " + re.Msg
				p.Errors = []fieldError{{Field: field, Message: re.Msg}}
			}
			var ue *fpuzzles.UnsupportedError
			if errors.As(err, &ue) {
				p.Errors = []fieldError{{Field: "fpuzzles", Message: ue.Error()}}
			}
			return p
		}
	}
	return newProblem(http.StatusInternalServerError, codeInternal, "the server could not answer this request")
}

// writeProblem writes err as application/problem+json. The cause of a 500,
// which the client never sees, goes to the request's log record.
func writeProblem(w http.ResponseWriter, r *http.Request, err error) {
	p := problemOf(err)
	if p.Status == http.StatusInternalServerError {
		setCause(r, err)
	}
	if p.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(p.retryAfter))
	}
	encodeAs(w, r, p.Status, "application/problem+json", p)
}

// causeKey is the context key of a request's cause slot (an *error), where
// writeProblem and encode leave the cause of a 500 for observe to log.
type causeKey struct{}

// setCause records err as the cause of r's 500 for the request log; outside
// observe it does nothing.
func setCause(r *http.Request, err error) {
	if slot, ok := r.Context().Value(causeKey{}).(*error); ok {
		*slot = err
	}
}
