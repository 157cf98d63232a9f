// Command load drives a running sudokud with a realistic mix of requests
// and then overloads it, checking every response body. bench/load.sh starts
// the servers and runs it; see BENCHMARKS.md ("Load") for what it printed.
//
//	load -bare ADDR                 serve a bare net/http JSON handler (the ceiling)
//	load -sudokud URL -ceiling URL  run the three phases against both
//
// Phases: ceiling (closed loop, GET /healthz on the bare handler and on
// sudokud), mix (closed loop: generate, solve, hint, validate single and
// batch), overload (open loop: heavy requests at several times the heavy
// throughput the mix reached, next to a steady stream of cheap validates).
// Every phase is bounded in time and in requests, and it only talks to the
// URLs it is given.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/internal/dataset"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

type options struct {
	sudokud, ceiling string
	data             string
	duration         time.Duration
	conc             int
	factor           float64
	cheapRate        float64
	maxReq           int
	seed             uint64
}

func run() error {
	var o options
	bare := flag.String("bare", "", "serve a bare net/http handler on this address (prints the bound address) and exit on SIGTERM")
	flag.StringVar(&o.sudokud, "sudokud", "", "base URL of sudokud (127.0.0.1 only)")
	flag.StringVar(&o.ceiling, "ceiling", "", "base URL of the bare handler (127.0.0.1 only)")
	flag.StringVar(&o.data, "data", dataset.Dir(), "puzzle data directory (testdata; plain or .gz files)")
	flag.DurationVar(&o.duration, "duration", 10*time.Second, "length of each phase")
	flag.IntVar(&o.conc, "c", 16, "concurrent clients in the closed-loop phases")
	flag.Float64Var(&o.factor, "overload", 4, "overload arrival rate as a multiple of the heavy throughput of the mix")
	flag.Float64Var(&o.cheapRate, "cheap-rate", 200, "cheap /validate requests per second during the overload")
	flag.IntVar(&o.maxReq, "max-requests", 200000, "most requests per phase")
	flag.Uint64Var(&o.seed, "seed", 1, "seed of the request mix")
	flag.Parse()
	if *bare != "" {
		return serveBare(*bare)
	}
	for _, u := range []string{o.sudokud, o.ceiling} {
		if !strings.HasPrefix(u, "http://127.0.0.1:") {
			return fmt.Errorf("URL %q: only http://127.0.0.1 targets", u)
		}
	}
	w, err := newWorkload(o)
	if err != nil {
		return err
	}
	fmt.Printf("workload: %d 9x9 and %d 16x16 puzzles; served: generate=%v hint=%v\n\n",
		len(w.p9), len(w.p16), w.hasGenerate, w.hasHint)

	fmt.Printf("== ceiling: closed loop, %d clients, %s, GET /healthz\n", o.conc, o.duration)
	bareRes := closedLoop(o, "ceiling", func(*rand.Rand) request { return w.get(o.ceiling, "bare /healthz", "/healthz") })
	sudRes := closedLoop(o, "ceiling", func(*rand.Rand) request { return w.get(o.sudokud, "sudokud /healthz", "/healthz") })
	bareRes.print()
	sudRes.print()

	fmt.Printf("\n== mix: closed loop, %d clients, %s\n", o.conc, o.duration)
	mix := closedLoop(o, "mix", w.mixed)
	mix.print()
	fmt.Printf("\n== capacity: closed loop, %d clients, %s, heavy only (%s)\n", o.conc, o.duration, w.heavyKind())
	capRes := closedLoop(o, "capacity", w.heavyOnly)
	capRes.print()
	heavy := 0
	for _, st := range capRes.byName {
		heavy += st.count(200)
	}
	heavyRate := float64(heavy) / capRes.elapsed.Seconds()
	fmt.Printf("heavy capacity: %.0f/s\n", heavyRate)

	rate := max(heavyRate*o.factor, 50)
	fmt.Printf("\n== overload: open loop, the same heavy requests at %.0f/s (%.0fx capacity), cheap /validate at %.0f/s, %s\n",
		rate, o.factor, o.cheapRate, o.duration)
	over := openLoop(o, w, rate)
	over.print()

	// Verdict.
	var fail []string
	for _, r := range []*result{bareRes, sudRes, mix, capRes, over} {
		for name, st := range r.byName {
			if st.transport > 0 {
				fail = append(fail, fmt.Sprintf("%s %s: %d requests got no response", r.phase, name, st.transport))
			}
			if st.dropped > 0 {
				fail = append(fail, fmt.Sprintf("%s %s: the driver dropped %d requests (over 4096 outstanding): run not valid", r.phase, name, st.dropped))
			}
			if st.bad > 0 {
				fail = append(fail, fmt.Sprintf("%s %s: %d wrong responses (first: %s)", r.phase, name, st.bad, st.firstBad))
			}
			for code, n := range st.status {
				if code != 200 && code != 503 {
					fail = append(fail, fmt.Sprintf("%s %s: %d answers with status %d", r.phase, name, n, code))
				}
			}
			if st.count(503) > 0 && !st.heavy {
				fail = append(fail, fmt.Sprintf("%s %s: %d cheap requests shed", r.phase, name, st.count(503)))
			}
		}
	}
	shed := 0
	for _, st := range over.byName {
		shed += st.count(503)
	}
	if shed == 0 {
		fail = append(fail, "overload: no request was shed with 503 overloaded")
	}
	cheapMix, cheapOver := mix.byName["POST /validate"], over.byName["overload POST /validate (cheap)"]
	if cheapMix != nil && cheapOver != nil {
		pm, po := cheapMix.pct(0.99), cheapOver.pct(0.99)
		fmt.Printf("\ncheap /validate p99: %s in the mix, %s under overload\n", ms(pm), ms(po))
		if po > 250*time.Millisecond {
			fail = append(fail, fmt.Sprintf("cheap /validate p99 under overload is %s (over 250ms)", ms(po)))
		}
	}
	if len(fail) > 0 {
		fmt.Println("\nFAIL")
		for _, f := range fail {
			fmt.Println("  " + f)
		}
		return errors.New("load test failed")
	}
	fmt.Println("\nPASS: every response arrived and checked out; overload was shed with 503 overloaded + Retry-After")
	return nil
}

// serveBare serves {"status":"ok"} on every path: what net/http alone
// does on this machine.
func serveBare(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Println(ln.Addr().String())
	body := []byte(`{"status":"ok"}` + "\n")
	return http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
}

// request is one request and the check of its answer.
type request struct {
	name   string
	heavy  bool
	method string
	url    string
	body   []byte
	ctype  string
	check  func(status int, h http.Header, body []byte) error
}

// workload holds the puzzles, their solutions and the endpoints served.
type workload struct {
	o                    options
	p9, p16              []engine.Board
	s9, s16              []engine.Board
	hasGenerate, hasHint bool
	client               *http.Client
}

func newWorkload(o options) (*workload, error) {
	w := &workload{o: o, client: &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 4096, MaxConnsPerHost: 0, IdleConnTimeout: time.Minute},
	}}
	var err error
	if w.p9, w.s9, err = load(o.data, "9x9/magictour_top1465.txt", 400); err != nil {
		return nil, err
	}
	if w.p16, w.s16, err = load(o.data, "16x16/goomii17_puzzles.txt", 100); err != nil {
		return nil, err
	}
	// Which optional endpoints are served: 404 means not (yet).
	probe := func(method, path, body string) bool {
		req, _ := http.NewRequest(method, o.sudokud+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := w.client.Do(req)
		if err != nil {
			return false
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode != http.StatusNotFound
	}
	w.hasGenerate = probe(http.MethodGet, "/generate?size=4&difficulty=easy&seed=1", "")
	w.hasHint = probe(http.MethodPost, "/hint", `{"puzzle":"`+w.p9[0].String()+`"}`)
	return w, nil
}

// load reads the first n puzzles of the data set name in dir that have one
// solution and solves them locally, so that answers can be checked cell by
// cell.
func load(dir, name string, n int) (puzzles, solutions []engine.Board, err error) {
	lines, err := dataset.Read(dir, name, n)
	if err != nil {
		return nil, nil, fmt.Errorf("%w (set -data to the folder of the data sets)", err)
	}
	for _, l := range lines {
		b, err := engine.ParseBoard(l, engine.Shape{})
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		res, err := engine.Solve(context.Background(), b, engine.Limits{})
		if err != nil || !res.Unique {
			continue // only puzzles with one solution: answers are then exact
		}
		puzzles = append(puzzles, b)
		solutions = append(solutions, res.Solution)
	}
	if len(puzzles) == 0 {
		return nil, nil, fmt.Errorf("%s: no puzzles", name)
	}
	return puzzles, solutions, nil
}

func (w *workload) get(base, name, path string) request {
	return request{name: name, method: http.MethodGet, url: base + path, check: func(st int, _ http.Header, b []byte) error {
		if st == 200 && !bytes.Contains(b, []byte(`"ok"`)) {
			return fmt.Errorf("body %q", b)
		}
		return nil
	}}
}

// mixed picks one request of the realistic mix: mostly validation (every
// move a player makes), then solves and hints, some generation and batch
// validation.
func (w *workload) mixed(rng *rand.Rand) request {
	x := rng.IntN(100)
	switch {
	case x < 8 && w.hasGenerate:
		return w.generate(rng, "GET /generate", 9, "easy", "medium")
	case x < 28:
		return w.solve(rng, "POST /solve", rng.IntN(10) == 0)
	case x < 43 && w.hasHint:
		return w.hint(rng)
	case x < 93:
		return w.validate(rng, "POST /validate")
	default:
		return w.batch(rng)
	}
}

func (w *workload) pick(rng *rand.Rand, big bool) (engine.Board, engine.Board) {
	if big {
		i := rng.IntN(len(w.p16))
		return w.p16[i], w.s16[i]
	}
	i := rng.IntN(len(w.p9))
	return w.p9[i], w.s9[i]
}

func jsonBody(v any) []byte { b, _ := json.Marshal(v); return b }

// problemCheck accepts a 503 only as overloaded with Retry-After.
func problemCheck(st int, h http.Header, b []byte) (bool, error) {
	if st != http.StatusServiceUnavailable {
		return false, nil
	}
	var p struct{ Code string }
	if err := json.Unmarshal(b, &p); err != nil || p.Code != "overloaded" || h.Get("Retry-After") == "" ||
		h.Get("Content-Type") != "application/problem+json" {
		return true, fmt.Errorf("503 without overloaded problem and Retry-After: %q %q", h.Get("Retry-After"), b)
	}
	return true, nil
}

func (w *workload) solve(rng *rand.Rand, name string, big bool) request {
	p, sol := w.pick(rng, big)
	return request{name: name, heavy: true, method: http.MethodPost, url: w.o.sudokud + "/solve",
		body: jsonBody(map[string]any{"puzzle": p.String()}), ctype: "application/json",
		check: func(st int, h http.Header, b []byte) error {
			if shed, err := problemCheck(st, h, b); shed {
				return err
			}
			var r struct {
				Solution string
				Unique   bool
			}
			if err := json.Unmarshal(b, &r); err != nil {
				return err
			}
			if r.Solution != sol.String() || !r.Unique {
				return fmt.Errorf("solve of %s: %q unique=%v, want %s", p.String(), r.Solution, r.Unique, sol.String())
			}
			return nil
		}}
}

func (w *workload) hint(rng *rand.Rand) request {
	p, sol := w.pick(rng, rng.IntN(10) == 0)
	return request{name: "POST /hint", heavy: true, method: http.MethodPost, url: w.o.sudokud + "/hint",
		body: jsonBody(map[string]any{"puzzle": p.String()}), ctype: "application/json",
		check: func(st int, h http.Header, b []byte) error {
			if shed, err := problemCheck(st, h, b); shed {
				return err
			}
			var r struct {
				Kind            string
				Row, Col, Value int
				Technique       string
			}
			if err := json.Unmarshal(b, &r); err != nil {
				return err
			}
			n := p.Size()
			if r.Kind != "placement" || r.Row < 0 || r.Row >= n || r.Col < 0 || r.Col >= n || r.Technique == "" ||
				p.Get(r.Row, r.Col) != 0 || sol.Get(r.Row, r.Col) != r.Value {
				return fmt.Errorf("hint for %s: %s", p.String(), b)
			}
			return nil
		}}
}

func (w *workload) generate(rng *rand.Rand, name string, size int, levels ...string) request {
	level := levels[rng.IntN(len(levels))]
	seed := rng.Int64N(1 << 40)
	return request{name: name, heavy: true, method: http.MethodGet,
		url: fmt.Sprintf("%s/generate?size=%d&difficulty=%s&seed=%d", w.o.sudokud, size, level, seed),
		check: func(st int, h http.Header, b []byte) error {
			if shed, err := problemCheck(st, h, b); shed {
				return err
			}
			var r struct {
				Puzzles []struct {
					Puzzle, Solution, Difficulty string
					Seed                         int64
					Givens                       int
				}
			}
			if err := json.Unmarshal(b, &r); err != nil {
				return err
			}
			if len(r.Puzzles) != 1 {
				return fmt.Errorf("generate: %d puzzles", len(r.Puzzles))
			}
			g := r.Puzzles[0]
			pz, err1 := engine.ParseBoard(g.Puzzle, engine.Shape{})
			sl, err2 := engine.ParseBoard(g.Solution, engine.Shape{})
			if err := errors.Join(err1, err2); err != nil {
				return err
			}
			if g.Difficulty != level || g.Seed != seed || pz.Givens() != g.Givens || sl.Empty() != 0 || !engine.Valid(&sl) {
				return fmt.Errorf("generate %s seed %d: %s", level, seed, b)
			}
			for i := range pz.Shape().Cells() {
				if v := pz.At(i); v != 0 && sl.At(i) != v {
					return fmt.Errorf("generate: solution changes given %d", i)
				}
			}
			if n, _, err := engine.CountSolutions(context.Background(), pz, 2, engine.Limits{}); err != nil || n != 1 {
				return fmt.Errorf("generate: puzzle has %d solutions (%v)", n, err)
			}
			return nil
		}}
}

// heavyOnly is the heavy request of the capacity and overload phases, the
// most expensive ones players make: generating hard and expert 9x9
// puzzles and 16x16 ones (without /generate, 16x16 solves).
func (w *workload) heavyOnly(rng *rand.Rand) request {
	if !w.hasGenerate {
		return w.solve(rng, "heavy POST /solve 16x16", true)
	}
	if rng.IntN(2) == 0 {
		return w.generate(rng, "heavy GET /generate 9x9 hard|expert", 9, "hard", "expert")
	}
	return w.generate(rng, "heavy GET /generate 16x16 easy", 16, "easy")
}

func (w *workload) heavyKind() string {
	if w.hasGenerate {
		return "generate 9x9 hard or expert, and 16x16 easy, half each"
	}
	return "16x16 solve"
}

// validateItem is a board to validate and what the answer must be: the
// puzzle with some cells filled from the solution, sometimes one wrong.
func (w *workload) validateItem(rng *rand.Rand) (engine.Board, func(r validateResult) error) {
	p, sol := w.pick(rng, rng.IntN(10) == 0)
	b := p
	cells := b.Shape().Cells()
	for range rng.IntN(cells) {
		if i := rng.IntN(cells); b.At(i) == 0 {
			b.SetAt(i, sol.At(i))
		}
	}
	if rng.IntN(3) == 0 {
		i := rng.IntN(cells)
		b.SetAt(i, 1+rng.IntN(b.Size()))
	}
	conflicts := engine.Conflicts(b)
	want := validateResult{Valid: len(conflicts) == 0, Complete: b.Empty() == 0}
	want.Solved = want.Valid && want.Complete
	return b, func(r validateResult) error {
		if r.Valid != want.Valid || r.Complete != want.Complete || r.Solved != want.Solved || len(r.Conflicts) != len(conflicts) {
			return fmt.Errorf("validate %s: got %+v, want %+v with %d conflicts", b.String(), r, want, len(conflicts))
		}
		for i, c := range conflicts {
			if g := r.Conflicts[i]; g.Row != c.Row || g.Col != c.Col || g.Value != c.Value {
				return fmt.Errorf("validate %s: conflict %d is %+v, want %+v", b.String(), i, g, c)
			}
		}
		return nil
	}
}

type validateResult struct {
	ID                      string `json:"id"`
	Valid, Complete, Solved bool
	Conflicts               []struct{ Row, Col, Value int }
	Error                   *struct{ Code string }
}

func (w *workload) validate(rng *rand.Rand, name string) request {
	b, check := w.validateItem(rng)
	return request{name: name, method: http.MethodPost, url: w.o.sudokud + "/validate",
		body: jsonBody(map[string]any{"puzzle": b.String()}), ctype: "application/json",
		check: func(st int, h http.Header, body []byte) error {
			if st != 200 {
				return nil // counted by status
			}
			var r validateResult
			if err := json.Unmarshal(body, &r); err != nil {
				return err
			}
			return check(r)
		}}
}

// batch is a JSON batch of 100 boards, one of them malformed.
func (w *workload) batch(rng *rand.Rand) request {
	const n = 100
	items := make([]map[string]any, n)
	checks := make([]func(validateResult) error, n)
	bad := rng.IntN(n)
	for i := range items {
		if i == bad {
			items[i] = map[string]any{"id": fmt.Sprint(i), "puzzle": "12"}
			continue
		}
		b, c := w.validateItem(rng)
		items[i], checks[i] = map[string]any{"id": fmt.Sprint(i), "puzzle": b.String()}, c
	}
	return request{name: "POST /validate (batch of 100)", method: http.MethodPost, url: w.o.sudokud + "/validate",
		body: jsonBody(map[string]any{"items": items}), ctype: "application/json",
		check: func(st int, h http.Header, body []byte) error {
			if st != 200 {
				return nil
			}
			var r struct {
				Results []validateResult
				Summary struct{ Total, Errors int }
			}
			if err := json.Unmarshal(body, &r); err != nil {
				return err
			}
			if len(r.Results) != n || r.Summary.Total != n || r.Summary.Errors != 1 {
				return fmt.Errorf("batch: %d results, summary %+v", len(r.Results), r.Summary)
			}
			for i, res := range r.Results {
				if res.ID != fmt.Sprint(i) {
					return fmt.Errorf("batch: result %d has id %q", i, res.ID)
				}
				if i == bad {
					if res.Error == nil {
						return fmt.Errorf("batch: malformed item %d has no error", i)
					}
					continue
				}
				if err := checks[i](res); err != nil {
					return err
				}
			}
			return nil
		}}
}

// stats are one request name's outcomes.
type stats struct {
	mu        sync.Mutex
	heavy     bool
	lat       []time.Duration // of 200 answers
	shedLat   []time.Duration
	status    map[int]int
	transport int
	bad       int
	firstBad  string
	dropped   int // not sent: the driver's bound on outstanding requests
	pending   []func() error
}

// verify checks every answer body recorded in the phase.
func (r *result) verify() {
	for _, s := range r.byName {
		for _, check := range s.pending {
			if err := check(); err != nil {
				s.bad++
				if s.firstBad == "" {
					s.firstBad = err.Error()
				}
			}
		}
		s.pending = nil
	}
}

func (s *stats) count(code int) int { s.mu.Lock(); defer s.mu.Unlock(); return s.status[code] }

func (s *stats) pct(q float64) time.Duration {
	if len(s.lat) == 0 {
		return 0
	}
	l := slices.Clone(s.lat)
	slices.Sort(l)
	return l[min(len(l)-1, int(q*float64(len(l))))]
}

type result struct {
	phase   string
	elapsed time.Duration
	mu      sync.Mutex
	byName  map[string]*stats
	order   []string
}

func newResult(phase string) *result { return &result{phase: phase, byName: map[string]*stats{}} }

func (r *result) stats(req request) *stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.byName[req.name]
	if s == nil {
		s = &stats{heavy: req.heavy, status: map[int]int{}}
		r.byName[req.name] = s
		r.order = append(r.order, req.name)
	}
	return s
}

// do sends req and records its outcome.
func (r *result) do(c *http.Client, req request) {
	s := r.stats(req)
	hr, _ := http.NewRequest(req.method, req.url, bytes.NewReader(req.body))
	if req.ctype != "" {
		hr.Header.Set("Content-Type", req.ctype)
	}
	start := time.Now()
	resp, err := c.Do(hr)
	var body []byte
	if err == nil {
		body, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	d := time.Since(start)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.transport++
		if s.firstBad == "" {
			s.firstBad = err.Error()
		}
		return
	}
	s.status[resp.StatusCode]++
	// Bodies are checked after the phase, so that checking (which can
	// cost a search) does not take CPU from the server being measured.
	status, header := resp.StatusCode, resp.Header
	s.pending = append(s.pending, func() error { return req.check(status, header, body) })
	if resp.StatusCode == 200 {
		s.lat = append(s.lat, d)
	} else {
		s.shedLat = append(s.shedLat, d)
	}
}

func (r *result) print() {
	r.verify()
	slices.Sort(r.order)
	fmt.Printf("%-38s %8s %8s %9s %9s %9s %7s %6s %6s\n", "endpoint", "ok", "ok/s", "p50", "p99", "max", "503", "other", "wrong")
	for _, name := range r.order {
		s := r.byName[name]
		ok := s.status[200]
		other := s.transport
		for code, n := range s.status {
			if code != 200 && code != 503 {
				other += n
			}
		}
		mx := time.Duration(0)
		if len(s.lat) > 0 {
			mx = slices.Max(s.lat)
		}
		fmt.Printf("%-38s %8d %8.0f %9s %9s %9s %7d %6d %6d\n", name, ok, float64(ok)/r.elapsed.Seconds(),
			ms(s.pct(0.5)), ms(s.pct(0.99)), ms(mx), s.status[503], other, s.bad)
		if s.bad > 0 || s.transport > 0 {
			fmt.Printf("    first problem: %s\n", s.firstBad)
		}
		if len(s.shedLat) > 0 {
			l := slices.Clone(s.shedLat)
			slices.Sort(l)
			fmt.Printf("    refused answers: p50 %s, p99 %s\n", ms(l[len(l)/2]), ms(l[min(len(l)-1, len(l)*99/100)]))
		}
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/1e6) }

// closedLoop runs o.conc clients, each sending its next request when the
// last one is answered, for o.duration or o.maxReq requests.
func closedLoop(o options, phase string, next func(*rand.Rand) request) *result {
	res := newResult(phase)
	c := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: o.conc}}
	var sent atomic.Int64
	deadline := time.Now().Add(o.duration)
	start := time.Now()
	var wg sync.WaitGroup
	for i := range o.conc {
		rng := rand.New(rand.NewPCG(o.seed, uint64(i)))
		wg.Go(func() {
			for time.Now().Before(deadline) && sent.Add(1) <= int64(o.maxReq) {
				res.do(c, next(rng))
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

// openLoop sends heavy solves at rate per second and cheap validates at
// o.cheapRate, whether or not earlier ones were answered (as real
// clients do), for o.duration; at most 4096 requests are outstanding.
func openLoop(o options, w *workload, rate float64) *result {
	res := newResult("overload")
	c := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 4096}}
	var wg sync.WaitGroup
	outstanding := make(chan struct{}, 4096)
	var sent atomic.Int64
	start := time.Now()
	emit := func(perSec float64, stream uint64, next func(*rand.Rand) request) {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(o.seed, 1000+stream))
		interval := time.Duration(float64(time.Second) / perSec)
		for i := 0; ; i++ {
			// Paced by the clock, not by answers: a late send catches up.
			at := start.Add(time.Duration(i) * interval)
			if at.Sub(start) >= o.duration {
				return
			}
			time.Sleep(time.Until(at))
			if sent.Add(1) > int64(o.maxReq) {
				return
			}
			req := next(rng)
			select {
			case outstanding <- struct{}{}:
			default:
				// Too many unanswered: the driver does not send it
				// (reported apart; a run with drops is not valid).
				st := res.stats(req)
				st.mu.Lock()
				st.dropped++
				st.mu.Unlock()
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				res.do(c, req)
				<-outstanding
			}()
		}
	}
	wg.Add(2)
	go emit(rate, 1, w.heavyOnly)
	go emit(o.cheapRate, 2, func(rng *rand.Rand) request {
		return w.validate(rng, "overload POST /validate (cheap)")
	})
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}
