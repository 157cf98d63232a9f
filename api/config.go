package api

import (
	"flag"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
)

// Config holds the service's limits. Every field is a row of one table
// (see Settings) that gives its flag, environment variable, default and
// check. A zero or negative field means its default (see DefaultConfig),
// except RateLimit where 0 or less means no limit, HeavyQueue where 0 or
// less means no queue (a heavy request finding every slot busy is shed at
// once), MaxNodes where 0 or less means the engine's default, and PoolSize
// where a negative value means no pool. MaxLineBytes left zero is its
// default or MaxBodyBytes, whichever is smaller.
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

// maxWorkers caps Workers: each batch or stream runs that many goroutines
// and sizes its channels by them.
const maxWorkers = 1024

// table is Config's one table: every field of c with its flag, default,
// the values New reads as the default, and the checks Validate makes, in
// the order the documentation lists them.
func (c *Config) table() []setting {
	n := runtime.GOMAXPROCS(0)
	return []setting{
		positive(&c.MaxBodyBytes, "max-body-bytes", 8<<20,
			"largest JSON request body in bytes (413 body_too_large beyond)"),
		positive(&c.MaxBatchItems, "max-batch-items", 10000,
			"most items in one JSON /validate batch"),
		positive(&c.MaxLineBytes, "max-line-bytes", 64<<10,
			"longest line of an NDJSON stream in bytes (that line gets a body_too_large result); at most -max-body-bytes").
			// Every NDJSON stream sets aside a buffer of the longest line:
			// one line never needs more room than a whole JSON body has.
			and(func() string {
				if int64(c.MaxLineBytes) > c.MaxBodyBytes {
					return fmt.Sprintf("at most -max-body-bytes (%d)", c.MaxBodyBytes)
				}
				return ""
			}),
		positive(&c.SolveTimeout, "solve-timeout", 2*time.Second,
			"time budget of one solve, hint or solvable check (422 search_limit beyond)"),
		positive(&c.GenerateTimeout, "generate-timeout", 20*time.Second,
			"time budget of one /generate request"),
		nonNegative(&c.MaxNodes, "max-nodes", 0, "the engine's default",
			"search node budget per request (0: the engine's default, 2,000,000)"),
		positive(&c.MaxHeavy, "max-heavy", n,
			"heavy requests (solve, generate, hint, solvable) running at once").documented("GOMAXPROCS"),
		nonNegative(&c.HeavyQueue, "heavy-queue", 4*n, "",
			"heavy requests that may wait for a slot; more get 503 overloaded").documented("4×GOMAXPROCS").
			// The limiter sizes its queue by the sum, which must not overflow.
			and(func() string {
				if c.HeavyQueue > math.MaxInt-c.MaxHeavy {
					return fmt.Sprintf("at most %d with -max-heavy %d", math.MaxInt-c.MaxHeavy, c.MaxHeavy)
				}
				return ""
			}),
		positive(&c.QueueWait, "queue-wait", time.Second,
			"longest wait for a heavy slot, or for /validate memory, before 503 overloaded"),
		nonNegative(&c.RateLimit, "rate-limit", 0, "no limit",
			"requests per second per client IP (0: off); beyond, 429 rate_limited"),
		positive(&c.RateBurst, "rate-burst", 20,
			"burst allowed above the per-client rate"),
		plain(&c.TrustProxy, "trust-proxy", false,
			"take the client IP from X-Forwarded-For (its last address, the one your proxy appends) or X-Real-IP (only behind your own proxy)"),
		origins(&c.CORSOrigins, "cors-origins", []string{"*"},
			"comma-separated origins allowed to call the API from a browser (* for any; https://*.example.org for its subdomains)"),
		positive(&c.Workers, "workers", n,
			"goroutines for batch and stream validation, 1 to 1024").documented("GOMAXPROCS").
			and(func() string {
				if c.Workers > maxWorkers {
					return fmt.Sprintf("at most %d", maxWorkers)
				}
				return ""
			}),
		poolSize(&c.PoolSize, "pool-size", 4,
			"puzzles kept ready per slow (size, box, difficulty, symmetry) for /generate without a seed (negative: no pool; 0 is refused)"),
		positive(&c.PoolSlow, "pool-slow", 250*time.Millisecond,
			"generation time that makes a (size, box, difficulty, symmetry) pooled"),
		positive(&c.MaxStreams, "max-streams", 1024,
			"NDJSON /validate streams open at once; one more gets 503 overloaded"),
		positive(&c.ValidateMemory, "validate-memory", defaultValidateMemory(),
			"bytes of memory /validate requests and streams in progress may reserve at once; one that does not fit waits up to -queue-wait, then gets 503 overloaded").
			documented("¾ of GOMEMLIMIT, else 192 MiB"),
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

// DefaultConfig returns the default limits.
func DefaultConfig() Config {
	var c Config
	for _, s := range c.table() {
		s.reset()
	}
	return c
}

// withDefaults fills the fields that hold no value of their own (zero, or
// negative where that means nothing) as the Config doc says.
func (c Config) withDefaults() Config {
	lineUnset := c.MaxLineBytes <= 0
	for _, s := range c.table() {
		s.fill()
	}
	if lineUnset {
		c.MaxLineBytes = int(min(int64(c.MaxLineBytes), c.MaxBodyBytes))
	}
	return c
}

// Validate reports the first field that is out of range, naming it by its
// flag and environment variable. Unlike New it takes no zero or negative
// value for its default: a sudokud flag of 0 for a limit is an error.
func (c Config) Validate() error {
	for _, s := range c.table() {
		for _, check := range s.checks {
			if want := check(); want != "" {
				v := s.Value.String()
				if v == "" {
					v = `""`
				}
				return fmt.Errorf("-%s (%s) is %s; want %s", s.Name, s.Env(), v, want)
			}
		}
	}
	return nil
}

// Settings returns c's fields as settings bound to c, in the table's order:
// sudokud makes its flags, environment variables, -h text, start-up log
// and documentation from them.
func (c *Config) Settings() []Setting {
	t := c.table()
	out := make([]Setting, len(t))
	for i, s := range t {
		out[i] = s.Setting
	}
	return out
}

// A Setting is one field of a configuration as a flag and an environment
// variable see it.
type Setting struct {
	Name    string     // the flag's name, such as "max-body-bytes"
	Usage   string     // what it sets
	Default string     // the default as documentation gives it; "" when it is the Value's text at its default
	Value   flag.Value // the field, read and set as text
}

// Env is the setting's environment variable: SUDOKUD_MAX_BODY_BYTES for
// max-body-bytes.
func (s Setting) Env() string {
	return "SUDOKUD_" + strings.ToUpper(strings.ReplaceAll(s.Name, "-", "_"))
}

// setting is a row of Config's table: a Setting and the rules that
// DefaultConfig, withDefaults and Validate apply to its field.
type setting struct {
	Setting
	reset  func()          // sets the field to its default
	fill   func()          // sets the field to its default, or to 0, when it holds no value of its own
	checks []func() string // each returns what the field must be, or "" when it is
}

// documented gives the default as documentation shows it, where it
// depends on the machine.
func (s setting) documented(def string) setting {
	s.Default = def
	return s
}

// and adds a check.
func (s setting) and(check func() string) setting {
	s.checks = append(s.checks, check)
	return s
}

// settable is what a Config field can be.
type settable interface {
	int | int64 | float64 | bool | time.Duration | []string
}

// row is a setting of the field at p with default def.
func row[T settable](p *T, name string, def T, usage string) setting {
	return setting{
		Setting: Setting{Name: name, Usage: usage, Value: value[T]{p}},
		reset:   func() { *p = def },
	}
}

// positive is a number that must be more than 0; 0 or less reads as def.
func positive[T int | int64 | time.Duration](p *T, name string, def T, usage string) setting {
	s := row(p, name, def, usage)
	s.fill = func() {
		if *p <= 0 {
			*p = def
		}
	}
	want := "at least 1"
	if _, ok := any(p).(*time.Duration); ok {
		want = "more than 0"
	}
	return s.and(func() string {
		if *p <= 0 {
			return want
		}
		return ""
	})
}

// nonNegative is a number that must be 0 or more (zero means what
// zeroMeans says, when it says something); less reads as 0.
func nonNegative[T int | int64 | float64](p *T, name string, def T, zeroMeans, usage string) setting {
	s := row(p, name, def, usage)
	s.fill = func() {
		if *p < 0 {
			*p = 0
		}
	}
	want := "0 or more"
	if zeroMeans != "" {
		want = "0 (" + zeroMeans + ") or more"
	}
	return s.and(func() string {
		if !(*p >= 0) { // NaN too
			return want
		}
		return ""
	})
}

// poolSize is a number other than 0: negative turns the pool off, and 0
// reads as def.
func poolSize(p *int, name string, def int, usage string) setting {
	s := row(p, name, def, usage)
	s.fill = func() {
		if *p == 0 {
			*p = def
		}
	}
	return s.and(func() string {
		if *p == 0 {
			return "1 or more, or negative for no pool"
		}
		return ""
	})
}

// plain is a setting with no check and no value read as the default.
func plain[T settable](p *T, name string, def T, usage string) setting {
	s := row(p, name, def, usage)
	s.fill = func() {}
	return s
}

// origins is a list of at least one origin; an empty list reads as def.
func origins(p *[]string, name string, def []string, usage string) setting {
	s := row(p, name, def, usage)
	s.fill = func() {
		if len(*p) == 0 {
			*p = def
		}
	}
	return s.and(func() string {
		if len(*p) == 0 {
			return "origins, or * for any"
		}
		return ""
	})
}

// value is a Config field as a flag.Value (and flag.Getter).
type value[T settable] struct{ p *T }

func (v value[T]) Set(s string) error {
	var err error
	switch p := any(v.p).(type) {
	case *int:
		var n int64
		n, err = strconv.ParseInt(s, 0, strconv.IntSize)
		*p = int(n)
	case *int64:
		*p, err = strconv.ParseInt(s, 0, 64)
	case *float64:
		*p, err = strconv.ParseFloat(s, 64)
	case *bool:
		*p, err = strconv.ParseBool(s)
	case *time.Duration:
		*p, err = time.ParseDuration(s)
	case *[]string:
		*p = nil
		for _, o := range strings.Split(s, ",") {
			if o = strings.TrimSpace(o); o != "" {
				*p = append(*p, o)
			}
		}
	}
	return err
}

func (v value[T]) String() string {
	if v.p == nil { // the flag package asks a zero Value
		return ""
	}
	switch p := any(v.p).(type) {
	case *float64:
		return strconv.FormatFloat(*p, 'g', -1, 64)
	case *[]string:
		return strings.Join(*p, ",")
	}
	return fmt.Sprint(*v.p)
}

// Get returns the field's value.
func (v value[T]) Get() any { return *v.p }

// IsBoolFlag lets a bool flag be given without a value (-trust-proxy).
func (v value[T]) IsBoolFlag() bool {
	_, ok := any(v.p).(*bool)
	return ok
}
