package api

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

// pdfPages counts the page objects of a PDF and returns the MediaBox of
// its pages (render's tests read booklets back with poppler's tools).
func pdfPages(tb testing.TB, pdf []byte) (int, string) {
	tb.Helper()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf[len(pdf)-32:], []byte("%%EOF")) {
		tb.Fatalf("not a whole PDF: %.40q … %q", pdf, pdf[max(0, len(pdf)-32):])
	}
	pages := regexp.MustCompile(`/Type /Page\b`).FindAll(pdf, -1)
	box := regexp.MustCompile(`/MediaBox \[([^\]]*)\]`).FindSubmatch(pdf)
	if box == nil {
		tb.Fatal("no MediaBox")
	}
	return len(pages), string(box[1])
}

// TestPrint: POST /print makes the booklet of the ids and the generated
// puzzles, its pages and paper as asked.
func TestPrint(t *testing.T) {
	c := newClient(t, DefaultConfig())
	for _, tc := range []struct {
		body  string
		pages int
		box   string
	}{
		{`{"generate":{"difficulty":"easy","seed":3,"count":5},"per_page":2,"paper":"letter"}`, 6, "0 0 612.00 792.00"},
		{`{"generate":{"size":6,"difficulty":"easy","count":7}}`, 4, "0 0 595.28 841.89"},
		{`{"ids":["` + engine.EncodeID(mustParse(t, classic, 0, "")) + `"],"per_page":1,"solutions":false,"title":"Mine"}`, 1, "0 0 595.28 841.89"},
		{`{"ids":["` + engine.EncodeID(mustParse(t, classic, 0, "")) + `"],"generate":{"size":4,"difficulty":"easy","count":5},"per_page":6,"solutions":true}`, 2, "0 0 595.28 841.89"},
	} {
		ex := c.post("/print", tc.body)
		if ex.status != http.StatusOK || ex.header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("%s: %d %s %.300s", tc.body, ex.status, ex.header.Get("Content-Type"), ex.body)
		}
		if pages, box := pdfPages(t, ex.body); pages != tc.pages || box != tc.box {
			t.Errorf("%s: %d pages of %s, want %d of %s", tc.body, pages, box, tc.pages, tc.box)
		}
	}
}

// TestPrintRefused: bad requests are 400 with their code, puzzles that
// cannot be printed 422.
func TestPrintRefused(t *testing.T) {
	c := newClient(t, DefaultConfig())
	id := engine.EncodeID(mustParse(t, classic, 0, ""))
	clash := engine.EncodeID(mustParse(t, "55"+classic[2:], 0, ""))
	ids := func(n int) string { return `["` + strings.TrimSuffix(strings.Repeat(id+`","`, n), `","`) + `"]` }
	for _, tc := range []struct {
		body   string
		status int
		code   string
	}{
		{`{}`, 400, codeInvalidRequest},
		{`{"per_page":4}`, 400, codeInvalidRequest},
		{`{"ids":[]}`, 400, codeInvalidRequest},
		{`{"ids":` + ids(101) + `}`, 400, codeInvalidRequest},
		{`{"ids":` + ids(60) + `,"generate":{"count":41}}`, 400, codeInvalidRequest},
		{`{"ids":["` + id + `"],"per_page":3}`, 400, codeInvalidRequest},
		{`{"ids":["` + id + `"],"paper":"a3"}`, 400, codeInvalidRequest},
		{`{"ids":["` + id + `"],"pages":2}`, 400, codeInvalidRequest},
		{`{"generate":{"count":101}}`, 400, codeInvalidRequest},
		{`{"generate":{"size":7}}`, 400, codeInvalidBoard},
		{`{"ids":["` + id + `","garbage"]}`, 400, codeInvalidID},
		{`{"ids":["` + id[:len(id)-3] + `"]}`, 400, codeInvalidID},
		{`{"ids":["` + clash + `"]}`, 422, codeConflict},
		{`{"generate":{"size":4,"difficulty":"expert"}}`, 422, codeDifficultyUnavailable},
	} {
		ex := c.post("/print", tc.body)
		if ex.status != tc.status || ex.problem(t).Code != tc.code {
			t.Errorf("%.120s: %d %s; want %d %s", tc.body, ex.status, ex.body, tc.status, tc.code)
		}
	}
	if ex := c.post("/print", `{"ids":["`+id+`","garbage"]}`); !strings.HasPrefix(ex.problem(t).Detail, "ids[1]: ") {
		t.Errorf("the bad id is not named: %s", ex.body)
	}
}

// benchPrint posts each body of bodies in turn b.N times and checks
// that a PDF comes back.
func benchPrint(b *testing.B, bodies ...string) {
	srv := mustNew(b, DefaultConfig(), nil, nil)
	b.Cleanup(srv.Close)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/print", strings.NewReader(bodies[i%len(bodies)]))
		req.Header.Set("Content-Type", mediaJSON)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || !bytes.HasPrefix(rec.Body.Bytes(), []byte("%PDF-")) {
			b.Fatalf("%d %.300s", rec.Code, rec.Body)
		}
		i++
	}
}

// BenchmarkPrint100Generated: a booklet of 100 medium 9×9 puzzles made
// for it, four a page with their solutions (50 pages).
func BenchmarkPrint100Generated(b *testing.B) {
	var bodies []string
	for seed := range 5 {
		bodies = append(bodies, fmt.Sprintf(`{"generate":{"difficulty":"medium","count":100,"seed":%d}}`, seed*100))
	}
	benchPrint(b, bodies...)
}

// BenchmarkPrint100IDs: the same booklet of 100 puzzles given by id, each
// solved and graded for its level.
func BenchmarkPrint100IDs(b *testing.B) {
	ids := benchIDs(b, 100, engine.Medium)
	benchPrint(b, `{"ids":["`+strings.Join(ids, `","`)+`"]}`)
}
