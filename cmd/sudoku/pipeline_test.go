package main

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokud/sudokud/engine"
)

func TestPipelineOrderAndTally(t *testing.T) {
	// A pipeline whose work is cheap and uneven, over many lines: every
	// output line must match its input line, whatever the chunking.
	var in strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&in, "%d\n", i)
	}
	for _, jobs := range []int{1, 2, 7} {
		p := pipeline{
			jobs: jobs,
			newWorker: func() lineFunc {
				return func(dst []byte, line string) ([]byte, int) {
					if len(line)%3 == 0 {
						time.Sleep(time.Microsecond)
					}
					return append(dst, "<"+line+">"...), len(line) % maxKinds
				}
			},
		}
		var out bytes.Buffer
		ins := inputs{{name: "in", r: strings.NewReader(in.String()), size: -1}}
		tl, err := p.run(context.Background(), newLineReader(ins, 4096), &out)
		if err != nil {
			t.Fatal(err)
		}
		lines := outLines(t, out.String())
		if len(lines) != 5000 || tl.lines != 5000 {
			t.Fatalf("jobs %d: %d lines out, tally %d", jobs, len(lines), tl.lines)
		}
		var kinds [maxKinds]int64
		for i, l := range lines {
			if want := fmt.Sprintf("<%d>", i); l != want {
				t.Fatalf("jobs %d: line %d is %q, want %q", jobs, i, l, want)
			}
			kinds[len(fmt.Sprint(i))%maxKinds]++
		}
		if kinds != tl.kinds {
			t.Errorf("jobs %d: tally %v, want %v", jobs, tl.kinds, kinds)
		}
	}
}

// TestPipelineCountSource runs a generator-like pipeline: item numbers in,
// one line per item out, in order, whatever the number of workers.
func TestPipelineCountSource(t *testing.T) {
	for _, jobs := range []int{1, 3} {
		p := pipeline{jobs: jobs, newWorker: func() lineFunc {
			return func(dst []byte, line string) ([]byte, int) {
				return append(dst, "item "+line...), 0
			}
		}}
		var out bytes.Buffer
		src := &countSource{n: 1000}
		tl, err := p.run(context.Background(), src, &out)
		if err != nil || tl.lines != 1000 || src.done() != 1000 {
			t.Fatalf("jobs %d: %v, %d lines, done %d", jobs, err, tl.lines, src.done())
		}
		for i, l := range outLines(t, out.String()) {
			if want := fmt.Sprintf("item %d", i); l != want {
				t.Fatalf("jobs %d: line %d = %q, want %q", jobs, i, l, want)
			}
		}
	}
}

// runHeavy runs the lines through a pipeline of jobs workers on which no
// line that heavy picks can finish until jobs of them have started, one on
// each worker: heavy lines bunched in one chunk would never all start (a
// guard turns such a line into "stuck" after a minute). It returns the
// output lines.
func runHeavy(t *testing.T, jobs int, lines []string, heavy func(string) bool) []string {
	t.Helper()
	var started sync.WaitGroup
	started.Add(jobs)
	all := make(chan struct{})
	go func() { started.Wait(); close(all) }()
	p := pipeline{jobs: jobs, newWorker: func() lineFunc {
		return func(dst []byte, line string) ([]byte, int) {
			if heavy(line) {
				started.Done()
				select {
				case <-all:
				case <-time.After(time.Minute): // a guard against hanging, not a timing
					return append(dst, "stuck"...), 0
				}
			}
			return append(dst, line...), 0
		}
	}}
	var out bytes.Buffer
	ins := inputs{{name: "in", r: strings.NewReader(strings.Join(lines, "\n") + "\n"), size: -1}}
	if _, err := p.run(context.Background(), newLineReader(ins, 4096), &out); err != nil {
		t.Fatal(err)
	}
	return outLines(t, out.String())
}

// TestPipelineSpreadsHeavyLines: until a chunk has been timed, lines go out
// one per chunk, so that the first lines of a file of heavy puzzles go to
// every worker rather than queue up behind each other on one.
func TestPipelineSpreadsHeavyLines(t *testing.T) {
	const jobs = 8
	var lines []string
	for i := range 4 * jobs {
		lines = append(lines, strconv.Itoa(i))
	}
	got := runHeavy(t, jobs, lines, func(l string) bool { n, _ := strconv.Atoi(l); return n < jobs })
	if !slices.Equal(got, lines) {
		t.Fatalf("the first %d lines were not spread over the %d workers: %q", jobs, jobs, got)
	}
}

// TestPipelineSpreadsHeavyAfterCheap: lines of a length not timed yet go
// out one per chunk even after many cheap lines of another length have
// made chunks large, so that heavy puzzles after cheap ones (a 25×25 set
// after a 9×9 one) still spread over every worker.
func TestPipelineSpreadsHeavyAfterCheap(t *testing.T) {
	const jobs, cheap = 4, 5000
	var lines []string
	for i := range cheap + jobs {
		l := "c"
		if i >= cheap {
			l = fmt.Sprintf("heavy line %d", i-cheap)
		}
		lines = append(lines, l)
	}
	got := runHeavy(t, jobs, lines, func(l string) bool { return strings.HasPrefix(l, "heavy") })
	if !slices.Equal(got, lines) {
		t.Fatalf("the %d heavy lines after %d cheap ones were not spread over the %d workers: %q",
			jobs, cheap, jobs, got[cheap:])
	}
}

// TestFill: chunks hold about chunkTarget of work by the estimates of
// each line class, end at a line of a class not timed yet, and never pass
// maxChunkLines.
func TestFill(t *testing.T) {
	chunks := func(text string, m *costModel) []int {
		ins := inputs{{name: "in", r: strings.NewReader(text), size: -1}}
		src := newLineReader(ins, 4096)
		var sizes []int
		c := &chunk{}
		for {
			if err := fill(src, c, m); err != nil {
				t.Fatal(err)
			}
			if len(c.ends) == 0 {
				return sizes
			}
			sizes = append(sizes, len(c.ends))
		}
	}
	short := strings.Repeat("1\n", 600)                    // class 1
	long := strings.Repeat(strings.Repeat("x", 9)+"\n", 3) // class 4
	if got, want := chunks(short, nil), []int{256, 256, 88}; !slices.Equal(got, want) {
		t.Errorf("no model: chunks %v, want %v", got, want)
	}
	var m costModel
	if got := chunks(short[:10], &m); !slices.Equal(got, []int{1, 1, 1, 1, 1}) {
		t.Errorf("nothing timed: chunks %v, want a line each", got)
	}
	m.observe([]classCost{{class: lineClass(1), lines: 10, cost: 10 * time.Microsecond}}) // 1 µs a line
	if got, want := chunks(short, &m), []int{256, 256, 88}; !slices.Equal(got, want) {
		t.Errorf("1 µs a line: chunks %v, want %v (at most maxChunkLines)", got, want)
	}
	if got, want := chunks(short[:300]+long, &m), []int{151, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("cheap lines, then lines not timed: chunks %v, want %v", got, want)
	}
	m.observe([]classCost{{class: lineClass(9), lines: 1, cost: chunkTarget / 10}})
	m.observe([]classCost{{class: lineClass(9), lines: 1, cost: chunkTarget / 10}}) // the average holds
	if got, want := chunks(strings.Repeat(long, 10), &m), []int{10, 10, 10}; !slices.Equal(got, want) {
		t.Errorf("a tenth of chunkTarget a line: chunks %v, want %v", got, want)
	}
}

// TestHugeJobs asks every command for more workers than can exist: the
// run must still answer every line (4*jobs chunks would overflow and
// panic in make).
func TestHugeJobs(t *testing.T) {
	huge := strconv.Itoa(math.MaxInt)
	out, errOut, code := runCmd(t, easy9+"\n"+unsolv4+"\n", "solve", "-j", huge)
	if code != exitOK {
		t.Fatalf("solve: exit %d: %s", code, errOut)
	}
	checkAnswers(t, []string{easy9, unsolv4}, []want{solved(3, 3), failed("unsolvable")}, out)
	out, errOut, code = runCmd(t, easy9+"\n", "rate", "--j", huge)
	if code != exitOK || len(outLines(t, out)) != 1 || strings.HasPrefix(out, "error") {
		t.Fatalf("rate: exit %d, out %q: %s", code, out, errOut)
	}
	out, errOut, code = runCmd(t, "", "generate", "-n", "3", "-size", "4", "-difficulty", "easy", "-seed", "1", "-j", huge)
	if code != exitOK {
		t.Fatalf("generate: exit %d: %s", code, errOut)
	}
	checkGenerated(t, out, 3, 2, 2, engine.Easy, engine.SymmetryNone, 1, false)
}
