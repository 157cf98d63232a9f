package deploy_test

import (
	"bufio"
	"bytes"
	"encoding/json"

	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"sigs.k8s.io/yaml"
)

// Boards the traffic uses: three sizes, so that per-size series exist.
const (
	puzzle4 = "1..." + "..2." + ".3.." + "...4"
	puzzle9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	// The first puzzle of the goomii17 16x16 set.
	puzzle16 = "B.78.5E.3..AD.CG" +
		"..4..7...C.FA..2" +
		"A..........437.." +
		"..5...9F.......8" +
		".4..B8...E.793.." +
		"..E37C....FDB..4" +
		"9F.7..5D.3....8." +
		"5..D.F3.24A8C.G." +
		".8......B....GD5" +
		"..D......8..F.E." +
		"..A.9.F..67...BC" +
		"...C.AB....E724." +
		"7A.9.B1...5..63." +
		"D.CEF.7.A....8.." +
		"....E.A..D..5..." +
		".635G9C..B..E..."
)

// scrape returns every series name on url's /metrics, with the label
// names each was seen with.
func scrape(t *testing.T, url string) map[string]map[string]bool {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out := map[string]map[string]bool{}
	labelRE := regexp.MustCompile(`([a-zA-Z_][a-zA-Z0-9_]*)="`)
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		name, rest, _ := strings.Cut(l, " ")
		if i := strings.IndexByte(l, '{'); i >= 0 && i < len(name) {
			name, rest = l[:i], l[i:]
		}
		if out[name] == nil {
			out[name] = map[string]bool{}
		}
		if strings.HasPrefix(rest, "{") {
			for _, m := range labelRE.FindAllStringSubmatch(rest[:strings.IndexByte(rest, '}')+1], -1) {
				out[name][m[1]] = true
			}
		}
	}
	return out
}

// post sends body as JSON and returns the status and response body.
func post(t *testing.T, url, path string, body any) (int, []byte) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url+path, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// mustTraffic sends the server a bit of everything a dashboard shows:
// solves of three sizes, hints, a generated puzzle, validation single and
// batch, a client error, and enough concurrent heavy requests to be shed.
func mustTraffic(t *testing.T, url string) {
	t.Helper()
	for _, p := range []string{puzzle4, puzzle9, puzzle16} {
		if code, body := post(t, url, "/solve", map[string]any{"puzzle": p}); code != http.StatusOK {
			t.Fatalf("/solve: %d %s", code, body)
		}
		if code, body := post(t, url, "/validate", map[string]any{"puzzle": p, "solvable": true}); code != http.StatusOK {
			t.Fatalf("/validate: %d %s", code, body)
		}
		if code, body := post(t, url, "/hint", map[string]any{"puzzle": p}); code != http.StatusOK {
			t.Fatalf("/hint: %d %s", code, body)
		}
	}
	resp, err := http.Get(url + "/generate?size=4&difficulty=easy&seed=1")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/generate: %d", resp.StatusCode)
	}
	if code, body := post(t, url, "/validate", map[string]any{"items": []any{
		map[string]any{"id": "a", "puzzle": puzzle9}, map[string]any{"id": "b", "puzzle": "12"},
	}}); code != http.StatusOK {
		t.Fatalf("/validate batch: %d %s", code, body)
	}
	if code, _ := post(t, url, "/solve", map[string]any{"puzzle": "12"}); code != http.StatusBadRequest {
		t.Fatalf("/solve of a bad board: %d, want 400", code)
	}
	// The server runs with one heavy slot and no queue: concurrent solves
	// overlap and all but one are shed. Rounds until one is.
	for round := 0; ; round++ {
		if round == 200 {
			t.Fatal("200 rounds of 8 concurrent solves, none shed")
		}
		var wg sync.WaitGroup
		codes := make(chan int, 8)
		for range 8 {
			wg.Go(func() {
				b, _ := json.Marshal(map[string]any{"puzzle": puzzle16})
				resp, err := http.Post(url+"/solve", "application/json", bytes.NewReader(b))
				if err != nil {
					codes <- 0
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") == "" {
					codes <- -1
					return
				}
				codes <- resp.StatusCode
			})
		}
		wg.Wait()
		close(codes)
		shed := false
		for c := range codes {
			switch c {
			case http.StatusOK:
			case http.StatusServiceUnavailable:
				shed = true
			default:
				t.Fatalf("concurrent /solve: status %d (-1: 503 without Retry-After)", c)
			}
		}
		if shed {
			return
		}
	}
}

// query is one PromQL expression and where it comes from.
type query struct{ where, expr string }

// queries returns every expression of the alert rules and the dashboard,
// and the names the rules record.
func queries(t *testing.T, m *manifests) ([]query, map[string]bool) {
	t.Helper()
	var qs []query
	recorded := map[string]bool{}
	for _, g := range m.rule.Spec.Groups {
		for _, r := range g.Rules {
			name := r.Alert + r.Record
			qs = append(qs, query{"rule " + name, r.Expr})
			if r.Record != "" {
				recorded[r.Record] = true
			}
		}
	}
	var dash struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
		Templating struct {
			List []struct {
				Name       string `json:"name"`
				Definition string `json:"definition"`
			} `json:"list"`
		} `json:"templating"`
	}
	if err := json.Unmarshal([]byte(m.dashboards[0].Data["sudokud.json"]), &dash); err != nil {
		t.Fatal(err)
	}
	for _, p := range dash.Panels {
		if len(p.Targets) == 0 {
			t.Errorf("dashboard panel %q has no query", p.Title)
		}
		for _, tg := range p.Targets {
			qs = append(qs, query{"panel " + p.Title, tg.Expr})
		}
	}
	for _, v := range dash.Templating.List {
		if v.Definition != "" {
			qs = append(qs, query{"variable " + v.Name, v.Definition})
		}
	}
	return qs, recorded
}

// targetLabels are added by Prometheus (and the operator) at scrape time.
var targetLabels = map[string]bool{"job": true, "instance": true, "pod": true, "namespace": true, "service": true, "container": true, "endpoint": true, "le": true}

var (
	selectorRE = regexp.MustCompile(`([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?`)
	matcherRE  = regexp.MustCompile(`([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)`)
	byRE       = regexp.MustCompile(`\b(?:by|without)\s*\(([^)]*)\)`)
	// PromQL words that look like metric names.
	promqlWords = map[string]bool{"sum": true, "rate": true, "irate": true, "increase": true, "histogram_quantile": true,
		"by": true, "without": true, "and": true, "or": true, "unless": true, "on": true, "ignoring": true,
		"label_values": true, "max": true, "min": true, "avg": true, "count": true, "absent": true, "bool": true,
		"humanizePercentage": true, "humanizeDuration": true}
)

// TestEveryQueriedMetricExists runs the real server, sends it traffic and
// checks that every metric (and label) an alert rule or a dashboard panel
// queries is on its /metrics. `up` is Prometheus's own.
func TestEveryQueriedMetricExists(t *testing.T) {
	m := mustRender(t, "base")
	srv := mustStart(t, []string{"SUDOKUD_LOG_LEVEL=info"},
		"-addr", "127.0.0.1:0", "-max-heavy", "1", "-heavy-queue", "0", "-queue-wait", "1ms")
	mustTraffic(t, srv.url)
	series := scrape(t, srv.url)
	qs, recorded := queries(t, m)
	if len(qs) < 10 {
		t.Fatalf("only %d queries found", len(qs))
	}
	for _, q := range qs {
		expr := regexp.MustCompile(`"[^"]*"|\[[^\]]*\]`).ReplaceAllStringFunc(q.expr, func(s string) string {
			if s[0] == '"' {
				return `""`
			}
			return ""
		}) // drop label values and range durations
		expr = strings.NewReplacer("$__rate_interval", "", "$job", "").Replace(expr)
		var names []string
		labelsOf := map[string]bool{}
		for _, sm := range selectorRE.FindAllStringSubmatch(expr, -1) {
			name := sm[1]
			if promqlWords[name] || targetLabels[name] || isNumberish(name) {
				continue
			}
			switch {
			case name == "up":
			case strings.Contains(name, ":"):
				if !recorded[name] {
					t.Errorf("%s: queries %s, which no rule records", q.where, name)
				}
			default:
				labels, ok := series[name]
				if !ok {
					if _, known := labelSetOfFamily(series, name); !known {
						t.Errorf("%s: queries %s, which /metrics does not have", q.where, name)
					}
					continue
				}
				names = append(names, name)
				for l := range labels {
					labelsOf[l] = true
				}
			}
			for _, mm := range matcherRE.FindAllStringSubmatch(sm[2], -1) {
				if l := mm[1]; !targetLabels[l] && !strings.Contains(name, ":") && name != "up" && !series[name][l] {
					t.Errorf("%s: %s has no label %s", q.where, name, l)
				}
			}
		}
		if len(names) == 0 {
			continue
		}
		for _, by := range byRE.FindAllStringSubmatch(expr, -1) {
			for _, l := range strings.Split(by[1], ",") {
				if l = strings.TrimSpace(l); l != "" && !targetLabels[l] && !labelsOf[l] {
					t.Errorf("%s: groups by %s, which %v do not have", q.where, l, names)
				}
			}
		}
	}
}

// labelSetOfFamily reports whether name is a series name of the scrape
// (not a selector token that is really a label).
func labelSetOfFamily(series map[string]map[string]bool, name string) (map[string]bool, bool) {
	for _, ls := range series {
		if ls[name] {
			return nil, true
		}
	}
	return nil, false
}

func isNumberish(s string) bool { return strings.Trim(s, "0123456789.e") == "" }

// TestPromtoolCheckRules writes the PrometheusRule's rule groups as a
// Prometheus rule file and runs `promtool check rules` and the rule unit
// tests in testdata/rules_test.yaml on it. CI installs Debian's prometheus
// package; without promtool the test skips.
func TestPromtoolCheckRules(t *testing.T) {
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool not installed (Debian package prometheus); .ci/run installs it")
	}
	m := mustRender(t, filepath.Join("overlays", "production"))
	dir := t.TempDir()
	b, err := yaml.Marshal(m.rule.Spec)
	if err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(dir, "rules.yaml")
	if err := os.WriteFile(rules, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(promtool, "check", "rules", rules).CombinedOutput(); err != nil {
		t.Fatalf("promtool check rules: %v\n%s", err, out)
	}
	tests, err := os.ReadFile(filepath.Join("testdata", "rules_test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "rules_test.yaml"), tests, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(promtool, "test", "rules", "rules_test.yaml")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("promtool test rules: %v\n%s", err, out)
	}
}

// TestDockerfile checks the image's shape and lints it with dockerfilelint
// (from npm) when that is installed.
func TestDockerfile(t *testing.T) {
	lines := dockerfileLines(t)
	var froms []string
	final := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "FROM ") {
			froms = append(froms, l)
			final = i
		}
	}
	if len(froms) != 2 || !strings.HasPrefix(froms[0], "FROM golang:1.26 ") ||
		froms[1] != "FROM gcr.io/distroless/static-debian12:nonroot" {
		t.Errorf("stages %q: want a golang:1.26 build and a distroless static nonroot final stage", froms)
	}
	finalStage := lines[final:]
	for _, want := range []string{"USER nonroot:nonroot", "EXPOSE 8080", `ENTRYPOINT ["/sudokud"]`} {
		if !slices.Contains(finalStage, want) {
			t.Errorf("final stage lacks %q", want)
		}
	}
	for _, l := range finalStage {
		if strings.HasPrefix(l, "RUN ") || strings.HasPrefix(l, "SHELL ") {
			t.Errorf("final stage needs a shell: %q", l)
		}
	}
	ignore, err := os.ReadFile(filepath.Join("..", ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".git", "**/*_test.go"} {
		if !slices.Contains(strings.Split(string(ignore), "\n"), want) {
			t.Errorf(".dockerignore does not exclude %s", want)
		}
	}

	lint, err := exec.LookPath("dockerfilelint")
	if err != nil {
		t.Skip("dockerfilelint not on PATH (npm install dockerfilelint; .ci/run does); lint skipped")
	}
	out, err := exec.Command(lint, filepath.Join("..", "Dockerfile")).CombinedOutput()
	if err != nil {
		t.Fatalf("dockerfilelint: %v\n%s", err, out)
	}
}
