package api

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/sudokud/sudokud"
)

// The spec harness: every request the API tests make goes through
// apiClient, which checks the answer (and, for answers meant to succeed,
// the request) against openapi.yaml with kin-openapi, so the spec and the
// server cannot drift apart.

var (
	specOnce   sync.Once
	specDoc    *openapi3.T
	specRouter routers.Router
	specErr    error
)

func plainBodyDecoder(body io.Reader, _ http.Header, _ *openapi3.SchemaRef, _ openapi3filter.EncodingFn) (any, error) {
	b, err := io.ReadAll(body)
	return string(b), err
}

func loadSpec(tb testing.TB) (*openapi3.T, routers.Router) {
	tb.Helper()
	specOnce.Do(func() {
		for _, ct := range []string{"text/plain", "text/html", "application/yaml"} {
			openapi3filter.RegisterBodyDecoder(ct, plainBodyDecoder)
		}
		loader := openapi3.NewLoader()
		specDoc, specErr = loader.LoadFromData(sudokud.OpenAPI)
		if specErr != nil {
			return
		}
		if specErr = specDoc.Validate(context.Background()); specErr != nil {
			return
		}
		specRouter, specErr = gorillamux.NewRouter(specDoc)
	})
	if specErr != nil {
		tb.Fatalf("openapi.yaml: %v", specErr)
	}
	return specDoc, specRouter
}

// TestSpecIsTheServedFile holds the embedded copy to the file at the root.
func TestSpecIsTheServedFile(t *testing.T) {
	root, err := os.ReadFile("../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, DefaultConfig())
	ex := c.do(http.MethodGet, "/openapi.yaml", "", nil)
	if ex.status != http.StatusOK || !bytes.Equal(ex.body, root) {
		t.Fatalf("GET /openapi.yaml: status %d, %d bytes; want 200 and the %d bytes of openapi.yaml", ex.status, len(ex.body), len(root))
	}
	loadSpec(t)
}

// apiClient calls the real router in process and checks every exchange
// against the spec.
type apiClient struct {
	tb  testing.TB
	h   http.Handler
	srv *Server
}

func newClient(tb testing.TB, cfg Config) *apiClient {
	tb.Helper()
	srv := New(cfg, nil, nil)
	tb.Cleanup(srv.Close)
	return &apiClient{tb: tb, h: srv, srv: srv}
}

// exchange is one answer.
type exchange struct {
	status int
	header http.Header
	body   []byte
}

// problem decodes the answer as a problem.
func (ex *exchange) problem(tb testing.TB) problem {
	tb.Helper()
	var p problem
	if err := json.Unmarshal(ex.body, &p); err != nil {
		tb.Fatalf("problem body %q: %v", ex.body, err)
	}
	return p
}

// json decodes the answer into v.
func (ex *exchange) json(tb testing.TB, v any) {
	tb.Helper()
	if err := json.Unmarshal(ex.body, v); err != nil {
		tb.Fatalf("body %q: %v", ex.body, err)
	}
}

// do makes a request; body is sent as is. Headers come in pairs.
func (c *apiClient) do(method, target, contentType string, body []byte, headers ...string) *exchange {
	c.tb.Helper()
	req := httptest.NewRequest(method, target, bytes.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, req)
	ex := &exchange{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
	checkExchange(c.tb, req, body, ex)
	return ex
}

// post sends v (marshalled unless it is []byte or string) as JSON.
func (c *apiClient) post(target string, v any) *exchange {
	c.tb.Helper()
	return c.do(http.MethodPost, target, mediaJSON, jsonBody(c.tb, v))
}

func jsonBody(tb testing.TB, v any) []byte {
	tb.Helper()
	switch v := v.(type) {
	case []byte:
		return v
	case string:
		return []byte(v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// checkExchange holds one request and its answer to the spec and to the
// rules every answer keeps (no 500, problems well formed).
func checkExchange(tb testing.TB, req *http.Request, reqBody []byte, ex *exchange) {
	tb.Helper()
	doc, router := loadSpec(tb)
	where := req.Method + " " + req.URL.String()
	if ex.status >= 500 && ex.status != http.StatusServiceUnavailable {
		tb.Fatalf("%s: status %d: %s", where, ex.status, ex.body)
	}
	if ex.header.Get("X-Request-ID") == "" {
		tb.Errorf("%s: no X-Request-ID", where)
	}
	ct := ex.header.Get("Content-Type")
	if ex.status >= 400 {
		if ct != "application/problem+json" {
			tb.Fatalf("%s: status %d with Content-Type %q, want application/problem+json", where, ex.status, ct)
		}
		var p map[string]any
		if err := json.Unmarshal(ex.body, &p); err != nil {
			tb.Fatalf("%s: problem %q: %v", where, ex.body, err)
		}
		if err := doc.Components.Schemas["Problem"].Value.VisitJSON(p); err != nil {
			tb.Fatalf("%s: problem %s does not match the spec: %v", where, ex.body, err)
		}
		if got := p["status"]; got != float64(ex.status) {
			tb.Fatalf("%s: problem status %v, HTTP status %d", where, got, ex.status)
		}
		if strings.Contains(string(ex.body), "goroutine ") || strings.Contains(string(ex.body), ".go:") {
			tb.Fatalf("%s: a problem leaks a stack: %s", where, ex.body)
		}
	}
	r2 := req.Clone(context.Background())
	r2.Body = io.NopCloser(bytes.NewReader(reqBody))
	route, params, err := router.FindRoute(r2)
	if err != nil {
		if ex.status != http.StatusNotFound && ex.status != http.StatusMethodNotAllowed && req.Method != http.MethodOptions {
			tb.Fatalf("%s: not in the spec (%v) but answered %d", where, err, ex.status)
		}
		return
	}
	in := &openapi3filter.RequestValidationInput{
		Request: r2, PathParams: params, Route: route,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	ndjsonReq := strings.HasPrefix(req.Header.Get("Content-Type"), mediaNDJSON)
	if ex.status < 300 && !ndjsonReq {
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			tb.Fatalf("%s: request %s does not match the spec: %v", where, reqBody, err)
		}
	}
	ndjsonResp := ct == mediaNDJSON
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 ex.status,
		Header:                 ex.header,
		Body:                   io.NopCloser(bytes.NewReader(ex.body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true, ExcludeResponseBody: ndjsonResp},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		tb.Fatalf("%s: answer %d %.300s does not match the spec: %v", where, ex.status, ex.body, err)
	}
	if ndjsonResp {
		schema := route.Operation.Responses.Status(ex.status).Value.Content.Get(mediaNDJSON).Schema.Value
		sc := bufio.NewScanner(bytes.NewReader(ex.body))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var v any
			if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
				tb.Fatalf("%s: NDJSON line %q: %v", where, sc.Bytes(), err)
			}
			if err := schema.VisitJSON(v); err != nil {
				tb.Fatalf("%s: NDJSON line %s does not match the spec: %v", where, sc.Bytes(), err)
			}
		}
	}
}
