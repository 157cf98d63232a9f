package api

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// utf8BOM is the UTF-8 byte order mark, EF BB BF.
const utf8BOM = "\uFEFF"

// TestByteOrderMark: a JSON body that starts with a UTF-8 byte order mark
// (RFC 8259 §8.1 lets a parser ignore one; some Windows clients send one)
// is answered as the same body without it, on every endpoint that takes a
// body. Only one mark, at the very start, is skipped.
func TestByteOrderMark(t *testing.T) {
	c := newClient(t, DefaultConfig())
	// post sends body as JSON and checks the exchange against the spec as
	// the body without its mark (the spec validator does not skip one).
	post := func(t *testing.T, target, body string) *exchange {
		t.Helper()
		req := httptest.NewRequest(http.MethodPost, target, bytes.NewReader([]byte(body)))
		req.Header.Set("Content-Type", mediaJSON)
		rec := httptest.NewRecorder()
		c.h.ServeHTTP(rec, req)
		ex := &exchange{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
		checkExchange(t, req, bytes.TrimPrefix([]byte(body), []byte(utf8BOM)), ex)
		return ex
	}
	// answer is a 200 body without the fields that differ from run to run.
	answer := func(t *testing.T, ex *exchange) map[string]any {
		t.Helper()
		if ex.status != http.StatusOK {
			t.Fatalf("status %d: %s", ex.status, ex.body)
		}
		var v map[string]any
		if err := json.Unmarshal(ex.body, &v); err != nil {
			t.Fatal(err)
		}
		delete(v, "stats") // solve's timings
		return v
	}
	for _, tt := range []struct{ name, target, body string }{
		{"solve", "/solve", `{"puzzle":"` + classic + `"}`},
		{"hint", "/hint", `{"puzzle":"` + classic + `"}`},
		{"validate", "/validate", `{"puzzle":"` + classic + `","solvable":true}`},
		{"validate batch", "/validate", `{"items":[{"id":"a","puzzle":"` + classic + `"},{"id":"b","puzzle":"123"}]}`},
		{"generate", "/generate", `{"size":4,"difficulty":"easy","seed":7}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			want := answer(t, c.do(http.MethodPost, tt.target, mediaJSON, []byte(tt.body)))
			got := answer(t, post(t, tt.target, utf8BOM+tt.body))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("with a byte order mark (-without +with):\n%s", diff)
			}
			for name, body := range map[string]string{
				"two marks":           utf8BOM + utf8BOM + tt.body,
				"a mark after blanks": " " + utf8BOM + tt.body,
				"a mark at the end":   tt.body + utf8BOM,
			} {
				ex := post(t, tt.target, body)
				if ex.status != http.StatusBadRequest || ex.problem(t).Code != codeInvalidJSON {
					t.Errorf("%s: %d %s, want 400 invalid_json", name, ex.status, ex.body)
				}
			}
		})
	}

	// /generate takes an empty body for all defaults; a body of only a mark
	// is empty too.
	t.Run("generate mark only", func(t *testing.T) {
		got := answer(t, post(t, "/generate", utf8BOM))
		if ps, _ := got["puzzles"].([]any); len(ps) != 1 {
			t.Errorf("puzzles %v, want one", got["puzzles"])
		}
	})
}

// TestSkipBOM reads through skipBOM from readers that return one byte, or
// half of what is asked, at a time, so that a mark arrives in pieces.
func TestSkipBOM(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{utf8BOM + `{"a":1}`, `{"a":1}`},
		{utf8BOM, ``},
		{utf8BOM + utf8BOM + `{}`, utf8BOM + `{}`},
		{`{}` + utf8BOM, `{}` + utf8BOM},
		{"\xEF\xBB{}", "\xEF\xBB{}"},
		{"\xEF", "\xEF"},
		{``, ``},
	} {
		for name, wrap := range map[string]func(io.Reader) io.Reader{
			"whole":  func(r io.Reader) io.Reader { return r },
			"bytes":  iotest.OneByteReader,
			"halves": iotest.HalfReader,
		} {
			got, err := io.ReadAll(skipBOM(wrap(strings.NewReader(tt.in))))
			if err != nil || string(got) != tt.want {
				t.Errorf("%s %q: %q, %v; want %q", name, tt.in, got, err, tt.want)
			}
		}
	}
}
