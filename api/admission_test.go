package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

// TestBudget: reservations fit in the budget, wait in arrival order (a
// small one does not pass a large one that waits), give up when their
// context ends, and one larger than the budget takes all of it.
func TestBudget(t *testing.T) {
	b := newBudget(100, time.Hour)
	ctx := t.Context()
	if n, ok := b.acquire(ctx, 60); !ok || n != 60 {
		t.Fatalf("60 of 100: %d, %v", n, ok)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, ok := b.acquire(done, 50); ok {
		t.Fatal("50 more of 100 with 60 taken: granted")
	}
	got := make(chan int64, 2)
	go func() { n, _ := b.acquire(ctx, 50); got <- n }()
	waitFor(t, func() bool { return b.waiting() == 1 })
	go func() { n, _ := b.acquire(ctx, 10); got <- n }() // fits, but 50 came first
	waitFor(t, func() bool { return b.waiting() == 2 })
	b.release(60)
	if a, c := <-got, <-got; a+c != 60 {
		t.Fatalf("granted %d and %d after the release, want 50 and 10", a, c)
	}
	b.release(60)
	if n, ok := b.acquire(ctx, 1000); !ok || n != 100 {
		t.Fatalf("1000 of an empty 100: %d, %v; want the whole budget", n, ok)
	}
	short := newBudget(10, time.Millisecond)
	short.acquire(ctx, 10)
	if _, ok := short.acquire(ctx, 1); ok || short.waiting() != 0 {
		t.Fatalf("a wait that ran out: granted %v, %d still waiting", ok, short.waiting())
	}
}

// waiting is the number of reservations waiting.
func (b *budget) waiting() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.waiters)
}

// inUse is the number of bytes reserved.
func (b *budget) inUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// waitFor polls cond for up to 20s: for states another goroutine reaches.
func waitFor(tb testing.TB, cond func() bool) {
	tb.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			tb.Fatal("condition not reached in 20s")
		}
	}
}

// TestValidateShedsWhenMemoryIsTaken: with /validate's memory reserved, a
// single check, a batch and a stream are each shed with 503 overloaded and
// Retry-After after the queue wait, and counted; once it is free they are
// answered. Without admission control any number of batches would run at
// once, one of them enough to take 1.5 GB.
func TestValidateShedsWhenMemoryIsTaken(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ValidateMemory = 1 << 20
	cfg.QueueWait = time.Millisecond
	c := newClient(t, cfg)
	m := c.srv.deps.metrics
	if got := testutil.ToFloat64(m.validateMemoryLimit); got != 1<<20 {
		t.Errorf("memory limit gauge %v, want %d", got, 1<<20)
	}
	held, _ := c.srv.deps.memory.acquire(t.Context(), cfg.ValidateMemory)
	batch := `{"items":[{"puzzle":"` + classic + `"}]}`
	requests := []struct{ ct, body string }{
		{mediaJSON, `{"puzzle":"` + classic + `"}`},
		{mediaJSON, batch},
		{mediaNDJSON, `{"puzzle":"` + classic + `"}` + "\n"},
	}
	for _, req := range requests {
		ex := c.do(http.MethodPost, "/validate", req.ct, []byte(req.body))
		if ex.status != http.StatusServiceUnavailable || ex.problem(t).Code != codeOverloaded || ex.header.Get("Retry-After") != "1" {
			t.Fatalf("%s with the memory taken: %d %s %q", req.ct, ex.status, ex.body, ex.header.Get("Retry-After"))
		}
	}
	if got := testutil.ToFloat64(m.shed.WithLabelValues("/validate")); got != 3 {
		t.Errorf("shed{/validate} = %v, want 3", got)
	}
	c.srv.deps.memory.release(held)
	for _, req := range requests {
		if ex := c.do(http.MethodPost, "/validate", req.ct, []byte(req.body)); ex.status != http.StatusOK {
			t.Fatalf("%s with the memory free: %d %s", req.ct, ex.status, ex.body)
		}
	}
	if got := testutil.ToFloat64(m.validateMemory); got != 0 {
		t.Errorf("reserved memory gauge %v after every request, want 0", got)
	}
}

// TestValidateStreamLimit: with -max-streams 2, two open streams are
// counted in sudokud_validate_streams_open and a third is shed with 503
// overloaded and Retry-After; when one ends, a new one is taken. Nothing
// bounded the streams: 4,000 idle ones took 283 MiB.
func TestValidateStreamLimit(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxStreams = 2
	ts, srv := streamServer(t, cfg)
	m := srv.deps.metrics
	if got := testutil.ToFloat64(m.streamsLimit); got != 2 {
		t.Errorf("streams limit gauge %v, want 2", got)
	}
	type stream struct {
		resp *http.Response
		in   *io.PipeWriter
	}
	open := func() stream {
		pr, pw := io.Pipe()
		return stream{postStream(t, t.Context(), ts.URL, pr), pw}
	}
	a, b := open(), open()
	defer b.in.Close()
	defer b.resp.Body.Close()
	if a.resp.StatusCode != http.StatusOK || b.resp.StatusCode != http.StatusOK {
		t.Fatalf("two streams of two: %d, %d", a.resp.StatusCode, b.resp.StatusCode)
	}
	if got := testutil.ToFloat64(m.streamsOpen); got != 2 {
		t.Errorf("streams open gauge %v, want 2", got)
	}
	// Each open stream holds its share of /validate's memory.
	if got, want := testutil.ToFloat64(m.validateMemory), float64(2*streamCost(srv.deps.cfg)); got != want {
		t.Errorf("reserved memory gauge %v with two streams open, want %v", got, want)
	}
	third := postStream(t, t.Context(), ts.URL, strings.NewReader(`{"puzzle":"`+classic+`"}`+"\n"))
	body, _ := io.ReadAll(third.Body)
	third.Body.Close()
	var p problem
	json.Unmarshal(body, &p)
	if third.StatusCode != http.StatusServiceUnavailable || p.Code != codeOverloaded || third.Header.Get("Retry-After") != "1" {
		t.Fatalf("a third stream: %d %s %q", third.StatusCode, body, third.Header.Get("Retry-After"))
	}
	if !strings.Contains(p.Detail, "2 NDJSON streams") {
		t.Errorf("detail %q does not name the limit", p.Detail)
	}
	// The stream's release runs before its handler returns, so the end of
	// its answer comes after it.
	a.in.Close()
	io.Copy(io.Discard, a.resp.Body)
	a.resp.Body.Close()
	if got := testutil.ToFloat64(m.streamsOpen); got != 1 {
		t.Errorf("streams open gauge %v after one ended, want 1", got)
	}
	again := postStream(t, t.Context(), ts.URL, strings.NewReader(`{"puzzle":"`+classicSolved+`"}`+"\n"))
	body, _ = io.ReadAll(again.Body)
	again.Body.Close()
	if again.StatusCode != http.StatusOK || !strings.Contains(string(body), `"solved":true`) {
		t.Fatalf("a stream after one ended: %d %s", again.StatusCode, body)
	}
}

// amplifyingBatch is a batch of n 25×25 boards of 625 1s, each item named
// by its index: every cell of every board is in conflict, so the answer is
// about 60 times the request (37.7 KB of conflicts per 640-byte item).
func amplifyingBatch(n int) []byte {
	var buf bytes.Buffer
	buf.WriteString(`{"items":[`)
	ones := strings.Repeat("1", 625)
	for i := range n {
		if i > 0 {
			buf.WriteByte(',')
		}
		fmt.Fprintf(&buf, `{"id":"%d","puzzle":"%s"}`, i, ones)
	}
	buf.WriteString(`]}`)
	return buf.Bytes()
}

// checkAmplified reads the answer to amplifyingBatch(n) one result at a
// time: each in order, invalid, with all 625 cells in conflict, and the
// summary. It returns the first error.
func checkAmplified(r io.Reader, n int) error {
	dec := json.NewDecoder(r)
	for _, want := range []string{"{", "results", "["} {
		tok, err := dec.Token()
		if err != nil || fmt.Sprint(tok) != want {
			return fmt.Errorf("token %v, %v; want %s", tok, err, want)
		}
	}
	i := 0
	for ; dec.More(); i++ {
		var res itemResult
		if err := dec.Decode(&res); err != nil {
			return fmt.Errorf("result %d: %w", i, err)
		}
		if res.ID == nil || *res.ID != fmt.Sprint(i) || res.Valid == nil || *res.Valid || len(res.Conflicts) != 625 {
			return fmt.Errorf("result %d: id %v, valid %v, %d conflicts; want id %d, invalid, 625", i, res.ID, res.Valid, len(res.Conflicts), i)
		}
	}
	if i != n {
		return fmt.Errorf("%d results, want %d", i, n)
	}
	var rest struct {
		Summary summary `json:"summary"`
	}
	dec.Token() // ]
	if tok, err := dec.Token(); err != nil || tok != "summary" {
		return fmt.Errorf("token %v, %v; want summary", tok, err)
	}
	if err := dec.Decode(&rest.Summary); err != nil {
		return err
	}
	if want := (summary{Total: n, Complete: n}); rest.Summary != want {
		return fmt.Errorf("summary %+v, want %+v", rest.Summary, want)
	}
	if tok, err := dec.Token(); err != nil || fmt.Sprint(tok) != "}" {
		return fmt.Errorf("token %v, %v; want }", tok, err)
	}
	return nil
}

// heapWatch is a ResponseWriter that passes the answer on to a checker
// through a pipe, keeping none of it, and measures the live heap (after a
// collection) at every fourth write and at any large one.
type heapWatch struct {
	header http.Header
	status int
	out    *io.PipeWriter
	writes int
	bytes  int64
	peak   uint64
}

func (w *heapWatch) Header() http.Header { return w.header }
func (w *heapWatch) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *heapWatch) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.writes++
	w.bytes += int64(len(p))
	if w.writes%4 == 0 || len(p) > 1<<20 {
		runtime.GC()
		w.peak = max(w.peak, heapInUse())
	}
	return w.out.Write(p)
}

// TestValidateBatchAnswerIsStreamed: a 2,000-item batch whose answer is 75
// MB is written as it is computed: the live heap while it is written stays
// under a third of the answer, and every result is right. Built whole in
// memory, an answer takes twice its size: 10,000 such items, 1.5 GB of RSS.
func TestValidateBatchAnswerIsStreamed(t *testing.T) {
	const n = 2000
	srv := mustNew(t, Config{Workers: 2}, nil, nil)
	t.Cleanup(srv.Close)
	req := httptest.NewRequest(http.MethodPost, "/validate", bytes.NewReader(amplifyingBatch(n)))
	req.Header.Set("Content-Type", mediaJSON)
	pr, pw := io.Pipe()
	checked := make(chan error, 1)
	go func() {
		err := checkAmplified(pr, n)
		io.Copy(io.Discard, pr)
		checked <- err
	}()
	w := &heapWatch{header: http.Header{}, out: pw}
	runtime.GC()
	base := heapInUse()
	srv.ServeHTTP(w, req)
	pw.Close()
	if err := <-checked; err != nil {
		t.Fatal(err)
	}
	if w.status != http.StatusOK || w.header.Get("Content-Type") != mediaJSON {
		t.Fatalf("status %d, Content-Type %q", w.status, w.header.Get("Content-Type"))
	}
	if w.bytes < 70<<20 {
		t.Fatalf("answer of %d bytes, want about 75 MB", w.bytes)
	}
	t.Logf("live heap grew by %d KB at most while writing %d MB in %d writes", (int64(w.peak)-int64(base))>>10, w.bytes>>20, w.writes)
	if grew := int64(w.peak) - int64(base); grew > w.bytes/3 {
		t.Errorf("live heap grew by %d MB while writing a %d MB answer in %d writes, want under a third of it",
			grew>>20, w.bytes>>20, w.writes)
	}
}

// TestValidateBatchAbortsWhenItCannotFinish: a batch whose answer is being
// written when the server gives up on it (here its drain time is up:
// Server.Close cancels the request) is cut off so that the client sees an error, not a
// clean end of a partial answer.
func TestValidateBatchAbortsWhenItCannotFinish(t *testing.T) {
	srv := mustNew(t, Config{Workers: 2}, nil, nil)
	t.Cleanup(srv.Close)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	resp, err := http.Post(ts.URL+"/validate", mediaJSON, bytes.NewReader(amplifyingBatch(2000)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	// 75 MB cannot all sit in the socket buffers: the server is still
	// writing when the request is cancelled.
	if _, err := io.CopyN(io.Discard, resp.Body, 1<<20); err != nil {
		t.Fatal(err)
	}
	srv.Close() // what sudokud does when the drain time is up
	n, err := io.Copy(io.Discard, resp.Body)
	if err == nil {
		t.Fatalf("the answer ended cleanly %d bytes after the cancel: a partial answer looks whole", n)
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Logf("read error %v", err)
	}
}
