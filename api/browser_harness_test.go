package api_test

// The harness of the playground's browser tests (browser_*_test.go): a real
// Chromium (Debian's, driven with chromedp) plays games on the page served
// by the real router, which calls the real /generate, /hint, /solve and
// /validate. Every TestBrowser* test opens its tabs in one Chromium,
// started by the first of them and closed by TestMain, on a server of its
// own (newSite).
//
// They run in the full suite, not with -short. They skip when chromium is
// not installed, except when SUDOKUD_BROWSER_TESTS=require (as .ci/run sets
// it): then a missing Chromium fails them, so CI never passes with the
// playground untested. Screenshots go to $SUDOKUD_ARTIFACTS (or a temporary
// directory) for people to look at; every state screenshotted is scanned
// with axe-core ($SUDOKUD_AXE_JS, see axeJS), in light and dark mode where
// the layout is checked.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/sudokud/sudokud/api"
)

func TestMain(m *testing.M) {
	code := m.Run()
	closeBrowser()
	os.Exit(code)
}

// ---- the server -------------------------------------------------------------

// site is the real router behind a test server, with a switch per path to
// make it fail or hold its answers, and the browser that opens its pages.
type site struct {
	url     string
	browser context.Context
	shots   string // where screenshots go
	mu      sync.Mutex
	broken  map[string]int           // paths that answer 503 (or a proxy's 502), to see the page report it
	held    map[string]chan struct{} // paths whose answers wait until release
}

// newSite starts a server for one test and the shared browser if it is not
// running yet. It skips the test with -short, and without chromium unless
// SUDOKUD_BROWSER_TESTS=require.
func newSite(t *testing.T) *site {
	t.Helper()
	if testing.Short() {
		// make test runs the suite twice: -race -short, then in full.
		// The handlers behind the page run under the race detector in
		// the API tests; here it only slows the browser checks down
		// until a loaded machine hits their bounds.
		t.Skip("the browser checks run in the full suite, not with -short")
	}
	s := &site{broken: map[string]int{}, held: map[string]chan struct{}{}}
	s.browser = sharedBrowser(t)
	s.shots = artifactDir(t)
	t.Logf("screenshots in %s", s.shots)
	srv, err := api.New(api.DefaultConfig(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		broken, held := s.broken[r.URL.Path], s.held[r.URL.Path]
		s.mu.Unlock()
		if held != nil {
			<-held
		}
		if broken == http.StatusBadGateway {
			// What a reverse proxy in front of the server says when it is down.
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(broken)
			io.WriteString(w, "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n")
			return
		}
		if broken != 0 {
			w.Header().Set("Content-Type", "application/problem+json")
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, `{"type":"about:blank","title":"Service Unavailable","status":503,"code":"overloaded","detail":"the server is overloaded (test)"}`)
			return
		}
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	s.url = ts.URL
	return s
}

func (s *site) fail(path string) { s.failWith(path, http.StatusServiceUnavailable) }

// failWith makes path answer 503 from the server, or 502 from a proxy.
func (s *site) failWith(path string, code int) { s.mu.Lock(); s.broken[path] = code; s.mu.Unlock() }
func (s *site) heal(path string)               { s.mu.Lock(); delete(s.broken, path); s.mu.Unlock() }

// hold makes the answers to path wait until release.
func (s *site) hold(path string) { s.mu.Lock(); s.held[path] = make(chan struct{}); s.mu.Unlock() }

func (s *site) release(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.held[path]; c != nil {
		close(c)
		delete(s.held, path)
	}
}

func (s *site) post(t *testing.T, path string, req any) (int, map[string]any) {
	t.Helper()
	body, _ := json.Marshal(req)
	res, err := http.Post(s.url+path, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatalf("POST %s: decode: %v", path, err)
	}
	return res.StatusCode, out
}

// placement asks /hint about a fresh 6×6 2x3 puzzle and returns the cell
// and value ('1'–'6') of the placement it gives.
func (s *site) placement(t *testing.T, puzzle string) (int, byte) {
	t.Helper()
	code, h := s.post(t, "/hint", map[string]any{"puzzle": puzzle, "givens": puzzle, "box": "2x3"})
	row, _ := h["row"].(float64)
	col, _ := h["col"].(float64)
	val, _ := h["value"].(float64)
	if code != http.StatusOK || h["kind"] != "placement" {
		t.Fatalf("/hint: %d %v", code, h)
	}
	return int(row)*6 + int(col), byte('0' + int(val))
}

// game6 opens the 6×6 (2x3) game of patternPuzzle(2, 3, 0.4, seed) and
// returns its page, the puzzle and its solution.
func (s *site) game6(t *testing.T, seed uint64) (*page, string, string) {
	t.Helper()
	puzzle := patternPuzzle(2, 3, 0.4, seed)
	p := s.open(t, "/?puzzle="+puzzle)
	p.waitGame(6, 2, 3)
	return p, puzzle, s.solve(t, puzzle, 6, "2x3")
}

// solve asks /solve for the solution of a puzzle string.
func (s *site) solve(t *testing.T, puzzle string, size int, box string) string {
	t.Helper()
	code, out := s.post(t, "/solve", map[string]any{"puzzle": puzzle, "size": size, "box": box})
	sol, _ := out["solution"].(string)
	if code != http.StatusOK || len(sol) != size*size {
		t.Fatalf("/solve %s: %d %v", puzzle, code, out)
	}
	return sol
}

// ---- the browser ------------------------------------------------------------

// browser is the one Chromium every browser test opens its tabs in: started
// by the first test that asks for it, closed by TestMain.
var browser struct {
	once   sync.Once
	ctx    context.Context
	cancel context.CancelFunc
	dir    string // its user data directory
	err    error
}

// chromiumPath is where chromium is installed, or "".
func chromiumPath() string {
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// sharedBrowser returns the browser, started on the first call. Without
// chromium it skips the test, or fails it when SUDOKUD_BROWSER_TESTS=require.
func sharedBrowser(t *testing.T) context.Context {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		why := "chromium is not installed: apt-get update && apt-get install -y chromium (.ci/run does this)"
		if os.Getenv("SUDOKUD_BROWSER_TESTS") == "require" {
			t.Fatalf("%s (SUDOKUD_BROWSER_TESTS=require)", why)
		}
		t.Skip(why)
	}
	browser.once.Do(func() { browser.err = startBrowser(path) })
	if browser.err != nil {
		t.Fatalf("start %s: %v", path, browser.err)
	}
	return browser.ctx
}

func startBrowser(path string) error {
	dir, err := os.MkdirTemp("", "sudokud-chromium-")
	if err != nil {
		return err
	}
	browser.dir = dir
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	browser.ctx = bctx
	browser.cancel = func() { cancelBrowser(); cancelAlloc() }
	return chromedp.Do(bctx)
}

// closeBrowser stops the browser, if a test started it, and removes its
// user data.
func closeBrowser() {
	if browser.cancel != nil {
		browser.cancel()
	}
	if browser.dir != "" {
		os.RemoveAll(browser.dir)
	}
}

func artifactDir(t *testing.T) string {
	if d := os.Getenv("SUDOKUD_ARTIFACTS"); d != "" {
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		if err := os.MkdirAll(d, 0o755); err == nil {
			return d
		}
	}
	return t.TempDir()
}

// page is one browser tab on the playground.
type page struct {
	t     *testing.T
	ctx   context.Context
	n     int
	shots string

	mu     sync.Mutex
	errors []string // uncaught exceptions of the page
}

func (s *site) open(t *testing.T, path string) *page {
	t.Helper()
	tab, cancelTab := chromedp.NewContext(s.browser)
	// A bound, not a timing check: a page that hangs fails its test
	// rather than the whole run, with room for a loaded machine.
	ctx, cancel := context.WithTimeout(tab, 90*time.Second)
	p := &page{t: t, ctx: ctx, shots: s.shots}
	t.Cleanup(func() {
		cancel()
		cancelTab()
	})
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.errors = append(p.errors, fmt.Sprintf("%s %v", ev.ExceptionDetails.Text, ev.ExceptionDetails.Exception))
			p.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, e := range p.errors {
			t.Errorf("uncaught exception in the page: %s", e)
		}
	})
	// Anything the Content-Security-Policy blocks is an error: the page must
	// work with everything from its own origin.
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`,
		})
		return err
	}))
	t.Cleanup(func() {
		if p.ctx.Err() != nil {
			return
		}
		if v, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`window.__csp || []`)); err == nil && len(v) > 0 {
			t.Errorf("Content-Security-Policy violations: %v", v)
		}
	})
	p.do(chromedp.Navigate(s.url + path))
	return p
}

func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.fatal("%v", err)
	}
}

func evalT[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.fatal("evaluate %s: %v", expr, err)
	}
	return v
}

// fatal stops the test with the page's status line and a screenshot.
func (p *page) fatal(format string, args ...any) {
	p.t.Helper()
	msg := fmt.Sprintf(format, args...)
	if p.ctx.Err() == nil {
		if st, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById('status').textContent`)); err == nil {
			msg += fmt.Sprintf(" (status: %q)", st)
		}
		p.shot("failed-" + strings.NewReplacer("/", "_", " ", "_").Replace(p.t.Name()))
	}
	p.t.Fatal(msg)
}

// waitf waits until the JavaScript condition holds.
func (p *page) waitf(what, cond string) {
	p.t.Helper()
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](cond,
		chromedp.WithPollingInterval(20*time.Millisecond),
		chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		p.fatal("waiting for %s (%s): %v", what, cond, err)
	}
}

// waitGame waits for an n×n board with r×c boxes, loaded and idle.
func (p *page) waitGame(n, r, c int) {
	p.t.Helper()
	p.waitf(fmt.Sprintf("a %dx%d game", n, n), fmt.Sprintf(
		`document.querySelectorAll('#board .cell').length === %d && document.getElementById('board').dataset.box === '%dx%d' && !document.body.classList.contains('busy') && /Good luck|offers/.test(document.getElementById('status').textContent)`,
		n*n, r, c))
	p.n = n
	// Box borders follow the shape: a thick right edge after every c-th column.
	got := evalT[[]int](p, `Array.from(document.querySelectorAll('#board .cell.box-r[data-row="0"]'), e => +e.dataset.col)`)
	var want []int
	for col := c - 1; col < n-1; col += c {
		want = append(want, col)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		p.t.Errorf("thick box borders after columns %v, want %v", got, want)
	}
}

// board reads the board as a puzzle string ('.' for empty).
func (p *page) board() string {
	p.t.Helper()
	return evalT[string](p, `Array.from(document.querySelectorAll('#board .cell'), e => e.dataset.value).join('')`)
}

func (p *page) status() string { p.t.Helper(); return p.text("#status") }

func (p *page) text(sel string) string {
	p.t.Helper()
	return evalT[string](p, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

func (p *page) disabled(sel string) bool {
	p.t.Helper()
	return evalT[bool](p, fmt.Sprintf(`document.querySelector(%q).disabled`, sel))
}

func (p *page) label(i int) string {
	p.t.Helper()
	return evalT[string](p, fmt.Sprintf(`document.querySelector('#board .cell[data-index="%d"]').getAttribute('aria-label')`, i))
}

func (p *page) classOf(i int) string {
	p.t.Helper()
	return evalT[string](p, fmt.Sprintf(`document.querySelector('#board .cell[data-index="%d"]').className`, i))
}

// takeHint presses Hint three times: the first press nudges, the second
// shows the step, the third applies it.
func (p *page) takeHint() {
	p.t.Helper()
	p.click(-1, "#hint")
	p.waitf("nudge shown", `document.getElementById('hint').textContent === 'Show how' && !document.body.classList.contains('busy')`)
	p.click(-1, "#hint")
	p.waitf("hint shown", `document.getElementById('hint').textContent === 'Apply hint' && !document.body.classList.contains('busy')`)
	p.click(-1, "#hint")
	p.waitf("hint applied", `document.querySelector('#board .cell.hint') !== null`)
}

func (p *page) hintCell() (row, col int, value string) {
	p.t.Helper()
	v := evalT[[]string](p, `(e => [e.dataset.row, e.dataset.col, e.textContent])(document.querySelector('#board .cell.hint'))`)
	fmt.Sscan(v[0], &row)
	fmt.Sscan(v[1], &col)
	return row, col, v[2]
}

// click clicks cell i, or with i < 0 the element sel.
func (p *page) click(i int, sel ...string) {
	p.t.Helper()
	s := fmt.Sprintf(`#board .cell[data-row="%d"][data-col="%d"]`, i/max(p.n, 1), i%max(p.n, 1))
	if i < 0 {
		s = sel[0]
	}
	p.do(chromedp.Click(chromedp.CSS(s), chromedp.NodeVisible))
}

// dark switches the page to the dark color scheme, or back.
func (p *page) dark(on bool) {
	p.t.Helper()
	scheme := "light"
	if on {
		scheme = "dark"
	}
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	}))
}

func (p *page) keys(keys string) { p.t.Helper(); p.do(chromedp.KeyEvent(keys)) }

// viewport emulates a w×h screen and waits until the page has laid itself
// out for it: the size has reached the page, and the last fit was for it,
// after two frames in which a fit the resize event queued would have run.
// (Measuring right after the emulation measured a layout half done on a
// loaded machine.)
func (p *page) viewport(w, h int64, opts ...chromedp.EmulateViewportOption) {
	p.t.Helper()
	p.do(chromedp.EmulateViewport(w, h, opts...))
	p.waitf(fmt.Sprintf("a %dx%d viewport", w, h), fmt.Sprintf(`innerWidth === %d && innerHeight === %d`, w, h))
	p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0); window.sudokud.fit();
		new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))`, chromedp.EvalAwaitPromise))
	p.waitf("the board fitted", fmt.Sprintf(`document.getElementById('board').dataset.fit === '%dx%d'`, w, h))
}

// shot saves a screenshot of the page as it is and scans that state with
// axe-core: every state the tests look at is checked for accessibility.
func (p *page) shot(name string) {
	p.t.Helper()
	if !strings.HasPrefix(name, "failed-") {
		p.axe(name)
	}
	if p.shots == "" {
		return
	}
	buf, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	file := filepath.Join(p.shots, "playground-"+name+".png")
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	p.t.Logf("screenshot: %s", filepath.Base(file))
}

// axeJS is axe-core's axe.min.js: from $SUDOKUD_AXE_JS, else where
// `npm install --prefix /tmp/axe axe-core` puts it. Without it the scans
// are skipped, unless SUDOKUD_AXE_TESTS=require (as .ci/run sets it).
var axeJS = sync.OnceValues(func() (string, error) {
	path := os.Getenv("SUDOKUD_AXE_JS")
	if path == "" {
		path = "/tmp/axe/node_modules/axe-core/axe.min.js"
	}
	b, err := os.ReadFile(path)
	return string(b), err
})

// axe runs axe-core on the page and fails the test on any violation.
func (p *page) axe(state string) {
	p.t.Helper()
	src, err := axeJS()
	if err != nil {
		if os.Getenv("SUDOKUD_AXE_TESTS") == "require" {
			p.t.Fatalf("axe-core: %v (SUDOKUD_AXE_TESTS=require)", err)
		}
		p.t.Logf("axe-core not found, %s not scanned: %v (npm install --prefix /tmp/axe axe-core, or set SUDOKUD_AXE_JS)", state, err)
		return
	}
	if !evalT[bool](p, `typeof window.axe === 'object'`) {
		// DevTools evaluation is not subject to the page's CSP.
		p.do(chromedp.Evaluate[chromedp.Void](src))
	}
	found, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ['violations']}).then(r =>
		r.violations.map(v => v.id + ' (' + v.impact + '): ' + v.help + ' at ' +
			v.nodes.slice(0, 4).map(n => n.target.join(' ') + (n.any.concat(n.all)[0] ? ' [' + n.any.concat(n.all)[0].message + ']' : '')).join('; ')))`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		p.fatal("axe-core on %s: %v", state, err)
	}
	for _, v := range found {
		p.t.Errorf("axe-core, %s: %s", state, v)
	}
}
