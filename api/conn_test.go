package api

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
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

// postHead is the head of a request with a body of n bytes.
func postHead(path, contentType string, n int) string {
	return fmt.Sprintf("POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n", path, contentType, n)
}

// classicLine is a stream line: the classic 9×9 puzzle.
func classicLine(id int) string {
	return fmt.Sprintf(`{"id":"%d","puzzle":"%s"}`+"\n", id, classic)
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

// mustClosed checks that the server closes the connection after its
// answer, with nothing more on it.
func mustClosed(tb testing.TB, br *bufio.Reader) {
	tb.Helper()
	if rest, err := io.ReadAll(br); err != nil || len(rest) > 0 {
		tb.Fatalf("after the answer: %q, %v; want the connection closed", rest, err)
	}
}

// TestDeclaredTooLarge: a body whose Content-Length is over the limit is
// refused with 413 before any of it is read, and no 100 Continue is sent
// for it. It got 100 Continue, and its 413 after megabytes were read.
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
