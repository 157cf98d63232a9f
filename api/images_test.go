package api

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/sudokud/sudokud/engine"
)

// TestPuzzleImages: GET /puzzles/{id}.svg and .png draw the puzzle at the
// asked width, cached for good with an ETag of their own that gets 304.
func TestPuzzleImages(t *testing.T) {
	c := newClient(t, DefaultConfig())
	id := engine.EncodeID(mustParse(t, classic, 0, ""))
	for _, tc := range []struct {
		path  string
		width int
		texts int // SVG text elements: the givens, and the solution's cells with solution=true
	}{
		{"/puzzles/" + id + ".svg", 600, 30},
		{"/puzzles/" + id + ".svg?px=100&theme=dark", 100, 30},
		{"/puzzles/" + id + ".svg?solution=true&px=2000&theme=light", 2000, 81},
		{"/puzzles/" + id + ".png", 600, 0},
		{"/puzzles/" + id + ".png?px=333&theme=dark&solution=true", 333, 0},
	} {
		ex := c.do(http.MethodGet, tc.path, "", nil)
		if ex.status != http.StatusOK {
			t.Fatalf("%s: %d %s", tc.path, ex.status, ex.body)
		}
		etag := ex.header.Get("ETag")
		if ex.header.Get("Cache-Control") != cacheForever || !strings.HasPrefix(etag, `"`+id+`.`) {
			t.Errorf("%s: Cache-Control %q, ETag %q", tc.path, ex.header.Get("Cache-Control"), etag)
		}
		if strings.Contains(tc.path, ".svg") {
			if ct := ex.header.Get("Content-Type"); ct != "image/svg+xml" {
				t.Errorf("%s: Content-Type %q", tc.path, ct)
			}
			var doc struct {
				Width int `xml:"width,attr"`
				Texts []struct {
					Text string `xml:",chardata"`
				} `xml:"g>text"`
			}
			if err := xml.Unmarshal(ex.body, &doc); err != nil {
				t.Fatalf("%s: %v", tc.path, err)
			}
			if doc.Width != tc.width || len(doc.Texts) != tc.texts {
				t.Errorf("%s: width %d with %d texts, want %d and %d", tc.path, doc.Width, len(doc.Texts), tc.width, tc.texts)
			}
		} else {
			if ct := ex.header.Get("Content-Type"); ct != "image/png" {
				t.Errorf("%s: Content-Type %q", tc.path, ct)
			}
			img, err := png.Decode(bytes.NewReader(ex.body))
			if err != nil {
				t.Fatalf("%s: %v", tc.path, err)
			}
			if b := img.Bounds(); b.Dx() != tc.width || b.Dy() != tc.width {
				t.Errorf("%s: %v, want %dx%d", tc.path, b, tc.width, tc.width)
			}
		}
		if ex := c.do(http.MethodGet, tc.path, "", nil, "If-None-Match", etag); ex.status != http.StatusNotModified {
			t.Errorf("%s with If-None-Match %s: %d", tc.path, etag, ex.status)
		}
	}
	if a, b := c.do(http.MethodGet, "/puzzles/"+id+".svg", "", nil), c.do(http.MethodGet, "/puzzles/"+id+".svg?theme=dark", "", nil); a.header.Get("ETag") == b.header.Get("ETag") {
		t.Errorf("the light and dark drawings share the ETag %s", a.header.Get("ETag"))
	}
}

// TestPuzzleImagesRefused: bad ids and options are 400; a solution of a
// puzzle that has none is 422, its drawing is served.
func TestPuzzleImagesRefused(t *testing.T) {
	c := newClient(t, DefaultConfig())
	id := engine.EncodeID(mustParse(t, classic, 0, ""))
	for _, tc := range []struct{ path, code string }{
		{"/puzzles/garbage.svg", codeInvalidID},
		{"/puzzles/" + id[:len(id)-2] + ".png", codeInvalidID},
		{"/puzzles/" + id + ".png?px=99", codeInvalidRequest},
		{"/puzzles/" + id + ".png?px=2001", codeInvalidRequest},
		{"/puzzles/" + id + ".svg?px=wide", codeInvalidRequest},
		{"/puzzles/" + id + ".svg?theme=sepia", codeInvalidRequest},
		{"/puzzles/" + id + ".svg?solution=yes", codeInvalidRequest},
		{"/puzzles/" + id + ".svg?size=9", codeInvalidRequest},
		{"/puzzles/" + id + ".svg?px=200&px=300", codeInvalidRequest},
	} {
		ex := c.do(http.MethodGet, tc.path, "", nil)
		if ex.status != http.StatusBadRequest || ex.problem(t).Code != tc.code {
			t.Errorf("%s: %d %s; want 400 %s", tc.path, ex.status, ex.body, tc.code)
		}
	}
	clash := engine.EncodeID(mustParse(t, "55"+classic[2:], 0, ""))
	if ex := c.do(http.MethodGet, "/puzzles/"+clash+".png?solution=true", "", nil); ex.status != http.StatusUnprocessableEntity {
		t.Errorf("solution of a clash: %d %s", ex.status, ex.body)
	}
	if ex := c.do(http.MethodGet, "/puzzles/"+clash+".png", "", nil); ex.status != http.StatusOK {
		t.Errorf("drawing of a clash: %d %s", ex.status, ex.body)
	}
}

// TestSharingMetrics: each route of ids, drawings, the daily puzzle and
// print is counted under its own route pattern, as the others are.
func TestSharingMetrics(t *testing.T) {
	c := newClient(t, DefaultConfig())
	id := engine.EncodeID(mustParse(t, classic, 0, ""))
	for _, tc := range []struct{ method, path, body, route string }{
		{http.MethodGet, "/puzzles/" + id, "", "/puzzles/{id}"},
		{http.MethodGet, "/puzzles/" + id + ".svg", "", "/puzzles/{id}.svg"},
		{http.MethodGet, "/puzzles/" + id + ".png?px=100", "", "/puzzles/{id}.png"},
		{http.MethodGet, "/daily?size=4&difficulty=easy&date=2026-01-01", "", "/daily"},
		{http.MethodPost, "/puzzles", `{"puzzle":"` + classic + `"}`, "/puzzles"},
		{http.MethodPost, "/print", `{"ids":["` + id + `"]}`, "/print"},
	} {
		ex := c.do(tc.method, tc.path, mediaJSON, []byte(tc.body))
		if ex.status != http.StatusOK {
			t.Fatalf("%s %s: %d %s", tc.method, tc.path, ex.status, ex.body)
		}
		m := c.srv.deps.metrics
		if got := testutil.ToFloat64(m.requests.WithLabelValues(tc.route, tc.method, "200")); got != 1 {
			t.Errorf("%s %s: requests{route=%q} = %v, want 1", tc.method, tc.path, tc.route, got)
		}
	}
}
