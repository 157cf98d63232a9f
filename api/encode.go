package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"
)

const (
	mediaJSON   = "application/json"
	mediaNDJSON = "application/x-ndjson"
)

// mediaType returns the request's media type without parameters, "" when
// there is no Content-Type.
func mediaType(r *http.Request) string {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return ""
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return "invalid"
	}
	return mt
}

// errUnsupportedMedia is the 415 for a body that is not JSON.
func errUnsupportedMedia(r *http.Request, accepted string) *problem {
	got := r.Header.Get("Content-Type")
	if got == "" {
		got = "none"
	}
	return newProblem(http.StatusUnsupportedMediaType, codeUnsupportedMediaType,
		fmt.Sprintf("Content-Type %s is not accepted here; send %s", got, accepted))
}

// decode reads one JSON value from the request body into v: the body must
// be application/json, within the size limit the bodyLimit middleware set,
// hold no field v does not know and nothing after the value. One byte order
// mark at the start is skipped. Errors are *problem values (400
// invalid_json or invalid_request, 408 request_timeout when the body does
// not arrive within the server's read timeout, 413, 415).
func decode(r *http.Request, v any) error {
	if mediaType(r) != mediaJSON {
		return errUnsupportedMedia(r, mediaJSON)
	}
	return decodeJSON(skipBOM(r.Body), v, "request body")
}

// bom is the UTF-8 byte order mark. RFC 8259 §8.1 lets a parser ignore one
// at the start of a JSON text, and some Windows clients send one.
const bom = "\xEF\xBB\xBF"

// skipBOM returns r without one byte order mark at its start.
func skipBOM(r io.Reader) io.Reader { return &bomSkipper{r: r} }

// bomSkipper is skipBOM's reader. Its first Read reads into the caller's
// buffer, so a json.Decoder sees the reads it would see from r, and waits
// for more bytes only while those read could still be the start of a mark
// (a first NDJSON line shorter than a mark is answered without waiting).
// That first Read needs room for a mark; json.Decoder and bufio.Reader ask
// for far more.
type bomSkipper struct {
	r       io.Reader
	started bool
}

func (s *bomSkipper) Read(p []byte) (int, error) {
	if s.started {
		return s.r.Read(p)
	}
	if len(p) < len(bom) {
		return 0, io.ErrShortBuffer
	}
	s.started = true
	var n int
	var err error
	for n < len(bom) && err == nil && string(p[:n]) == bom[:n] {
		var m int
		m, err = s.r.Read(p[n:])
		n += m
	}
	if n >= len(bom) && string(p[:len(bom)]) == bom {
		n = copy(p, p[len(bom):n])
		if n == 0 && err == nil {
			return s.r.Read(p)
		}
	}
	return n, err
}

// emptyBody reports whether r has no body: a Content-Length of 0, or a body
// of unknown length (chunked) that ends at once, or one that holds only a
// byte order mark. When it reads bytes to tell, r.Body still returns them.
func emptyBody(r *http.Request) bool {
	if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
		return true
	}
	if r.ContentLength > int64(len(bom)) {
		return false
	}
	br := bufio.NewReader(r.Body)
	if b, err := br.Peek(len(bom) + 1); err == io.EOF && (len(b) == 0 || string(b) == bom) {
		return true
	}
	r.Body = struct {
		io.Reader
		io.Closer
	}{br, r.Body}
	return false
}

// decodeJSON reads exactly one JSON value from body into v. Its errors
// name what was read as subject: "request body", or "item" for one item of
// a batch or stream, which fails alone.
func decodeJSON(body io.Reader, v any, subject string) error {
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonProblem(err, subject)
	}
	if _, err := dec.Token(); err != io.EOF {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return jsonProblem(err, subject)
		}
		return newProblem(http.StatusBadRequest, codeInvalidJSON, subject+" must hold a single JSON object and nothing after it")
	}
	return nil
}

// jsonProblem turns an encoding/json or body-read error into a problem
// about subject (see decodeJSON).
func jsonProblem(err error, subject string) *problem {
	var (
		mbe *http.MaxBytesError
		ne  net.Error
		se  *json.SyntaxError
		ute *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &mbe):
		return newProblem(http.StatusRequestEntityTooLarge, codeBodyTooLarge,
			fmt.Sprintf("%s is larger than the limit of %d bytes", subject, mbe.Limit))
	case errors.As(err, &ne) && ne.Timeout():
		return newProblem(http.StatusRequestTimeout, codeRequestTimeout,
			"the request body did not arrive within this server's read timeout")
	case errors.Is(err, io.EOF):
		return newProblem(http.StatusBadRequest, codeInvalidJSON, subject+" is empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return newProblem(http.StatusBadRequest, codeInvalidJSON, subject+" ends in the middle of a JSON value")
	case errors.As(err, &se):
		return newProblem(http.StatusBadRequest, codeInvalidJSON,
			fmt.Sprintf("%s is not valid JSON at byte %d: %s", subject, se.Offset, se.Error()))
	case errors.As(err, &ute):
		// encoding/json names embedded structs in the path; clients
		// know only the JSON names.
		field := strings.ReplaceAll(ute.Field, "boardFields.", "")
		if field == "" {
			p := newProblem(http.StatusBadRequest, codeInvalidRequest, subject+" must be a JSON object")
			p.Errors = []fieldError{{Field: "", Message: "must be a JSON object, not " + ute.Value}}
			return p
		}
		want := jsonTypeName(ute.Type.String())
		if lit, ok := strings.CutPrefix(ute.Value, "number "); ok && want == "an integer" && intLiteral(lit) {
			p := newProblem(http.StatusBadRequest, codeInvalidRequest, fmt.Sprintf("field %s is out of range", field))
			p.Errors = []fieldError{{Field: field, Message: "is out of range: " + lit}}
			return p
		}
		p := newProblem(http.StatusBadRequest, codeInvalidRequest, fmt.Sprintf("field %s has the wrong type", field))
		p.Errors = []fieldError{{Field: field, Message: fmt.Sprintf("must be %s, not %s", want, ute.Value)}}
		return p
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		// The name is the client's, of any length: an item's error result
		// echoes it, and maxResultBytes bounds that result.
		if len(name) > maxFieldNameBytes {
			name = strings.ToValidUTF8(name[:maxFieldNameBytes], "") + "…"
		}
		p := newProblem(http.StatusBadRequest, codeInvalidRequest, fmt.Sprintf("unknown field %q", name))
		p.Errors = []fieldError{{Field: name, Message: "is not a field of this request"}}
		return p
	case errors.As(err, new(*boardValueError)):
		var bve *boardValueError
		errors.As(err, &bve)
		p := newProblem(http.StatusBadRequest, codeInvalidRequest, "field "+bve.field+" has the wrong type")
		p.Errors = []fieldError{{Field: bve.field, Message: bve.msg}}
		return p
	}
	return newProblem(http.StatusBadRequest, codeInvalidJSON, subject+" is not valid JSON: "+err.Error())
}

// intLiteral reports whether a JSON number is written as an integer (an
// optional minus and digits only), so that one that does not fit its field
// is out of range rather than of the wrong type.
func intLiteral(lit string) bool {
	lit = strings.TrimPrefix(lit, "-")
	if lit == "" {
		return false
	}
	for i := 0; i < len(lit); i++ {
		if lit[i] < '0' || lit[i] > '9' {
			return false
		}
	}
	return true
}

// jsonTypeName names a Go type the way a JSON client thinks of it.
func jsonTypeName(goType string) string {
	switch {
	case goType == "string", goType == "*string":
		return "a string"
	case goType == "bool", goType == "*bool":
		return "a boolean"
	case strings.HasPrefix(goType, "[]"): // before int: []int is an array
		return "an array"
	case strings.Contains(goType, "int"):
		return "an integer"
	case strings.Contains(goType, "float"):
		return "a number"
	}
	return "an object"
}

// encode writes v as JSON with status: it marshals first, so a value that
// cannot be encoded still gets a clean error response (and its cause goes
// to the request's log record).
func encode(w http.ResponseWriter, r *http.Request, status int, v any) {
	encodeAs(w, r, status, mediaJSON, v)
}

func encodeAs(w http.ResponseWriter, r *http.Request, status int, contentType string, v any) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		setCause(r, err)
		status, contentType = http.StatusInternalServerError, "application/problem+json"
		buf.Reset()
		json.NewEncoder(&buf).Encode(newProblem(status, codeInternal, "the server could not encode its answer"))
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", fmt.Sprint(buf.Len()))
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	if _, err := w.Write(buf.Bytes()); err != nil {
		writeFailed(r)
	}
}
