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
	"github.com/google/go-cmp/cmp"
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
		for _, ct := range []string{"text/plain", "text/html", "application/yaml", "image/svg+xml", "image/png", "application/pdf"} {
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
	srv := mustNew(tb, cfg, nil, nil)
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

// TestSpecRequestExamplesAreAccepted sends every request example of
// openapi.yaml to the server: each is a request the server takes.
func TestSpecRequestExamplesAreAccepted(t *testing.T) {
	doc, _ := loadSpec(t)
	c := newClient(t, DefaultConfig())
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.RequestBody == nil {
				continue
			}
			for ct, mt := range op.RequestBody.Value.Content {
				examples := map[string]any{}
				if mt.Example != nil {
					examples["example"] = mt.Example
				}
				for name, ex := range mt.Examples {
					examples[name] = ex.Value.Value
				}
				for name, v := range examples {
					body := jsonBody(t, v)
					if ct == mediaNDJSON {
						body = append(body, '\n')
					}
					if ex := c.do(method, path, ct, body); ex.status >= 300 {
						t.Errorf("%s %s %s example %q: %d %s", method, path, ct, name, ex.status, ex.body)
					}
				}
			}
		}
	}
}

// TestSpecResponseExamplesAreRealAnswers holds each response example of
// openapi.yaml to the server's answer to the request the table names, all
// but the solve time (stats.duration_us).
func TestSpecResponseExamplesAreRealAnswers(t *testing.T) {
	doc, _ := loadSpec(t)
	const (
		puzzle9  = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
		solved9  = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
		clash9   = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
		mistake9 = "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
		// openapi.yaml's killer and X-Sudoku, each with one solution
		killer9 = `{"cages":[{"cells":[[0,0],[1,0]],"sum":11},{"cells":[[0,1],[1,1]],"sum":10},{"cells":[[0,2],[0,3],[0,4],[1,2]],"sum":19},{"cells":[[0,5],[1,5]],"sum":13},{"cells":[[0,6],[1,6]],"sum":12},{"cells":[[0,7],[0,8],[1,7]],"sum":7},{"cells":[[1,3],[1,4]],"sum":10},{"cells":[[1,8],[2,7],[2,8],[3,7]],"sum":23},{"cells":[[2,0],[3,0]],"sum":9},{"cells":[[2,1],[3,1]],"sum":14},{"cells":[[2,2],[3,2],[3,3]],"sum":24},{"cells":[[2,3],[2,4]],"sum":7},{"cells":[[2,5],[3,4],[3,5]],"sum":9},{"cells":[[2,6],[3,6]],"sum":9},{"cells":[[3,8],[4,8],[5,8]],"sum":10},{"cells":[[4,0],[5,0]],"sum":11},{"cells":[[4,1],[5,1]],"sum":3},{"cells":[[4,2],[4,3]],"sum":14},{"cells":[[4,4],[4,5],[5,5],[6,5]],"sum":19},{"cells":[[4,6],[5,6]],"sum":15},{"cells":[[4,7],[5,7]],"sum":14},{"cells":[[5,2],[6,1],[6,2]],"sum":10},{"cells":[[5,3],[5,4],[6,3],[6,4]],"sum":19},{"cells":[[6,0],[7,0],[7,1]],"sum":19},{"cells":[[6,6],[6,7]],"sum":10},{"cells":[[6,8],[7,8]],"sum":9},{"cells":[[7,2],[8,2]],"sum":12},{"cells":[[7,3],[8,3]],"sum":6},{"cells":[[7,4],[7,5],[7,6]],"sum":16},{"cells":[[7,7],[8,6],[8,7],[8,8]],"sum":20},{"cells":[[8,0],[8,1]],"sum":7},{"cells":[[8,4],[8,5]],"sum":14}]}`
		x9      = "...86...9....4...1..9..18.2........5.....7.3.....3........14........5......79..8."
		// a naked pair, then a naked single (engine's TestHintExplanations)
		pair9 = ".....1........5..11.26.35.4.613.945292..54163453216789...49.21621956.34.64.132..5"
		// the known X-chain position of engine/testdata/grade/positions.txt
		hintCandidates9 = `{"puzzle":"4.1..5.633.5..6..1.62.1354..163...5...91543.6543.67.1...4571638157638...638...175","candidates":["","789","","2789","289","","2789","","","","789","","2479","2489","","2789","289","","789","","","789","","","","","79","28","","","","289","29","47","","47","278","278","","","","","","28","","","","","28","","","289","","29","29","29","","","","","","","","","","","","","","249","29","249","","","","249","249","29","","",""]}`
	)
	op := func(path, method string) *openapi3.Operation {
		return doc.Paths.Value(path).GetOperation(method)
	}
	ok := func(path, method string) *openapi3.Response {
		return op(path, method).Responses.Status(http.StatusOK).Value
	}
	comp := func(name string) *openapi3.Response { return doc.Components.Responses[name].Value }
	// busy takes every heavy slot and queue place, as running requests do.
	busy := func(s *Server) {
		for range cap(s.deps.heavy.queue) {
			s.deps.heavy.queue <- struct{}{}
		}
	}
	// memoryTaken reserves all of /validate's memory, as running batches do.
	memoryTaken := func(s *Server) { s.deps.memory.acquire(context.Background(), s.deps.cfg.ValidateMemory) }
	// streamsOpen counts as many open streams as the limit.
	streamsOpen := func(s *Server) { s.deps.streams.Store(int64(s.deps.cfg.MaxStreams)) }
	type exampleCase struct {
		resp          *openapi3.Response
		ct, example   string // example "" is the media type's single example
		method, path  string
		reqCT, body   string
		ndjsonLineOf2 bool          // the example is the second line of the answer
		setup         func(*Server) // puts the server in the state the example needs
	}
	cases := []exampleCase{
		{ok("/solve", "POST"), mediaJSON, "string", "POST", "/solve", mediaJSON, `{"puzzle":"` + puzzle9 + `"}`, false, nil},
		{ok("/solve", "POST"), mediaJSON, "killer", "POST", "/solve", mediaJSON, `{"puzzle":"` + strings.Repeat(".", 81) + `","rules":` + killer9 + `}`, false, nil},
		{ok("/solve", "POST"), mediaJSON, "x", "POST", "/solve", mediaJSON, `{"puzzle":"` + x9 + `","rules":{"diagonals":"both"}}`, false, nil},
		{comp("Generated"), mediaJSON, "one", "GET", "/generate?size=4&difficulty=easy&seed=7", "", "", false, nil},
		{ok("/hint", "POST"), mediaJSON, "placement", "POST", "/hint", mediaJSON, `{"puzzle":"` + puzzle9 + `"}`, false, nil},
		{ok("/hint", "POST"), mediaJSON, "mistake", "POST", "/hint", mediaJSON, `{"puzzle":"` + mistake9 + `","givens":"` + puzzle9 + `"}`, false, nil},
		{ok("/hint", "POST"), mediaJSON, "after_eliminations", "POST", "/hint", mediaJSON, `{"puzzle":"` + pair9 + `"}`, false, nil},
		{ok("/hint", "POST"), mediaJSON, "elimination", "POST", "/hint", mediaJSON, hintCandidates9, false, nil},
		{ok("/hint", "POST"), mediaJSON, "nudge", "POST", "/hint", mediaJSON, `{"puzzle":"` + puzzle9 + `","nudge":true}`, false, nil},
		{ok("/validate", "POST"), mediaJSON, "single", "POST", "/validate", mediaJSON, `{"puzzle":"` + puzzle9 + `","solvable":true}`, false, nil},
		{ok("/validate", "POST"), mediaJSON, "batch", "POST", "/validate", mediaJSON,
			`{"items":[{"id":"a","puzzle":"` + solved9 + `"},{"id":"b","grid":[[1,1,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}]}`, false, nil},
		{ok("/validate", "POST"), mediaNDJSON, "result", "POST", "/validate", mediaNDJSON, `{"id":"1","puzzle":"` + solved9 + `"}` + "\n", false, nil},
		{ok("/validate", "POST"), mediaNDJSON, "error", "POST", "/validate", mediaNDJSON,
			`{"id":"1","puzzle":"` + solved9 + `"}` + "\n" + `{"id":"2","puzzle":"12345678"}` + "\n", true, nil},
		{ok("/healthz", "GET"), mediaJSON, "", "GET", "/healthz", "", "", false, nil},
		{ok("/shapes", "GET"), mediaJSON, "", "GET", "/shapes", "", "", false, nil},
		{ok("/techniques", "GET"), mediaJSON, "", "GET", "/techniques", "", "", false, nil},
		{ok("/readyz", "GET"), mediaJSON, "", "GET", "/readyz", "", "", false, nil},
		{ok("/puzzles/{id}", "GET"), mediaJSON, "easy", "GET", "/puzzles/AQAAOCQMa6M", "", "", false, nil},
		{comp("BadRequest"), "application/problem+json", "invalid_request", "POST", "/solve", mediaJSON, `{}`, false, nil},
		{comp("BadRequest"), "application/problem+json", "invalid_rules", "POST", "/solve", mediaJSON, `{"puzzle":"` + puzzle9 + `","rules":{"cages":[{"cells":[[0,2],[0,3]],"sum":20}]}}`, false, nil},
		{comp("BadRequest"), "application/problem+json", "invalid_board", "POST", "/solve", mediaJSON, `{"size":9,"puzzle":"` + puzzle9[:80] + `"}`, false, nil},
		{comp("Unprocessable"), "application/problem+json", "conflict", "POST", "/solve", mediaJSON, `{"puzzle":"` + clash9 + `"}`, false, nil},
		{comp("Overloaded"), "application/problem+json", "overloaded", "POST", "/solve", mediaJSON, `{"puzzle":"` + puzzle9 + `"}`, false, busy},
		{comp("Overloaded"), "application/problem+json", "validate_memory", "POST", "/validate", mediaJSON, `{"items":[{"puzzle":"` + puzzle9 + `"}]}`, false, memoryTaken},
		{comp("Overloaded"), "application/problem+json", "streams", "POST", "/validate", mediaNDJSON, `{"puzzle":"` + puzzle9 + `"}` + "\n", false, streamsOpen},
		{comp("ShuttingDown"), "application/problem+json", "shutting_down", "GET", "/readyz", "", "", false, (*Server).Drain},
	}
	covered := map[*openapi3.MediaType]map[string]bool{}
	for _, tc := range cases {
		mt := tc.resp.Content.Get(tc.ct)
		if covered[mt] == nil {
			covered[mt] = map[string]bool{}
		}
		covered[mt][tc.example] = true
	}
	// Every JSON example is in the table (the text/plain one of /metrics
	// is a sample of the format).
	var responses []*openapi3.ResponseRef
	for _, r := range doc.Components.Responses {
		responses = append(responses, r)
	}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			for _, r := range op.Responses.Map() {
				responses = append(responses, r)
			}
		}
	}
	seen := map[*openapi3.MediaType]bool{}
	for _, r := range responses {
		for ct, mt := range r.Value.Content {
			if ct == "text/plain" || seen[mt] {
				continue
			}
			seen[mt] = true
			if mt.Example != nil && !covered[mt][""] {
				t.Errorf("a %s example (%v) is not in the table", ct, mt.Example)
			}
			for name := range mt.Examples {
				if !covered[mt][name] {
					t.Errorf("%s example %q is not in the table", ct, name)
				}
			}
		}
	}
	for _, tc := range cases {
		name := tc.example
		if name == "" {
			name = "example"
		}
		t.Run(tc.method+" "+tc.path+" "+name, func(t *testing.T) {
			mt := tc.resp.Content.Get(tc.ct)
			if mt == nil {
				t.Fatalf("no %s answer in the spec", tc.ct)
			}
			want := mt.Example
			if tc.example != "" {
				ex, ok := mt.Examples[tc.example]
				if !ok {
					t.Fatalf("no %s example %q in the spec", tc.ct, tc.example)
				}
				want = ex.Value.Value
			}
			c := newClient(t, DefaultConfig())
			if tc.setup != nil {
				tc.setup(c.srv)
			}
			var body []byte
			if tc.body != "" {
				body = []byte(tc.body)
			}
			ex := c.do(tc.method, tc.path, tc.reqCT, body)
			got := ex.body
			if tc.ndjsonLineOf2 {
				lines := bytes.Split(bytes.TrimSpace(got), []byte("\n"))
				if len(lines) != 2 {
					t.Fatalf("answer %s: want 2 lines", got)
				}
				got = lines[1]
			}
			if diff := cmp.Diff(normalExample(t, jsonBody(t, want)), normalExample(t, got)); diff != "" {
				t.Errorf("openapi.yaml's example is not the answer to %s %s %s (-example +answer):\n%s", tc.method, tc.path, tc.body, diff)
			}
		})
	}
}

// normalExample decodes a JSON answer with its solve time taken out.
func normalExample(tb testing.TB, b []byte) any {
	tb.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		tb.Fatalf("%s: %v", b, err)
	}
	if m, ok := v.(map[string]any); ok {
		if stats, ok := m["stats"].(map[string]any); ok {
			delete(stats, "duration_us")
		}
	}
	return v
}

// TestSpecRefusesWhatTheServerRefuses: a request the server refuses with
// 400 invalid_request for its shape (no board, two boards, an unknown field,
// a value out of range) is one openapi.yaml's schemas refuse too, and so is
// such a batch item or stream line.
func TestSpecRefusesWhatTheServerRefuses(t *testing.T) {
	doc, router := loadSpec(t)
	const board = `"1234341221434321"`
	grid := `[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]]`
	c := newClient(t, DefaultConfig())
	for _, tc := range []struct{ path, body string }{
		{"/solve", `{}`},
		{"/solve", `{"puzzle":` + board + `,"grid":` + grid + `}`},
		{"/solve", `{"puzzle":` + board + `,"givens":` + board + `}`},
		{"/hint", `{"size":4}`},
		{"/hint", `{"puzzle":` + board + `,"grid":` + grid + `}`},
		{"/validate", `{}`},
		{"/validate", `{"solvable":true}`},
		{"/validate", `{"puzzle":` + board + `,"grid":` + grid + `}`},
		{"/validate", `{"items":[],"puzzle":` + board + `}`},
		{"/generate", `{"count":0}`},
		{"/generate", `{"difficulty":""}`},
	} {
		ex := c.post(tc.path, tc.body)
		if ex.status != http.StatusBadRequest || ex.problem(t).Code != codeInvalidRequest {
			t.Errorf("POST %s %s: %d %s; want 400 invalid_request", tc.path, tc.body, ex.status, ex.body)
			continue
		}
		req := httptest.NewRequest(http.MethodPost, tc.path, strings.NewReader(tc.body))
		req.Header.Set("Content-Type", mediaJSON)
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Fatal(err)
		}
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route}
		if err := openapi3filter.ValidateRequest(context.Background(), in); err == nil {
			t.Errorf("POST %s %s: the server answers 400 invalid_request, the spec takes it", tc.path, tc.body)
		}
	}
	item := doc.Components.Schemas["BatchItem"].Value
	for _, line := range []string{
		`{"id":"x"}`,
		`{"puzzle":` + board + `,"grid":` + grid + `}`,
		`{"puzzle":` + board + `,"solvable":true}`,
	} {
		ex := c.do(http.MethodPost, "/validate", mediaNDJSON, []byte(line+"\n"))
		var res struct {
			Error *struct{ Code string } `json:"error"`
		}
		ex.json(t, &res)
		if res.Error == nil || res.Error.Code != codeInvalidRequest {
			t.Errorf("stream line %s: %s; want an invalid_request result", line, ex.body)
			continue
		}
		var v any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		if err := item.VisitJSON(v); err == nil {
			t.Errorf("stream line %s: the server answers invalid_request, BatchItem takes it", line)
		}
	}
}
