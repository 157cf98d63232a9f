package api

import (
	"net/http/httptest"
	"strconv"
	"testing"
)

// BenchmarkGenerate9x9Easy generates one seeded 9×9 easy puzzle per op.
func BenchmarkGenerate9x9Easy(b *testing.B) {
	srv := mustNew(b, DefaultConfig(), nil, nil)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", "/generate?difficulty=easy&seed="+strconv.Itoa(i), nil))
		if rec.Code != 200 {
			b.Fatalf("%d %s", rec.Code, rec.Body)
		}
	}
}
