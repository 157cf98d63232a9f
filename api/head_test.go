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
	srv := httptest.NewServer(New(Config{}, nil, nil))
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

// TestAllowIsWhatIsAnswered: on every route the Allow header of a 405 names
// exactly the methods the server answers there with something other than
// 405. A plain OPTIONS (no CORS preflight) is answered 405, so Allow does
// not name OPTIONS.
func TestAllowIsWhatIsAnswered(t *testing.T) {
	h := New(DefaultConfig(), nil, nil)
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
