package api

import (
	"log/slog"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus"
)

// mustNew is New for tests: an error ends the test.
func mustNew(tb testing.TB, cfg Config, logger *slog.Logger, reg *prometheus.Registry) *Server {
	tb.Helper()
	srv, err := New(cfg, logger, reg)
	if err != nil {
		tb.Fatal(err)
	}
	return srv
}

// TestNewRefusesOverflow: a heavy queue whose sum with the slots overflows
// is an error from New, not a panic in make(chan) ("makechan: size out of
// range"), whatever checks the caller made.
func TestNewRefusesOverflow(t *testing.T) {
	for _, cfg := range []Config{
		{MaxHeavy: math.MaxInt, HeavyQueue: 8},
		{MaxHeavy: 1, HeavyQueue: math.MaxInt},
	} {
		srv, err := New(cfg, nil, nil)
		if err == nil {
			srv.Close()
			t.Fatalf("%+v: no error", cfg)
		}
		if !strings.Contains(err.Error(), "-heavy-queue") {
			t.Errorf("%+v: error %q, want one naming -heavy-queue", cfg, err)
		}
	}
}

// TestNewFillsDefaults: New reads zero (and, where the Config doc says so,
// negative) fields as their defaults, and keeps the zeros that mean
// something.
func TestNewFillsDefaults(t *testing.T) {
	def := DefaultConfig()
	srv := mustNew(t, Config{HeavyQueue: -3, MaxNodes: -1, RateLimit: -2, PoolSize: -1}, nil, nil)
	t.Cleanup(srv.Close)
	want := def
	want.HeavyQueue, want.PoolSize = 0, -1
	if diff := cmp.Diff(want, srv.deps.cfg); diff != "" {
		t.Errorf("config (-want +got):\n%s", diff)
	}
	// A line limit left zero is at most the body limit.
	srv = mustNew(t, Config{MaxBodyBytes: 4096}, nil, nil)
	t.Cleanup(srv.Close)
	if got := srv.deps.cfg.MaxLineBytes; got != 4096 {
		t.Errorf("MaxLineBytes with a 4096-byte body: %d, want 4096", got)
	}
}

// TestValidate: the defaults pass, and each field out of range is named by
// its flag and variable.
func TestValidate(t *testing.T) {
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	for _, tt := range []struct {
		name string
		edit func(*Config)
	}{
		{"max-body-bytes", func(c *Config) { c.MaxBodyBytes = 0 }},
		{"max-line-bytes", func(c *Config) { c.MaxLineBytes = int(c.MaxBodyBytes) + 1 }},
		{"solve-timeout", func(c *Config) { c.SolveTimeout = -time.Second }},
		{"max-nodes", func(c *Config) { c.MaxNodes = -1 }},
		{"heavy-queue", func(c *Config) { c.HeavyQueue = -1 }},
		{"rate-limit", func(c *Config) { c.RateLimit = math.NaN() }},
		{"cors-origins", func(c *Config) { c.CORSOrigins = nil }},
		{"workers", func(c *Config) { c.Workers = maxWorkers + 1 }},
		{"pool-size", func(c *Config) { c.PoolSize = 0 }},
		{"validate-memory", func(c *Config) { c.ValidateMemory = -1 }},
	} {
		c := DefaultConfig()
		tt.edit(&c)
		err := c.Validate()
		env := "SUDOKUD_" + strings.ToUpper(strings.ReplaceAll(tt.name, "-", "_"))
		if err == nil || !strings.Contains(err.Error(), "-"+tt.name+" ") || !strings.Contains(err.Error(), env) {
			t.Errorf("%s: error %v, want one naming -%s and %s", tt.name, err, tt.name, env)
		}
	}
}

// TestSettingsRoundTrip: every setting reads back the text it was set
// from, and sets the field it names. The literal is unkeyed so that a new
// Config field stops this test from compiling until it is added here, and
// then fails it until the table has a row for it.
func TestSettingsRoundTrip(t *testing.T) {
	var c Config
	seen := map[string]bool{}
	for _, s := range c.Settings() {
		if seen[s.Name] {
			t.Errorf("%s twice", s.Name)
		}
		seen[s.Name] = true
		in := map[string]string{"trust-proxy": "true", "rate-limit": "2.5", "cors-origins": "https://a.example,https://b.example"}[s.Name]
		if in == "" {
			in = "7"
			if strings.HasSuffix(s.Name, "-timeout") || s.Name == "queue-wait" || s.Name == "pool-slow" {
				in = "7s"
			}
		}
		if err := s.Value.Set(in); err != nil {
			t.Fatalf("%s: Set(%q): %v", s.Name, in, err)
		}
		if got := s.Value.String(); got != in {
			t.Errorf("%s: String() = %q after Set(%q)", s.Name, got, in)
		}
	}
	want := Config{7, 7, 7, 7 * time.Second, 7 * time.Second, 7, 7, 7, 7 * time.Second, 2.5, 7, true,
		[]string{"https://a.example", "https://b.example"}, 7, 7, 7 * time.Second, 7, 7}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
}
