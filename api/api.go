// Package api is the HTTP JSON API of sudokud (see openapi.yaml): the only
// package that knows HTTP, chi, the validator and Prometheus. It turns
// requests into calls of package engine and engine errors into RFC 9457
// problem details.
package api

import (
	"context"
	"log/slog"
	"math"
	"net/http"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/go-playground/validator/v10"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/sudokud/sudokud/engine"
)

// Config holds the service's limits. A zero or negative field means its
// default (see DefaultConfig), except RateLimit where 0 or less means no
// limit, HeavyQueue where 0 or less means no queue (a heavy request finding
// every slot busy is shed at once), MaxNodes where 0 or less means the
// engine's default, and PoolSize where a negative value means no pool.
type Config struct {
	MaxBodyBytes    int64         // largest JSON request body
	MaxBatchItems   int           // most items in one JSON batch
	MaxLineBytes    int           // longest NDJSON line
	SolveTimeout    time.Duration // time budget of one solve, hint or solvable check
	GenerateTimeout time.Duration // time budget of one /generate request
	MaxNodes        int64         // search node budget per request (0: the engine's default)
	MaxHeavy        int           // heavy requests (solve, generate, hint, solvable) run at once
	HeavyQueue      int           // heavy requests that may wait for a slot; more are shed
	QueueWait       time.Duration // longest wait for a heavy slot or /validate memory before a 503
	RateLimit       float64       // requests per second per client IP (0: off)
	RateBurst       int           // burst of the per-client rate limit
	TrustProxy      bool          // take the client IP from X-Forwarded-For / X-Real-IP
	CORSOrigins     []string      // allowed origins; "*" allows any
	Workers         int           // goroutines for batch and stream validation
	PoolSize        int           // ready puzzles kept per slow (shape, level, symmetry); negative: no pool
	PoolSlow        time.Duration // generation time that makes a (shape, level, symmetry) pooled
	MaxStreams      int           // NDJSON /validate streams open at once; more are shed
	ValidateMemory  int64         // bytes /validate requests and streams in progress may reserve at once
}

// DefaultConfig returns the default limits.
func DefaultConfig() Config {
	n := runtime.GOMAXPROCS(0)
	return Config{
		MaxBodyBytes:    8 << 20,
		MaxBatchItems:   10000,
		MaxLineBytes:    64 << 10,
		SolveTimeout:    2 * time.Second,
		GenerateTimeout: 20 * time.Second,
		MaxHeavy:        n,
		HeavyQueue:      4 * n,
		QueueWait:       time.Second,
		RateBurst:       20,
		CORSOrigins:     []string{"*"},
		Workers:         n,
		PoolSize:        4,
		PoolSlow:        250 * time.Millisecond,
		MaxStreams:      1024,
		ValidateMemory:  defaultValidateMemory(),
	}
}

// defaultValidateMemory is three quarters of the Go runtime's soft memory
// limit (GOMEMLIMIT) when one is set, else 192 MiB: the rest is left to the
// other requests, the runtime and what the reservations do not count.
func defaultValidateMemory() int64 {
	if limit := debug.SetMemoryLimit(-1); limit < math.MaxInt64 {
		return max(limit/4*3, 1)
	}
	return 192 << 20
}

// withDefaults fills zero and negative fields from DefaultConfig, as the
// Config doc says.
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = d.MaxBodyBytes
	}
	if c.MaxBatchItems <= 0 {
		c.MaxBatchItems = d.MaxBatchItems
	}
	if c.MaxLineBytes <= 0 {
		c.MaxLineBytes = d.MaxLineBytes
	}
	if c.SolveTimeout <= 0 {
		c.SolveTimeout = d.SolveTimeout
	}
	if c.GenerateTimeout <= 0 {
		c.GenerateTimeout = d.GenerateTimeout
	}
	if c.MaxHeavy <= 0 {
		c.MaxHeavy = d.MaxHeavy
	}
	if c.HeavyQueue < 0 {
		c.HeavyQueue = 0
	}
	if c.QueueWait <= 0 {
		c.QueueWait = d.QueueWait
	}
	if c.RateBurst <= 0 {
		c.RateBurst = d.RateBurst
	}
	if len(c.CORSOrigins) == 0 {
		c.CORSOrigins = d.CORSOrigins
	}
	if c.Workers <= 0 {
		c.Workers = d.Workers
	}
	if c.PoolSize == 0 {
		c.PoolSize = d.PoolSize
	}
	if c.PoolSlow <= 0 {
		c.PoolSlow = d.PoolSlow
	}
	if c.MaxStreams <= 0 {
		c.MaxStreams = d.MaxStreams
	}
	if c.ValidateMemory <= 0 {
		c.ValidateMemory = d.ValidateMemory
	}
	return c
}

// limits returns the engine's search budget for one request.
func (c Config) limits() engine.Limits { return engine.Limits{MaxNodes: c.MaxNodes} }

// Server is the API as an http.Handler. Drain makes /readyz fail so that a
// load balancer stops sending work before the server shuts down.
type Server struct {
	handler  http.Handler
	draining atomic.Bool
	deps     *deps
	stop     context.CancelFunc
}

// New builds the API with every route and middleware. logger nil discards
// logs; reg nil uses a fresh registry (metrics are then only visible on
// /metrics of this Server). Other packages' tests use it as
//
//	srv := api.New(api.DefaultConfig(), nil, nil)
//	ts := httptest.NewServer(srv)
func New(cfg Config, logger *slog.Logger, reg *prometheus.Registry) *Server {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	cfg = cfg.withDefaults()
	s := &Server{}
	d := &deps{
		cfg:      cfg,
		log:      logger,
		validate: newValidator(),
		metrics:  newMetrics(reg),
		draining: &s.draining,
	}
	d.heavy = newLimiter(cfg.MaxHeavy, cfg.HeavyQueue, cfg.QueueWait)
	d.memory = newBudget(cfg.ValidateMemory, cfg.QueueWait)
	d.metrics.streamsLimit.Set(float64(cfg.MaxStreams))
	d.metrics.validateMemoryLimit.Set(float64(cfg.ValidateMemory))
	ctx, stop := context.WithCancel(context.Background())
	s.stop = stop
	if cfg.PoolSize > 0 {
		d.pool = &genPool{
			ctx: ctx, size: cfg.PoolSize, slow: cfg.PoolSlow, maxKeys: 16, heavy: d.heavy,
			keys: map[poolKey]chan pooled{},
			gen: func(ctx context.Context, key poolKey, seed int64) (engine.Puzzle, error) {
				ctx, cancel := context.WithTimeout(ctx, cfg.GenerateTimeout)
				defer cancel()
				p, _, err := d.generate(ctx, key, seed)
				return p, err
			},
		}
	}
	if cfg.RateLimit > 0 {
		d.rate = newRateLimiter(cfg.RateLimit, cfg.RateBurst)
	}
	s.deps = d
	s.handler = newRouter(d, reg)
	return s
}

// ServeHTTP serves the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Drain makes /readyz answer 503 shutting_down from now on.
func (s *Server) Drain() { s.draining.Store(true) }

// Close stops the background work (the generation pool's fillers) and
// waits for it. Call it after the HTTP server has shut down.
func (s *Server) Close() {
	s.stop()
	if s.deps.pool != nil {
		s.deps.pool.wg.Wait()
	}
}

// deps is what the handlers share.
type deps struct {
	cfg      Config
	log      *slog.Logger
	validate *validator.Validate
	metrics  *metrics
	heavy    *limiter
	memory   *budget      // /validate's memory (Config.ValidateMemory)
	streams  atomic.Int64 // NDJSON streams open
	rate     *rateLimiter // nil when rate limiting is off
	pool     *genPool     // nil when pooling is off
	draining *atomic.Bool
}
