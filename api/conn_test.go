package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

// Raw-socket tests of what a client sees on the connection: half-closed
// requests, slow readers, idle and broken streams, Expect: 100-continue.

// guard is how long these tests wait for the server before they fail, so
// that a server that never answers fails a test instead of hanging it; far
// above any wait the tests expect.
const guard = 30 * time.Second

// smallBuffers is a listener whose connections have small send buffers, so
// that a response much larger than them is written only as fast as the
// client reads it.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(16 << 10)
	}
	return c, err
}

// connServer serves srv from a real http.Server with these read and write
// timeouts and returns its address.
func connServer(tb testing.TB, srv *Server, read, write time.Duration) string {
	tb.Helper()
	ts := httptest.NewUnstartedServer(srv)
	ts.Listener = smallBuffers{ts.Listener}
	ts.Config.ReadTimeout, ts.Config.WriteTimeout = read, write
	ts.Start()
	tb.Cleanup(ts.Close)
	return ts.Listener.Addr().String()
}

// dial connects to addr with a small receive buffer and the guard deadline.
func dial(tb testing.TB, addr string) *net.TCPConn {
	tb.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		tb.Fatal(err)
	}
	tc := c.(*net.TCPConn)
	tc.SetReadBuffer(16 << 10)
	tc.SetDeadline(time.Now().Add(guard))
	tb.Cleanup(func() { tc.Close() })
	return tc
}

// chunk is data in the chunked transfer coding.
func chunk(data string) string { return fmt.Sprintf("%x\r\n%s\r\n", len(data), data) }

// streamHead starts an NDJSON stream with a chunked body.
const streamHead = "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n"

// postHead is the head of a request with a body of n bytes.
func postHead(path, contentType string, n int) string {
	return fmt.Sprintf("POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n", path, contentType, n)
}

// onesLine is a stream line: a 25×25 board of 625 1s, every cell of which
// is in conflict, so that its result is about 40 KB.
func onesLine(id int) string {
	return fmt.Sprintf(`{"id":"%d","puzzle":"%s"}`+"\n", id, strings.Repeat("1", 625))
}

// classicLine is a stream line: the classic 9×9 puzzle.
func classicLine(id int) string {
	return fmt.Sprintf(`{"id":"%d","puzzle":"%s"}`+"\n", id, classic)
}

// readStreamAnswer reads the answer to a stream from br: the response, its
// lines, and the error that ended its body, nil for a clean end. The lines
// are held to the spec.
func readStreamAnswer(tb testing.TB, br *bufio.Reader) (*http.Response, []string, error) {
	tb.Helper()
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		tb.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		tb.Fatalf("the stream did not end within %v: %d bytes", guard, len(body))
	}
	req := httptest.NewRequest("POST", "/validate", nil)
	req.Header.Set("Content-Type", mediaNDJSON)
	if err != nil { // the lines before the one cut off
		body = body[:bytes.LastIndexByte(body, '\n')+1]
	}
	checkExchange(tb, req, nil, &exchange{status: resp.StatusCode, header: resp.Header, body: body})
	return resp, ndjsonLines(body), err
}

// mustResults checks that lines are the results of n lines of kind in
// order: ids 0 to n-1, and for kind onesLine every cell in conflict.
func mustResults(tb testing.TB, lines []string, n int, ones bool) {
	tb.Helper()
	if len(lines) != n {
		tb.Fatalf("%d result lines, want %d", len(lines), n)
	}
	for i, line := range lines {
		var r itemResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			tb.Fatalf("line %d %.200q: %v", i, line, err)
		}
		if r.ID == nil || *r.ID != fmt.Sprint(i) || r.Valid == nil {
			tb.Fatalf("line %d: %.200s", i, line)
		}
		if want := !ones; *r.Valid != want || ones && len(r.Conflicts) != 625 {
			tb.Fatalf("line %d: valid %v with %d conflicts", i, *r.Valid, len(r.Conflicts))
		}
	}
}

// mustStreamEnd checks that line is the last line of a stream the server
// ended early, with code.
func mustStreamEnd(tb testing.TB, line, code string) {
	tb.Helper()
	var r itemResult
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		tb.Fatalf("last line %q: %v", line, err)
	}
	if r.ID != nil || r.Error == nil || r.Error.Code != code || !strings.Contains(r.Error.Detail, "the stream ends here") {
		tb.Fatalf("last line %s, want the end of the stream with %s", line, code)
	}
}

// mustClosed checks that the server closes the connection after its
// answer, with nothing more on it.
func mustClosed(tb testing.TB, br *bufio.Reader) {
	tb.Helper()
	if rest, err := io.ReadAll(br); err != nil || len(rest) > 0 {
		tb.Fatalf("after the answer: %q, %v; want the connection closed", rest, err)
	}
}

// slowReader reads at most piece bytes at a time, pause apart.
type slowReader struct {
	r     io.Reader
	piece int
	pause time.Duration
}

func (s *slowReader) Read(p []byte) (int, error) {
	time.Sleep(s.pause)
	return s.r.Read(p[:min(len(p), s.piece)])
}

// TestStreamSlowReader: a client that sends its stream and then reads the
// results slowly, the answer lasting several read timeouts past the end of
// the body, gets every result line and a clean end. The read deadline the
// stream set stayed on the connection after the body ended, net/http's
// background read then failed and cancelled the request, and the stream
// ended cleanly without its last results.
func TestStreamSlowReader(t *testing.T) {
	addr := connServer(t, mustNew(t, DefaultConfig(), nil, nil), 200*time.Millisecond, guard)
	const n = 40
	var body strings.Builder
	for i := range n {
		body.WriteString(onesLine(i))
	}
	c := dial(t, addr)
	io.WriteString(c, postHead("/validate", mediaNDJSON, body.Len())+body.String())
	// About 1 MB/s: the 1.6 MB answer takes over a second.
	_, lines, err := readStreamAnswer(t, bufio.NewReader(&slowReader{r: c, piece: 8 << 10, pause: 8 * time.Millisecond}))
	if err != nil {
		t.Fatalf("the stream broke off after %d lines: %v", len(lines), err)
	}
	mustResults(t, lines, n, true)
}

// TestHalfClose: a client that half-closes its sending side after its
// request (shutdown(SHUT_WR)) gets its whole answer. net/http cancels the
// request's context when it reads EOF there: a batch answered 200 with no
// body, a stream lost its results, /solve answered search_limit at once
// and /generate "context canceled".
func TestHalfClose(t *testing.T) {
	addr := connServer(t, mustNew(t, Config{SolveTimeout: time.Minute, GenerateTimeout: time.Minute, PoolSize: -1}, nil, nil), guard, guard)
	var items []string
	for i := range 50 {
		items = append(items, fmt.Sprintf(`{"id":"%d","puzzle":"%s"}`, i, classic))
	}
	var stream strings.Builder
	for i := range 2000 {
		stream.WriteString(classicLine(i))
	}
	empty25 := strings.Repeat(".", 625)
	tests := []struct {
		name, path, contentType, body string
		check                         func(t *testing.T, body []byte)
	}{
		{"validate batch", "/validate", mediaJSON, `{"items":[` + strings.Join(items, ",") + `]}`, func(t *testing.T, body []byte) {
			var got struct {
				Results []json.RawMessage
				Summary summary
			}
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatalf("%.200q: %v", body, err)
			}
			var lines []string
			for _, r := range got.Results {
				lines = append(lines, string(r))
			}
			mustResults(t, lines, len(items), false)
			if got.Summary.Total != len(items) || got.Summary.Valid != len(items) {
				t.Fatalf("summary %+v", got.Summary)
			}
		}},
		{"validate stream", "/validate", mediaNDJSON, stream.String(), func(t *testing.T, body []byte) {
			mustResults(t, ndjsonLines(body), 2000, false)
		}},
		// Search on an empty 25×25 board takes hundreds of nodes.
		{"solve", "/solve", mediaJSON, `{"size":25,"puzzle":"` + empty25 + `"}`, func(t *testing.T, body []byte) {
			var got struct{ Solution string }
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatalf("%.200q: %v", body, err)
			}
			mustSolved(t, mustParse(t, empty25, 25, ""), mustParse(t, got.Solution, 25, ""))
		}},
		{"generate", "/generate", mediaJSON, `{"size":16,"difficulty":"easy","seed":1}`, func(t *testing.T, body []byte) {
			var got struct{ Puzzles []generatedJSON }
			if err := json.Unmarshal(body, &got); err != nil || len(got.Puzzles) != 1 {
				t.Fatalf("%.200q: %v", body, err)
			}
			mustGenerated(t, got.Puzzles[0], "easy")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := dial(t, addr)
			io.WriteString(c, postHead(tt.path, tt.contentType, len(tt.body))+tt.body)
			c.CloseWrite()
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("%d %.300s (%v)", resp.StatusCode, body, err)
			}
			tt.check(t, body)
		})
	}
}

// ndjsonLines splits an NDJSON body into its lines.
func ndjsonLines(body []byte) []string {
	var lines []string
	for line := range strings.Lines(string(body)) {
		lines = append(lines, line)
	}
	return lines
}

// TestStreamIdle: a stream whose client sends nothing for the server's read
// timeout ends with a last line that says so, then the connection closes.
// Such a stream lived on (a newline every 50 s kept one open 153 s).
func TestStreamIdle(t *testing.T) {
	addr := connServer(t, mustNew(t, DefaultConfig(), nil, nil), 200*time.Millisecond, guard)
	c := dial(t, addr)
	io.WriteString(c, streamHead+chunk(classicLine(0)))
	br := bufio.NewReader(c)
	_, lines, err := readStreamAnswer(t, br)
	if err != nil {
		t.Fatalf("the stream broke off after %d lines: %v", len(lines), err)
	}
	if len(lines) != 2 {
		t.Fatalf("lines %q, want a result and the end", lines)
	}
	mustResults(t, lines[:1], 1, false)
	mustStreamEnd(t, lines[1], codeRequestTimeout)
	mustClosed(t, br)
}

// TestStreamBrokenChunk: a stream whose chunked body breaks (a chunk size
// that is not hex) ends after the results of the lines before with a last
// line that says so, and the connection closes. The stream ended as if
// complete, and net/http then read the rest of the body as a request and
// wrote a second, unrequested response (400) on the connection.
func TestStreamBrokenChunk(t *testing.T) {
	addr := connServer(t, mustNew(t, DefaultConfig(), nil, nil), guard, guard)
	c := dial(t, addr)
	io.WriteString(c, streamHead+chunk(classicLine(0)+classicLine(1)+`{"id":"cut`)+"zz\r\n"+classicLine(2)+"\r\n")
	br := bufio.NewReader(c)
	_, lines, err := readStreamAnswer(t, br)
	if err != nil {
		t.Fatalf("the stream broke off after %d lines: %v", len(lines), err)
	}
	if len(lines) != 3 {
		t.Fatalf("lines %q, want 2 results and the end", lines)
	}
	mustResults(t, lines[:2], 2, false)
	mustStreamEnd(t, lines[2], codeInvalidBody)
	mustClosed(t, br)
}

// TestStreamReservesItsResults: a stream whose client stops reading holds
// no more than /validate's memory. Each batch of lines reserves the most
// its results can take before it is checked, so the stream stops reading
// once the memory is taken (the live heap stays near it), a request that
// needs memory meanwhile is shed, and when the client reads, every result
// comes, complete. A fixed charge per stream (128 KB) would let one slow
// reader of such lines hold about 40 MB, and admit requests against memory
// it held but had not reserved.
func TestStreamReservesItsResults(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ValidateMemory = 4 << 20
	cfg.QueueWait = 50 * time.Millisecond
	srv := mustNew(t, cfg, nil, nil)
	addr := connServer(t, srv, guard, guard)
	const n = 800 // 30 MB of results: what the stream held before
	var body strings.Builder
	for i := range n {
		body.WriteString(onesLine(i))
	}
	runtime.GC()
	base := heapInUse()
	c := dial(t, addr)
	go io.WriteString(c, postHead("/validate", mediaNDJSON, body.Len())+body.String())

	mem := srv.deps.memory
	waitFor(t, func() bool { return mem.waiting() > 0 }) // the stream's next batch
	used := mem.inUse()
	if used > cfg.ValidateMemory || used < cfg.ValidateMemory/2 {
		t.Errorf("%d bytes reserved while the stream waits for memory, want most of the %d", used, cfg.ValidateMemory)
	}
	if got := testutil.ToFloat64(srv.deps.metrics.validateMemory); got != float64(used) {
		t.Errorf("reserved memory gauge %v, want %d", got, used)
	}
	runtime.GC()
	grew := int64(heapInUse()) - int64(base)
	t.Logf("live heap grew by %d KB, %d KB reserved", grew>>10, used>>10)
	// The live heap is more than the reservation (buffers grow by
	// doubling, the client's side is counted too, the race detector adds
	// its own): up to 10 MB in runs with and without -race, but far from
	// the results.
	if grew > 4*cfg.ValidateMemory {
		t.Errorf("live heap grew by %d KB while the stream waits for memory, want no more than four times the %d KB it may reserve", grew>>10, cfg.ValidateMemory>>10)
	}
	// A batch that fits in the memory, but not in what the stream leaves.
	items := strings.Repeat(`{"puzzle":"`+classic+`"},`, 150)
	batch := `{"items":[` + items[:len(items)-1] + `]}`
	if cost := jsonCost(srv.deps.cfg, int64(len(batch))); cost > cfg.ValidateMemory || cost <= cfg.ValidateMemory-used {
		t.Fatalf("a batch that costs %d", cost)
	}
	req := httptest.NewRequest(http.MethodPost, "/validate", strings.NewReader(batch))
	req.Header.Set("Content-Type", mediaJSON)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("a batch while the stream holds the memory: %d %.100s, want 503", rec.Code, rec.Body)
	}

	_, lines, err := readStreamAnswer(t, bufio.NewReader(c))
	if err != nil {
		t.Fatalf("the stream broke off after %d lines: %v", len(lines), err)
	}
	mustResults(t, lines, n, true)
	waitFor(t, func() bool { return mem.inUse() == 0 })
}

// TestStreamEndsWhenMemoryIsTaken: a stream whose next lines find
// /validate's memory taken by others for its read timeout ends after the
// results it gave with a last line that says so (overloaded), and the
// connection closes once the server has read (and dropped) what the
// client still sent.
func TestStreamEndsWhenMemoryIsTaken(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ValidateMemory = 1 << 20
	cfg.QueueWait = 10 * time.Millisecond
	srv := mustNew(t, cfg, nil, nil)
	addr := connServer(t, srv, 300*time.Millisecond, guard)
	c := dial(t, addr)
	br, resp, body := openStream(t, c)
	first, err := body.ReadString('\n')
	if err != nil {
		t.Fatalf("first result %q: %v", first, err)
	}
	// Once the first line's memory is back, the stream holds its share
	// and another request all the rest.
	mem, share := srv.deps.memory, streamCost(srv.deps.cfg)
	waitFor(t, func() bool { return mem.inUse() == share })
	held, ok := mem.acquire(t.Context(), cfg.ValidateMemory-share)
	if !ok {
		t.Fatal("the rest of the memory: not granted")
	}
	defer mem.release(held)
	// More than the server buffers: most of it is still unread when the
	// stream ends.
	var rest strings.Builder
	for i := 1; i <= 3000; i++ {
		rest.WriteString(classicLine(i))
	}
	go io.WriteString(c, chunk(rest.String())+"0\r\n\r\n")
	tail, err := io.ReadAll(body)
	if err != nil {
		t.Fatalf("the stream broke off: %v", err)
	}
	all := append([]byte(first), tail...)
	req := httptest.NewRequest(http.MethodPost, "/validate", nil)
	req.Header.Set("Content-Type", mediaNDJSON)
	checkExchange(t, req, nil, &exchange{status: resp.StatusCode, header: resp.Header, body: all})
	lines := ndjsonLines(all)
	if len(lines) != 2 {
		t.Fatalf("lines %q, want a result and the end", lines)
	}
	mustResults(t, lines[:1], 1, false)
	mustStreamEnd(t, lines[1], codeOverloaded)
	mustClosed(t, br)
}

// logRecords is a slog handler's output that tells when a record holding
// want is written.
type logRecords struct {
	want string
	seen chan struct{}
}

func (l *logRecords) Write(p []byte) (int, error) {
	if bytes.Contains(p, []byte(l.want)) {
		select {
		case l.seen <- struct{}{}:
		default:
		}
	}
	return len(p), nil
}

// TestStreamWriteTimeout: a stream whose client stops reading for the
// server's write timeout is aborted: the client cannot take what it got for
// the whole answer.
func TestStreamWriteTimeout(t *testing.T) {
	logs := &logRecords{want: `"aborted":true`, seen: make(chan struct{}, 1)}
	srv := mustNew(t, DefaultConfig(), slog.New(slog.NewJSONHandler(logs, nil)), nil)
	addr := connServer(t, srv, guard, 200*time.Millisecond)
	c := dial(t, addr)
	sendOnesStream(c, 40)
	select {
	case <-logs.seen:
	case <-time.After(guard):
		t.Fatal("the server did not give up on a client that does not read")
	}
	_, lines, err := readStreamAnswer(t, bufio.NewReader(c))
	if err == nil {
		t.Fatalf("a clean end after %d of 40 lines", len(lines))
	}
}

// TestStreamAbortedAtClose: Server.Close, which the server calls when its
// drain time is up, aborts a stream in flight.
func TestStreamAbortedAtClose(t *testing.T) {
	srv := mustNew(t, DefaultConfig(), nil, nil)
	addr := connServer(t, srv, guard, guard)
	c := dial(t, addr)
	_, _, lr := openStream(t, c)
	if line, err := lr.ReadString('\n'); err != nil {
		t.Fatalf("first result %q: %v", line, err)
	}
	srv.Close()
	rest, err := io.ReadAll(lr)
	if err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("after Close: %q, %v; want the stream aborted", rest, err)
	}
}

// TestExpectContinue: every endpoint that takes a body answers "Expect:
// 100-continue" with 100 Continue before it reads the body and then answers
// the request. The stream answered 200 first, so clients waited (curl a
// second) before they sent the body.
func TestExpectContinue(t *testing.T) {
	addr := connServer(t, mustNew(t, Config{PoolSize: -1}, nil, nil), guard, guard)
	tests := []struct{ path, contentType, body string }{
		{"/solve", mediaJSON, `{"puzzle":"` + classic + `"}`},
		{"/hint", mediaJSON, `{"puzzle":"` + classic + `"}`},
		{"/generate", mediaJSON, `{"size":4,"difficulty":"easy","seed":1}`},
		{"/validate", mediaJSON, `{"puzzle":"` + classic + `"}`},
		{"/validate", mediaJSON, `{"items":[{"puzzle":"` + classic + `"}]}`},
		{"/validate", mediaNDJSON, classicLine(0)},
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.contentType, func(t *testing.T) {
			c := dial(t, addr)
			head := strings.Replace(postHead(tt.path, tt.contentType, len(tt.body)), "\r\n\r\n", "\r\nExpect: 100-continue\r\n\r\n", 1)
			io.WriteString(c, head)
			br := bufio.NewReader(c)
			resp, err := http.ReadResponse(br, nil)
			if err != nil || resp.StatusCode != http.StatusContinue {
				t.Fatalf("first answer %v (%v), want 100 Continue before the body", resp.Status, err)
			}
			io.WriteString(c, tt.body)
			resp, err = http.ReadResponse(br, nil)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("%d %.300s (%v)", resp.StatusCode, body, err)
			}
		})
	}
}

// TestDeclaredTooLarge: a body whose Content-Length is over the limit is
// refused with 413 before any of it is read, and no 100 Continue is sent
// for it: the client is not asked for megabytes only to be refused.
func TestDeclaredTooLarge(t *testing.T) {
	addr := connServer(t, mustNew(t, DefaultConfig(), nil, nil), guard, guard)
	for _, expect := range []string{"", "Expect: 100-continue\r\n"} {
		t.Run(strings.TrimSpace(expect), func(t *testing.T) {
			c := dial(t, addr)
			fmt.Fprintf(c, "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n%s\r\n", expect)
			br := bufio.NewReader(c)
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			req := httptest.NewRequest("POST", "/solve", nil)
			req.Header.Set("Content-Type", mediaJSON)
			checkExchange(t, req, nil, &exchange{status: resp.StatusCode, header: resp.Header, body: body})
			var p problem
			if err := json.Unmarshal(body, &p); err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge || p.Code != codeBodyTooLarge {
				t.Fatalf("%s %s, want 413 body_too_large", resp.Status, body)
			}
			mustClosed(t, br)
		})
	}
}

// sendOnesStream sends an NDJSON stream of n amplifying lines (onesLine)
// on c, in one write, without reading.
func sendOnesStream(c net.Conn, n int) {
	var body strings.Builder
	for i := range n {
		body.WriteString(onesLine(i))
	}
	io.WriteString(c, postHead("/validate", mediaNDJSON, body.Len())+body.String())
}

// openStream starts an NDJSON stream of one line on c whose body stays
// open, and returns the connection's reader, the response and a reader
// over its body.
func openStream(t *testing.T, c net.Conn) (*bufio.Reader, *http.Response, *bufio.Reader) {
	t.Helper()
	io.WriteString(c, streamHead+chunk(classicLine(0)))
	conn := bufio.NewReader(c)
	resp, err := http.ReadResponse(conn, nil)
	if err != nil {
		t.Fatal(err)
	}
	return conn, resp, bufio.NewReader(resp.Body)
}
