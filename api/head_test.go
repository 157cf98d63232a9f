package api

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHeadOnGetRoutes: HEAD on a GET route answers as GET would, headers
// and status, without a body.
func TestHeadOnGetRoutes(t *testing.T) {
	srv := httptest.NewServer(mustNew(t, Config{}, nil, nil))
	defer srv.Close()
	for _, path := range []string{"/", "/healthz", "/openapi.yaml"} {
		res, err := http.Head(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || len(body) != 0 || res.Header.Get("Content-Type") == "" {
			t.Errorf("HEAD %s: %d, %q, %d body bytes", path, res.StatusCode, res.Header.Get("Content-Type"), len(body))
		}
	}
	res, err := http.Head(srv.URL + "/solve")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("HEAD /solve: %d, want 405", res.StatusCode)
	}
}

// TestHeadGenerateReadsQuery: HEAD /generate answers as GET would with the
// same query string; it ignored the query (HEAD is not GET to the handler)
// and always generated a default puzzle.
func TestHeadGenerateReadsQuery(t *testing.T) {
	h := mustNew(t, DefaultConfig(), nil, nil)
	defer h.Close()
	serve := func(method, target string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
		return rec
	}
	for _, q := range []string{"size=4&difficulty=easy&seed=1", "size=4&difficulty=expert", "size=nine", "sise=4"} {
		get, head := serve(http.MethodGet, "/generate?"+q), serve(http.MethodHead, "/generate?"+q)
		if head.Code != get.Code || head.Header().Get("Content-Length") != get.Header().Get("Content-Length") {
			t.Errorf("?%s: HEAD %d (Content-Length %s), GET %d (Content-Length %s)", q,
				head.Code, head.Header().Get("Content-Length"), get.Code, get.Header().Get("Content-Length"))
		}
	}
}

// TestAllowIsWhatIsAnswered: on every route the Allow header of a 405 names
// exactly the methods the server answers there with something other than
// 405. A plain OPTIONS (no CORS preflight) is answered 405, so Allow does
// not name OPTIONS.
func TestAllowIsWhatIsAnswered(t *testing.T) {
	h := mustNew(t, DefaultConfig(), nil, nil)
	defer h.Close()
	serve := func(method, path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
		return rec
	}
	methods := []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}
	paths := []string{"/", "/healthz", "/readyz", "/metrics", "/openapi.yaml", "/solve", "/hint", "/generate", "/validate"}
	for _, name := range playgroundFiles() {
		paths = append(paths, "/"+name)
	}
	for _, path := range paths {
		rec := serve("TRACE", path)
		if rec.Code != http.StatusMethodNotAllowed {
			t.Fatalf("TRACE %s: %d, want 405", path, rec.Code)
		}
		allow := rec.Header().Get("Allow")
		listed := map[string]bool{}
		for _, m := range strings.Split(allow, ", ") {
			listed[m] = true
		}
		for _, m := range methods {
			if answered := serve(m, path).Code != http.StatusMethodNotAllowed; answered != listed[m] {
				t.Errorf("%s %s answered: %v, but Allow is %q", m, path, answered, allow)
			}
		}
	}
}
