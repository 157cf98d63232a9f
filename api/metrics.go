package api

import (
	"errors"
	"fmt"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/sudokud/sudokud/engine"
)

// metrics are the service's Prometheus metrics, registered on a registry
// the caller owns.
type metrics struct {
	solveDuration    *prometheus.HistogramVec
	generateDuration *prometheus.HistogramVec
	requests         *prometheus.CounterVec
	requestDuration  *prometheus.HistogramVec
	inFlight         prometheus.Gauge
	shed             *prometheus.CounterVec
	rateLimited      prometheus.Counter
	validateItems    *prometheus.CounterVec

	streamsOpen         prometheus.Gauge
	streamsLimit        prometheus.Gauge
	validateMemory      prometheus.Gauge
	validateMemoryLimit prometheus.Gauge
}

// newMetrics registers the service's metrics on reg, with the Go, process
// and build-info collectors unless reg holds them already. A metric of the
// service's own that reg holds already (a second Server on one registry) is
// an error, and reg is left as it was.
func newMetrics(reg prometheus.Registerer) (*metrics, error) {
	m := &metrics{
		solveDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "sudoku_solve_duration_seconds",
			Help: "Time the engine took to solve one puzzle, by board size and box.",
			// 10µs … 42s: most 9×9 solves take microseconds.
			Buckets: prometheus.ExponentialBuckets(10e-6, 4, 12),
		}, []string{"size", "box"}),
		generateDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "sudoku_generate_duration_seconds",
			Help:    "Time the engine took to generate one puzzle, by board size, box, difficulty and variant (classic, a single variant, or combination).",
			Buckets: prometheus.ExponentialBuckets(100e-6, 4, 11),
		}, []string{"size", "box", "difficulty", "variant"}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokud_http_requests_total",
			Help: "HTTP requests answered, by route pattern, method and status (aborted: the answer was cut off midway).",
		}, []string{"route", "method", "status"}),
		requestDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "sudokud_http_request_duration_seconds",
			Help:    "HTTP request latency, by route pattern, method and status (aborted: the answer was cut off midway).",
			Buckets: prometheus.ExponentialBuckets(50e-6, 4, 11),
		}, []string{"route", "method", "status"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sudokud_http_requests_in_flight",
			Help: "HTTP requests being served now.",
		}),
		shed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokud_requests_shed_total",
			Help: "Requests refused with 503 overloaded (heavy slots, /validate memory or streams full), by route pattern.",
		}, []string{"route"}),
		rateLimited: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sudokud_requests_rate_limited_total",
			Help: "Requests refused with 429 rate_limited.",
		}),
		validateItems: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokud_validate_items_total",
			Help: "Boards checked by /validate (single, batch and stream), by outcome (solved, valid, invalid, error).",
		}, []string{"outcome"}),
		streamsOpen: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sudokud_validate_streams_open",
			Help: "NDJSON /validate streams open now.",
		}),
		streamsLimit: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sudokud_validate_streams_limit",
			Help: "Most NDJSON /validate streams open at once (-max-streams); more are shed.",
		}),
		validateMemory: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sudokud_validate_memory_reserved_bytes",
			Help: "Memory reserved by /validate requests and streams in progress.",
		}),
		validateMemoryLimit: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sudokud_validate_memory_limit_bytes",
			Help: "Memory /validate requests and streams may reserve at once (-validate-memory); more wait, then are shed.",
		}),
	}
	own := []prometheus.Collector{
		m.solveDuration, m.generateDuration, m.requests, m.requestDuration,
		m.inFlight, m.shed, m.rateLimited, m.validateItems,
		m.streamsOpen, m.streamsLimit, m.validateMemory, m.validateMemoryLimit,
	}
	// The process's own collectors: what they report is the same whoever
	// registered them, so one the registry already holds is kept.
	shared := []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sudoku_peer_cache_shapes",
			Help: "Board shapes whose peer tables the engine has built and cached.",
		}, func() float64 { return float64(engine.CachedShapes()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sudoku_rule_cache_entries",
			Help: fmt.Sprintf("Variant rule sets (shape and rules) the engine has compiled and cached, at most %d.", engine.MaxCachedRules),
		}, func() float64 { n, _ := engine.RuleCacheStats(); return float64(n) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "sudoku_rule_cache_evictions_total",
			Help: "Compiled variant rule sets the engine dropped from its cache, least recently used first, to make room.",
		}, func() float64 { _, n := engine.RuleCacheStats(); return float64(n) }),
		collectors.NewBuildInfoCollector(),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	}
	var added []prometheus.Collector
	register := func(c prometheus.Collector, keep bool) error {
		err := reg.Register(c)
		if err == nil {
			added = append(added, c)
			return nil
		}
		if keep && errors.As(err, new(prometheus.AlreadyRegisteredError)) {
			return nil
		}
		// Leave the registry as it was, so that the caller may try again.
		for _, c := range added {
			reg.Unregister(c)
		}
		return fmt.Errorf("registering metrics: %w", err)
	}
	for _, c := range own {
		if err := register(c, false); err != nil {
			return nil, err
		}
	}
	for _, c := range shared {
		if err := register(c, true); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// countItems adds the outcomes in s to the /validate counters.
func (m *metrics) countItems(s summary) {
	if s.Total == 0 {
		return
	}
	valid := s.Valid - s.Solved
	invalid := s.Total - s.Valid - s.Errors
	for _, c := range []struct {
		outcome string
		n       int
	}{{"solved", s.Solved}, {"valid", valid}, {"invalid", invalid}, {"error", s.Errors}} {
		if c.n > 0 {
			m.validateItems.WithLabelValues(c.outcome).Add(float64(c.n))
		}
	}
}
