package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sudokud/sudokud/api"
)

// The playground is served from the binary: the page and every file it
// loads, with the right types, and nothing from another origin.
func TestPlaygroundServed(t *testing.T) {
	srv, err := api.New(api.DefaultConfig(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()

	tests := []struct {
		path, wantType, wantBody string
	}{
		{"/", "text/html", `id="status"`},
		{"/app.js", "text/javascript", "function enterValue("},
		{"/board.js", "text/javascript", "export function findConflicts("},
		{"/style.css", "text/css", ".board"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res, err := http.Get(ts.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("GET %s: %d %s", tt.path, res.StatusCode, body)
			}
			if ct := res.Header.Get("Content-Type"); !strings.Contains(ct, tt.wantType) {
				t.Errorf("GET %s: Content-Type %q, want %s", tt.path, ct, tt.wantType)
			}
			if !strings.Contains(string(body), tt.wantBody) {
				t.Errorf("GET %s: body lacks %q", tt.path, tt.wantBody)
			}
			csp := res.Header.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self'", "connect-src 'self'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("GET %s: Content-Security-Policy %q lacks %q", tt.path, csp, want)
				}
			}
			if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("GET %s: X-Content-Type-Options %q", tt.path, got)
			}

			// Revalidation: the same ETag gets 304 and no body.
			etag := res.Header.Get("ETag")
			if etag == "" {
				t.Fatalf("GET %s: no ETag", tt.path)
			}
			req, _ := http.NewRequest(http.MethodGet, ts.URL+tt.path, nil)
			req.Header.Set("If-None-Match", etag)
			res2, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b2, _ := io.ReadAll(res2.Body)
			res2.Body.Close()
			if res2.StatusCode != http.StatusNotModified || len(b2) != 0 {
				t.Errorf("GET %s with If-None-Match %s: %d with %d bytes, want 304 and none", tt.path, etag, res2.StatusCode, len(b2))
			}
		})
	}
}

// webFiles reads the files of api/web the binary embeds: the page, its
// style sheet and its scripts, not their tests.
func webFiles(t *testing.T) map[string]string {
	t.Helper()
	files := map[string]string{}
	entries, err := os.ReadDir("web")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if ext := filepath.Ext(e.Name()); e.IsDir() || (ext != ".html" && ext != ".css" && ext != ".js") {
			continue
		}
		b, err := os.ReadFile(filepath.Join("web", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = string(b)
	}
	return files
}

// The page loads nothing from outside: no absolute or protocol-relative
// URL in any file but the f-puzzles link it offers the player (a link to
// follow, not a resource it loads), and every file index.html loads
// exists.
func TestPlaygroundSelfContained(t *testing.T) {
	files := webFiles(t)
	outside := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}|@import|<iframe`)
	links := map[string]string{"game.js": "export const FPUZZLES = 'https://www.f-puzzles.com/?load=';"}
	for name, text := range files {
		for _, line := range strings.Split(text, "\n") {
			code := line
			if strings.HasSuffix(name, ".js") || strings.HasSuffix(name, ".css") {
				// JS line comments and CSS/JS block comments may name things.
				code = regexp.MustCompile(`^\s*//.*$|/\*.*?\*/`).ReplaceAllString(code, "")
			}
			if m := outside.FindString(code); m != "" && strings.TrimSpace(line) != links[name] {
				t.Errorf("%s loads or names an outside resource %q in: %s", name, m, strings.TrimSpace(line))
			}
		}
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"#:]+)"`).FindAllStringSubmatch(files["index.html"], -1)
	if len(refs) < 2 {
		t.Fatalf("index.html loads %d files, want app.js and style.css at least", len(refs))
	}
	for _, r := range refs {
		if _, ok := files[r[1]]; !ok && r[1] != "openapi.yaml" {
			t.Errorf("index.html loads %q, which api/web does not have", r[1])
		}
	}
	// The scripts are ES modules: each imports only files beside it.
	imports := regexp.MustCompile(`(?m)^\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']*)'`)
	for name, text := range files {
		if !strings.HasSuffix(name, ".js") {
			continue
		}
		for _, m := range imports.FindAllStringSubmatch(text, -1) {
			file, ok := strings.CutPrefix(m[1], "./")
			if _, found := files[file]; !ok || !found {
				t.Errorf("%s imports %q, want ./NAME of a script in api/web", name, m[1])
			}
		}
	}
}

// The page is a client of the public API only: it calls the six
// documented game endpoints and nothing else.
func TestPlaygroundUsesPublicAPI(t *testing.T) {
	var js string
	for name, text := range webFiles(t) {
		if strings.HasSuffix(name, ".js") {
			js += text
		}
	}
	calls := regexp.MustCompile(`\bapi\('([a-z/]+)'`).FindAllStringSubmatch(js, -1)
	var got []string
	for _, c := range calls {
		if !slices.Contains(got, c[1]) {
			got = append(got, c[1])
		}
	}
	slices.Sort(got)
	if want := []string{"generate", "hint", "puzzles", "shapes", "solve", "techniques", "validate"}; !slices.Equal(got, want) {
		t.Errorf("the scripts call %v, want exactly %v", got, want)
	}
	if n := strings.Count(js, "fetch("); n != 1 {
		t.Errorf("the scripts have %d fetch calls, want the one in api()", n)
	}
}

// The scripts' Node tests and package.json stay out of the binary.
func TestPlaygroundServesNoTests(t *testing.T) {
	srv, err := api.New(api.DefaultConfig(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/package.json", "/test/board.test.js", "/test/shapes.json", "/test/"} {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, rec.Code)
		}
	}
}

// The Node tests of the playground's scripts (web/test) read a copy of
// GET /shapes: it must be what the server answers.
func TestPlaygroundShapesFixture(t *testing.T) {
	srv, err := api.New(api.DefaultConfig(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/shapes", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /shapes: %d %s", rec.Code, rec.Body)
	}
	var got, want any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join("web", "test", "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatalf("web/test/shapes.json: %v", err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("web/test/shapes.json differs from GET /shapes (-file +server); copy the answer there:\n%s", diff)
	}
}
