package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/sudokud/sudokud/engine"
)

// refLines is the reference for lineReader: drop a UTF-8 byte order mark
// that starts an input, split on '\n', trim ASCII whitespace, drop blank
// and '#' lines.
func refLines(texts ...string) []string {
	var out []string
	for _, text := range texts {
		if text == "" {
			continue
		}
		text = strings.TrimPrefix(text, "\ufeff")
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			l = strings.Trim(l, " \t\r\n\v\f")
			if l != "" && l[0] != '#' {
				out = append(out, l)
			}
		}
	}
	return out
}

// readAll reads every line of texts (one input each) with a reader of
// bufSize bytes, through readers that return one byte at a time when
// slow is set.
func readAll(tb testing.TB, bufSize int, slow bool, texts ...string) []string {
	tb.Helper()
	var ins inputs
	for i, text := range texts {
		var r io.Reader = strings.NewReader(text)
		if slow {
			r = iotest.OneByteReader(r)
		}
		ins = append(ins, input{name: fmt.Sprint("in", i), r: r, size: -1})
	}
	lr := newLineReader(ins, bufSize)
	var got []string
	for {
		line, ok, err := lr.next(nil)
		if err != nil {
			tb.Fatal(err)
		}
		if !ok {
			return got
		}
		got = append(got, string(line))
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 100)
	tests := [][]string{
		{"a\nb\n"},
		{"a\r\nb\r\n\r\n"},
		{"a\nb"},              // no final newline
		{"a", "b\n", "", "c"}, // lines never run across inputs
		{"# x\n  # y\n\n\t\n z \n"},
		{long + "\n" + long + "\n"},
		{long, "  " + long + "  \n#" + long + "\nq"},
		{"\n\n\n"},
		{},
		{"\ufeffa\r\nb\n", "\ufeff# c\n\ufeffd\n", "\ufeff"}, // a byte order mark starts an input only
	}
	for _, texts := range tests {
		want := refLines(texts...)
		for _, size := range []int{16, 64 << 10} {
			for _, slow := range []bool{false, true} {
				got := readAll(t, size, slow, texts...)
				if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
					t.Errorf("%q (buffer %d, slow %v): got %q, want %q", texts, size, slow, got, want)
				}
			}
		}
	}
}

func TestLineReaderCapsLongLines(t *testing.T) {
	huge := strings.Repeat("9", 3*maxLineBytes)
	got := readAll(t, 16, false, huge+"\nnext\n")
	if len(got) != 2 || len(got[0]) != maxLineBytes || got[1] != "next" {
		t.Fatalf("got %d lines, first %d bytes", len(got), len(got[0]))
	}
	// Through the command: one line in, one error line out.
	out, _, code := runCmd(t, huge+"\n"+easy9+"\n", "solve")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	checkAnswers(t, []string{huge, easy9}, []want{failed("invalid_board"), solved(3, 3)}, out)
}

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

func TestProgressRender(t *testing.T) {
	p := &progress{total: 1000, noun: "puzzles"}
	got := p.render(250, 500, 2*time.Second)
	want := "[###############               ]  50%  250 puzzles  125/s  ETA 2s"
	if got != want {
		t.Errorf("render:\n got %q\nwant %q", got, want)
	}
	p = &progress{total: -1, noun: "puzzles"}
	if got, want := p.render(300, 500, 3*time.Second), "300 puzzles  100/s"; got != want {
		t.Errorf("unknown size: got %q, want %q", got, want)
	}
}

func TestProgressUpdate(t *testing.T) {
	var w bytes.Buffer
	now := time.Unix(0, 0)
	p := &progress{w: &w, total: 100, noun: "puzzles", now: func() time.Time { return now }, start: now}
	p.update(&tally{lines: 1}, 10)
	if w.Len() != 0 {
		t.Fatalf("drawn before the delay: %q", w.String())
	}
	now = now.Add(progressDelay)
	p.update(&tally{lines: 5}, 50)
	p.update(&tally{lines: 6}, 60) // too soon after the last draw
	if got := strings.Count(w.String(), "\r"); got != 1 || !strings.Contains(w.String(), "5 puzzles") {
		t.Fatalf("after delay: %q", w.String())
	}
	p.finish()
	if !strings.HasSuffix(w.String(), "\r\x1b[K") {
		t.Errorf("finish does not erase the bar: %q", w.String())
	}
	var nilBar *progress
	nilBar.update(&tally{}, 0) // must not panic
	nilBar.finish()
	if newProgress(stdio{err: &w, out: io.Discard}, nil, -1, "x") != nil {
		t.Error("progress bar on a buffer, which is no terminal")
	}
}

func TestWriteSummary(t *testing.T) {
	var w strings.Builder
	writeSummary(&w, "solve", 10, "puzzles", 2*time.Second,
		field{n: 8, name: "solved"}, field{n: 2, name: "errors", detail: "2 conflict"})
	if got, want := w.String(), "sudoku solve: 10 puzzles, 8 solved, 2 errors (2 conflict) in 2.000s (5.00 puzzles/s)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, c := range []struct {
		lines   int64
		elapsed time.Duration
		rate    string
	}{
		{18, 37910 * time.Millisecond, "(0.47 puzzles/s)"}, // a slow run does not read 0
		{1465, 142 * time.Millisecond, "(10317 puzzles/s)"},
		{3, 0, "(0.00 puzzles/s)"},
	} {
		w.Reset()
		writeSummary(&w, "solve", c.lines, "puzzles", c.elapsed)
		if !strings.HasSuffix(w.String(), " "+c.rate+"\n") {
			t.Errorf("%d lines in %v: %q, want the rate %s", c.lines, c.elapsed, w.String(), c.rate)
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

// FuzzLineReader checks the chunked line reader against the plain
// reference on any input, with tiny and normal buffers.
func FuzzLineReader(f *testing.F) {
	f.Add("a\nb", "c\r\n#d\n\n e ")
	f.Add("", "\n")
	f.Add(strings.Repeat("z", 40)+"\n", "# "+strings.Repeat("y", 40))
	f.Fuzz(func(t *testing.T, a, b string) {
		want := refLines(a, b)
		for _, size := range []int{16, 4096} {
			got := readAll(t, size, false, a, b)
			if len(got) != len(want) {
				t.Fatalf("buffer %d: %d lines, want %d", size, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("buffer %d: line %d = %q, want %q", size, i, got[i], want[i])
				}
			}
		}
	})
}

// FuzzSolveLines feeds any text to sudoku solve: exactly one output line
// per puzzle line, each an error line with an API code or a valid
// solution of its puzzle.
func FuzzSolveLines(f *testing.F) {
	f.Add(easy9 + "\n" + unsolv4 + "\n#c\n\n11" + empty9[2:] + "\nx")
	f.Add("1234341221434321\n..\n" + strings.ToLower(gridString(holes(patternGrid(4, 4), 2, 1))))
	f.Add("12.3|4.-.+.\n" + gridString(holes(patternGrid(2, 3), 2, 0)))
	f.Fuzz(func(t *testing.T, in string) {
		puzzles := refLines(in)
		out, errOut, code := runCmd(t, in, "solve", "-j", "2", "--max-nodes", "2000")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		lines := outLines(t, out)
		if len(lines) != len(puzzles) {
			t.Fatalf("%d lines out for %d puzzles", len(lines), len(puzzles))
		}
		for i, line := range lines {
			if strings.HasPrefix(line, "error ") {
				if !errorLineRE.MatchString(line) {
					t.Fatalf("malformed error line %q", line)
				}
				continue
			}
			cells, err := cellsOf(puzzles[i])
			if err != nil {
				t.Fatalf("puzzle %q solved as %q but has a bad symbol: %v", puzzles[i], line, err)
			}
			n := 1
			for n*n < len(cells) {
				n++
			}
			s, err := engine.DefaultShape(n)
			if err != nil || n*n != len(cells) {
				t.Fatalf("puzzle %q of %d cells solved as %q", puzzles[i], len(cells), line)
			}
			if err := solvedErr(puzzles[i], line, s.BoxRows, s.BoxCols); err != nil {
				t.Fatalf("puzzle %q: answer %q: %v", puzzles[i], line, err)
			}
		}
	})
}

// TestHugeJobs asks every command for more workers than can exist: the
// run must still answer every line (4*jobs chunks overflowed and panicked
// in make).
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

// TestLineReaderLongLeadingSpace: a puzzle after more than maxLineBytes of
// indentation is still a puzzle line. The cap kept only the blanks, and
// the line was skipped as blank: no answer line, and every later answer
// one line off its puzzle.
func TestLineReaderLongLeadingSpace(t *testing.T) {
	pad := strings.Repeat(" \t", maxLineBytes)
	for _, size := range []int{16, 64 << 10} {
		got := readAll(t, size, false, pad+easy9+"\r\n"+pad+"\n"+hard9+"\n")
		if len(got) != 2 || got[0] != easy9 || got[1] != hard9 {
			t.Errorf("buffer %d: got %d lines %.20q, want the two puzzles", size, len(got), got)
		}
	}
	out, errOut, code := runCmd(t, pad+easy9+"\n"+hard9+"\n", "solve")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkAnswers(t, []string{easy9, hard9}, []want{solved(3, 3), solved(3, 3)}, out)
}

// TestLineReaderByteOrderMarkBeforeLongLeadingSpace: a byte order mark
// before more than maxLineBytes of indentation is dropped before the cap,
// like the blanks after it. The cap kept the mark and blanks only, the
// mark was dropped after it, and the puzzle line was skipped as blank.
func TestLineReaderByteOrderMarkBeforeLongLeadingSpace(t *testing.T) {
	pad := strings.Repeat(" ", maxLineBytes+1)
	for _, size := range []int{16, 64 << 10} {
		got := readAll(t, size, false, "\ufeff"+pad+easy9+"\n"+hard9+"\n")
		if len(got) != 2 || got[0] != easy9 || got[1] != hard9 {
			t.Errorf("buffer %d: got %d lines %.20q, want the two puzzles", size, len(got), got)
		}
	}
}
