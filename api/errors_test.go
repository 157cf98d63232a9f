package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/go-cmp/cmp"
)

// TestErrorStatuses has one row per status and problem code of openapi.yaml,
// the contract (its Problem code enum), that a request can provoke on its own.
func TestErrorStatuses(t *testing.T) {
	c := newClient(t, Config{MaxBodyBytes: 4096})
	tests := []struct {
		name        string
		method      string
		target      string
		contentType string
		body        string
		status      int
		code        string
		fields      []string // errors[].field, for invalid_request
	}{
		{"syntax", "POST", "/validate", mediaJSON, `{"puzzle":`, 400, codeInvalidJSON, nil},
		{"not json", "POST", "/validate", mediaJSON, `puzzle=1`, 400, codeInvalidJSON, nil},
		{"empty body", "POST", "/validate", mediaJSON, ``, 400, codeInvalidJSON, nil},
		{"trailing data", "POST", "/validate", mediaJSON, `{"puzzle":"` + classic + `"} {}`, 400, codeInvalidJSON, nil},
		{"unknown field", "POST", "/validate", mediaJSON, `{"puzzle":"` + classic + `","sise":9}`, 400, codeInvalidRequest, []string{"sise"}},
		{"wrong type", "POST", "/validate", mediaJSON, `{"puzzle":81}`, 400, codeInvalidRequest, []string{"puzzle"}},
		{"not an object", "POST", "/validate", mediaJSON, `[1,2]`, 400, codeInvalidRequest, []string{""}},
		{"no board", "POST", "/validate", mediaJSON, `{"size":9}`, 400, codeInvalidRequest, []string{"puzzle", "grid"}},
		{"both boards", "POST", "/validate", mediaJSON, `{"puzzle":"1","grid":[[1]]}`, 400, codeInvalidRequest, []string{"puzzle", "grid"}},
		{"size out of range", "POST", "/validate", mediaJSON, `{"size":30,"puzzle":"1"}`, 400, codeInvalidRequest, []string{"size"}},
		{"size 0", "POST", "/validate", mediaJSON, `{"size":0,"puzzle":"1234341221434321"}`, 400, codeInvalidRequest, []string{"size"}},
		{"size 0 on solve", "POST", "/solve", mediaJSON, `{"size":0,"grid":[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}`, 400, codeInvalidRequest, []string{"size"}},
		{"bad givens type", "POST", "/validate", mediaJSON, `{"puzzle":"` + classic + `","givens":7}`, 400, codeInvalidRequest, []string{"givens"}},
		{"batch and board", "POST", "/validate", mediaJSON, `{"puzzle":"1","items":[]}`, 400, codeInvalidRequest, []string{"items"}},
		{"short puzzle", "POST", "/validate", mediaJSON, `{"puzzle":"` + classic[:80] + `"}`, 400, codeInvalidBoard, nil},
		{"bad symbol", "POST", "/validate", mediaJSON, `{"puzzle":"` + "x" + classic[1:] + `"}`, 400, codeInvalidBoard, nil},
		{"unsupported size", "POST", "/validate", mediaJSON, `{"size":7,"puzzle":"` + strings.Repeat(".", 49) + `"}`, 400, codeInvalidBoard, nil},
		{"bad box", "POST", "/validate", mediaJSON, `{"box":"2x2","puzzle":"` + classic + `"}`, 400, codeInvalidBoard, nil},
		{"size mismatch", "POST", "/validate", mediaJSON, `{"size":9,"grid":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}`, 400, codeInvalidBoard, nil},
		{"ragged grid", "POST", "/validate", mediaJSON, `{"grid":[[0,0,0,0],[0,0,0],[0,0,0,0],[0,0,0,0]]}`, 400, codeInvalidBoard, nil},
		{"grid value", "POST", "/validate", mediaJSON, `{"grid":[[0,0,0,5],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}`, 400, codeInvalidBoard, nil},
		{"givens shape", "POST", "/validate", mediaJSON, `{"puzzle":"` + classic + `","givens":"1234"}`, 400, codeInvalidBoard, nil},
		{"not found", "GET", "/nope", "", ``, 404, codeNotFound, nil},
		{"method", "GET", "/validate", "", ``, 405, codeMethodNotAllowed, nil},
		{"method on get route", "DELETE", "/healthz", "", ``, 405, codeMethodNotAllowed, nil},
		{"too large", "POST", "/validate", mediaJSON, `{"puzzle":"` + strings.Repeat(" ", 5000) + `"}`, 413, codeBodyTooLarge, nil},
		{"no content type", "POST", "/validate", "", `{"puzzle":"` + classic + `"}`, 415, codeUnsupportedMediaType, nil},
		{"ndjson to solve", "POST", "/solve", mediaNDJSON, `{"puzzle":"` + classic + `"}`, 415, codeUnsupportedMediaType, nil},
		{"form", "POST", "/validate", "application/x-www-form-urlencoded", `puzzle=1`, 415, codeUnsupportedMediaType, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := c.do(tt.method, tt.target, tt.contentType, []byte(tt.body))
			if ex.status != tt.status {
				t.Fatalf("status %d, want %d: %s", ex.status, tt.status, ex.body)
			}
			p := ex.problem(t)
			if p.Code != tt.code || p.Status != tt.status || p.Title == "" || p.Detail == "" || p.Type != "urn:sudokud:problem:"+tt.code {
				t.Fatalf("problem %+v, want code %s", p, tt.code)
			}
			var fields []string
			for _, e := range p.Errors {
				fields = append(fields, e.Field)
				if e.Message == "" {
					t.Errorf("field %q has no message", e.Field)
				}
			}
			if diff := cmp.Diff(tt.fields, fields); diff != "" {
				t.Errorf("errors fields (-want +got):\n%s\n%s", diff, ex.body)
			}
			if tt.status == http.StatusMethodNotAllowed && ex.header.Get("Allow") == "" {
				t.Errorf("405 without Allow")
			}
		})
	}
}

// TestIntegerOutOfRange: an integer too large for its field is called out
// of range, not "not an integer".
func TestIntegerOutOfRange(t *testing.T) {
	c := newClient(t, DefaultConfig())
	tests := []struct {
		name, method, target, body, field string
	}{
		{"json seed", "POST", "/generate", `{"seed":99999999999999999999}`, "seed"},
		{"json grid", "POST", "/solve", `{"grid":[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,-99999999999999999999]]}`, "grid"},
		{"query seed", "GET", "/generate?seed=99999999999999999999", "", "seed"},
		{"query size", "GET", "/generate?size=3000000000", "", "size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ct := ""
			if tt.body != "" {
				ct = mediaJSON
			}
			ex := c.do(tt.method, tt.target, ct, []byte(tt.body))
			p := ex.problem(t)
			if ex.status != 400 || p.Code != codeInvalidRequest || len(p.Errors) != 1 || p.Errors[0].Field != tt.field {
				t.Fatalf("%d %s, want 400 invalid_request on %s", ex.status, ex.body, tt.field)
			}
			if msg := p.Errors[0].Message; !strings.Contains(msg, "out of range") || strings.Contains(msg, "must be an integer") {
				t.Errorf("message %q, want it to say the integer is out of range", msg)
			}
			if strings.Contains(p.Detail, "wrong type") || strings.Contains(p.Detail, "must be an integer") {
				t.Errorf("detail %q calls an integer the wrong type", p.Detail)
			}
		})
	}
}

// TestBodyReadTimeout: a body that does not arrive within the server's
// read timeout answers 408 request_timeout, not invalid_json with the
// server's socket addresses in the detail.
func TestBodyReadTimeout(t *testing.T) {
	ts := httptest.NewUnstartedServer(mustNew(t, DefaultConfig(), nil, nil))
	ts.Config.ReadTimeout = 200 * time.Millisecond
	ts.Start()
	t.Cleanup(ts.Close)
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"puzzle\":")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	req := httptest.NewRequest("POST", "/solve", nil)
	req.Header.Set("Content-Type", mediaJSON)
	checkExchange(t, req, nil, &exchange{status: resp.StatusCode, header: resp.Header, body: body})
	var p problem
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("body %q: %v", body, err)
	}
	if resp.StatusCode != http.StatusRequestTimeout || p.Code != codeRequestTimeout || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("%d %s %s, want 408 request_timeout", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	if strings.Contains(p.Detail, "127.0.0.1") || strings.Contains(p.Detail, "JSON") {
		t.Errorf("detail %q", p.Detail)
	}
}

// TestMethodNotAllowedNamesMethods: Allow names HEAD wherever GET is
// allowed, since the server answers HEAD there (RFC 9110 §10.2.1: Allow
// lists the methods the resource supports).
func TestMethodNotAllowedNamesMethods(t *testing.T) {
	c := newClient(t, DefaultConfig())
	tests := []struct{ method, target, allow, use string }{
		{"PUT", "/validate", "POST", "use POST"},
		{"POST", "/healthz", "GET, HEAD", "use GET or HEAD"},
		{"DELETE", "/", "GET, HEAD", "use GET or HEAD"},
		{"PUT", "/generate", "GET, HEAD, POST", "use GET, HEAD or POST"},
		{"HEAD", "/solve", "POST", "use POST"},
	}
	for _, tt := range tests {
		ex := c.do(tt.method, tt.target, "", nil)
		if ex.status != http.StatusMethodNotAllowed {
			t.Errorf("%s %s: %d, want 405", tt.method, tt.target, ex.status)
			continue
		}
		if got := ex.header.Get("Allow"); got != tt.allow {
			t.Errorf("%s %s: Allow %q, want %q", tt.method, tt.target, got, tt.allow)
		}
		if tt.method != http.MethodHead && !strings.HasSuffix(ex.problem(t).Detail, "; "+tt.use) {
			t.Errorf("%s %s: detail %q, want it to end %q", tt.method, tt.target, ex.problem(t).Detail, tt.use)
		}
	}
}

// TestWrongTypeMessage: a field of the wrong type is told the JSON type it
// needs: a grid or a row given as a string or a number is told "must be
// an array", not "must be an integer" (the element type of Go's []int).
func TestWrongTypeMessage(t *testing.T) {
	c := newClient(t, DefaultConfig())
	tests := []struct{ target, body, field, msg string }{
		{"/solve", `{"grid":"1234341221434321"}`, "grid", "must be an array, not string"},
		{"/solve", `{"grid":[[1,0,0,0],"0000",[0,0,0,0],[0,0,0,0]]}`, "grid", "must be an array, not string"},
		{"/solve", `{"grid":[1,2,3,4]}`, "grid", "must be an array, not number"},
		{"/solve", `{"grid":[["1"]]}`, "grid", "must be an integer, not string"},
		{"/solve", `{"puzzle":5}`, "puzzle", "must be a string, not number"},
		{"/validate", `{"items":5}`, "items", "must be an array, not number"},
		{"/generate", `{"count":"2"}`, "count", "must be an integer, not string"},
	}
	for _, tt := range tests {
		ex := c.post(tt.target, tt.body)
		p := ex.problem(t)
		if ex.status != http.StatusBadRequest || p.Code != codeInvalidRequest || len(p.Errors) != 1 {
			t.Errorf("%s %s: %d %s, want 400 invalid_request with one error", tt.target, tt.body, ex.status, ex.body)
			continue
		}
		if e := p.Errors[0]; e.Field != tt.field || e.Message != tt.msg {
			t.Errorf("%s %s: error %+v, want %s %q", tt.target, tt.body, e, tt.field, tt.msg)
		}
	}
}

// TestUnknownMethodOnUnknownPath: a path that does not exist answers 404
// whatever the method; a method chi does not know (BREW) got 405 with an
// empty Allow and a detail ending "use ".
func TestUnknownMethodOnUnknownPath(t *testing.T) {
	c := newClient(t, DefaultConfig())
	for _, method := range []string{"GET", "PUT", "BREW"} {
		ex := c.do(method, "/nope", "", nil)
		if ex.status != http.StatusNotFound || ex.problem(t).Code != codeNotFound {
			t.Errorf("%s /nope: %d %s, want 404 not_found", method, ex.status, ex.body)
		}
		if allow, ok := ex.header["Allow"]; ok {
			t.Errorf("%s /nope: Allow %q on a path that does not exist", method, allow)
		}
	}
	ex := c.do("BREW", "/solve", "", nil)
	if ex.status != http.StatusMethodNotAllowed || ex.header.Get("Allow") != "POST" {
		t.Errorf("BREW /solve: %d, Allow %q; want 405 and POST", ex.status, ex.header.Get("Allow"))
	}
}

func TestRateLimited(t *testing.T) {
	c := newClient(t, Config{RateLimit: 1, RateBurst: 2})
	body := []byte(`{"puzzle":"` + classic + `"}`)
	for i := range 2 {
		if ex := c.do("POST", "/validate", mediaJSON, body); ex.status != http.StatusOK {
			t.Fatalf("request %d within the burst: %d", i, ex.status)
		}
	}
	ex := c.do("POST", "/validate", mediaJSON, body)
	if ex.status != http.StatusTooManyRequests || ex.problem(t).Code != codeRateLimited {
		t.Fatalf("third request: %d %s, want 429 rate_limited", ex.status, ex.body)
	}
	if ra := ex.header.Get("Retry-After"); ra != "1" {
		t.Errorf("Retry-After %q, want 1", ra)
	}
	// Health checks are not rate limited.
	if ex := c.do("GET", "/healthz", "", nil); ex.status != http.StatusOK {
		t.Errorf("/healthz under the rate limit: %d", ex.status)
	}
	// The same client stays limited.
	if ex := c.do("POST", "/validate", mediaJSON, body); ex.status != http.StatusTooManyRequests {
		t.Errorf("same client again: %d", ex.status)
	}
}

// TestRateLimitTrustProxy: behind a proxy, the client is the address the
// proxy appended to X-Forwarded-For, the last one; the first is whatever
// the client sent: counted by it, a client that makes up a new one each
// time would never be limited.
func TestRateLimitTrustProxy(t *testing.T) {
	c := newClient(t, Config{RateLimit: 1, RateBurst: 1, TrustProxy: true})
	body := []byte(`{"puzzle":"` + classic + `"}`)
	post := func(xff ...string) int {
		req := httptest.NewRequest("POST", "/validate", bytes.NewReader(body))
		req.Header.Set("Content-Type", mediaJSON)
		for _, v := range xff {
			req.Header.Add("X-Forwarded-For", v)
		}
		rec := httptest.NewRecorder()
		c.h.ServeHTTP(rec, req)
		return rec.Code
	}
	if got := post("1.2.3.4, 203.0.113.7"); got != http.StatusOK {
		t.Fatalf("first request: %d", got)
	}
	if got := post("5.6.7.8, 203.0.113.7"); got != http.StatusTooManyRequests {
		t.Errorf("same client, another made-up first address: %d, want 429", got)
	}
	if got := post("9.9.9.9", "203.0.113.7"); got != http.StatusTooManyRequests {
		t.Errorf("same client, the proxy's address in a second header line: %d, want 429", got)
	}
	if got := post("5.6.7.8, 198.51.100.9"); got != http.StatusOK {
		t.Errorf("another client: %d, want 200", got)
	}
}

func TestRateLimiterPerClient(t *testing.T) {
	rl := newRateLimiter(1, 1)
	now := time.Unix(1000, 0)
	if ok, _ := rl.allow("a", now); !ok {
		t.Fatal("first request refused")
	}
	if ok, retry := rl.allow("a", now); ok || retry != 1 {
		t.Fatalf("second request: ok %v retry %d", ok, retry)
	}
	if ok, _ := rl.allow("b", now); !ok {
		t.Fatal("another client refused")
	}
	if ok, _ := rl.allow("a", now.Add(time.Second)); !ok {
		t.Fatal("refused after the wait")
	}
}

func TestReadyzDrains(t *testing.T) {
	c := newClient(t, DefaultConfig())
	if ex := c.do("GET", "/readyz", "", nil); ex.status != http.StatusOK {
		t.Fatalf("readyz: %d", ex.status)
	}
	c.srv.Drain()
	ex := c.do("GET", "/readyz", "", nil)
	if ex.status != http.StatusServiceUnavailable || ex.problem(t).Code != codeShuttingDown || ex.header.Get("Retry-After") == "" {
		t.Fatalf("readyz while draining: %d %s", ex.status, ex.body)
	}
	if ex := c.do("GET", "/healthz", "", nil); ex.status != http.StatusOK {
		t.Fatalf("healthz while draining: %d", ex.status)
	}
}

func TestCORS(t *testing.T) {
	c := newClient(t, DefaultConfig())
	ex := c.do("OPTIONS", "/solve", "", nil, "Origin", "https://example.org", "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type")
	if ex.status != http.StatusNoContent || ex.header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(ex.header.Get("Access-Control-Allow-Methods"), "POST") || ex.header.Get("Access-Control-Allow-Headers") != "content-type" {
		t.Fatalf("preflight: %d %v", ex.status, ex.header)
	}
	ex = c.do("POST", "/validate", mediaJSON, []byte(`{"puzzle":"`+classic+`"}`), "Origin", "https://example.org")
	if ex.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("simple request: %v", ex.header)
	}

	only := newClient(t, Config{CORSOrigins: []string{"https://a.example"}})
	if got := only.do("GET", "/healthz", "", nil, "Origin", "https://a.example").header.Get("Access-Control-Allow-Origin"); got != "https://a.example" {
		t.Errorf("allowed origin: Access-Control-Allow-Origin %q", got)
	}
	if got := only.do("GET", "/healthz", "", nil, "Origin", "https://b.example").header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("other origin: Access-Control-Allow-Origin %q", got)
	}
}

// TestCORSHeaders: what a browser reads besides Access-Control-Allow-Origin.
// Every answer varies by Origin; a preflight is cached for ten minutes and
// lets any request header through; an answer shows its X-Request-ID and
// Retry-After to the page; an origin is matched case-insensitively, a
// configured one's trailing slash ignored, and a * in it stands for any
// subdomain.
func TestCORSHeaders(t *testing.T) {
	c := newClient(t, DefaultConfig())
	ex := c.do("OPTIONS", "/hint", "", nil, "Origin", "https://example.org", "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type,x-request-id")
	if ex.status != http.StatusNoContent || ex.header.Get("Access-Control-Max-Age") != "600" ||
		ex.header.Get("Access-Control-Allow-Headers") != "content-type,x-request-id" || !strings.Contains(strings.Join(ex.header.Values("Vary"), ","), "Origin") {
		t.Errorf("preflight: %d %v", ex.status, ex.header)
	}
	for _, origin := range []string{"", "https://example.org"} {
		ex := c.do("GET", "/healthz", "", nil, "Origin", origin)
		if !strings.Contains(strings.Join(ex.header.Values("Vary"), ","), "Origin") {
			t.Errorf("GET /healthz from %q: no Vary: Origin in %v", origin, ex.header)
		}
	}
	exposed := strings.ToLower(c.do("GET", "/healthz", "", nil, "Origin", "https://example.org").header.Get("Access-Control-Expose-Headers"))
	if !strings.Contains(exposed, "x-request-id") || !strings.Contains(exposed, "retry-after") {
		t.Errorf("Access-Control-Expose-Headers %q, want X-Request-ID and Retry-After", exposed)
	}

	some := newClient(t, Config{CORSOrigins: []string{" https://A.example/ ", "https://*.b.example"}})
	for origin, want := range map[string]string{
		"https://a.example":      "https://a.example",
		"https://www.b.example":  "https://www.b.example",
		"https://b.example":      "",
		"https://a.example.evil": "",
	} {
		if got := some.do("GET", "/healthz", "", nil, "Origin", origin).header.Get("Access-Control-Allow-Origin"); got != want {
			t.Errorf("GET from %s: Access-Control-Allow-Origin %q, want %q", origin, got, want)
		}
	}
}

// TestCORSPreflightRefused: a preflight from an origin not allowed, or for
// a method the API does not take, is not answered as one: OPTIONS is then a
// method like any other (405, or 404 on a path that does not exist), with
// no Access-Control-Allow-* header (openapi.yaml).
func TestCORSPreflightRefused(t *testing.T) {
	c := newClient(t, Config{CORSOrigins: []string{"https://a.example"}})
	for _, tc := range []struct {
		path, origin, method string
		want                 int
	}{
		{"/solve", "https://b.example", "POST", http.StatusMethodNotAllowed},
		{"/solve", "", "POST", http.StatusMethodNotAllowed},
		{"/solve", "https://a.example", "DELETE", http.StatusMethodNotAllowed},
		{"/nope", "https://b.example", "POST", http.StatusNotFound},
	} {
		ex := c.do("OPTIONS", tc.path, "", nil, "Origin", tc.origin, "Access-Control-Request-Method", tc.method)
		if ex.status != tc.want {
			t.Errorf("preflight of %s %s from %q: %d, want %d", tc.method, tc.path, tc.origin, ex.status, tc.want)
		}
		for name := range ex.header {
			if strings.HasPrefix(name, "Access-Control-Allow-") {
				t.Errorf("preflight of %s %s from %q: %s: %q", tc.method, tc.path, tc.origin, name, ex.header.Get(name))
			}
		}
	}
}

func TestRequestID(t *testing.T) {
	c := newClient(t, DefaultConfig())
	if got := c.do("GET", "/healthz", "", nil, "X-Request-ID", "abc-123").header.Get("X-Request-ID"); got != "abc-123" {
		t.Errorf("client id: %q", got)
	}
	if got := c.do("GET", "/healthz", "", nil, "X-Request-ID", "<script>").header.Get("X-Request-ID"); got == "<script>" || len(got) != 16 {
		t.Errorf("unsafe client id replaced by %q", got)
	}
}

func TestRecovererHidesPanics(t *testing.T) {
	h := recoverer(slog.New(slog.NewTextHandler(io.Discard, nil)))(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("secret detail") }))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusInternalServerError || strings.Contains(rec.Body.String(), "secret") || strings.Contains(rec.Body.String(), ".go") {
		t.Fatalf("panic answer: %d %s", rec.Code, rec.Body)
	}
}

// TestPlaygroundRangeAndPreconditions: the playground's files answer a
// Range or If-Match request with the whole file (200), since a range the
// file does not have answered 416 with a text/plain body and a stale
// If-Match 412 with none, where every error is problem+json. If-None-Match
// still gets 304.
func TestPlaygroundRangeAndPreconditions(t *testing.T) {
	c := newClient(t, DefaultConfig())
	full := c.do("GET", "/", "", nil)
	if full.status != http.StatusOK {
		t.Fatalf("GET /: %d", full.status)
	}
	for _, h := range [][2]string{
		{"Range", "bytes=0-10"},
		{"Range", "bytes=999999-"},
		{"Range", "bytes=0-1,5-6"},
		{"If-Match", `"stale"`},
	} {
		for _, path := range []string{"/", "/app.js"} {
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set(h[0], h[1])
			rec := httptest.NewRecorder()
			c.h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Range") != "" || strings.HasPrefix(rec.Header().Get("Content-Type"), "multipart/") {
				t.Errorf("GET %s with %s: %s: %d %q, want 200 and the whole file", path, h[0], h[1], rec.Code, rec.Header().Get("Content-Type"))
			}
			if path == "/" {
				ex := c.do("GET", path, "", nil, h[0], h[1])
				if string(ex.body) != string(full.body) {
					t.Errorf("GET / with %s: %s: %d bytes, want the %d of the page", h[0], h[1], len(ex.body), len(full.body))
				}
			}
		}
	}
	ex := c.do("GET", "/", "", nil, "If-None-Match", full.header.Get("ETag"))
	if ex.status != http.StatusNotModified {
		t.Errorf("GET / with its ETag in If-None-Match: %d, want 304", ex.status)
	}
}

// TestInternalErrorLogged: a 500 tells the client nothing, so its cause goes
// to the request's log record, with the request id the answer carries. Each
// row routes a handler that fails one way through the real router and
// middleware.
func TestInternalErrorLogged(t *testing.T) {
	var logs bytes.Buffer
	srv := mustNew(t, DefaultConfig(), slog.New(slog.NewJSONHandler(&logs, nil)), nil)
	t.Cleanup(srv.Close)
	mux := srv.handler.(*chi.Mux)
	mux.Get("/test/error", func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, r, errors.New("disk on fire"))
	})
	mux.Get("/test/encode", func(w http.ResponseWriter, r *http.Request) {
		encode(w, r, http.StatusOK, map[string]float64{"score": math.NaN()})
	})
	mux.Get("/test/panic", func(http.ResponseWriter, *http.Request) { panic("out of cheese") })
	for _, tt := range []struct{ path, id, cause string }{
		{"/test/error", "error-1", "disk on fire"},
		{"/test/encode", "encode-1", "json: unsupported value: NaN"},
		{"/test/panic", "", "panic: out of cheese"}, // the server picks the id
	} {
		t.Run(tt.path, func(t *testing.T) {
			logs.Reset()
			req := httptest.NewRequest("GET", tt.path, nil)
			if tt.id != "" {
				req.Header.Set("X-Request-ID", tt.id)
			}
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			if rec.Code != http.StatusInternalServerError || strings.Contains(rec.Body.String(), tt.cause) {
				t.Fatalf("answer: %d %s", rec.Code, rec.Body)
			}
			id := rec.Header().Get("X-Request-ID")
			if tt.id != "" && id != tt.id {
				t.Fatalf("X-Request-ID %q, want %q", id, tt.id)
			}
			var found bool
			for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
				var entry struct {
					Level, Msg, Error string
					RequestID         string `json:"request_id"`
				}
				if err := json.Unmarshal([]byte(line), &entry); err != nil {
					t.Fatalf("log line %q: %v", line, err)
				}
				if entry.Msg != "request" {
					continue
				}
				found = true
				if entry.Level != "ERROR" || entry.RequestID != id || entry.Error != tt.cause {
					t.Errorf("request record %s; want level ERROR, request_id %q, error %q", line, id, tt.cause)
				}
			}
			if !found {
				t.Fatalf("no request record in %s", logs.String())
			}
		})
	}
}
