package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sudokud/sudokud"
)

const (
	classic       = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSolved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestParseConfig(t *testing.T) {
	cfg, err := parseConfig([]string{"sudokud"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != ":8080" || cfg.LogFormat != "json" || cfg.API.MaxBatchItems != 10000 || len(cfg.API.CORSOrigins) != 1 || cfg.API.CORSOrigins[0] != "*" {
		t.Fatalf("defaults: %+v", cfg)
	}
	cfg, err = parseConfig([]string{"sudokud", "-addr", "127.0.0.1:9", "-rate-limit", "5"},
		env(map[string]string{"SUDOKUD_ADDR": ":1", "SUDOKUD_MAX_BATCH_ITEMS": "7", "SUDOKUD_CORS_ORIGINS": "https://a.example, https://b.example", "SUDOKUD_DRAIN_TIMEOUT": "3s"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != "127.0.0.1:9" || cfg.API.MaxBatchItems != 7 || cfg.API.RateLimit != 5 || cfg.DrainTimeout != 3*time.Second ||
		strings.Join(cfg.API.CORSOrigins, "|") != "https://a.example|https://b.example" {
		t.Fatalf("flags over env: %+v", cfg)
	}
	for _, bad := range []struct {
		args []string
		env  map[string]string
	}{
		{[]string{"sudokud", "-nope"}, nil},
		{[]string{"sudokud", "extra"}, nil},
		{[]string{"sudokud"}, map[string]string{"SUDOKUD_SOLVE_TIMEOUT": "soon"}},
	} {
		if _, err := parseConfig(bad.args, env(bad.env), io.Discard); err == nil {
			t.Errorf("%v %v: no error", bad.args, bad.env)
		}
	}
	if err := run(context.Background(), []string{"sudokud", "-log-format", "xml"}, env(nil), io.Discard, io.Discard); err == nil {
		t.Error("bad log format: no error")
	}
	if err := run(context.Background(), []string{"sudokud", "-addr", "256.0.0.1:0"}, env(nil), io.Discard, io.Discard); err == nil {
		t.Error("bad address: no error")
	}
}

// logWatch is run's stdout in tests: it keeps the log and reports the
// address of the "listening" record.
type logWatch struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	addr chan string
}

func (l *logWatch) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf.Write(p)
	for _, line := range bytes.Split(p, []byte("\n")) {
		var rec struct{ Msg, Addr string }
		if json.Unmarshal(line, &rec) == nil && rec.Msg == "listening" {
			l.addr <- rec.Addr
		}
	}
	return len(p), nil
}

func (l *logWatch) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// startServer runs the server on a free port and waits until /readyz
// answers 200. Cancelling the returned func's context is SIGTERM.
func startServer(t *testing.T, extra ...string) (base string, stop context.CancelFunc, done <-chan error, logs *logWatch) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	logs = &logWatch{addr: make(chan string, 1)}
	errc := make(chan error, 1)
	args := append([]string{"sudokud", "-addr", "127.0.0.1:0"}, extra...)
	go func() { errc <- run(ctx, args, env(nil), logs, io.Discard) }()
	select {
	case addr := <-logs.addr:
		base = "http://" + addr
	case err := <-errc:
		t.Fatalf("run: %v\n%s", err, logs)
	case <-time.After(30 * time.Second):
		t.Fatalf("no listening record:\n%s", logs)
	}
	for i := 0; ; i++ {
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if i == 500 {
			t.Fatalf("/readyz never answered 200: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return base, cancel, errc, logs
}

func get(t *testing.T, url string) (int, http.Header, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

func post(t *testing.T, url, contentType, body string) (int, []byte) {
	t.Helper()
	resp, err := http.Post(url, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// TestRunEndToEnd starts the real server, calls every endpoint, then shuts
// it down with a stream in flight: /readyz fails first, the stream
// finishes, run returns nil.
func TestRunEndToEnd(t *testing.T) {
	base, stop, done, logs := startServer(t, "-shutdown-delay", "200ms", "-drain-timeout", "20s")
	defer stop()

	if status, _, body := get(t, base+"/healthz"); status != 200 || !strings.Contains(string(body), "ok") {
		t.Errorf("/healthz: %d %s", status, body)
	}
	if status, _, body := get(t, base+"/metrics"); status != 200 || !strings.Contains(string(body), "sudokud_http_requests_total") {
		t.Errorf("/metrics: %d", status)
	}
	if status, _, body := get(t, base+"/openapi.yaml"); status != 200 || !bytes.Equal(body, sudokud.OpenAPI) {
		t.Errorf("/openapi.yaml: %d, %d bytes", status, len(body))
	}
	if status, h, body := get(t, base+"/"); status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/html") || !bytes.Contains(body, []byte("<html")) {
		t.Errorf("/: %d %q", status, h.Get("Content-Type"))
	}
	if status, _, body := get(t, base+"/no-such-page"); status != 404 || !strings.Contains(string(body), "not_found") {
		t.Errorf("/no-such-page: %d %s", status, body)
	}
	if status, body := post(t, base+"/validate", "application/json", `{"puzzle":"`+classicSolved+`"}`); status != 200 || !strings.Contains(string(body), `"solved":true`) {
		t.Errorf("/validate: %d %s", status, body)
	}
	if status, body := post(t, base+"/validate", "application/json", `{"items":[{"puzzle":"`+classic+`"},{"puzzle":"1"}]}`); status != 200 || !strings.Contains(string(body), `"summary":{"total":2,"valid":1,"complete":0,"solved":0,"errors":1}`) {
		t.Errorf("/validate batch: %d %s", status, body)
	}

	if status, body := post(t, base+"/solve", "application/json", `{"puzzle":"`+classic+`"}`); status != 200 || !strings.Contains(string(body), `"solution":"`+classicSolved+`"`) {
		t.Errorf("/solve: %d %s", status, body)
	}
	if status, body := post(t, base+"/solve", "application/json", `{"puzzle":"11`+strings.Repeat(".", 14)+`"}`); status != 422 || !strings.Contains(string(body), `"code":"conflict"`) {
		t.Errorf("/solve conflict: %d %s", status, body)
	}

	if status, body := post(t, base+"/hint", "application/json", `{"puzzle":"`+"."+classicSolved[1:]+`"}`); status != 200 ||
		!strings.Contains(string(body), `"kind":"placement","row":0,"col":0,"value":5`) {
		t.Errorf("/hint: %d %s", status, body)
	}
	if status, body := post(t, base+"/hint", "application/json", `{"puzzle":"`+classicSolved+`"}`); status != 422 || !strings.Contains(string(body), `"code":"no_empty_cells"`) {
		t.Errorf("/hint on a full grid: %d %s", status, body)
	}

	status1, _, gen1 := get(t, base+"/generate?size=6&box=3x2&difficulty=easy&seed=11&count=2")
	status2, gen2 := post(t, base+"/generate", "application/json", `{"size":6,"box":"3x2","difficulty":"easy","seed":11,"count":2}`)
	if status1 != 200 || status2 != 200 || !bytes.Equal(gen1, gen2) || !strings.Contains(string(gen1), `"difficulty":"easy","seed":12`) {
		t.Errorf("/generate GET %d and POST %d differ or lack seed 12:\n%s\n%s", status1, status2, gen1, gen2)
	}
	if status, _, body := get(t, base+"/generate?size=4&difficulty=expert"); status != 422 || !strings.Contains(string(body), `"code":"difficulty_unavailable"`) {
		t.Errorf("/generate 4x4 expert: %d %s", status, body)
	}

	// A stream in flight when the signal comes.
	pw, resp, br := startStream(t, base)
	defer resp.Body.Close()

	stop() // SIGTERM
	// /readyz fails while the server drains (during the shutdown delay).
	for i := 0; ; i++ {
		r, err := http.Get(base + "/readyz")
		if err != nil {
			t.Fatalf("/readyz during the shutdown delay: %v", err)
		}
		r.Body.Close()
		if r.StatusCode == http.StatusServiceUnavailable {
			break
		}
		if i == 1000 {
			t.Fatal("/readyz never failed after the signal")
		}
		time.Sleep(time.Millisecond)
	}
	// The in-flight stream goes on to the end.
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(pw, `{"id":"%d","puzzle":"%s"}`+"\n", i, classic)
	}
	pw.Close()
	rest, err := io.ReadAll(br)
	if err != nil {
		t.Fatalf("stream after the signal: %v", err)
	}
	if n := bytes.Count(rest, []byte("\n")); n != 100 {
		t.Fatalf("%d results after the signal, want 100", n)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("run did not return after the drain")
	}
	for _, want := range []string{`"msg":"config"`, `"msg":"shutting down"`, `"msg":"stopped"`, `"route":"/validate"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %s", want)
		}
	}
	if strings.Count(logs.String(), `"msg":"config"`) != 1 {
		t.Error("config not logged exactly once")
	}
}

// TestDrainTimeoutAbortsStreams: a stream still open when the drain time
// is up is aborted: its client gets an error, never an end that looks
// complete.
func TestDrainTimeoutAbortsStreams(t *testing.T) {
	base, stop, done, _ := startServer(t, "-drain-timeout", "200ms")
	defer stop()
	pw, resp, br := startStream(t, base)
	defer pw.Close()
	defer resp.Body.Close()
	stop() // SIGTERM, and the stream stays open past the drain time
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("run did not return after the drain time")
	}
	if rest, err := io.ReadAll(br); err == nil {
		t.Fatalf("the stream ended as if complete after the drain time: %q", rest)
	}
}

// TestHelp: -h prints the flags and is no error (main exits 0); run
// returned flag.ErrHelp, so "sudokud -h" ended with "sudokud: flag: help
// requested" and exit status 1.
func TestHelp(t *testing.T) {
	for _, arg := range []string{"-h", "--help"} {
		var stderr strings.Builder
		if err := run(context.Background(), []string{"sudokud", arg}, env(nil), io.Discard, &stderr); err != nil {
			t.Errorf("%s: %v", arg, err)
		}
		if !strings.Contains(stderr.String(), "-max-heavy") {
			t.Errorf("%s: no usage on stderr: %q", arg, stderr.String())
		}
	}
}

// TestParseConfigRefusesReplacedValues: a value the API would put its
// default in place of (a zero or negative limit, a negative budget) is a
// config error naming the flag and its variable, not a value logged as
// given while the server runs with the default (-max-heavy 0 would run
// GOMAXPROCS heavy requests at once, -queue-wait 0 wait 1s, -max-nodes -1
// search 2,000,000 nodes, -pool-size 0 keep 4 puzzles ready per slow
// combination; a negative size is the way to have no pool). Negative server
// timeouts, which net/http reads as none, are refused too.
func TestParseConfigRefusesReplacedValues(t *testing.T) {
	for _, bad := range [][]string{
		{"-max-body-bytes", "0"},
		{"-max-batch-items", "-1"},
		{"-max-line-bytes", "0"},
		{"-solve-timeout", "0s"},
		{"-generate-timeout", "-1s"},
		{"-max-nodes", "-1"},
		{"-max-heavy", "0"},
		{"-heavy-queue", "-1"},
		{"-queue-wait", "0s"},
		{"-rate-limit", "-5"},
		{"-rate-limit", "NaN"},
		{"-rate-burst", "0"},
		{"-workers", "0"},
		{"-pool-slow", "0s"},
		{"-pool-size", "0"},
		{"-max-streams", "0"},
		{"-validate-memory", "-1"},
		{"-read-header-timeout", "-1s"},
		{"-read-timeout", "-1s"},
		{"-write-timeout", "-1s"},
		{"-idle-timeout", "-1s"},
		{"-drain-timeout", "-1s"},
		{"-shutdown-delay", "-1s"},
		// Past these every NDJSON stream failed or ran out of memory: a
		// stream sizes its channels by the workers (9223372036854775807
		// overflowed them, "makechan: size out of range") and sets aside
		// a buffer of the longest line (1 TiB).
		{"-workers", "9223372036854775807"},
		{"-workers", "1025"},
		{"-max-line-bytes", "1099511627776"},
		{"-max-line-bytes", "8388609"}, // one byte more than the default -max-body-bytes
	} {
		_, err := parseConfig(append([]string{"sudokud"}, bad...), env(nil), io.Discard)
		if err == nil || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("%v: error %v, want one naming %s", bad, err, bad[0])
		}
		name := "SUDOKUD_" + strings.ToUpper(strings.ReplaceAll(bad[0][1:], "-", "_"))
		_, err = parseConfig([]string{"sudokud"}, env(map[string]string{name: bad[1]}), io.Discard)
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: error %v, want one naming %s", name, bad[1], err, name)
		}
	}
	// The zeros that mean something stay accepted, and a negative pool size.
	if _, err := parseConfig([]string{"sudokud", "-max-nodes", "0", "-rate-limit", "0", "-heavy-queue", "0",
		"-shutdown-delay", "0s", "-read-timeout", "0s", "-pool-size", "-1"}, env(nil), io.Discard); err != nil {
		t.Errorf("zeros with a meaning: %v", err)
	}
	// The largest values allowed, and a longer line with a larger body.
	if _, err := parseConfig([]string{"sudokud", "-workers", "1024", "-max-line-bytes", "8388608"}, env(nil), io.Discard); err != nil {
		t.Errorf("the largest workers and line: %v", err)
	}
	if _, err := parseConfig([]string{"sudokud", "-max-line-bytes", "16777216", "-max-body-bytes", "16777216"}, env(nil), io.Discard); err != nil {
		t.Errorf("a line as long as a larger body: %v", err)
	}
}

// TestParseConfigCORSOriginsEmpty: -cors-origins that names no origin is
// a config error. The API reads an empty list as its default, "*", so
// -cors-origins "" (meant as "no browser may call") let every origin call.
func TestParseConfigCORSOriginsEmpty(t *testing.T) {
	for _, v := range []string{"", ",", " , "} {
		_, err := parseConfig([]string{"sudokud", "-cors-origins", v}, env(nil), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "-cors-origins") {
			t.Errorf("-cors-origins %q: error %v, want one naming -cors-origins", v, err)
		}
	}
	_, err := parseConfig([]string{"sudokud"}, env(map[string]string{"SUDOKUD_CORS_ORIGINS": ","}), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "SUDOKUD_CORS_ORIGINS") {
		t.Errorf("SUDOKUD_CORS_ORIGINS=\",\": error %v, want one naming the variable", err)
	}
}

// TestParseConfigHeavyOverflow: -max-heavy and -heavy-queue whose sum
// overflows are a config error: the API sizes its queue by the sum, which
// would panic at start ("makechan: size out of range").
func TestParseConfigHeavyOverflow(t *testing.T) {
	for _, args := range [][]string{
		{"-max-heavy", "9223372036854775807"},
		{"-heavy-queue", "9223372036854775807"},
		{"-max-heavy", "4611686018427387904", "-heavy-queue", "4611686018427387904"},
	} {
		_, err := parseConfig(append([]string{"sudokud"}, args...), env(nil), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "-heavy-queue") {
			t.Errorf("%v: error %v, want one naming -heavy-queue", args, err)
		}
	}
	if _, err := parseConfig([]string{"sudokud", "-max-heavy", "1", "-heavy-queue", "9223372036854775806"}, env(nil), io.Discard); err != nil {
		t.Errorf("a sum of math.MaxInt: %v", err)
	}
}

var update = flag.Bool("update", false, "rewrite the settings table of README.md")

// TestREADMESettings: the settings table of README.md is the one the
// settings make (flag, variable, default, what), so that it cannot drift
// from the flags; -update rewrites it.
func TestREADMESettings(t *testing.T) {
	var table strings.Builder
	table.WriteString("| flag | variable | default | what |\n|---|---|---|---|\n")
	cfg := defaultConfig()
	for _, s := range cfg.settings() {
		def := s.Default // depends on the machine: words, not a value
		if def == "" {
			def = "`" + s.Value.String() + "`"
		}
		fmt.Fprintf(&table, "| `-%s` | `%s` | %s | %s |\n", s.Name, s.Env(), def, s.Usage)
	}
	const begin, end = "<!-- settings -->\n", "<!-- end settings -->"
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	i, j := bytes.Index(readme, []byte(begin)), bytes.Index(readme, []byte(end))
	if i < 0 || j < i {
		t.Fatalf("README.md has no %q … %q block", begin, end)
	}
	got, want := string(readme[i+len(begin):j]), table.String()
	if got == want {
		return
	}
	if *update {
		out := append(append(readme[:i+len(begin):i+len(begin)], want...), readme[j:]...)
		if err := os.WriteFile("README.md", out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's settings table is not the settings' (go test ./cmd/sudokud -run TestREADMESettings -update):\n%s", cmp.Diff(want, got))
}

// startStream opens an NDJSON stream to base's /validate, sends its first
// line and reads that line's result. The caller writes the rest of the
// body to pw and closes it and resp.Body; br reads the results after the
// first.
func startStream(t *testing.T, base string) (pw *io.PipeWriter, resp *http.Response, br *bufio.Reader) {
	t.Helper()
	pr, pw := io.Pipe()
	req, _ := http.NewRequest("POST", base+"/validate", pr)
	req.Header.Set("Content-Type", "application/x-ndjson")
	respc := make(chan *http.Response, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			close(respc)
			return
		}
		respc <- resp
	}()
	fmt.Fprintf(pw, `{"id":"0","puzzle":"%s"}`+"\n", classic)
	resp = <-respc
	if resp == nil {
		t.FailNow()
	}
	br = bufio.NewReader(resp.Body)
	if line, err := br.ReadString('\n'); err != nil || !strings.HasPrefix(line, `{"id":"0"`) {
		resp.Body.Close()
		t.Fatalf("first stream result %q %v", line, err)
	}
	return pw, resp, br
}
