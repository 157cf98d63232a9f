package api

import (
	"errors"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// queryField reads one query parameter's text into its request field; it
// returns a message (what is wrong with the text) or "".
type queryField func(v string) string

// readQuery reads the query string raw into the fields named in fields:
// each parameter at most once, none that is not a field. Errors are one
// 400 invalid_request that lists every bad parameter. A query string that
// does not parse is refused whole (url.ParseQuery drops what it cannot
// read, which would pass a parameter over silently).
func readQuery(raw string, fields map[string]queryField) error {
	q, err := url.ParseQuery(raw)
	if err != nil {
		return newProblem(http.StatusBadRequest, codeInvalidRequest,
			"the query string is malformed ("+err.Error()+"); separate parameters with & and escape characters as %XX")
	}
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	sort.Strings(names)
	var errs []fieldError
	for _, name := range names {
		read, ok := fields[name]
		switch {
		case !ok:
			errs = append(errs, fieldError{Field: name, Message: "is not a parameter of this request"})
		case len(q[name]) != 1:
			errs = append(errs, fieldError{Field: name, Message: "is given more than once"})
		default:
			if msg := read(q[name][0]); msg != "" {
				errs = append(errs, fieldError{Field: name, Message: msg})
			}
		}
	}
	if errs == nil {
		return nil
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Field + " " + e.Message
	}
	p := newProblem(http.StatusBadRequest, codeInvalidRequest, strings.Join(msgs, "; "))
	p.Errors = errs
	return p
}

// intQuery reads an integer parameter into *dst.
func intQuery(dst **int) queryField {
	return func(v string) string {
		n, err := strconv.ParseInt(v, 10, 32)
		if errors.Is(err, strconv.ErrRange) {
			return "is out of range: " + v
		}
		if err != nil {
			return "must be an integer, not " + strconv.Quote(v)
		}
		i := int(n)
		*dst = &i
		return ""
	}
}

// stringQuery reads a text parameter into *dst.
func stringQuery(dst **string) queryField {
	return func(v string) string {
		*dst = &v
		return ""
	}
}

// boolQuery reads true or false into *dst.
func boolQuery(dst *bool) queryField {
	return func(v string) string {
		switch v {
		case "true":
			*dst = true
		case "false":
			*dst = false
		default:
			return "must be true or false, not " + strconv.Quote(v)
		}
		return ""
	}
}
