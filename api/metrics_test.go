package api

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
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
	problems, err := testutil.GatherAndLint(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("lint %s: %s", p.Metric, p.Text)
	}

	ex := c.do("GET", "/metrics", "", nil)
	if ex.status != http.StatusOK {
		t.Fatalf("/metrics: %d", ex.status)
	}
	for _, series := range []string{
		`sudoku_solve_duration_seconds_count{box="3x3",size="9"} 1`,
		`sudoku_solve_duration_seconds_count{box="4x4",size="16"} 1`,
		`sudokud_http_requests_total{method="POST",route="/solve",status="200"} 2`,
		`sudoku_generate_duration_seconds_count{box="2x2",difficulty="easy",size="4"} 3`,
	} {
		if !strings.Contains(string(ex.body), series) {
			t.Errorf("/metrics lacks %s", series)
		}
	}
	for _, name := range []string{
		"sudokud_http_requests_total", "sudokud_http_request_duration_seconds_bucket", "sudokud_http_requests_in_flight",
		"sudoku_peer_cache_shapes", "go_goroutines", "go_build_info", "sudokud_validate_items_total",
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
