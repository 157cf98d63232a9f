package api

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/sudokud/sudokud/engine"
)

func TestMetrics(t *testing.T) {
	reg := prometheus.NewRegistry()
	srv := mustNew(t, DefaultConfig(), nil, reg)
	t.Cleanup(srv.Close)
	c := &apiClient{tb: t, h: srv, srv: srv}
	for range 3 {
		c.post("/validate", map[string]any{"puzzle": classicSolved})
	}
	c.post("/validate", map[string]any{"puzzle": "12"})
	c.do("GET", "/nope", "", nil)
	c.post("/solve", map[string]any{"puzzle": classic})
	c.post("/solve", map[string]any{"size": 16, "puzzle": strings.Repeat(".", 256)})
	c.post("/generate", map[string]any{"size": 4, "difficulty": "easy", "seed": 1, "count": 3})
	c.post("/generate", map[string]any{"size": 4, "difficulty": "easy", "seed": 1, "variant": "x"})
	c.post("/generate", map[string]any{"size": 4, "difficulty": "easy", "seed": 1, "count": 2, "variant": "killer,x"})

	m := srv.deps.metrics
	if got := testutil.ToFloat64(m.requests.WithLabelValues("/validate", "POST", "200")); got != 3 {
		t.Errorf("requests{/validate,POST,200} = %v, want 3", got)
	}
	if got := testutil.ToFloat64(m.requests.WithLabelValues("/validate", "POST", "400")); got != 1 {
		t.Errorf("requests{/validate,POST,400} = %v, want 1", got)
	}
	if got := testutil.ToFloat64(m.requests.WithLabelValues("unmatched", "GET", "404")); got != 1 {
		t.Errorf("requests{unmatched,GET,404} = %v, want 1", got)
	}
	if got := testutil.ToFloat64(m.validateItems.WithLabelValues("solved")); got != 3 {
		t.Errorf("validate_items{solved} = %v, want 3", got)
	}
	if got := testutil.ToFloat64(m.inFlight); got != 0 {
		t.Errorf("in flight = %v after the requests", got)
	}
	lintMetrics(t, reg)

	ex := c.do("GET", "/metrics", "", nil)
	if ex.status != http.StatusOK {
		t.Fatalf("/metrics: %d", ex.status)
	}
	for _, series := range []string{
		`sudoku_solve_duration_seconds_count{box="3x3",size="9"} 1`,
		`sudoku_solve_duration_seconds_count{box="4x4",size="16"} 1`,
		`sudokud_http_requests_total{method="POST",route="/solve",status="200"} 2`,
		`sudoku_generate_duration_seconds_count{box="2x2",difficulty="easy",size="4",variant="classic"} 3`,
		`sudoku_generate_duration_seconds_count{box="2x2",difficulty="easy",size="4",variant="x"} 1`,
		`sudoku_generate_duration_seconds_count{box="2x2",difficulty="easy",size="4",variant="combination"} 2`,
	} {
		if !strings.Contains(string(ex.body), series) {
			t.Errorf("/metrics lacks %s", series)
		}
	}
	for _, name := range []string{
		"sudokud_http_requests_total", "sudokud_http_request_duration_seconds_bucket", "sudokud_http_requests_in_flight",
		"sudoku_peer_cache_shapes", "sudoku_rule_cache_entries", "sudoku_rule_cache_evictions_total",
		"go_goroutines", "go_build_info", "sudokud_validate_items_total",
		"sudokud_validate_streams_open", "sudokud_validate_streams_limit",
		"sudokud_validate_memory_reserved_bytes", "sudokud_validate_memory_limit_bytes",
	} {
		if !strings.Contains(string(ex.body), name) {
			t.Errorf("/metrics lacks %s", name)
		}
	}
}

// TestMetricsMethodLabelBounded: a method the server does not know is
// counted as "other", so clients cannot add a series per made-up method.
func TestMetricsMethodLabelBounded(t *testing.T) {
	reg := prometheus.NewRegistry()
	srv := mustNew(t, DefaultConfig(), nil, reg)
	t.Cleanup(srv.Close)
	c := &apiClient{tb: t, h: srv, srv: srv}
	for i := range 5 {
		c.do("BREW"+strconv.Itoa(i), "/solve", "", nil)
	}
	c.do(http.MethodPost, "/healthz", "", nil)

	m := srv.deps.metrics
	if got := testutil.ToFloat64(m.requests.WithLabelValues("unmatched", "other", "405")); got != 5 {
		t.Errorf("requests{unmatched,other,405} = %v, want 5", got)
	}
	if got := testutil.ToFloat64(m.requests.WithLabelValues("unmatched", "POST", "405")); got != 1 {
		t.Errorf("requests{unmatched,POST,405} = %v, want 1", got)
	}
	if got := testutil.CollectAndCount(m.requests); got != 2 {
		t.Errorf("%d request series, want 2 (other and POST)", got)
	}
	if got := testutil.CollectAndCount(m.requestDuration); got != 2 {
		t.Errorf("%d latency series, want 2 (other and POST)", got)
	}
}

// brokenWriter is a ResponseWriter whose client is gone: every write fails.
type brokenWriter struct{ header http.Header }

func (w *brokenWriter) Header() http.Header { return w.header }
func (w *brokenWriter) WriteHeader(int)     {}
func (w *brokenWriter) Write([]byte) (int, error) {
	return 0, errors.New("write: broken pipe")
}

// TestMetricsAborted: a response cut off midway is counted with status
// "aborted", not as the 200 its status line said: a stream aborted at the
// server's write timeout, a batch and a single answer whose writes fail
// (the client is gone). Counted as 200s, they would never show an answer
// lost.
func TestMetricsAborted(t *testing.T) {
	reg := prometheus.NewRegistry()
	srv := mustNew(t, DefaultConfig(), nil, reg)
	t.Cleanup(srv.Close)
	m := srv.deps.metrics
	requests := func(route, status string) float64 {
		return testutil.ToFloat64(m.requests.WithLabelValues(route, http.MethodPost, status))
	}

	addr := connServer(t, srv, guard, 200*time.Millisecond)
	c := dial(t, addr)
	sendOnesStream(c, 40)
	waitFor(t, func() bool { return requests("/validate", statusAborted) == 1 }) // the client does not read

	post := func(path, body string) {
		t.Helper()
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Content-Type", mediaJSON)
		defer func() {
			if v := recover(); v != nil && v != http.ErrAbortHandler {
				t.Fatalf("%s: panic %v", path, v)
			}
		}()
		srv.ServeHTTP(&brokenWriter{header: http.Header{}}, req)
	}
	post("/validate", `{"items":[{"puzzle":"`+classic+`"}]}`)
	post("/solve", `{"puzzle":"`+classic+`"}`)
	for _, s := range []struct {
		route string
		want  float64
	}{{"/validate", 2}, {"/solve", 1}} {
		if got := requests(s.route, statusAborted); got != s.want {
			t.Errorf("requests{%s,POST,aborted} = %v, want %v", s.route, got, s.want)
		}
		if got := requests(s.route, "200"); got != 0 {
			t.Errorf("requests{%s,POST,200} = %v, want 0: every answer was cut off", s.route, got)
		}
	}
	if got := testutil.ToFloat64(m.inFlight); got != 0 {
		t.Errorf("in flight = %v after the requests", got)
	}
	lintMetrics(t, reg)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	for _, series := range []string{
		`sudokud_http_requests_total{method="POST",route="/validate",status="aborted"} 2`,
		`sudokud_http_requests_total{method="POST",route="/solve",status="aborted"} 1`,
		`sudokud_http_request_duration_seconds_count{method="POST",route="/solve",status="aborted"} 1`,
	} {
		if !strings.Contains(rec.Body.String(), series) {
			t.Errorf("/metrics lacks %s", series)
		}
	}
}

// lintMetrics fails t for every problem promlint finds in reg's metrics.
func lintMetrics(t *testing.T, reg prometheus.Gatherer) {
	t.Helper()
	problems, err := testutil.GatherAndLint(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("lint %s: %s", p.Metric, p.Text)
	}
}

// TestNewOnARegistryWithCollectors: a registry that already holds the Go
// and process collectors (registered by the program that owns it) serves
// them once, beside the API's metrics, with no panic ("duplicate metrics
// collector registration attempted").
func TestNewOnARegistryWithCollectors(t *testing.T) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	srv := mustNew(t, DefaultConfig(), nil, reg)
	t.Cleanup(srv.Close)
	c := &apiClient{tb: t, h: srv, srv: srv}
	c.post("/validate", map[string]any{"puzzle": classicSolved})
	if got := testutil.ToFloat64(srv.deps.metrics.requests.WithLabelValues("/validate", "POST", "200")); got != 1 {
		t.Errorf("requests{/validate,POST,200} = %v, want 1", got)
	}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, f := range families {
		seen[f.GetName()]++
	}
	for _, name := range []string{"go_goroutines", "sudokud_http_requests_total", "sudoku_peer_cache_shapes", "go_build_info"} {
		if seen[name] != 1 {
			t.Errorf("%s gathered %d times, want once", name, seen[name])
		}
	}
	lintMetrics(t, reg)
}

// TestNewOnARegistryOfAnotherServer: a second Server on a registry that
// holds the first one's metrics is an error, not a panic, and leaves the
// registry as it was: the first Server's metrics are still the ones
// gathered.
func TestNewOnARegistryOfAnotherServer(t *testing.T) {
	reg := prometheus.NewRegistry()
	first := mustNew(t, DefaultConfig(), nil, reg)
	t.Cleanup(first.Close)
	before, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	second, err := New(DefaultConfig(), nil, reg)
	if err == nil {
		second.Close()
		t.Fatal("a second Server on the first one's registry: no error")
	}
	if !errors.As(err, new(prometheus.AlreadyRegisteredError)) || !strings.Contains(err.Error(), "registering metrics") {
		t.Errorf("error %q, want an AlreadyRegisteredError saying it came from registering metrics", err)
	}
	after, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Errorf("the registry gathers %d families after the failed New, %d before", len(after), len(before))
	}
	c := &apiClient{tb: t, h: first, srv: first}
	c.post("/validate", map[string]any{"puzzle": classicSolved})
	if got := testutil.ToFloat64(first.deps.metrics.requests.WithLabelValues("/validate", "POST", "200")); got != 1 {
		t.Errorf("the first Server's requests{/validate,POST,200} = %v, want 1", got)
	}
	lintMetrics(t, reg)
}

// TestRuleCacheMetrics: the rule cache's size and evictions on /metrics
// are the engine's. A batch of MaxCachedRules+50 items, each with a cage
// of its own, fills the cache and evicts at least 50 rule sets.
func TestRuleCacheMetrics(t *testing.T) {
	reg := prometheus.NewRegistry()
	srv := mustNew(t, DefaultConfig(), nil, reg)
	t.Cleanup(srv.Close)
	c := &apiClient{tb: t, h: srv, srv: srv}
	_, before := engine.RuleCacheStats()
	var items []string
	for i := range engine.MaxCachedRules + 50 {
		items = append(items, fmt.Sprintf(`{"puzzle":%q,"rules":{"cages":[{"cells":[[%d,%d],[%d,%d]]}]}}`,
			classic, i%81/9, i%9, (i+1)%81/9, (i+1)%81%9))
		if i >= 81 {
			// Beyond the 81 two-cell cages of one shape: add a sum.
			items[i] = strings.Replace(items[i], `]]}`, fmt.Sprintf(`]],"sum":%d}`, 3+i/81), 1)
		}
	}
	ex := c.post("/validate", `{"items":[`+strings.Join(items, ",")+`]}`)
	if ex.status != http.StatusOK || strings.Contains(string(ex.body), `"error"`) {
		t.Fatalf("%d %.300s", ex.status, ex.body)
	}
	entries, evictions := engine.RuleCacheStats()
	if entries != engine.MaxCachedRules || evictions-before < 50 {
		t.Errorf("rule cache: %d entries, %d evictions, want %d and at least 50", entries, evictions-before, engine.MaxCachedRules)
	}
	for name, want := range map[string]float64{"sudoku_rule_cache_entries": float64(entries), "sudoku_rule_cache_evictions_total": float64(evictions)} {
		mfs, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, mf := range mfs {
			if mf.GetName() != name {
				continue
			}
			found = true
			m := mf.GetMetric()[0]
			got := m.GetGauge().GetValue() + m.GetCounter().GetValue()
			if got != want {
				t.Errorf("%s = %v, want %v", name, got, want)
			}
		}
		if !found {
			t.Errorf("no %s on the registry", name)
		}
	}
	lintMetrics(t, reg)
}
