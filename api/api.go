// Package api is the HTTP JSON API of sudokud (see openapi.yaml): the only
// package that knows HTTP, chi, the validator and Prometheus. It turns
// requests into calls of package engine and engine errors into RFC 9457
// problem details.
package api

import (
	"context"
	"log/slog"
	"net/http"
	"sync/atomic"

	"github.com/go-playground/validator/v10"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/sudokud/sudokud/engine"
)

// limits returns the engine's search budget for one request.
func (c Config) limits() engine.Limits { return engine.Limits{MaxNodes: c.MaxNodes} }

// Server is the API as an http.Handler. Drain makes /readyz fail so that a
// load balancer stops sending work before the server shuts down.
type Server struct {
	handler  http.Handler
	draining atomic.Bool
	deps     *deps
	ctx      context.Context // done at Close
	stop     context.CancelFunc
}

// New builds the API with every route and middleware. Fields of cfg left
// zero take their defaults; a field out of range is an error (see
// Config.Validate). logger nil discards logs; reg nil uses a fresh registry
// (metrics are then only visible on /metrics of this Server). reg may hold
// the Go, process and build-info collectors already (New keeps them); one
// holding the API's own metrics, another Server's, is an error. Other
// packages' tests use it as
//
//	srv, err := api.New(api.DefaultConfig(), nil, nil)
//	ts := httptest.NewServer(srv)
func New(cfg Config, logger *slog.Logger, reg *prometheus.Registry) (*Server, error) {
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	m, err := newMetrics(reg)
	if err != nil {
		return nil, err
	}
	s := &Server{}
	d := &deps{
		cfg:      cfg,
		log:      logger,
		validate: newValidator(),
		metrics:  m,
		draining: &s.draining,
	}
	d.heavy = newLimiter(cfg.MaxHeavy, cfg.HeavyQueue, cfg.QueueWait)
	d.memory = newBudget(cfg.ValidateMemory, cfg.QueueWait)
	d.metrics.streamsLimit.Set(float64(cfg.MaxStreams))
	d.metrics.validateMemoryLimit.Set(float64(cfg.ValidateMemory))
	ctx, stop := context.WithCancel(context.Background())
	s.ctx, s.stop = ctx, stop
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
	return s, nil
}

// ServeHTTP serves the API. A request's context ends when its handler
// returns or at Close, not when the client half-closes its connection (see
// detach).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r, cancel := detach(s.ctx, r)
	defer cancel()
	s.handler.ServeHTTP(w, r)
}

// Drain makes /readyz answer 503 shutting_down from now on.
func (s *Server) Drain() { s.draining.Store(true) }

// Close cancels the requests still running (a stream in flight is aborted)
// and stops the background work (the generation pool's fillers), and waits
// for the fillers. Call it after the HTTP server has shut down, or when its
// drain time is up.
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
