package api

import (
	"io"
	"net/http"
	"net/http/httptest"
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
