package client

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Error is an answer other than 200: the server's RFC 9457 problem
// details, whose Code tells what went wrong (ProblemCodeConflict,
// ProblemCodeRateLimited, …) and whose fields carry the code's details
// (Conflicts, Levels, Errors). Find it with errors.As.
type Error struct {
	Status     int           // the HTTP status
	Code       ProblemCode   // Problem.Code; empty when the answer was not a problem
	Problem    Problem       // the whole problem; Detail holds the start of any other body
	RetryAfter time.Duration // the answer's Retry-After, 0 without one
}

func (e *Error) Error() string {
	if e.Code == "" {
		return fmt.Sprintf("sudokud: status %d: %s", e.Status, e.Problem.Detail)
	}
	return fmt.Sprintf("sudokud: %s (%d): %s", e.Code, e.Status, e.Problem.Detail)
}

// problemOf reads an answer other than 200 into an *Error. A body that is
// not problem JSON (a proxy's error page) is kept, cut short, as Detail.
func problemOf(rsp *http.Response) *Error {
	e := &Error{Status: rsp.StatusCode, RetryAfter: retryAfter(rsp.Header, time.Now())}
	b, _ := io.ReadAll(io.LimitReader(rsp.Body, 1<<20))
	if isJSON(rsp.Header.Get("Content-Type")) && json.Unmarshal(b, &e.Problem) == nil && e.Problem.Code != "" {
		e.Code = e.Problem.Code
		return e
	}
	e.Problem = Problem{Status: rsp.StatusCode, Title: http.StatusText(rsp.StatusCode), Detail: string(b[:min(len(b), 200)])}
	return e
}

// retryAfter reads a Retry-After header, in seconds or as an HTTP date
// (RFC 9110 §10.2.3); 0 when absent or unreadable.
func retryAfter(h http.Header, now time.Time) time.Duration {
	v := h.Get("Retry-After")
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil {
		return time.Duration(max(s, 0)) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// StreamEndError is the last line of a ValidateStream that the server
// stopped reading: Results results came before it, and the items after
// them were not answered (send them again).
type StreamEndError struct {
	Code    StreamEndErrorCode // request_timeout, invalid_body or overloaded
	Detail  string
	Results int
}

func (e *StreamEndError) Error() string {
	return fmt.Sprintf("sudokud: stream ended by the server after %d results: %s: %s", e.Results, e.Code, e.Detail)
}
