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
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
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

// config is everything sudokud can be told: the server's own settings and
// the API's (api.Config, which owns their defaults and checks).
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
	API               api.Config
}

// defaultConfig is what sudokud runs with when told nothing.
func defaultConfig() config {
	return config{
		Addr:              ":8080",
		LogLevel:          "info",
		LogFormat:         "json",
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		DrainTimeout:      15 * time.Second,
		API:               api.DefaultConfig(),
	}
}

// settings lists every setting of c, the server's own and then the API's,
// bound to c: the flags, the environment variables, the -h text, the
// start-up log record and cmd/sudokud/README.md all come from this list.
// A negative server timeout is refused as it is set, since net/http reads
// it as none; the API's values are checked by api.Config.Validate.
func (c *config) settings() []api.Setting {
	return append([]api.Setting{
		{Name: "addr", Value: (*text)(&c.Addr),
			Usage: "address to listen on, host:port (127.0.0.1:0 picks a free port; the listening log record names it)"},
		{Name: "log-level", Value: (*text)(&c.LogLevel),
			Usage: "debug, info, warn or error; each request logs at info (to /healthz, /readyz or /metrics at debug), " +
				"a 503 (shed as overloaded, /readyz while draining) at warn, any other 5xx at error with its cause as error"},
		{Name: "log-format", Value: (*text)(&c.LogFormat),
			Usage: "json or text (log/slog, to stdout)"},
		{Name: "read-header-timeout", Value: (*duration)(&c.ReadHeaderTimeout),
			Usage: "longest time to read request headers"},
		{Name: "read-timeout", Value: (*duration)(&c.ReadTimeout),
			Usage: "longest time to read a request; an NDJSON stream with no bytes for this long ends with a request_timeout line"},
		{Name: "write-timeout", Value: (*duration)(&c.WriteTimeout),
			Usage: "longest time to write a response; NDJSON streams and JSON batch answers give the client this long for each part, and are aborted past it"},
		{Name: "idle-timeout", Value: (*duration)(&c.IdleTimeout),
			Usage: "longest idle time of a keep-alive connection"},
		{Name: "drain-timeout", Value: (*duration)(&c.DrainTimeout),
			Usage: "on SIGTERM or SIGINT, longest time in-flight requests get to finish"},
		{Name: "shutdown-delay", Value: (*duration)(&c.ShutdownDelay),
			Usage: "time between /readyz failing and the listener closing, for load balancers to notice"},
	}, c.API.Settings()...)
}

// text is a string setting.
type text string

func (t *text) Set(s string) error { *t = text(s); return nil }
func (t *text) String() string     { return string(*t) }

// duration is a server timeout: 0 or more.
type duration time.Duration

func (d *duration) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	if v < 0 {
		return fmt.Errorf("%s is negative; want 0 or more", v)
	}
	*d = duration(v)
	return nil
}

func (d *duration) String() string { return time.Duration(*d).String() }

// parseConfig reads SUDOKUD_* variables from getenv, then flags from args
// (a flag wins over its variable; a variable set to "" counts as unset).
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	cfg := defaultConfig()
	settings := cfg.settings()
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { usage(fs.Output(), filepath.Base(args[0])) }
	for _, s := range settings {
		fs.Var(s.Value, s.Name, s.Usage)
	}
	for _, s := range settings {
		if v := getenv(s.Env()); v != "" {
			if err := s.Value.Set(v); err != nil {
				return cfg, fmt.Errorf("%s=%q: %w", s.Env(), v, err)
			}
		}
	}
	if err := fs.Parse(args[1:]); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	return cfg, cfg.API.Validate()
}

// usage is the -h text: every setting with its variable and default.
func usage(w io.Writer, name string) {
	fmt.Fprintf(w, "Usage: %s [flags]\n\nEvery flag is also an environment variable; a flag wins over its variable.\n\n", name)
	cfg := defaultConfig()
	for _, s := range cfg.settings() {
		def := s.Default
		if def == "" {
			def = s.Value.String()
		}
		fmt.Fprintf(w, "  -%s (%s, default %s)\n    \t%s\n", s.Name, s.Env(), def, s.Usage)
	}
}

// logValue is a setting's value for the config log record: a number or a
// list as such, anything else as its text.
func logValue(v flag.Value) any {
	if g, ok := v.(flag.Getter); ok {
		if _, isDuration := g.Get().(time.Duration); !isDuration {
			return g.Get()
		}
	}
	return v.String()
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
	attrs := []any{"version", version}
	for _, s := range cfg.settings() {
		attrs = append(attrs, strings.ReplaceAll(s.Name, "-", "_"), logValue(s.Value))
	}
	logger.Info("config", attrs...)

	reg := prometheus.NewRegistry()
	svc, err := api.New(cfg.API, logger, reg)
	if err != nil {
		return err
	}
	defer svc.Close()

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	// In-flight requests finish while the server drains; svc.Close cancels
	// those left when the drain time is up.
	srv := &http.Server{
		Handler:           svc,
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		ReadTimeout:       cfg.ReadTimeout,
		WriteTimeout:      cfg.WriteTimeout,
		IdleTimeout:       cfg.IdleTimeout,
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
		svc.Close()
		srv.Close()
	}
	if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("stopped")
	return nil
}
