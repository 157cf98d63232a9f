package api

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/internal/dataset"
)

// Benchmarks through the real router, in process (httptest.NewRecorder),
// so they measure the API's own cost: routing, middleware, decoding,
// validation, the engine and encoding.
//
//	go test ./api -run '^$' -bench . -benchtime 2000x

// benchPost serves body to target b.N times across GOMAXPROCS goroutines.
func benchPost(b *testing.B, h http.Handler, target string, body []byte, wantStatus int) {
	b.Helper()
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest("POST", target, bytes.NewReader(body))
			req.Header.Set("Content-Type", mediaJSON)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != wantStatus {
				b.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
			}
		}
	})
}

func magictour(b *testing.B) string {
	return dataset.Load(b, "9x9/magictour_top1465.txt", 1)[0]
}

func BenchmarkSolveMagictour(b *testing.B) {
	srv := mustNew(b, DefaultConfig(), nil, nil)
	benchPost(b, srv, "/solve", []byte(`{"puzzle":"`+magictour(b)+`"}`), 200)
}

// bareSolve is the baseline /solve is held to (at least half its rate): a
// plain net/http handler that decodes, solves and encodes, with no router,
// middleware, validator, limiter or metrics.
func bareSolve() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Puzzle string `json:"puzzle"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		bd, err := engine.Parse(req.Puzzle, 0, "")
		if err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		res, err := engine.Solve(r.Context(), bd, engine.Limits{})
		if err != nil {
			http.Error(w, err.Error(), http.StatusUnprocessableEntity)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"solution": res.Solution.String(), "unique": res.Unique})
	})
}

func BenchmarkSolveMagictourBareHTTP(b *testing.B) {
	benchPost(b, bareSolve(), "/solve", []byte(`{"puzzle":"`+magictour(b)+`"}`), 200)
}

// BenchmarkSolveVersusBare runs both over a real loopback connection, the
// way the load test will, and reports the API's share of the bare
// handler's throughput.
func BenchmarkSolveVersusBare(b *testing.B) {
	body := []byte(`{"puzzle":"` + magictour(b) + `"}`)
	// run serves b.N requests through h and returns the seconds taken.
	run := func(h http.Handler) float64 {
		ts := httptest.NewServer(h)
		defer ts.Close()
		client := ts.Client()
		client.Transport.(*http.Transport).MaxIdleConnsPerHost = 64
		start := time.Now()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				resp, err := client.Post(ts.URL+"/solve", mediaJSON, bytes.NewReader(body))
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					b.Fatalf("status %d", resp.StatusCode)
				}
			}
		})
		return time.Since(start).Seconds()
	}
	b.SetParallelism(4)
	srv := mustNew(b, DefaultConfig(), nil, nil)
	defer srv.Close()
	// Alternate the two so that a change in the machine's load hits both.
	var apiSecs, bareSecs float64
	for range 2 {
		apiSecs += run(srv)
		bareSecs += run(bareSolve())
	}
	api, bare := float64(2*b.N)/apiSecs, float64(2*b.N)/bareSecs
	b.ReportMetric(api, "api-req/s")
	b.ReportMetric(bare, "bare-req/s")
	b.ReportMetric(api/bare, "api/bare")
}

func BenchmarkValidateSingle(b *testing.B) {
	srv := mustNew(b, DefaultConfig(), nil, nil)
	benchPost(b, srv, "/validate", []byte(`{"puzzle":"`+classicSolved+`"}`), 200)
}

func BenchmarkValidateSolvable(b *testing.B) {
	srv := mustNew(b, DefaultConfig(), nil, nil)
	benchPost(b, srv, "/validate", []byte(`{"puzzle":"`+magictour(b)+`","solvable":true}`), 200)
}

func BenchmarkValidateBatch1000(b *testing.B) {
	puzzles := dataset.Load(b, "9x9/17_clue.txt", 1000)
	var buf bytes.Buffer
	buf.WriteString(`{"items":[`)
	for i, p := range puzzles {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString(`{"id":"` + strconv.Itoa(i) + `","puzzle":"` + p + `"}`)
	}
	buf.WriteString(`]}`)
	srv := mustNew(b, DefaultConfig(), nil, nil)
	benchPost(b, srv, "/validate", buf.Bytes(), 200)
	b.ReportMetric(float64(b.N*len(puzzles))/b.Elapsed().Seconds(), "items/s")
}

func BenchmarkHealthz(b *testing.B) {
	srv := mustNew(b, DefaultConfig(), nil, nil)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
	}
}

// BenchmarkValidateStream streams 9×9 grids (puzzles and solved grids) as
// NDJSON over a loopback connection, one b.N-line stream, and reports
// lines/s and the peak live heap. For a million lines:
//
//	go test ./api -run '^$' -bench ValidateStream -benchtime 1000000x
func BenchmarkValidateStream(b *testing.B) {
	puzzles := dataset.Load(b, "9x9/17_clue.txt", 1000)
	puzzles = append(puzzles, classicSolved)
	ts, _ := streamServer(b, DefaultConfig())
	runtime.GC()
	before := heapInUse()
	b.ResetTimer()
	peak := streamLines(b, ts.URL, puzzles, b.N)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(float64(before)/(1<<20), "heap-before-MiB")
	b.ReportMetric(float64(max(peak, before))/(1<<20), "heap-peak-MiB")
}

// BenchmarkItemFast and BenchmarkItemSlow compare the two item paths.
func BenchmarkItemFast(b *testing.B) {
	c := &itemChecker{validate: newValidator()}
	item := []byte(`{"id":"17","puzzle":"` + classicSolved + `"}`)
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		out, _ = c.appendItem(out[:0], item)
	}
}

func BenchmarkItemSlow(b *testing.B) {
	c := &itemChecker{validate: newValidator()}
	item := []byte(`{"id":"17","puzzle":"` + classicSolved + `"}`)
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		out, _ = c.appendSlow(out[:0], item)
	}
}

func BenchmarkHint(b *testing.B) {
	srv := mustNew(b, DefaultConfig(), nil, nil)
	benchPost(b, srv, "/hint", []byte(`{"puzzle":"`+classic+`"}`), 200)
}
