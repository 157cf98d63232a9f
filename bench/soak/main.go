// Command soak starts sudokud with the Deployment's settings and drives
// /validate with the requests that once took it past its memory limit,
// checking every answer and the server's peak RSS. bench/soak.sh builds and
// runs it; see BENCHMARKS.md ("Soak") for what it printed.
//
//	soak -sudokud BIN -deployment deploy/base/deployment.yaml [-data testdata]
//
// It runs BIN as a child on 127.0.0.1 with the Deployment's environment
// (SUDOKUD_* and GOMEMLIMIT; GOMAXPROCS from its CPU limit) and these cases,
// one after another, each bounded in time:
//
//	lines     one NDJSON stream of 1,000,000 9×9 lines
//	amplify1  a JSON batch of 10,000 25×25 boards of 625 1s (6.5 MB in,
//	          377 MB of conflicts out)
//	amplify4  four of them at once
//	idle      1,000 NDJSON streams open at once, each idle between a first
//	          and a second line
//	slow      an NDJSON stream of 400 amplifying lines read at 150 KB/s
//
// Every answer is read to its end and checked: each result present, in
// order, and right (conflicts counted, validity against the engine's own
// check); a clean end. A 503 overloaded is not a loss: the request is sent
// again after its Retry-After, and counted. Before each case it resets the
// server's VmHWM (/proc/PID/clear_refs), after it reads it back. It exits
// non-zero if an answer was lost or wrong or a peak reached the
// Deployment's memory limit.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/internal/dataset"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}

type options struct {
	bin, deployment, data string
	batchItems            int
	idle                  int
	lines                 int
	slowLines             int
	slowRate              int
	cases                 string
}

func run() error {
	var o options
	flag.StringVar(&o.bin, "sudokud", "", "sudokud binary to run")
	flag.StringVar(&o.deployment, "deployment", "deploy/base/deployment.yaml", "Deployment whose environment and limits to run with")
	flag.StringVar(&o.data, "data", dataset.Dir(), "puzzle data directory (testdata; plain or .gz files)")
	flag.IntVar(&o.batchItems, "batch-items", 10000, "items of the amplifying batch")
	flag.IntVar(&o.idle, "idle", 1000, "idle streams held open at once")
	flag.IntVar(&o.lines, "lines", 1000000, "lines of the long 9×9 stream")
	flag.IntVar(&o.slowLines, "slow-lines", 400, "amplifying lines of the slow reader's stream")
	flag.IntVar(&o.slowRate, "slow-rate", 150<<10, "bytes per second the slow reader reads")
	flag.StringVar(&o.cases, "cases", "lines,amplify1,amplify4,idle,slow", "cases to run, in order (the long stream first, on a fresh server, shows its memory alone)")
	flag.Parse()

	env, memLimit, err := deploymentEnv(o.deployment)
	if err != nil {
		return err
	}
	srv, err := start(o.bin, env)
	if err != nil {
		return err
	}
	defer srv.stop()
	fmt.Printf("sudokud at %s, pid %d: GOMEMLIMIT=%s GOMAXPROCS=%s, container memory limit %d MiB\n",
		srv.base, srv.cmd.Process.Pid, env["GOMEMLIMIT"], env["GOMAXPROCS"], memLimit>>20)
	fmt.Printf("  -validate-memory %.0f MiB, -max-streams %.0f (from /metrics)\n",
		srv.gauge("sudokud_validate_memory_limit_bytes")/(1<<20), srv.gauge("sudokud_validate_streams_limit"))
	fmt.Printf("  idle: RSS %d MiB\n\n", srv.status("VmRSS")>>10)

	puzzles, err := dataset.Read(o.data, "9x9/17_clue.txt", 1000)
	if err != nil {
		return err
	}
	type soakCase struct {
		name string
		run  func(context.Context, *server) outcome
	}
	all := map[string]soakCase{
		"amplify1": {fmt.Sprintf("batch of %d amplifying items", o.batchItems), func(ctx context.Context, s *server) outcome { return amplify(ctx, s, o.batchItems, 1) }},
		"amplify4": {"four such batches at once", func(ctx context.Context, s *server) outcome { return amplify(ctx, s, o.batchItems, 4) }},
		"idle":     {fmt.Sprintf("%d idle streams", o.idle), func(ctx context.Context, s *server) outcome { return idleStreams(ctx, s, o.idle) }},
		"lines":    {fmt.Sprintf("stream of %d 9×9 lines", o.lines), func(ctx context.Context, s *server) outcome { return longStream(ctx, s, puzzles, o.lines) }},
		"slow":     {fmt.Sprintf("slow reader, %d amplifying lines", o.slowLines), func(ctx context.Context, s *server) outcome { return slowReader(ctx, s, o.slowLines, o.slowRate) }},
	}
	var cases []soakCase
	for _, name := range strings.Split(o.cases, ",") {
		c, ok := all[name]
		if !ok {
			return fmt.Errorf("no case %q", name)
		}
		cases = append(cases, c)
	}
	fmt.Println("| case | answers complete | 503s retried | time | lines/s | peak RSS |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	failed := false
	for _, c := range cases {
		if err := srv.resetPeak(); err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		start := time.Now()
		out := c.run(ctx, srv)
		elapsed := time.Since(start)
		cancel()
		peak := srv.status("VmHWM") << 10
		rate := "–"
		if out.lines > 0 {
			rate = fmt.Sprintf("%.0f", float64(out.lines)/out.busy.Seconds())
		}
		fmt.Printf("| %s | %d/%d | %d | %.1fs | %s | %d MiB |\n", c.name, out.complete, out.answers, out.retried,
			elapsed.Seconds(), rate, peak>>20)
		if out.err != nil || out.complete != out.answers {
			fmt.Printf("  FAILED: %v\n", out.err)
			failed = true
		}
		if peak >= memLimit {
			fmt.Printf("  FAILED: peak RSS %d MiB reaches the memory limit %d MiB\n", peak>>20, memLimit>>20)
			failed = true
		}
		if out.note != "" {
			fmt.Printf("  %s\n", out.note)
		}
	}
	if failed {
		return errors.New("an answer was lost or wrong, or memory ran past the limit")
	}
	return nil
}

// outcome is what one case saw.
type outcome struct {
	answers, complete int // answers expected, and those complete and right
	retried           int // 503 overloaded answers sent again
	lines             int // result lines read, for lines/s
	busy              time.Duration
	note              string
	err               error // the first thing wrong
}

// deploymentEnv reads the Deployment's container environment (values and
// resourceFieldRefs to its limits) and memory limit. GOMAXPROCS is set
// from the CPU limit, as the Go runtime does in a container.
func deploymentEnv(path string) (map[string]string, int64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	var d appsv1.Deployment
	if err := yaml.UnmarshalStrict(b, &d); err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	c := d.Spec.Template.Spec.Containers[0]
	env := map[string]string{}
	for _, e := range c.Env {
		switch {
		case e.ValueFrom == nil:
			env[e.Name] = e.Value
		case e.ValueFrom.ResourceFieldRef != nil:
			ref := e.ValueFrom.ResourceFieldRef
			q := c.Resources.Limits[corev1.ResourceName(strings.TrimPrefix(ref.Resource, "limits."))]
			div := int64(1)
			if !ref.Divisor.IsZero() {
				div = ref.Divisor.Value()
			}
			env[e.Name] = strconv.FormatInt(q.Value()/div, 10)
		default:
			return nil, 0, fmt.Errorf("env %s: unsupported valueFrom", e.Name)
		}
	}
	mem := c.Resources.Limits[corev1.ResourceMemory]
	if mem.IsZero() {
		return nil, 0, errors.New("the Deployment sets no memory limit")
	}
	if cpu, ok := c.Resources.Limits[corev1.ResourceCPU]; ok {
		env["GOMAXPROCS"] = strconv.FormatInt(max(cpu.Value(), 1), 10)
	}
	env["SUDOKUD_ADDR"] = "127.0.0.1:0"
	env["SUDOKUD_SHUTDOWN_DELAY"] = "0s" // no load balancer to wait for
	return env, mem.Value(), nil
}

// server is the sudokud child process.
type server struct {
	cmd  *exec.Cmd
	base string
	done chan error
}

var listening = regexp.MustCompile(`"msg":"listening".*"addr":"(127\.0\.0\.1:[0-9]+)"`)

// start runs bin with env only and waits for its listening log line.
func start(bin string, env map[string]string) (*server, error) {
	cmd := exec.Command(bin)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, done: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if m := listening.FindSubmatch(sc.Bytes()); m != nil {
				select {
				case addr <- string(m[1]):
				default:
				}
			}
		}
		s.done <- cmd.Wait()
	}()
	select {
	case a := <-addr:
		s.base = "http://" + a
		return s, nil
	case err := <-s.done:
		return nil, fmt.Errorf("sudokud exited: %v", err)
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		return nil, errors.New("sudokud did not log listening in 30s")
	}
}

// stop sends SIGTERM and waits (at most 30s, then kills).
func (s *server) stop() {
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
	}
}

// status returns a kB field of /proc/PID/status (VmHWM, VmRSS).
func (s *server) status(field string) int64 {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}

// resetPeak sets VmHWM back to the current RSS (proc(5), clear_refs 5).
func (s *server) resetPeak() error {
	return os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", s.cmd.Process.Pid), []byte("5"), 0)
}

// gauge reads an unlabelled series from /metrics.
func (s *server) gauge(name string) float64 {
	resp, err := http.Get(s.base + "/metrics")
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	return -1
}

// client opens a connection per request, as many as the cases need.
var client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true}}

// post sends body until it is not shed: a 503 overloaded is sent again
// after its Retry-After. body makes a fresh request body each time.
func post(ctx context.Context, s *server, ct string, body func() io.Reader) (*http.Response, int, error) {
	return postWith(ctx, client, s, ct, body)
}

// slowClient's connections have a small receive buffer (64 KB), so that a
// server writing to a slow reader waits on it rather than on the kernel.
var slowClient = &http.Client{Transport: &http.Transport{
	DisableCompression: true,
	DialContext: (&net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var err error
		c.Control(func(fd uintptr) { err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 64<<10) })
		return err
	}}).DialContext,
}}

func postWith(ctx context.Context, client *http.Client, s *server, ct string, body func() io.Reader) (*http.Response, int, error) {
	for retried := 0; ; retried++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.base+"/validate", body())
		if err != nil {
			return nil, retried, err
		}
		req.Header.Set("Content-Type", ct)
		resp, err := client.Do(req)
		if err != nil {
			return nil, retried, err
		}
		if resp.StatusCode == http.StatusOK {
			return resp, retried, nil
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var p struct{ Code string }
		json.Unmarshal(b, &p)
		wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		if resp.StatusCode != http.StatusServiceUnavailable || p.Code != "overloaded" || wait < 1 {
			return nil, retried, fmt.Errorf("status %d: %.200s", resp.StatusCode, b)
		}
		select {
		case <-time.After(time.Duration(wait) * time.Second):
		case <-ctx.Done():
			return nil, retried, ctx.Err()
		}
	}
}

const ones25 = 625 // a 25×25 board of 1s: every cell in conflict

func amplifyingBatch(n int) []byte {
	var buf bytes.Buffer
	buf.WriteString(`{"items":[`)
	ones := strings.Repeat("1", ones25)
	for i := range n {
		if i > 0 {
			buf.WriteByte(',')
		}
		fmt.Fprintf(&buf, `{"id":"%d","puzzle":"%s"}`, i, ones)
	}
	buf.WriteString("]}")
	return buf.Bytes()
}

// resultBytes is the size of one amplifying result line, about.
const resultBytes = 37700

// result is one item's result.
type result struct {
	ID        string            `json:"id"`
	Valid     *bool             `json:"valid"`
	Conflicts []json.RawMessage `json:"conflicts"`
	Error     json.RawMessage   `json:"error"`
}

// checkAmplified checks one amplifying result.
func checkAmplified(r result, i int) error {
	if r.ID != strconv.Itoa(i) || r.Valid == nil || *r.Valid || len(r.Conflicts) != ones25 || r.Error != nil {
		return fmt.Errorf("result %d: id %q, valid %v, %d conflicts, error %s; want id %d, invalid, %d conflicts",
			i, r.ID, r.Valid, len(r.Conflicts), r.Error, i, ones25)
	}
	return nil
}

// amplify posts conc amplifying batches of n items at once and checks every
// answer result by result, without holding it.
func amplify(ctx context.Context, s *server, n, conc int) outcome {
	body := amplifyingBatch(n)
	var mu sync.Mutex
	out := outcome{answers: conc}
	var wg sync.WaitGroup
	for range conc {
		wg.Go(func() {
			start := time.Now()
			resp, retried, err := post(ctx, s, "application/json", func() io.Reader { return bytes.NewReader(body) })
			if err == nil {
				err = readBatch(resp.Body, n)
				resp.Body.Close()
			}
			mu.Lock()
			defer mu.Unlock()
			out.retried += retried
			out.busy = max(out.busy, time.Since(start))
			if err != nil && out.err == nil {
				out.err = err
			} else if err == nil {
				out.complete++
			}
		})
	}
	wg.Wait()
	return out
}

// readBatch reads a batch answer of n amplifying results and its summary.
func readBatch(r io.Reader, n int) error {
	dec := json.NewDecoder(bufio.NewReaderSize(r, 1<<16))
	for _, want := range []string{"{", "results", "["} {
		if tok, err := dec.Token(); err != nil || fmt.Sprint(tok) != want {
			return fmt.Errorf("token %v, %v; want %s", tok, err, want)
		}
	}
	i := 0
	for ; dec.More(); i++ {
		var res result
		if err := dec.Decode(&res); err != nil {
			return fmt.Errorf("result %d: %w", i, err)
		}
		if err := checkAmplified(res, i); err != nil {
			return err
		}
	}
	if i != n {
		return fmt.Errorf("%d results, want %d", i, n)
	}
	var sum struct{ Total, Valid, Complete, Solved, Errors int }
	if tok, err := dec.Token(); err != nil || fmt.Sprint(tok) != "]" {
		return fmt.Errorf("token %v, %v; want ]", tok, err)
	}
	if tok, err := dec.Token(); err != nil || tok != "summary" {
		return fmt.Errorf("token %v, %v; want summary", tok, err)
	}
	if err := dec.Decode(&sum); err != nil {
		return err
	}
	if sum.Total != n || sum.Valid != 0 || sum.Complete != n || sum.Errors != 0 {
		return fmt.Errorf("summary %+v for %d amplifying items", sum, n)
	}
	if tok, err := dec.Token(); err != nil || fmt.Sprint(tok) != "}" {
		return fmt.Errorf("token %v, %v; want }", tok, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("after the answer: %v, want its clean end", err)
	}
	return nil
}

const solved9 = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// idleStreams opens n streams, each sends a line and reads its result,
// then all stay open and idle for a while; then each sends a second line
// and ends, and must get exactly two results and a clean end.
func idleStreams(ctx context.Context, s *server, n int) outcome {
	type stream struct {
		in   *io.PipeWriter
		resp *http.Response
		br   *bufio.Reader
	}
	line := func(id string) string { return `{"id":"` + id + `","puzzle":"` + solved9 + `"}` + "\n" }
	want := func(id string) string {
		return `{"id":"` + id + `","valid":true,"complete":true,"solved":true,"conflicts":[]}` + "\n"
	}
	out := outcome{answers: n}
	streams := make([]*stream, n)
	var mu sync.Mutex
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if out.err == nil {
			out.err = err
		}
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			var pw *io.PipeWriter
			resp, retried, err := post(ctx, s, "application/x-ndjson", func() io.Reader {
				var pr *io.PipeReader
				pr, pw = io.Pipe()
				return pr
			})
			mu.Lock()
			out.retried += retried
			mu.Unlock()
			if err != nil {
				fail(err)
				return
			}
			st := &stream{in: pw, resp: resp, br: bufio.NewReader(resp.Body)}
			id := fmt.Sprintf("%d-a", i)
			go io.WriteString(pw, line(id))
			if got, err := st.br.ReadString('\n'); err != nil || got != want(id) {
				fail(fmt.Errorf("stream %d, first result %q, %v", i, got, err))
				return
			}
			streams[i] = st
		})
	}
	wg.Wait()
	open := 0
	for _, st := range streams {
		if st != nil {
			open++
		}
	}
	// Idle, all open at once.
	time.Sleep(2 * time.Second)
	out.note = fmt.Sprintf("%d streams open at once: RSS %d MiB, sudokud_validate_streams_open %.0f",
		open, s.status("VmRSS")>>10, s.gauge("sudokud_validate_streams_open"))
	for i, st := range streams {
		if st == nil {
			continue
		}
		wg.Go(func() {
			defer st.resp.Body.Close()
			id := fmt.Sprintf("%d-b", i)
			go func() {
				io.WriteString(st.in, line(id))
				st.in.Close()
			}()
			rest, err := io.ReadAll(st.br)
			if err != nil || string(rest) != want(id) {
				fail(fmt.Errorf("stream %d, the rest %q, %v; want one result and a clean end", i, rest, err))
				return
			}
			mu.Lock()
			out.complete++
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

// longStream sends n 9×9 lines on one stream (the puzzles, and every
// third one with its last cell set, which often breaks a rule) and checks
// every result against the engine, while sampling the server's RSS.
func longStream(ctx context.Context, s *server, puzzles []string, n int) outcome {
	var boards []string
	var valid []string
	for _, p := range puzzles {
		for _, q := range []string{p, p[:80] + "5"} {
			b, err := engine.ParseBoard(q, engine.Shape{})
			if err != nil {
				return outcome{answers: 1, err: err}
			}
			boards = append(boards, q)
			valid = append(valid, strconv.FormatBool(engine.Conflicts(b) == nil))
		}
	}
	out := outcome{answers: 1}
	pr, pw := io.Pipe()
	go func() {
		bw := bufio.NewWriterSize(pw, 64<<10)
		var line []byte
		for i := range n {
			line = append(line[:0], `{"id":"`...)
			line = strconv.AppendInt(line, int64(i), 10)
			line = append(line, `","puzzle":"`...)
			line = append(line, boards[i%len(boards)]...)
			line = append(line, "\"}\n"...)
			if _, err := bw.Write(line); err != nil {
				return
			}
		}
		bw.Flush()
		pw.Close()
	}()
	start := time.Now()
	resp, retried, err := post(ctx, s, "application/x-ndjson", func() io.Reader { return pr })
	out.retried = retried
	if err != nil {
		pr.Close()
		out.err = err
		return out
	}
	defer resp.Body.Close()
	var rss []int64
	sc := bufio.NewScanner(resp.Body)
	var want []byte
	i := 0
	for sc.Scan() {
		want = append(want[:0], `{"id":"`...)
		want = strconv.AppendInt(want, int64(i), 10)
		want = append(want, `","valid":`...)
		want = append(want, valid[i%len(valid)]...)
		if !bytes.HasPrefix(sc.Bytes(), want) {
			out.err = fmt.Errorf("result %d: %.100q, want prefix %s", i, sc.Bytes(), want)
			pr.Close()
			return out
		}
		i++
		if i%(n/10) == 0 {
			rss = append(rss, s.status("VmRSS")>>10)
		}
	}
	out.busy = time.Since(start)
	out.lines = i
	if err := sc.Err(); err != nil {
		out.err = fmt.Errorf("after %d results: %w", i, err)
	} else if i != n {
		out.err = fmt.Errorf("%d results for %d lines, then a clean end", i, n)
	} else {
		out.complete = 1
	}
	out.note = fmt.Sprintf("RSS at each tenth of the stream (MiB): %v", rss)
	return out
}

// slowReader streams n amplifying lines and reads the answer at rate
// bytes per second: every result must come, then a clean end.
func slowReader(ctx context.Context, s *server, n, rate int) outcome {
	var body bytes.Buffer
	ones := strings.Repeat("1", ones25)
	for i := range n {
		fmt.Fprintf(&body, `{"id":"%d","puzzle":"%s"}`+"\n", i, ones)
	}
	out := outcome{answers: 1}
	start := time.Now()
	resp, retried, err := postWith(ctx, slowClient, s, "application/x-ndjson", func() io.Reader { return bytes.NewReader(body.Bytes()) })
	out.retried = retried
	if err != nil {
		out.err = err
		return out
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(&throttled{r: resp.Body, rate: rate, start: time.Now()})
	sc.Buffer(nil, 1<<20)
	i := 0
	for sc.Scan() {
		var res result
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			out.err = fmt.Errorf("line %d: %w", i, err)
			return out
		}
		if err := checkAmplified(res, i); err != nil {
			out.err = err
			return out
		}
		i++
	}
	out.note = fmt.Sprintf("read %d results (%d MB) at %d KB/s in %.0fs", i, int64(i)*int64(resultBytes)>>20, rate>>10, time.Since(start).Seconds())
	switch {
	case sc.Err() != nil:
		out.err = fmt.Errorf("after %d of %d results: %w", i, n, sc.Err())
	case i != n:
		out.err = fmt.Errorf("%d of %d results, then a clean end", i, n)
	default:
		out.complete = 1
	}
	return out
}

// throttled reads from r at no more than rate bytes per second.
type throttled struct {
	r     io.Reader
	rate  int
	start time.Time
	read  int
}

func (t *throttled) Read(p []byte) (int, error) {
	p = p[:min(len(p), max(t.rate/10, 1))]
	if ahead := time.Duration(float64(t.read)/float64(t.rate)*float64(time.Second)) - time.Since(t.start); ahead > 0 {
		time.Sleep(ahead)
	}
	n, err := t.r.Read(p)
	t.read += n
	return n, err
}
