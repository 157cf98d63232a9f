package deploy_test

import (
	"archive/tar"
	"bufio"
	"context"
	"debug/elf"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/sudokud/sudokud/engine"
)

// The container tests build the image from the repository's Dockerfile with
// podman and run it as Kubernetes would. They skip without podman, except
// when SUDOKUD_CONTAINER_TESTS=require (as .ci/run sets it): then a missing
// tool fails the test, so CI never passes with the image untested.
//
// podman runs here with runc, the cgroupfs manager and explicit ulimits
// (a containers.conf the tests write): on this kind of machine the
// defaults (crun, systemd, the host's ulimits) fail with "setrlimit
// RLIMIT_NOFILE: Operation not permitted".
const podmanConf = `[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
`

// imageTag is the tag the tests give the image they build, one per test
// process so that runs side by side do not replace each other's image.
var imageTag = fmt.Sprintf("localhost/sudokud:deploytest-%d", os.Getpid())

// report logs what the container tests found (image, stand-ins, timings)
// and, with SUDOKUD_ARTIFACTS set, appends it to container.log there, so
// that CI's log can show it for passing tests too (.ci/run prints it).
func report(t *testing.T, format string, args ...any) {
	t.Helper()
	t.Logf(format, args...)
	dir := os.Getenv("SUDOKUD_ARTIFACTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Logf("artifacts: %v", err)
		return
	}
	f, err := os.OpenFile(filepath.Join(dir, "container.log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Logf("artifacts: %v", err)
		return
	}
	defer f.Close()
	name := t.Name()
	if testing.Short() {
		name += " (-short)"
	}
	fmt.Fprintf(f, "%s: "+format+"\n", append([]any{name}, args...)...)
}

// podman runs podman commands with the tests' containers.conf.
type podman struct {
	bin  string
	conf string
}

var (
	podmanOnce sync.Once
	podmanCmd  *podman
	podmanErr  error

	imageOnce sync.Once
	imageErr  error
)

// needContainers skips the test with why, or fails it when CI requires the
// container tests.
func needContainers(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("SUDOKUD_CONTAINER_TESTS") == "require" {
		t.Fatalf("%s (SUDOKUD_CONTAINER_TESTS=require)", why)
	}
	t.Skip(why + "; container test skipped")
}

// mustPodman returns the podman runner, or skips the test without podman.
func mustPodman(t *testing.T) *podman {
	t.Helper()
	bin, err := exec.LookPath("podman")
	if err != nil {
		needContainers(t, "podman not installed (apt-get install podman runc)")
	}
	if _, err := exec.LookPath("runc"); err != nil {
		needContainers(t, "runc not installed (apt-get install runc)")
	}
	podmanOnce.Do(func() {
		dir, err := os.MkdirTemp("", "sudokud-podman-")
		if err != nil {
			podmanErr = err
			return
		}
		conf := filepath.Join(dir, "containers.conf")
		podmanErr = os.WriteFile(conf, []byte(podmanConf), 0o644)
		podmanCmd = &podman{bin: bin, conf: conf}
	})
	if podmanErr != nil {
		t.Fatal(podmanErr)
	}
	return podmanCmd
}

// cmd returns podman with args, using the tests' containers.conf.
func (p *podman) cmd(ctx context.Context, args ...string) *exec.Cmd {
	c := exec.CommandContext(ctx, p.bin, args...)
	c.Env = append(os.Environ(), "CONTAINERS_CONF="+p.conf)
	return c
}

// out runs podman with args and returns its trimmed standard output.
func (p *podman) out(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := p.cmd(ctx, args...)
	var stderr strings.Builder
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		t.Fatalf("podman %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return strings.TrimSpace(string(out))
}

// mustImage builds the image from the repository's Dockerfile, once, and
// returns its tag. Base images missing from podman's store (no registry is
// reachable here) are replaced by local stand-ins first, and the log says so.
func mustImage(t *testing.T) string {
	t.Helper()
	p := mustPodman(t)
	imageOnce.Do(func() { imageErr = buildImage(t, p) })
	if imageErr != nil {
		t.Fatal(imageErr)
	}
	return imageTag
}

func buildImage(t *testing.T, p *podman) error {
	for _, l := range dockerfileLines(t) {
		from, ok := strings.CutPrefix(l, "FROM ")
		if !ok {
			continue
		}
		base := strings.Fields(from)[0]
		if p.cmd(context.Background(), "image", "exists", base).Run() == nil {
			report(t, "base image %s: from podman's store", base)
			continue
		}
		if err := standIn(t, p, base); err != nil {
			return fmt.Errorf("stand-in for %s: %w", base, err)
		}
	}
	// The host's module and build caches are mounted into the build stage
	// so that `go mod download` and `go build` need not fetch or compile
	// again what the test run already has; --network host lets the build
	// reach the module proxy for anything missing.
	args := []string{"build", "--pull=never", "--network", "host",
		"--build-arg", "VERSION=" + stampedVersion, "-t", imageTag, "-f", "Dockerfile"}
	for _, v := range []string{"GOMODCACHE:/go/pkg/mod", "GOCACHE:/root/.cache/go-build"} {
		name, dst, _ := strings.Cut(v, ":")
		if dir := goEnv(name); dir != "" {
			args = append(args, "-v", dir+":"+dst)
		}
	}
	args = append(args, ".")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	c := p.cmd(ctx, args...)
	c.Dir = ".."
	start := time.Now()
	if out, err := c.CombinedOutput(); err != nil {
		return fmt.Errorf("podman build: %v\n%s", err, out)
	}
	size, _ := strconv.ParseInt(p.out(t, "image", "inspect", "--format", "{{.Size}}", imageTag), 10, 64)
	report(t, "built %s from ../Dockerfile in %v: %.1f MB", imageTag, time.Since(start).Round(time.Second), float64(size)/1e6)
	return nil
}

// staticBinary reports an error unless path is an executable that needs no
// dynamic loader, so that it runs in an image without libc.
func staticBinary(path string) error {
	f, err := elf.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return fmt.Errorf("%s is dynamically linked", path)
		}
	}
	return nil
}

func goEnv(name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// standIn builds a local image named base from what this machine has and
// tags it with that name:
//   - golang:*: the running Go toolchain (its major.minor must match the
//     tag) at /usr/local/go, Debian's static busybox as /bin/sh, CA
//     certificates, GOPATH=/go and GOTOOLCHAIN=local as the official image
//     sets them;
//   - gcr.io/distroless/static*: distroless's files: /etc/passwd and
//     /etc/group with root, nobody and nonroot (65532), /home/nonroot,
//     /tmp (1777), CA certificates and tzdata, user 65532.
func standIn(t *testing.T, p *podman, base string) error {
	var files []standInFile
	var changes []string
	switch {
	case strings.HasPrefix(base, "golang:"):
		want := strings.TrimPrefix(base, "golang:")
		goroot, version := goEnv("GOROOT"), goEnv("GOVERSION")
		if !strings.HasPrefix(strings.TrimPrefix(version, "go"), want) {
			return fmt.Errorf("the Go here is %s, not %s", version, want)
		}
		if err := staticBinary("/bin/busybox"); err != nil {
			return fmt.Errorf("%v (apt-get install busybox-static)", err)
		}
		files = []standInFile{
			{name: "etc/passwd", data: "root:x:0:0:root:/root:/bin/sh\n"},
			{name: "etc/group", data: "root:x:0:\n"},
			{name: "tmp/", mode: 0o1777},
			{name: "go/", mode: 0o777},
			{name: "bin/busybox", from: "/bin/busybox", mode: 0o755},
			{name: "bin/sh", link: "busybox"},
			{name: "etc/ssl/certs/ca-certificates.crt", from: "/etc/ssl/certs/ca-certificates.crt"},
			{name: "usr/local/go/", from: goroot},
		}
		changes = []string{"ENV PATH=/go/bin:/usr/local/go/bin:/bin", "ENV GOPATH=/go",
			"ENV GOTOOLCHAIN=local", "WORKDIR /go"}
		report(t, "base image %s is not in podman's store and no registry is reachable: "+
			"built a stand-in from %s (%s) and /bin/busybox", base, goroot, version)
	case strings.HasPrefix(base, "gcr.io/distroless/static"):
		files = []standInFile{
			{name: "etc/passwd", data: "root:x:0:0:root:/root:/sbin/nologin\n" +
				"nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n" +
				"nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n"},
			{name: "etc/group", data: "root:x:0:\nnobody:x:65534:\nnonroot:x:65532:\n"},
			{name: "home/nonroot/", mode: 0o700, uid: 65532},
			{name: "tmp/", mode: 0o1777},
			{name: "etc/ssl/certs/ca-certificates.crt", from: "/etc/ssl/certs/ca-certificates.crt"},
			{name: "usr/share/zoneinfo/", from: "/usr/share/zoneinfo"},
		}
		changes = []string{"USER 65532", "WORKDIR /home/nonroot"}
		report(t, "base image %s is not in podman's store and no registry is reachable: "+
			"built a distroless-like stand-in (nonroot 65532, /etc/passwd, /tmp, CA certificates, tzdata) from Debian's files", base)
	default:
		return fmt.Errorf("no registry is reachable and no stand-in is known for %s", base)
	}
	args := []string{"import"}
	for _, c := range changes {
		args = append(args, "--change", c)
	}
	args = append(args, "-", base)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	c := p.cmd(ctx, args...)
	pr, pw := io.Pipe()
	c.Stdin = pr
	go func() { pw.CloseWithError(writeRootfs(pw, files)) }()
	if out, err := c.CombinedOutput(); err != nil {
		return fmt.Errorf("podman import: %v\n%s", err, out)
	}
	return nil
}

// standInFile is one entry of a stand-in's root file system: a directory
// (name ending in /, copied whole from from when set), a file with data or
// copied from from, or a symbolic link.
type standInFile struct {
	name, data, from, link string
	mode                   int64
	uid                    int
}

// writeRootfs writes files as a tar stream.
func writeRootfs(w io.Writer, files []standInFile) error {
	tw := tar.NewWriter(w)
	for _, f := range files {
		var err error
		switch {
		case f.link != "":
			err = tw.WriteHeader(&tar.Header{Typeflag: tar.TypeSymlink, Name: f.name, Linkname: f.link, Mode: 0o777})
		case strings.HasSuffix(f.name, "/") && f.from != "":
			err = addTree(tw, f.from, f.name)
		case strings.HasSuffix(f.name, "/"):
			err = tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: f.name, Mode: f.mode, Uid: f.uid, Gid: f.uid})
		case f.from != "":
			err = addFile(tw, f.from, f.name, f.mode)
		default:
			if err = tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: f.name, Mode: 0o644, Size: int64(len(f.data))}); err == nil {
				_, err = io.WriteString(tw, f.data)
			}
		}
		if err != nil {
			return err
		}
	}
	return tw.Close()
}

// addTree copies the directory src into the archive under prefix.
func addTree(tw *tar.Writer, src, prefix string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		name := prefix + filepath.ToSlash(rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: strings.TrimSuffix(name, "/.") + "/", Mode: int64(info.Mode().Perm())})
		case info.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return tw.WriteHeader(&tar.Header{Typeflag: tar.TypeSymlink, Name: name, Linkname: target, Mode: 0o777})
		case info.Mode().IsRegular():
			return addFile(tw, path, name, int64(info.Mode().Perm()))
		}
		return nil // sockets and devices are not part of an image
	})
}

func addFile(tw *tar.Writer, src, name string, mode int64) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if mode == 0 {
		mode = int64(info.Mode().Perm())
	}
	if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: name, Mode: mode, Size: info.Size()}); err != nil {
		return err
	}
	_, err = io.Copy(tw, f)
	return err
}

// TestContainerSmoke runs the image as the production Deployment runs it:
// read-only root file system, the pod's non-root user, every capability
// dropped, no privilege escalation, the Deployment's environment and
// limits. It checks /readyz, a /solve, a /generate, a /validate stream, the
// playground page and /metrics, then sends SIGTERM and expects exit
// status 0 within the pod's grace period.
func TestContainerSmoke(t *testing.T) {
	p := mustPodman(t)
	tag := mustImage(t)
	m := mustRender(t, "base")
	pod := m.deployment.Spec.Template.Spec
	c := pod.Containers[0]
	hostPort := freePort(t)
	args := []string{"create", "--read-only", "--cap-drop=ALL", "--security-opt", "no-new-privileges",
		"--user", fmt.Sprintf("%d:%d", *pod.SecurityContext.RunAsUser, *pod.SecurityContext.RunAsGroup),
		"--memory", strconv.FormatInt(c.Resources.Limits.Memory().Value(), 10),
		"--cpus", c.Resources.Limits.Cpu().AsDec().String(),
		"-p", fmt.Sprintf("127.0.0.1:%d:%d", hostPort, c.Ports[0].ContainerPort)}
	for k, v := range deploymentEnv(t, c) {
		args = append(args, "-e", k+"="+v)
	}
	id := p.out(t, append(args, tag)...)
	t.Cleanup(func() { p.cmd(context.Background(), "rm", "-f", "-t", "0", id).Run() })
	if c.SecurityContext == nil || !*c.SecurityContext.ReadOnlyRootFilesystem {
		t.Fatal("the Deployment no longer asks for a read-only root file system: update this test")
	}
	// /readyz is polled from before the start, so that the time from the
	// process start (podman's StartedAt) to the first 200 is measured.
	url := fmt.Sprintf("http://127.0.0.1:%d", hostPort)
	type ready struct {
		at  time.Time
		err error
	}
	readyAt := make(chan ready, 1)
	go func() {
		at, err := waitReady(url+"/readyz", time.Minute)
		readyAt <- ready{at, err}
	}()
	p.out(t, "start", id)
	started, err := time.Parse(time.RFC3339Nano, p.out(t, "inspect", "--format", "{{.State.StartedAt.Format \"2006-01-02T15:04:05.999999999Z07:00\"}}", id))
	if err != nil {
		t.Fatal(err)
	}
	r := <-readyAt
	if r.err != nil {
		t.Fatal(r.err)
	}
	report(t, "/readyz 200 %v after the container's process started", r.at.Sub(started).Round(time.Millisecond))
	if got := p.out(t, "inspect", "--format", "{{.Config.User}}", id); got != fmt.Sprint(*pod.SecurityContext.RunAsUser)+":"+fmt.Sprint(*pod.SecurityContext.RunAsGroup) {
		t.Errorf("container user %q", got)
	}

	checkAPI(t, url)

	grace := time.Duration(*pod.TerminationGracePeriodSeconds) * time.Second
	stopped := time.Now()
	p.out(t, "kill", "--signal", "TERM", id)
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	out, err := p.cmd(ctx, "wait", id).Output()
	if err != nil {
		t.Fatalf("the container did not stop within the grace period %v after SIGTERM: %v", grace, err)
	}
	if code := strings.TrimSpace(string(out)); code != "0" {
		logs, _ := p.cmd(context.Background(), "logs", "--tail", "20", id).CombinedOutput()
		t.Fatalf("exit status %s after SIGTERM, want 0; logs:\n%s", code, logs)
	}
	report(t, "SIGTERM: exit status 0 after %v (grace period %v)", time.Since(stopped).Round(time.Millisecond), grace)
}

// waitReady polls url until it answers 200 and returns when it did, or an
// error after within.
func waitReady(url string, within time.Duration) (time.Time, error) {
	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(within)
	for {
		resp, err := client.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return time.Now(), nil
			}
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		if time.Now().After(deadline) {
			return time.Time{}, fmt.Errorf("%s never answered 200 within %v: %v", url, within, err)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// checkAPI asks the server at url for a solve, a generated puzzle, a
// validation stream, the playground page and the metrics, checking each
// answer by the rules.
func checkAPI(t *testing.T, url string) {
	t.Helper()
	code, body := post(t, url, "/solve", map[string]any{"puzzle": puzzle9})
	var solved struct {
		Solution string `json:"solution"`
		Unique   bool   `json:"unique"`
	}
	if code != http.StatusOK || json.Unmarshal(body, &solved) != nil {
		t.Fatalf("/solve: %d %s", code, body)
	}
	checkSolution(t, puzzle9, solved.Solution)

	resp, err := http.Get(url + "/generate?size=9&difficulty=easy&seed=7")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	var genResp struct {
		Puzzles []struct {
			Puzzle   string `json:"puzzle"`
			Solution string `json:"solution"`
		} `json:"puzzles"`
	}
	if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &genResp) != nil || len(genResp.Puzzles) != 1 {
		t.Fatalf("/generate: %d %s", resp.StatusCode, body)
	}
	gen := genResp.Puzzles[0]
	checkSolution(t, gen.Puzzle, gen.Solution)
	b, err := engine.Parse(gen.Puzzle, 9, "")
	if err != nil {
		t.Fatal(err)
	}
	if n, _, err := engine.CountSolutions(context.Background(), b, 2, engine.Limits{}); err != nil || n != 1 {
		t.Fatalf("/generate: puzzle %s has %d solutions (%v), want 1", gen.Puzzle, n, err)
	}

	lines := []string{`{"puzzle":"` + puzzle9 + `"}`, `{"puzzle":"` + solved.Solution + `"}`, `{"puzzle":"11` + puzzle9[2:] + `"}`}
	resp, err = http.Post(url+"/validate", "application/x-ndjson", strings.NewReader(strings.Join(lines, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	var results []map[string]any
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var r map[string]any
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("/validate stream line %q: %v", sc.Text(), err)
		}
		results = append(results, r)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || len(results) != len(lines) {
		t.Fatalf("/validate stream: %d, %d result lines for %d: %v", resp.StatusCode, len(results), len(lines), results)
	}
	for i, want := range []struct{ valid, solved bool }{{true, false}, {true, true}, {false, false}} {
		if results[i]["valid"] != want.valid || results[i]["solved"] != want.solved {
			t.Errorf("/validate stream line %d: %v, want valid %v solved %v", i+1, results[i], want.valid, want.solved)
		}
	}

	for path, want := range map[string]string{"/": "<html", "/metrics": "sudokud_http_requests_total"} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(strings.ToLower(string(body)), strings.ToLower(want)) {
			t.Errorf("GET %s: %d, body without %q", path, resp.StatusCode, want)
		}
	}
}

// checkSolution checks that solution is a full 9×9 grid that breaks no rule
// and keeps every given of puzzle.
func checkSolution(t *testing.T, puzzle, solution string) {
	t.Helper()
	b, err := engine.Parse(solution, 9, "")
	if err != nil || b.Empty() != 0 || !engine.Valid(&b) {
		t.Fatalf("solution %q of %q is not a full valid grid (%v)", solution, puzzle, err)
	}
	for i := range puzzle {
		if puzzle[i] != '.' && puzzle[i] != solution[i] {
			t.Fatalf("solution %q changes given %d of %q", solution, i, puzzle)
		}
	}
}

// TestKubePlay runs the rendered production overlay's Deployment and
// Service with `podman kube play`: the pod must come up with its probes
// passing and the API must answer through the published port.
func TestKubePlay(t *testing.T) {
	p := mustPodman(t)
	tag := mustImage(t)
	m := mustRender(t, filepath.Join("overlays", "production"))
	d := m.deployment.DeepCopy()
	var skipped []string
	for _, o := range m.all {
		switch o.(type) {
		case *appsv1.Deployment, *corev1.Service:
		default:
			skipped = append(skipped, fmt.Sprintf("%T %s", o, o.GetName()))
		}
	}
	report(t, "podman kube play knows Deployments and Services only; left out: %s", strings.Join(skipped, ", "))

	// A name of this test process's own, so that runs side by side do not
	// meet in podman's pod names.
	d.Name = fmt.Sprintf("%s-%d", d.Name, os.Getpid())
	c := &d.Spec.Template.Spec.Containers[0]
	p.out(t, "tag", tag, c.Image)
	// The overlay pulls Always (a registry holds the release); here the
	// image is the one just built, so the test asks for IfNotPresent.
	c.ImagePullPolicy = corev1.PullIfNotPresent
	// podman 4.3's kube play publishes a container port only where it has
	// a hostPort, so the test adds one on a free loopback port.
	port := freePort(t)
	c.Ports[0].HostPort = int32(port)
	c.Ports[0].HostIP = "127.0.0.1"
	d.Spec.Replicas = nil
	dy, err := yaml.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	sy, err := yaml.Marshal(m.service)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "kube.yaml")
	if err := os.WriteFile(file, append(append(dy, []byte("---\n")...), sy...), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := p.cmd(context.Background(), "kube", "play", file).CombinedOutput()
	t.Cleanup(func() {
		if out, err := p.cmd(context.Background(), "kube", "down", file).CombinedOutput(); err != nil {
			t.Logf("podman kube down: %v\n%s", err, out)
		}
	})
	if err != nil {
		t.Fatalf("podman kube play: %v\n%s", err, out)
	}
	t.Logf("podman kube play:\n%s", out)
	defer func() {
		if !t.Failed() {
			report(t, "podman kube play: the production overlay's pod is up; its probes and the API answer through port %d", port)
		}
	}()
	id := p.out(t, "ps", "--filter", "name=-"+c.Name+"$", "--format", "{{.ID}}")
	if id == "" || strings.Contains(id, "\n") {
		t.Fatalf("want one running container named *-%s, got %q", c.Name, id)
	}
	for _, check := range []struct{ format, want string }{
		{"{{.State.Status}}", "running"},
		{"{{.HostConfig.ReadonlyRootfs}}", "true"},
		{"{{.Config.User}}", strconv.FormatInt(*d.Spec.Template.Spec.SecurityContext.RunAsUser, 10)},
	} {
		if got := p.out(t, "inspect", "--format", check.format, id); !strings.HasPrefix(got, check.want) {
			t.Errorf("pod container %s = %q, want %q", check.format, got, check.want)
		}
	}
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	if _, err := waitReady(url+"/readyz", time.Minute); err != nil {
		t.Fatal(err)
	}
	// podman turns an httpGet probe into `curl` run inside the container,
	// which a shell-less distroless image cannot run; so the test sends
	// each probe itself, as the kubelet would, through the published port.
	for name, probe := range map[string]*corev1.Probe{"startup": c.StartupProbe,
		"readiness": c.ReadinessProbe, "liveness": c.LivenessProbe} {
		if probe == nil || probe.HTTPGet == nil {
			t.Errorf("%s probe: none, or not httpGet", name)
			continue
		}
		if n, ok := containerPort(probe.HTTPGet.Port, c.Ports); !ok || n != c.Ports[0].ContainerPort {
			t.Errorf("%s probe port %s is not the published container port", name, probe.HTTPGet.Port.String())
		}
		timeout := time.Duration(max(probe.TimeoutSeconds, 1)) * time.Second
		resp, err := (&http.Client{Timeout: timeout}).Get(url + probe.HTTPGet.Path)
		if err != nil {
			t.Errorf("%s probe GET %s: %v", name, probe.HTTPGet.Path, err)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode < 200 || resp.StatusCode >= 400 {
			t.Errorf("%s probe GET %s: %d", name, probe.HTTPGet.Path, resp.StatusCode)
		}
	}
	checkAPI(t, url)
}

// freePort returns a TCP port on 127.0.0.1 that nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
