package api

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	rtmetrics "runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/sudokud/sudokud/internal/dataset"
)

// streamServer runs the API on a real listener, as streams need one.
func streamServer(tb testing.TB, cfg Config) (*httptest.Server, *Server) {
	tb.Helper()
	srv := mustNew(tb, cfg, nil, nil)
	ts := httptest.NewServer(srv)
	tb.Cleanup(ts.Close)
	return ts, srv
}

// postStream sends body as NDJSON and returns the answer.
func postStream(tb testing.TB, ctx context.Context, url string, body io.Reader) *http.Response {
	tb.Helper()
	req, err := http.NewRequestWithContext(ctx, "POST", url+"/validate", body)
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", mediaNDJSON)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	return resp
}

func TestValidateStream(t *testing.T) {
	ts, _ := streamServer(t, Config{MaxLineBytes: 1024})
	lines := []string{
		`{"id":"solved","puzzle":"` + classicSolved + `"}`,
		`{"puzzle":"` + classic + `"}`,
		`not json`,
		``,
		`{"id":"long","puzzle":"` + strings.Repeat(".", 2000) + `"}`,
		`{"id":"typo","puzle":"` + classic + `"}`,
		`{"id":"short","puzzle":"123"}`,
		`{"grid":[[1,1,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}`,
		"{\"id\":\"crlf\",\"puzzle\":\"" + classic + "\"}\r",
		`{"id":"esc\u00e9","puzzle":"` + classic + `"}`,
	}
	body := strings.Join(lines, "\n") // no newline after the last line
	resp := postStream(t, context.Background(), ts.URL, strings.NewReader(body))
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != mediaNDJSON {
		t.Fatalf("status %d, Content-Type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	req := httptest.NewRequest("POST", "/validate", nil)
	req.Header.Set("Content-Type", mediaNDJSON)
	checkExchange(t, req, []byte(body), &exchange{status: resp.StatusCode, header: resp.Header, body: out})

	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d result lines for %d request lines:\n%s", len(got), len(lines), out)
	}
	want := []struct{ id, code string }{
		{"solved", ""}, {"", ""}, {"", codeInvalidJSON}, {"", codeInvalidJSON}, {"", codeBodyTooLarge},
		{"typo", codeInvalidRequest}, {"short", codeInvalidBoard}, {"", ""}, {"crlf", ""}, {"escé", ""},
	}
	for i, line := range got {
		var r itemResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("line %d %q: %v", i, line, err)
		}
		id, code := "", ""
		if r.ID != nil {
			id = *r.ID
		}
		if r.Error != nil {
			code = r.Error.Code
		}
		if id != want[i].id || code != want[i].code {
			t.Errorf("line %d: %s; want id %q code %q", i, line, want[i].id, want[i].code)
		}
	}
	if !strings.Contains(got[0], `"solved":true`) || !strings.Contains(got[7], `"valid":false`) {
		t.Errorf("results:\n%s", out)
	}
}

// TestValidateStreamAnswersAsItGoes sends one line at a time and reads its
// result before sending the next: results are flushed as computed, not held
// until the request ends.
func TestValidateStreamAnswersAsItGoes(t *testing.T) {
	ts, _ := streamServer(t, DefaultConfig())
	pr, pw := io.Pipe()
	defer pw.Close()
	resp := postStream(t, context.Background(), ts.URL, pr)
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	for i := range 5 {
		fmt.Fprintf(pw, `{"id":"%d","puzzle":"%s"}`+"\n", i, classic)
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("result %d: %v", i, err)
		}
		if want := fmt.Sprintf(`{"id":"%d","valid":true`, i); !strings.HasPrefix(line, want) {
			t.Fatalf("result %d: %q", i, line)
		}
	}
	pw.Close()
	if rest, _ := io.ReadAll(br); len(rest) != 0 {
		t.Fatalf("extra output %q", rest)
	}
}

// TestValidateStreamByteOrderMark: a UTF-8 byte order mark that starts the
// stream is skipped; one anywhere else (a second mark, the start of a later
// line) is an error in its line's result, as any stray byte is.
func TestValidateStreamByteOrderMark(t *testing.T) {
	ts, _ := streamServer(t, DefaultConfig())
	item := func(id string) string { return `{"id":"` + id + `","puzzle":"` + classic + `"}` + "\n" }
	tests := []struct {
		name  string
		body  string
		codes []string // each result's error code, "" for a valid result
	}{
		{"at the start", utf8BOM + item("a") + item("b"), []string{"", ""}},
		{"at a later line", item("a") + utf8BOM + item("b") + item("c"), []string{"", codeInvalidJSON, ""}},
		{"two at the start", utf8BOM + utf8BOM + item("a") + item("b"), []string{codeInvalidJSON, ""}},
		{"at the start and a later line", utf8BOM + item("a") + utf8BOM + item("b"), []string{"", codeInvalidJSON}},
		{"mark only", utf8BOM, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := postStream(t, context.Background(), ts.URL, strings.NewReader(tt.body))
			defer resp.Body.Close()
			out, err := io.ReadAll(resp.Body)
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d, %v", resp.StatusCode, err)
			}
			var codes []string
			for line := range strings.Lines(string(out)) {
				var r itemResult
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("result %q: %v", line, err)
				}
				code := ""
				if r.Error != nil {
					code = r.Error.Code
				} else if r.Valid == nil || !*r.Valid {
					code = "not valid"
				}
				codes = append(codes, code)
			}
			if diff := cmp.Diff(tt.codes, codes); diff != "" {
				t.Errorf("result codes (-want +got):\n%s\n%s", diff, out)
			}
		})
	}

	// A first line too short to hold a mark is answered at once, without
	// waiting for the bytes a mark would need.
	t.Run("short first line", func(t *testing.T) {
		pr, pw := io.Pipe()
		defer pw.Close()
		resp := postStream(t, context.Background(), ts.URL, pr)
		defer resp.Body.Close()
		io.WriteString(pw, "\n")
		line, err := bufio.NewReader(resp.Body).ReadString('\n')
		if err != nil || !strings.Contains(line, codeInvalidJSON) {
			t.Fatalf("result %q, %v; want an invalid_json error for the empty line", line, err)
		}
	})
}

// endlessLines is a body that yields valid lines until closed.
type endlessLines struct {
	n      atomic.Int64
	closed atomic.Bool
	line   []byte
}

func (e *endlessLines) Read(p []byte) (int, error) {
	if e.closed.Load() {
		return 0, io.EOF
	}
	n := 0
	for len(p)-n >= len(e.line) {
		n += copy(p[n:], e.line)
		e.n.Add(1)
	}
	return n, nil
}

// TestValidateStreamClientGone cancels a stream mid-way: the server stops
// the work and the handler returns.
func TestValidateStreamClientGone(t *testing.T) {
	ts, srv := streamServer(t, DefaultConfig())
	body := &endlessLines{line: []byte(`{"puzzle":"` + classic + `"}` + "\n")}
	defer body.closed.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	resp := postStream(t, ctx, ts.URL, body)
	br := bufio.NewReader(resp.Body)
	for range 1000 {
		if _, err := br.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	resp.Body.Close()
	// The handler must return: wait (bounded) for no request in flight.
	deadline := time.Now().Add(20 * time.Second)
	for testutil.ToFloat64(srv.deps.metrics.inFlight) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("stream still in flight 20s after the client left (%d lines sent)", body.n.Load())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// heapInUse returns the bytes of live heap objects and unswept spans.
func heapInUse() uint64 {
	s := []rtmetrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	rtmetrics.Read(s)
	return s[0].Value.Uint64()
}

// streamLines streams n lines cycled from puzzles through the API, checks
// that every result is present and in order (each line's id is its number)
// and returns the peak heap seen while it ran.
func streamLines(tb testing.TB, url string, puzzles []string, n int) (peak uint64) {
	tb.Helper()
	pr, pw := io.Pipe()
	go func() {
		bw := bufio.NewWriterSize(pw, 64<<10)
		var line []byte
		for i := range n {
			line = append(line[:0], `{"id":"`...)
			line = strconv.AppendInt(line, int64(i), 10)
			line = append(line, `","puzzle":"`...)
			line = append(line, puzzles[i%len(puzzles)]...)
			line = append(line, "\"}\n"...)
			if _, err := bw.Write(line); err != nil {
				return
			}
		}
		bw.Flush()
		pw.Close()
	}()
	resp := postStream(tb, context.Background(), url, pr)
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	var want []byte
	i := 0
	for sc.Scan() {
		want = append(want[:0], `{"id":"`...)
		want = strconv.AppendInt(want, int64(i), 10)
		want = append(want, `","valid":true`...)
		if !bytes.HasPrefix(sc.Bytes(), want) {
			tb.Fatalf("result %d: %q", i, sc.Bytes())
		}
		i++
		if i%20000 == 0 {
			runtime.GC()
			peak = max(peak, heapInUse())
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if i != n {
		tb.Fatalf("%d results for %d lines", i, n)
	}
	return peak
}

// TestValidateStream200000 streams 200,000 lines: every result comes back
// in order and the live heap stays small (a stream that buffered its
// results would hold tens of megabytes).
func TestValidateStream200000(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 20000
	}
	puzzles := dataset.Load(t, "9x9/17_clue.txt", 1000)
	ts, _ := streamServer(t, DefaultConfig())
	runtime.GC()
	before := heapInUse()
	peak := streamLines(t, ts.URL, puzzles, n)
	t.Logf("%d lines: live heap %d KiB before, peak %d KiB during", n, before>>10, peak>>10)
	if peak > before+32<<20 {
		t.Fatalf("live heap grew from %d KiB to %d KiB during the stream", before>>10, peak>>10)
	}
}

// TestValidateStreamLineLimit: a line of exactly MaxLineBytes bytes (its
// newline not counted) is checked; one byte more is body_too_large.
func TestValidateStreamLineLimit(t *testing.T) {
	const limit = 100
	ts, _ := streamServer(t, Config{MaxLineBytes: limit})
	item := `{"id":"x","puzzle":"1234341221434321"}`
	at := item + strings.Repeat(" ", limit-len(item))
	over := at + " "
	for _, tt := range []struct {
		name, body, code string
	}{
		{"at the limit", at + "\n", ""},
		{"at the limit, last line", at, ""},
		{"over the limit", over + "\n", codeBodyTooLarge},
		{"over the limit, last line", over, codeBodyTooLarge},
	} {
		resp := postStream(t, context.Background(), ts.URL, strings.NewReader(tt.body))
		out, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		var r itemResult
		if err := json.Unmarshal(out, &r); err != nil || bytes.Count(out, []byte("\n")) != 1 {
			t.Fatalf("%s: answer %q, want one result line (%v)", tt.name, out, err)
		}
		code := ""
		if r.Error != nil {
			code = r.Error.Code
		}
		if code != tt.code {
			t.Errorf("%s (%d bytes): %s, want error code %q", tt.name, len(strings.TrimSuffix(tt.body, "\n")), out, tt.code)
		}
	}
}

// TestValidateStreamLineErrorsNameTheItem: a line that is not one JSON
// value gets an error about the item, not about the request body, which is
// a stream that goes on.
func TestValidateStreamLineErrorsNameTheItem(t *testing.T) {
	ts, _ := streamServer(t, DefaultConfig())
	lines := []string{`not json`, `{"puzzle":"1234341221434321"} {}`, `{"puzzle":`, `{"id":"a","puzzle":"1234341221434321"}`}
	resp := postStream(t, context.Background(), ts.URL, strings.NewReader(strings.Join(lines, "\n")+"\n"))
	out, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d result lines for %d request lines:\n%s", len(got), len(lines), out)
	}
	for i, line := range got[:3] {
		var r itemResult
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Error == nil || r.Error.Code != codeInvalidJSON {
			t.Fatalf("line %d: %s, want an invalid_json error (%v)", i, line, err)
		}
		if d := r.Error.Detail; strings.Contains(d, "request body") || !strings.HasPrefix(d, "item ") {
			t.Errorf("line %d: detail %q, want it to be about the item", i, d)
		}
	}
}

// pieces is a request body read n bytes at a time that ends with end.
type pieces struct {
	b   []byte
	n   int
	end error
}

func (p *pieces) Read(buf []byte) (int, error) {
	if len(p.b) == 0 {
		return 0, p.end
	}
	k := copy(buf[:min(len(buf), p.n)], p.b)
	p.b = p.b[k:]
	return k, nil
}

// FuzzStream reads stream bodies in pieces of every size, ending at their
// end or breaking off: each line gets one result, in order, and only a
// body that breaks off gets the last StreamEnd line, without a result for
// the line it broke off in.
func FuzzStream(f *testing.F) {
	f.Add([]byte(classicLine(0)+"x\n\n"+classicLine(1)), uint8(3), false)
	f.Add([]byte(utf8BOM+classicLine(0)+`{"id":"cut`), uint8(1), true)
	f.Add([]byte(strings.Repeat("a", 100)+"\n"+strings.Repeat("b", 70)), uint8(7), false)
	f.Add([]byte(strings.Repeat("a", 100)+"\n"+strings.Repeat("b", 70)), uint8(9), true)
	srv := mustNew(f, Config{MaxLineBytes: 64, Workers: 2}, nil, nil)
	f.Fuzz(func(t *testing.T, body []byte, piece uint8, broken bool) {
		end := io.EOF
		if broken {
			end = errors.New("broken")
		}
		req := httptest.NewRequest("POST", "/validate", &pieces{b: body, n: int(piece%16) + 1, end: end})
		req.Header.Set("Content-Type", mediaNDJSON)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		lines := ndjsonLines(rec.Body.Bytes())

		in := bytes.TrimPrefix(body, []byte(utf8BOM))
		want := bytes.Count(in, []byte("\n"))
		if broken || len(in) > 0 && in[len(in)-1] != '\n' {
			want++ // the end line, or a last line without its newline
		}
		if len(lines) != want {
			t.Fatalf("body %q (broken %v): %d lines, want %d:\n%s", body, broken, len(lines), want, rec.Body)
		}
		for i, line := range lines {
			var r itemResult
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("line %d %q: %v", i, line, err)
			}
			isEnd := r.Error != nil && (r.Error.Code == codeInvalidBody || r.Error.Code == codeRequestTimeout)
			if last := i == len(lines)-1; isEnd != (broken && last) {
				t.Fatalf("body %q (broken %v): line %d %s", body, broken, i, line)
			}
		}
	})
}
