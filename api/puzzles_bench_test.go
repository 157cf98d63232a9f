package api

import (
	"context"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/sudokud/sudokud/engine"
)

// benchIDs returns the ids of n generated 9×9 puzzles of level.
func benchIDs(b *testing.B, n int, level engine.Level) []string {
	b.Helper()
	ids := make([]string, n)
	for i := range ids {
		p, err := engine.Generate(context.Background(), engine.NewRand(int64(i)), engine.Options{Shape: engine.Shape{Size: 9, BoxRows: 3, BoxCols: 3}, Level: level})
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = engine.EncodeID(p.Puzzle)
	}
	return ids
}

// benchGet serves GET prefix+id+suffix b.N times in one goroutine, the ids
// taken in turn, and reports the latency's p50 and p99.
func benchGet(b *testing.B, ids []string, prefix, suffix string) {
	b.Helper()
	srv := mustNew(b, DefaultConfig(), nil, nil)
	b.Cleanup(srv.Close)
	b.ReportAllocs()
	took := make([]time.Duration, 0, b.N)
	i := 0
	for b.Loop() {
		target := prefix + ids[i%len(ids)] + suffix
		i++
		start := time.Now()
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		took = append(took, time.Since(start))
		if rec.Code != 200 {
			b.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkPuzzleByID: GET /puzzles/{id} of 100 generated medium puzzles
// (solve and grade each time: the server keeps no state).
func BenchmarkPuzzleByID(b *testing.B) {
	benchGet(b, benchIDs(b, 100, engine.Medium), "/puzzles/", "")
}

// BenchmarkPuzzleByIDHard: the same with hard puzzles.
func BenchmarkPuzzleByIDHard(b *testing.B) {
	benchGet(b, benchIDs(b, 50, engine.Hard), "/puzzles/", "")
}

func BenchmarkPuzzleSVG(b *testing.B) {
	benchGet(b, benchIDs(b, 20, engine.Medium), "/puzzles/", ".svg")
}

func BenchmarkPuzzlePNG600(b *testing.B) {
	benchGet(b, benchIDs(b, 20, engine.Medium), "/puzzles/", ".png?px=600")
}

func BenchmarkPuzzlePNG600Solution(b *testing.B) {
	benchGet(b, benchIDs(b, 20, engine.Medium), "/puzzles/", ".png?px=600&solution=true")
}
