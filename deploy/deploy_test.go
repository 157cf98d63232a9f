// Package deploy_test checks the Kubernetes manifests, alert rules,
// dashboard and Dockerfile against the real server: it renders the
// kustomize base and overlay, strictly decodes every object, builds
// cmd/sudokud with the Dockerfile's own build line, starts it with the
// Deployment's environment and checks probes, ports, env names and every
// metric the rules and the dashboard query.
package deploy_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// serviceMonitor is the part of the prometheus-operator's ServiceMonitor
// (monitoring.coreos.com/v1) the manifests use; decoding is strict, so a
// field outside it fails the test rather than passing unchecked.
type serviceMonitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		Selector  metav1.LabelSelector `json:"selector"`
		Endpoints []struct {
			Port          string `json:"port"`
			Path          string `json:"path"`
			Interval      string `json:"interval"`
			ScrapeTimeout string `json:"scrapeTimeout"`
		} `json:"endpoints"`
	} `json:"spec"`
}

// prometheusRule is the prometheus-operator's PrometheusRule; its spec is
// a Prometheus rule file.
type prometheusRule struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              ruleFile `json:"spec"`
}

type ruleFile struct {
	Groups []struct {
		Name  string `json:"name"`
		Rules []struct {
			Record      string            `json:"record,omitempty"`
			Alert       string            `json:"alert,omitempty"`
			Expr        string            `json:"expr"`
			For         string            `json:"for,omitempty"`
			Labels      map[string]string `json:"labels,omitempty"`
			Annotations map[string]string `json:"annotations,omitempty"`
		} `json:"rules"`
	} `json:"groups"`
}

// manifests is one rendered kustomization, decoded.
type manifests struct {
	deployment *appsv1.Deployment
	service    *corev1.Service
	hpa        *autoscalingv2.HorizontalPodAutoscaler
	pdb        *policyv1.PodDisruptionBudget
	monitor    *serviceMonitor
	rule       *prometheusRule
	dashboards []*corev1.ConfigMap
	namespaces []*corev1.Namespace
	all        []metav1.Object
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	if podmanCmd != nil {
		if imageErr == nil {
			podmanCmd.cmd(context.Background(), "rmi", "-f", imageTag).Run()
		}
		os.RemoveAll(filepath.Dir(podmanCmd.conf))
	}
	os.Exit(code)
}

// mustRender renders the kustomization in dir and strictly decodes every
// object; an unknown kind or field fails.
func mustRender(t *testing.T, dir string) *manifests {
	t.Helper()
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	rm, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		t.Fatalf("kustomize build %s: %v", dir, err)
	}
	m := &manifests{}
	for _, res := range rm.Resources() {
		y, err := res.AsYAML()
		if err != nil {
			t.Fatal(err)
		}
		kind := res.GetKind()
		var obj metav1.Object
		switch kind {
		case "Deployment":
			m.deployment = &appsv1.Deployment{}
			obj = m.deployment
		case "Service":
			m.service = &corev1.Service{}
			obj = m.service
		case "HorizontalPodAutoscaler":
			m.hpa = &autoscalingv2.HorizontalPodAutoscaler{}
			obj = m.hpa
		case "PodDisruptionBudget":
			m.pdb = &policyv1.PodDisruptionBudget{}
			obj = m.pdb
		case "ServiceMonitor":
			m.monitor = &serviceMonitor{}
			obj = m.monitor
		case "PrometheusRule":
			m.rule = &prometheusRule{}
			obj = m.rule
		case "ConfigMap":
			cm := &corev1.ConfigMap{}
			m.dashboards = append(m.dashboards, cm)
			obj = cm
		case "Namespace":
			ns := &corev1.Namespace{}
			m.namespaces = append(m.namespaces, ns)
			obj = ns
		default:
			t.Fatalf("%s: unexpected kind %s", dir, kind)
		}
		if err := yaml.UnmarshalStrict(y, obj); err != nil {
			t.Fatalf("%s: %s %s does not decode strictly: %v\n%s", dir, kind, res.GetName(), err, y)
		}
		m.all = append(m.all, obj)
	}
	for name, missing := range map[string]bool{
		"Deployment": m.deployment == nil, "Service": m.service == nil,
		"HorizontalPodAutoscaler": m.hpa == nil, "PodDisruptionBudget": m.pdb == nil,
		"ServiceMonitor": m.monitor == nil, "PrometheusRule": m.rule == nil,
		"dashboard ConfigMap": len(m.dashboards) != 1,
	} {
		if missing {
			t.Fatalf("%s: no %s (or more than one)", dir, name)
		}
	}
	return m
}

var (
	// bases are the kustomizations the tests render: the base and every
	// overlay.
	bases = append([]string{"base"}, mustGlob(filepath.Join("overlays", "*"))...)

	buildOnce sync.Once
	binPath   string
	buildErr  error
)

func mustGlob(pattern string) []string {
	m, err := filepath.Glob(pattern)
	if err != nil {
		panic(err)
	}
	return m
}

// stampedVersion is what the tests stamp into the binary with the
// Dockerfile's build line.
const stampedVersion = "v0.0.0-deploytest"

// mustBinary builds cmd/sudokud once, with the Dockerfile's go build line
// run as written (only the output path changed), so the image's build
// flags stay ones that work.
func mustBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		line := dockerfileBuildLine(t)
		dir, err := os.MkdirTemp("", "sudokud-deploytest-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "sudokud")
		script := strings.Replace(line, "/out/sudokud", binPath, 1)
		cmd := exec.Command("sh", "-c", script)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "VERSION="+stampedVersion)
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("%s: %v\n%s", script, err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// dockerfileBuildLine returns the command of the Dockerfile's RUN go build.
func dockerfileBuildLine(t *testing.T) string {
	t.Helper()
	for _, l := range dockerfileLines(t) {
		if cmd, ok := strings.CutPrefix(l, "RUN "); ok && strings.Contains(cmd, "go build") {
			for _, want := range []string{"CGO_ENABLED=0", "-trimpath", "-X main.version=${VERSION}", "-o /out/sudokud", "./cmd/sudokud"} {
				if !strings.Contains(cmd, want) {
					t.Fatalf("Dockerfile build line %q lacks %q", cmd, want)
				}
			}
			return cmd
		}
	}
	t.Fatal("Dockerfile has no RUN ... go build line")
	return ""
}

// dockerfileLines returns the Dockerfile's instructions, continuation
// lines joined, comments dropped.
func dockerfileLines(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var cur strings.Builder
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "#") || (l == "" && cur.Len() == 0) {
			continue
		}
		if s, ok := strings.CutSuffix(l, "\\"); ok {
			cur.WriteString(s)
			continue
		}
		cur.WriteString(l)
		if cur.Len() > 0 {
			out = append(out, cur.String())
		}
		cur.Reset()
	}
	return out
}

// server is a running sudokud.
type server struct {
	url    string
	config map[string]any // the "config" log line
	stop   func()
}

// mustStart runs the binary with env and args until the test ends and
// waits for its "listening" log line.
func mustStart(t *testing.T, env []string, args ...string) *server {
	t.Helper()
	cmd := exec.Command(mustBinary(t), args...)
	cmd.Env = env
	dieWithTest(cmd)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	s.stop = sync.OnceFunc(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	t.Cleanup(s.stop)
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("log line is not JSON (SUDOKUD_LOG_FORMAT=json): %q", sc.Text())
		}
		switch line["msg"] {
		case "config":
			s.config = line
		case "listening":
			s.url = "http://" + line["addr"].(string)
			go io.Copy(io.Discard, stdout)
			return s
		}
	}
	s.stop()
	t.Fatalf("sudokud exited before listening: %s", stderr.String())
	return nil
}

// flagNames runs `sudokud -h` and returns the flags it lists.
func flagNames(t *testing.T) map[string]bool {
	t.Helper()
	out, _ := exec.Command(mustBinary(t), "-h").CombinedOutput()
	names := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+-([a-z][a-z0-9-]*)`).FindAllStringSubmatch(string(out), -1) {
		names[m[1]] = true
	}
	if !names["addr"] || !names["drain-timeout"] {
		t.Fatalf("sudokud -h lists no -addr or -drain-timeout:\n%s", out)
	}
	return names
}

func TestManifestsDecodeStrictly(t *testing.T) {
	for _, dir := range bases {
		t.Run(dir, func(t *testing.T) {
			m := mustRender(t, dir)
			for _, o := range m.all {
				if got := o.GetLabels()["app.kubernetes.io/name"]; got != "sudokud" {
					t.Errorf("%s: label app.kubernetes.io/name = %q", o.GetName(), got)
				}
			}
		})
	}
}

func TestWiring(t *testing.T) {
	for _, dir := range bases {
		t.Run(dir, func(t *testing.T) {
			m := mustRender(t, dir)
			d := m.deployment
			pod := d.Spec.Template
			sel, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
			if err != nil || sel.Empty() || !sel.Matches(labels.Set(pod.Labels)) {
				t.Errorf("Deployment selector %v does not match its pod labels %v", d.Spec.Selector, pod.Labels)
			}
			if len(m.service.Spec.Selector) == 0 || !subset(m.service.Spec.Selector, pod.Labels) {
				t.Errorf("Service selector %v does not match the pod labels %v", m.service.Spec.Selector, pod.Labels)
			}
			pdbSel, err := metav1.LabelSelectorAsSelector(m.pdb.Spec.Selector)
			if err != nil || pdbSel.Empty() || !pdbSel.Matches(labels.Set(pod.Labels)) {
				t.Errorf("PodDisruptionBudget selector %v does not match the pods", m.pdb.Spec.Selector)
			}
			smSel, err := metav1.LabelSelectorAsSelector(&m.monitor.Spec.Selector)
			if err != nil || smSel.Empty() || !smSel.Matches(labels.Set(m.service.Labels)) {
				t.Errorf("ServiceMonitor selector %v does not match the Service labels %v", m.monitor.Spec.Selector, m.service.Labels)
			}
			c := pod.Spec.Containers[0]
			ports := map[string]int32{}
			for _, p := range c.Ports {
				ports[p.Name] = p.ContainerPort
			}
			svcPorts := map[string]bool{}
			for _, p := range m.service.Spec.Ports {
				svcPorts[p.Name] = true
				if _, ok := containerPort(p.TargetPort, c.Ports); !ok {
					t.Errorf("Service port %s targets %s, which the container does not expose", p.Name, p.TargetPort.String())
				}
			}
			for _, ep := range m.monitor.Spec.Endpoints {
				if !svcPorts[ep.Port] {
					t.Errorf("ServiceMonitor scrapes port %q; the Service has %v", ep.Port, m.service.Spec.Ports)
				}
				if ep.Path != "/metrics" {
					t.Errorf("ServiceMonitor path %q, want /metrics", ep.Path)
				}
			}
			if ref := m.hpa.Spec.ScaleTargetRef; ref.Kind != "Deployment" || ref.Name != d.Name {
				t.Errorf("HPA scales %s/%s, want Deployment/%s", ref.Kind, ref.Name, d.Name)
			}
			if len(m.hpa.Spec.Metrics) == 0 || m.hpa.Spec.Metrics[0].Resource == nil || m.hpa.Spec.Metrics[0].Resource.Name != corev1.ResourceCPU {
				t.Errorf("HPA does not scale on CPU: %+v", m.hpa.Spec.Metrics)
			}
			if m.hpa.Spec.MinReplicas == nil || *m.hpa.Spec.MinReplicas < 2 {
				t.Errorf("HPA minReplicas %v: want at least 2, so that the PDB lets a node drain", m.hpa.Spec.MinReplicas)
			}
			// The HPA owns the replica count: a spec.replicas in the
			// manifest would scale the Deployment back to it on every
			// kubectl apply (a release under load drops to the minimum).
			if r := d.Spec.Replicas; r != nil {
				t.Errorf("Deployment sets replicas: %d, which the HPA scales; every kubectl apply -k would reset the pods to %d", *r, *r)
			}
			for _, probe := range []*corev1.Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe} {
				if probe == nil || probe.HTTPGet == nil {
					t.Fatalf("container %s lacks an HTTP liveness, readiness or startup probe", c.Name)
				}
				if _, ok := containerPort(probe.HTTPGet.Port, c.Ports); !ok {
					t.Errorf("probe %s on port %s, which the container does not expose", probe.HTTPGet.Path, probe.HTTPGet.Port.String())
				}
			}
			if c.LivenessProbe.HTTPGet.Path != "/healthz" || c.ReadinessProbe.HTTPGet.Path != "/readyz" {
				t.Errorf("liveness %s, readiness %s: want /healthz and /readyz", c.LivenessProbe.HTTPGet.Path, c.ReadinessProbe.HTTPGet.Path)
			}
			// One slow /readyz under load must not take a pod out of
			// service. The drain does not need it to: a terminating pod's
			// endpoints turn not ready at deletion, whatever the probe says.
			if ft := c.ReadinessProbe.FailureThreshold; ft < 2 {
				t.Errorf("readiness failureThreshold %d: one slow /readyz answer takes the pod out of service", ft)
			}
			for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
				if _, ok := c.Resources.Requests[r]; !ok {
					t.Errorf("no %s request", r)
				}
				if _, ok := c.Resources.Limits[r]; !ok {
					t.Errorf("no %s limit", r)
				}
			}
			sc, psc := c.SecurityContext, pod.Spec.SecurityContext
			switch {
			case sc == nil || psc == nil:
				t.Fatal("no security context")
			case sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem:
				t.Error("root file system is not read-only")
			case psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot || psc.RunAsUser == nil || *psc.RunAsUser == 0:
				t.Error("pod may run as root")
			case sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation:
				t.Error("privilege escalation allowed")
			case sc.Capabilities == nil || !slices.Equal(sc.Capabilities.Drop, []corev1.Capability{"ALL"}) || len(sc.Capabilities.Add) > 0:
				t.Errorf("capabilities %+v: want drop ALL, add none", sc.Capabilities)
			}
			cm := m.dashboards[0]
			if cm.Labels["grafana_dashboard"] != "1" {
				t.Errorf("dashboard ConfigMap %s lacks the grafana_dashboard label", cm.Name)
			}
			// No pod mounts it, so a content hash in its name buys nothing
			// and costs a stale copy per change: kubectl apply -k (the
			// deploy/README.md's release step) does not prune, and Grafana's sidecar
			// loads every labelled ConfigMap, old versions of uid sudokud
			// included.
			if cm.Name != "sudokud-dashboard" {
				t.Errorf("dashboard ConfigMap is named %s; want sudokud-dashboard (disableNameSuffixHash), so that an apply replaces it", cm.Name)
			}
			var dash map[string]any
			if err := json.Unmarshal([]byte(cm.Data["sudokud.json"]), &dash); err != nil || dash["uid"] != "sudokud" {
				t.Errorf("dashboard ConfigMap holds no sudokud.json dashboard: %v", err)
			}
		})
	}
}

func TestProductionOverlay(t *testing.T) {
	m := mustRender(t, filepath.Join("overlays", "production"))
	for _, o := range m.all {
		if _, ns := o.(*corev1.Namespace); ns {
			continue
		}
		if o.GetNamespace() != "sudokud" {
			t.Errorf("%s is in namespace %q, want sudokud", o.GetName(), o.GetNamespace())
		}
	}
	if len(m.namespaces) != 1 || m.namespaces[0].Name != "sudokud" {
		t.Errorf("overlay does not create the sudokud namespace")
	}
	img := m.deployment.Spec.Template.Spec.Containers[0].Image
	if _, tag, ok := strings.Cut(img, ":"); !ok || tag == "" || tag == "latest" {
		t.Errorf("production image %q is not pinned to a tag", img)
	}
	if min := *m.hpa.Spec.MinReplicas; min < 3 || m.hpa.Spec.MaxReplicas < min {
		t.Errorf("production HPA %d..%d replicas, want at least 3 and max ≥ min", min, m.hpa.Spec.MaxReplicas)
	}
}

// TestGoMemLimit: every kustomization sets GOMEMLIMIT to 80–90 % of the
// container's memory limit. The Go runtime's limit is soft, and the
// cgroup's is hard and also counts memory the runtime does not (the mapped
// binary, kernel socket buffers): at 100 % (limits.memory through a
// resourceFieldRef) the kernel OOM-kills the pod before the GC works
// harder. Far below 90 % (or a number without its unit, read as bytes) the
// GC runs more than it needs to.
func TestGoMemLimit(t *testing.T) {
	for _, dir := range bases {
		t.Run(dir, func(t *testing.T) {
			c := mustRender(t, dir).deployment.Spec.Template.Spec.Containers[0]
			limit, ok := c.Resources.Limits[corev1.ResourceMemory]
			if !ok {
				t.Fatal("no memory limit")
			}
			v, ok := deploymentEnv(t, c)["GOMEMLIMIT"]
			if !ok {
				t.Fatalf("GOMEMLIMIT is not set (memory limit %s)", limit.String())
			}
			n, ok := goByteCount(v)
			if !ok {
				t.Fatalf("GOMEMLIMIT=%s is not a byte count the Go runtime reads", v)
			}
			if ratio := float64(n) / float64(limit.Value()); ratio < 0.80 || ratio > 0.90 {
				t.Errorf("GOMEMLIMIT=%s is %.1f %% of the memory limit %s, want 80–90 %%", v, 100*ratio, limit.String())
			}
		})
	}
}

// goByteCount reads a GOMEMLIMIT value as the Go runtime does (go doc
// runtime/debug.SetMemoryLimit): a whole number of bytes with an optional
// suffix B, KiB, MiB, GiB or TiB. "off", no limit, is not a count.
func goByteCount(s string) (int64, bool) {
	mult := int64(1)
	for i, unit := range []string{"KiB", "MiB", "GiB", "TiB"} {
		if n, ok := strings.CutSuffix(s, unit); ok {
			s, mult = n, int64(1)<<(10*(i+1))
			break
		}
	}
	if mult == 1 {
		s = strings.TrimSuffix(s, "B")
	}
	n, err := strconv.ParseUint(s, 10, 63)
	if err != nil || int64(n) > (1<<63-1)/mult {
		return 0, false
	}
	return int64(n) * mult, true
}

// deploymentEnv returns the container's environment as the kubelet would
// set it (resourceFieldRef resolved from the container's limits).
func deploymentEnv(t *testing.T, c corev1.Container) map[string]string {
	t.Helper()
	env := map[string]string{}
	for _, e := range c.Env {
		switch {
		case e.ValueFrom == nil:
			env[e.Name] = e.Value
		case e.ValueFrom.ResourceFieldRef != nil:
			ref := e.ValueFrom.ResourceFieldRef
			q, ok := c.Resources.Limits[corev1.ResourceName(strings.TrimPrefix(ref.Resource, "limits."))]
			if !ok || !strings.HasPrefix(ref.Resource, "limits.") {
				t.Fatalf("env %s refers to %s, which is not set", e.Name, ref.Resource)
			}
			env[e.Name] = strconv.FormatInt(q.Value(), 10)
		default:
			t.Fatalf("env %s: unsupported valueFrom", e.Name)
		}
	}
	return env
}

// TestDeploymentConfigIsWhatSudokudReads starts the real binary with the
// Deployment's environment: every SUDOKUD_* variable must name a flag of
// `sudokud -h` and show up with its value in the server's config log line,
// the container port must be the one SUDOKUD_ADDR listens on, the probe
// paths must answer 200, and the grace period must cover the drain.
func TestDeploymentConfigIsWhatSudokudReads(t *testing.T) {
	for _, dir := range bases {
		t.Run(dir, func(t *testing.T) {
			m := mustRender(t, dir)
			c := m.deployment.Spec.Template.Spec.Containers[0]
			env := deploymentEnv(t, c)
			flags := flagNames(t)

			addr, ok := env["SUDOKUD_ADDR"]
			if !ok {
				t.Fatal("Deployment does not set SUDOKUD_ADDR")
			}
			_, port, err := net.SplitHostPort(addr)
			if err != nil {
				t.Fatal(err)
			}
			if p, ok := containerPort(intstr.FromString("http"), c.Ports); !ok || strconv.Itoa(int(p)) != port {
				t.Errorf("container port http = %d, SUDOKUD_ADDR listens on %s", p, port)
			}
			if !slices.ContainsFunc(dockerfileLines(t), func(l string) bool { return l == "EXPOSE "+port }) {
				t.Errorf("Dockerfile does not EXPOSE %s", port)
			}
			// The same environment, on a free loopback port.
			env["SUDOKUD_ADDR"] = "127.0.0.1:0"
			var list []string
			for k, v := range env {
				list = append(list, k+"="+v)
				name, ok := strings.CutPrefix(k, "SUDOKUD_")
				if !ok {
					continue
				}
				flag := strings.ToLower(strings.ReplaceAll(name, "_", "-"))
				if !flags[flag] {
					t.Errorf("Deployment sets %s, but sudokud has no -%s flag", k, flag)
				}
			}
			srv := mustStart(t, list)
			if got := srv.config["version"]; got != stampedVersion {
				t.Errorf("config log version = %v, want %q stamped by the Dockerfile's -ldflags", got, stampedVersion)
			}
			for k, v := range env {
				name, ok := strings.CutPrefix(k, "SUDOKUD_")
				if !ok {
					continue
				}
				key := strings.ToLower(name)
				got, ok := srv.config[key]
				if !ok {
					t.Errorf("%s: the config log line has no %s", k, key)
					continue
				}
				if !sameSetting(v, got) {
					t.Errorf("%s=%s, but sudokud runs with %s=%v", k, v, key, got)
				}
			}
			drain := mustDuration(t, srv.config["drain_timeout"]) + mustDuration(t, srv.config["shutdown_delay"])
			grace := time.Duration(*m.deployment.Spec.Template.Spec.TerminationGracePeriodSeconds) * time.Second
			if grace <= drain+time.Second {
				t.Errorf("terminationGracePeriodSeconds %v does not cover shutdown delay + drain timeout %v", grace, drain)
			}
			// The runtime runs with the GOMEMLIMIT that TestGoMemLimit read.
			if want, ok := goByteCount(env["GOMEMLIMIT"]); ok {
				if got := gauge(t, srv.url, "go_gc_gomemlimit_bytes"); got != float64(want) {
					t.Errorf("GOMEMLIMIT=%s: the runtime's limit is %v bytes, want %d", env["GOMEMLIMIT"], got, want)
				}
				// What /validate may reserve (by default 3/4 of GOMEMLIMIT)
				// leaves the rest of the runtime's limit to everything else.
				if got := gauge(t, srv.url, "sudokud_validate_memory_limit_bytes"); got <= 0 || got > 0.8*float64(want) {
					t.Errorf("GOMEMLIMIT=%s: /validate may reserve %v bytes, want some, and at most 80 %% of it", env["GOMEMLIMIT"], got)
				}
			}
			for _, p := range []*corev1.Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe} {
				resp, err := http.Get(srv.url + p.HTTPGet.Path)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Errorf("GET %s: %d, want 200", p.HTTPGet.Path, resp.StatusCode)
				}
			}
		})
	}
}

// gauge returns the value of the unlabelled series name on url's /metrics.
func gauge(t *testing.T, url, name string) float64 {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("%s %s: %v", name, v, err)
			}
			return f
		}
	}
	t.Fatalf("/metrics has no %s", name)
	return 0
}

// sameSetting reports whether the environment value want is the value got
// that sudokud logged (durations and numbers compared by value).
func sameSetting(want string, got any) bool {
	switch g := got.(type) {
	case string:
		if wd, err := time.ParseDuration(want); err == nil {
			gd, err := time.ParseDuration(g)
			return err == nil && wd == gd
		}
		return want == g
	case float64:
		w, err := strconv.ParseFloat(want, 64)
		return err == nil && w == g
	case bool:
		w, err := strconv.ParseBool(want)
		return err == nil && w == g
	case []any:
		var parts []string
		for _, p := range g {
			parts = append(parts, fmt.Sprint(p))
		}
		return strings.Join(parts, ",") == want
	}
	return false
}

func mustDuration(t *testing.T, v any) time.Duration {
	t.Helper()
	s, _ := v.(string)
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatalf("duration %v: %v", v, err)
	}
	return d
}

func containerPort(p intstr.IntOrString, ports []corev1.ContainerPort) (int32, bool) {
	for _, cp := range ports {
		if (p.Type == intstr.String && cp.Name == p.StrVal) || (p.Type == intstr.Int && cp.ContainerPort == p.IntVal) {
			return cp.ContainerPort, true
		}
	}
	return 0, false
}

func subset(sel, labels map[string]string) bool {
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}
