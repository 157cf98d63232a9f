// Command sudokud serves the sudokud HTTP JSON API (see openapi.yaml).
//
// Every setting is a flag and an environment variable: -max-body-bytes is
// also SUDOKUD_MAX_BODY_BYTES; a flag wins over the variable. Run
// `sudokud -h` for the list.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/sudokud/sudokud/api"
)

// version is the release, stamped in at build time with
// -ldflags "-X main.version=v1.2.3" (see Dockerfile).
var version = "devel"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "sudokud:", err)
		os.Exit(1)
	}
}

// config is everything sudokud can be told, with its defaults.
type config struct {
	Addr              string
	LogLevel          string
	LogFormat         string
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	DrainTimeout      time.Duration
	ShutdownDelay     time.Duration
	CORSOrigins       string
	API               api.Config
}

// parseConfig reads flags from args and SUDOKUD_* variables from getenv.
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	def := api.DefaultConfig()
	cfg := config{API: def}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Addr, "addr", ":8080", "address to listen on (host:port; port 0 picks a free one)")
	fs.StringVar(&cfg.LogLevel, "log-level", "info", "log level: debug, info, warn or error")
	fs.StringVar(&cfg.LogFormat, "log-format", "json", "log format: json or text")
	fs.DurationVar(&cfg.ReadHeaderTimeout, "read-header-timeout", 5*time.Second, "longest time to read request headers")
	fs.DurationVar(&cfg.ReadTimeout, "read-timeout", 30*time.Second, "longest time to read a request (NDJSON streams extend it as they go)")
	fs.DurationVar(&cfg.WriteTimeout, "write-timeout", 60*time.Second, "longest time to write a response (NDJSON streams extend it as they go)")
	fs.DurationVar(&cfg.IdleTimeout, "idle-timeout", 120*time.Second, "longest idle time of a keep-alive connection")
	fs.DurationVar(&cfg.DrainTimeout, "drain-timeout", 15*time.Second, "longest time in-flight requests get to finish on shutdown")
	fs.DurationVar(&cfg.ShutdownDelay, "shutdown-delay", 0, "time between /readyz failing and the listener closing, for load balancers to notice")
	fs.StringVar(&cfg.CORSOrigins, "cors-origins", "*", "comma-separated origins allowed to call the API from a browser (* for any)")
	fs.Int64Var(&cfg.API.MaxBodyBytes, "max-body-bytes", def.MaxBodyBytes, "largest JSON request body in bytes")
	fs.IntVar(&cfg.API.MaxBatchItems, "max-batch-items", def.MaxBatchItems, "most items in one JSON /validate batch")
	fs.IntVar(&cfg.API.MaxLineBytes, "max-line-bytes", def.MaxLineBytes, "longest line of an NDJSON stream in bytes")
	fs.DurationVar(&cfg.API.SolveTimeout, "solve-timeout", def.SolveTimeout, "time budget of one solve, hint or solvable check")
	fs.DurationVar(&cfg.API.GenerateTimeout, "generate-timeout", def.GenerateTimeout, "time budget of one /generate request")
	fs.Int64Var(&cfg.API.MaxNodes, "max-nodes", def.MaxNodes, "search node budget per request (0: the engine's default)")
	fs.IntVar(&cfg.API.MaxHeavy, "max-heavy", def.MaxHeavy, "heavy requests (solve, generate, hint, solvable) running at once")
	fs.IntVar(&cfg.API.HeavyQueue, "heavy-queue", def.HeavyQueue, "heavy requests that may wait for a slot before 503 overloaded")
	fs.DurationVar(&cfg.API.QueueWait, "queue-wait", def.QueueWait, "longest wait for a heavy slot, or for /validate memory, before 503 overloaded")
	fs.Float64Var(&cfg.API.RateLimit, "rate-limit", 0, "requests per second per client IP (0: no limit)")
	fs.IntVar(&cfg.API.RateBurst, "rate-burst", def.RateBurst, "burst allowed above the per-client rate")
	fs.BoolVar(&cfg.API.TrustProxy, "trust-proxy", false, "take the client IP from the last X-Forwarded-For address (the one the proxy appended), or else X-Real-IP (only behind a proxy you run)")
	fs.IntVar(&cfg.API.Workers, "workers", def.Workers, "goroutines for batch and stream validation")
	fs.IntVar(&cfg.API.PoolSize, "pool-size", def.PoolSize, "puzzles kept ready per slow (size, box, difficulty, symmetry) for unseeded /generate (negative: no pool)")
	fs.DurationVar(&cfg.API.PoolSlow, "pool-slow", def.PoolSlow, "generation time that makes a (size, box, difficulty, symmetry) pooled")
	fs.IntVar(&cfg.API.MaxStreams, "max-streams", def.MaxStreams, "NDJSON /validate streams open at once; more get 503 overloaded")
	fs.Int64Var(&cfg.API.ValidateMemory, "validate-memory", def.ValidateMemory, "bytes of memory /validate requests and streams in progress may reserve at once; more wait up to -queue-wait, then 503 overloaded (default: 3/4 of GOMEMLIMIT when set)")

	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		name := envName(f.Name)
		if v := getenv(name); v != "" && envErr == nil {
			if err := fs.Set(f.Name, v); err != nil {
				envErr = fmt.Errorf("%s=%q: %w", name, v, err)
			}
		}
	})
	if envErr != nil {
		return cfg, envErr
	}
	if err := fs.Parse(args[1:]); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	if err := checkConfig(fs, cfg); err != nil {
		return cfg, err
	}
	cfg.API.CORSOrigins = splitList(cfg.CORSOrigins)
	if len(cfg.API.CORSOrigins) == 0 {
		// The API reads no origins as its default, "*": every origin.
		return cfg, fmt.Errorf("-cors-origins (%s) is %q; want origins, or * for any", envName("cors-origins"), cfg.CORSOrigins)
	}
	return cfg, nil
}

// envName is the environment variable of flag name: SUDOKUD_MAX_BODY_BYTES
// for max-body-bytes.
func envName(name string) string {
	return "SUDOKUD_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// maxWorkers caps -workers: the goroutines of one batch or stream.
const maxWorkers = 1024

// checkConfig refuses the values that the API would silently replace by its
// defaults (the config log showed them as given: -max-heavy 0 ran GOMAXPROCS
// heavy requests at once) and negative durations, which net/http reads as no
// timeout.
func checkConfig(fs *flag.FlagSet, cfg config) error {
	a := cfg.API
	for _, c := range []struct {
		name string
		ok   bool
		want string
	}{
		{"read-header-timeout", cfg.ReadHeaderTimeout >= 0, "0 or more"},
		{"read-timeout", cfg.ReadTimeout >= 0, "0 or more"},
		{"write-timeout", cfg.WriteTimeout >= 0, "0 or more"},
		{"idle-timeout", cfg.IdleTimeout >= 0, "0 or more"},
		{"drain-timeout", cfg.DrainTimeout >= 0, "0 or more"},
		{"shutdown-delay", cfg.ShutdownDelay >= 0, "0 or more"},
		{"max-body-bytes", a.MaxBodyBytes > 0, "at least 1"},
		{"max-batch-items", a.MaxBatchItems > 0, "at least 1"},
		{"max-line-bytes", a.MaxLineBytes > 0, "at least 1"},
		// Every NDJSON stream sets aside a buffer of the longest line: one
		// line never needs more room than a whole JSON body has.
		{"max-line-bytes", int64(a.MaxLineBytes) <= a.MaxBodyBytes, fmt.Sprintf("at most -max-body-bytes (%d)", a.MaxBodyBytes)},
		{"solve-timeout", a.SolveTimeout > 0, "more than 0"},
		{"generate-timeout", a.GenerateTimeout > 0, "more than 0"},
		{"max-nodes", a.MaxNodes >= 0, "0 (the engine's default) or more"},
		{"max-heavy", a.MaxHeavy > 0, "at least 1"},
		{"heavy-queue", a.HeavyQueue >= 0, "0 or more"},
		// The API sizes its queue by the sum, which must not overflow.
		{"heavy-queue", a.HeavyQueue <= math.MaxInt-a.MaxHeavy, fmt.Sprintf("at most %d with -max-heavy %d", math.MaxInt-a.MaxHeavy, a.MaxHeavy)},
		{"queue-wait", a.QueueWait > 0, "more than 0"},
		{"rate-limit", a.RateLimit >= 0, "0 (no limit) or more"}, // false for NaN too
		{"rate-burst", a.RateBurst > 0, "at least 1"},
		{"workers", a.Workers > 0, "at least 1"},
		// Each stream runs this many goroutines and sizes its channels by
		// them (as sudoku's -j, capped at 1024).
		{"workers", a.Workers <= maxWorkers, fmt.Sprintf("at most %d", maxWorkers)},
		{"pool-slow", a.PoolSlow > 0, "more than 0"},
		{"pool-size", a.PoolSize != 0, "1 or more, or negative for no pool"},
		{"max-streams", a.MaxStreams > 0, "at least 1"},
		{"validate-memory", a.ValidateMemory > 0, "at least 1"},
	} {
		if !c.ok {
			return fmt.Errorf("-%s (%s) is %s; want %s", c.name, envName(c.name), fs.Lookup(c.name).Value, c.want)
		}
	}
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, o := range strings.Split(s, ",") {
		if o = strings.TrimSpace(o); o != "" {
			out = append(out, o)
		}
	}
	return out
}

// newLogger returns the slog logger the config asks for.
func newLogger(cfg config, w io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		return nil, fmt.Errorf("log level %q: want debug, info, warn or error", cfg.LogLevel)
	}
	opts := &slog.HandlerOptions{Level: level}
	switch cfg.LogFormat {
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("log format %q: want json or text", cfg.LogFormat)
}

// run is the whole server: it returns when ctx is done and the server has
// drained, or at once on a bad config or a bind error (nil after -h). Logs go to stdout,
// usage errors to stderr. The first log line after the config is
// "listening" with the bound address (useful with port 0).
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := parseConfig(args, getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil // -h: the flags are printed
	}
	if err != nil {
		return err
	}
	logger, err := newLogger(cfg, stdout)
	if err != nil {
		return err
	}
	logger.Info("config", "version", version,
		"addr", cfg.Addr, "log_level", cfg.LogLevel, "log_format", cfg.LogFormat,
		"read_header_timeout", cfg.ReadHeaderTimeout.String(), "read_timeout", cfg.ReadTimeout.String(),
		"write_timeout", cfg.WriteTimeout.String(), "idle_timeout", cfg.IdleTimeout.String(),
		"drain_timeout", cfg.DrainTimeout.String(), "shutdown_delay", cfg.ShutdownDelay.String(),
		"cors_origins", cfg.API.CORSOrigins, "max_body_bytes", cfg.API.MaxBodyBytes,
		"max_batch_items", cfg.API.MaxBatchItems, "max_line_bytes", cfg.API.MaxLineBytes,
		"solve_timeout", cfg.API.SolveTimeout.String(), "generate_timeout", cfg.API.GenerateTimeout.String(),
		"max_nodes", cfg.API.MaxNodes, "max_heavy", cfg.API.MaxHeavy, "heavy_queue", cfg.API.HeavyQueue,
		"queue_wait", cfg.API.QueueWait.String(), "rate_limit", cfg.API.RateLimit, "rate_burst", cfg.API.RateBurst,
		"trust_proxy", cfg.API.TrustProxy, "workers", cfg.API.Workers,
		"pool_size", cfg.API.PoolSize, "pool_slow", cfg.API.PoolSlow.String(),
		"max_streams", cfg.API.MaxStreams, "validate_memory", cfg.API.ValidateMemory)

	reg := prometheus.NewRegistry()
	svc := api.New(cfg.API, logger, reg)
	defer svc.Close()

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	// Handlers get a context that outlives the signal, so in-flight work
	// can finish while draining; it is cancelled when the drain time is up.
	baseCtx, cancelBase := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelBase()
	srv := &http.Server{
		Handler:           svc,
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		ReadTimeout:       cfg.ReadTimeout,
		WriteTimeout:      cfg.WriteTimeout,
		IdleTimeout:       cfg.IdleTimeout,
		BaseContext:       func(net.Listener) context.Context { return baseCtx },
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	logger.Info("listening", "addr", ln.Addr().String())

	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()

	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}

	logger.Info("shutting down", "drain_timeout", cfg.DrainTimeout.String())
	svc.Drain()
	if cfg.ShutdownDelay > 0 {
		time.Sleep(cfg.ShutdownDelay)
	}
	// A fresh context: ctx is already done.
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.DrainTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		logger.Warn("drain time is up; closing remaining connections", "err", err)
		cancelBase()
		srv.Close()
	}
	if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("stopped")
	return nil
}
