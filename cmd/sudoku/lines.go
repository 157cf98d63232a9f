package main

// The shared machinery of the line-oriented subcommands (solve, and later
// generate and rate). A subcommand is a function
//
//	func(ctx context.Context, name string, args []string, std stdio) int
//
// listed in commands() in main.go. It typically
//
//  1. parses its flags with newFlagSet + parseFlags (both -flag and --flag
//     spellings; -h prints usage and exits 0, a bad flag exits 2),
//  2. opens its inputs with openInputs (files named by args, "-" or no args
//     for stdin; an unreadable file exits 1 before any work is done; a
//     regular file is opened again when its turn comes, so that any
//     number of them may be named),
//  3. runs a pipeline over a source: a lineReader yields the input's
//     puzzle lines (blank lines and lines starting with '#' skipped,
//     surrounding whitespace trimmed); a countSource yields "0" … "n-1" for
//     a command that makes n items rather than reading them. p.jobs workers
//     map each line to exactly one output line with a lineFunc, and the
//     results are written in input order through one buffered writer, with
//     a progress bar (newProgress) on stderr when stderr is a terminal,
//     stdout is not, and the run lasts over a second,
//  4. prints a summary on stderr with writeSummary.
//
// solve.go is the worked example.
//
// A lineFunc appends its output line (without the newline) to dst and
// returns a small outcome number (0 ≤ kind < maxKinds) that the pipeline
// counts per kind for the summary. Each worker goroutine gets its own
// lineFunc from pipeline.newWorker, called on the caller's goroutine before
// the workers start, so per-worker state (scratch buffers, a *rand.Rand,
// stats counters to sum after run returns) needs no locks.
// The line string stays valid after the call (it is a substring of a
// per-chunk string), so a worker may keep it.
//
// Throughput: lines travel in chunks of up to maxChunkLines, sized so that a
// chunk is about chunkTarget of work by the time measured per line of each
// length class (a line whose class has not been timed yet ends its chunk,
// so that a few slow puzzles still spread over every worker, even after
// many cheap ones of another size); no goroutine per line,
// chunk buffers are reused, and with one job the lines are processed inline
// on the calling goroutine (a read that may block waits on another, so that
// a signal still ends the run).

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Exit statuses.
const (
	exitOK      = 0 // every line processed (some puzzles may have failed)
	exitFailure = 1 // unreadable input, failed output, interrupted
	exitUsage   = 2 // unusable arguments
)

// stdio holds a command's standard streams.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// newFlagSet returns a flag set for subcommand name whose errors and usage
// go to stderr. usage is the synopsis line printed above the flag list,
// e.g. "sudoku solve [flags] [file ...]".
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n\nFlags (-flag and --flag both work):\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args into fs. When it returns ok false the command must
// return code: exitOK after -h/--help, exitUsage for a bad flag (the flag
// package has already printed the error and usage).
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	return exitOK, true
}

// usageError prints a usage problem found after flag parsing and returns
// exitUsage.
func usageError(std stdio, cmd, format string, a ...any) int {
	fmt.Fprintf(std.err, "sudoku %s: %s\n", cmd, fmt.Sprintf(format, a...))
	fmt.Fprintf(std.err, "run 'sudoku %s -h' for usage\n", cmd)
	return exitUsage
}

// input is one input stream. A regular file is opened by the line reader
// when its turn comes and closed when it is read, so that a run holds one
// open at a time whatever the number named (opening all at once failed
// with "too many open files"); stdin and other files (a pipe, a device,
// which a reopening could lose data of) stay open as r.
type input struct {
	name string
	path string    // the regular file to open, "" when r is the stream
	r    io.Reader // stdin or an open file
	size int64     // bytes, -1 when unknown (a pipe, a terminal)
	tty  bool      // a terminal: someone is typing
	c    io.Closer // r when it is a file
}

// inputs are the opened inputs of a command, read in turn.
type inputs []input

// openInputs opens the files named by args ("-" is stdin; no args means
// stdin alone). All files are opened before any work starts, so a missing
// one fails the command at once; regular files are closed again, for the
// line reader to reopen in turn. On error nothing stays open.
func openInputs(args []string, stdin io.Reader) (inputs, error) {
	if len(args) == 0 {
		args = []string{"-"}
	}
	var ins inputs
	for _, name := range args {
		if name == "-" {
			ins = append(ins, input{name: "stdin", r: stdin, size: sizeOf(stdin), tty: isTerminal(stdin)})
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			ins.Close()
			return nil, err
		}
		st, err := f.Stat()
		if err != nil {
			f.Close()
			ins.Close()
			return nil, err
		}
		if st.IsDir() {
			f.Close()
			ins.Close()
			return nil, fmt.Errorf("%s: is a directory", name)
		}
		if st.Mode().IsRegular() {
			f.Close()
			ins = append(ins, input{name: name, path: name, size: st.Size()})
			continue
		}
		ins = append(ins, input{name: name, r: f, size: -1, tty: st.Mode()&os.ModeCharDevice != 0, c: f})
	}
	return ins, nil
}

// sizeOf returns the size of a regular file behind r, -1 otherwise.
func sizeOf(r io.Reader) int64 {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size()
		}
	}
	return -1
}

// Size returns the total size in bytes, -1 when some input's size is
// unknown.
func (ins inputs) Size() int64 {
	var n int64
	for _, in := range ins {
		if in.size < 0 {
			return -1
		}
		n += in.size
	}
	return n
}

// Close closes the files that stay open (not stdin, not the regular files,
// which the line reader closes).
func (ins inputs) Close() {
	for _, in := range ins {
		if in.c != nil {
			in.c.Close()
		}
	}
}

// source yields the input lines of a pipeline: a lineReader over files,
// or a countSource for commands whose items are numbers, not lines.
type source interface {
	// next appends the next line to dst; ok is false at the end of the
	// input or on an error.
	next(dst []byte) (_ []byte, ok bool, err error)
	// idle reports whether next may block, so that the lines gathered so
	// far should be processed now.
	idle() bool
	// done is how far the input has been consumed, in the unit of the
	// progress bar's total (bytes for files, items for counts).
	done() int64
}

// countSource yields the lines "0", "1", ... "n-1": the item numbers of a
// command that makes n things (a generator seeds item i from its base seed
// and i, so that output is reproducible whatever the number of workers).
type countSource struct{ i, n int64 }

func (c *countSource) next(dst []byte) ([]byte, bool, error) {
	if c.i >= c.n {
		return dst, false, nil
	}
	dst = strconv.AppendInt(dst, c.i, 10)
	c.i++
	return dst, true, nil
}

func (c *countSource) idle() bool  { return false }
func (c *countSource) done() int64 { return c.i }

// maxLineBytes caps one input line. A longer line is cut to its first
// maxLineBytes bytes after its leading whitespace (and so still gives
// exactly one output line, which for a puzzle is an invalid_board error:
// no board has that many cells).
const maxLineBytes = 64 << 10

// lineReader yields the puzzle lines of inputs in order: surrounding
// whitespace trimmed, blank lines and lines starting with '#' skipped.
type lineReader struct {
	ins     inputs
	cur     int
	reading bool // br reads ins[cur]
	atStart bool // no line of ins[cur] read yet
	br      *bufio.Reader
	bytes   int64 // bytes consumed so far, for progress
	long    []byte

	mu     sync.Mutex // guards file and closed: Close may come from another goroutine
	file   *os.File   // the file being read, if any
	closed bool
}

// Close closes the file being read, ending a read in progress, and keeps
// next from opening any other.
func (lr *lineReader) Close() {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	lr.closed = true
	if lr.file != nil {
		lr.file.Close()
		lr.file = nil
	}
}

// open starts reading ins[cur].
func (lr *lineReader) open() error {
	in := &lr.ins[lr.cur]
	if in.path == "" {
		lr.br.Reset(in.r)
		return nil
	}
	lr.mu.Lock()
	defer lr.mu.Unlock()
	if lr.closed {
		return os.ErrClosed
	}
	f, err := os.Open(in.path)
	if err != nil {
		return err
	}
	lr.file = f
	lr.br.Reset(f)
	return nil
}

// closeFile closes the file read to its end.
func (lr *lineReader) closeFile() {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	if lr.file != nil {
		lr.file.Close()
		lr.file = nil
	}
}

func newLineReader(ins inputs, bufSize int) *lineReader {
	return &lineReader{ins: ins, br: bufio.NewReaderSize(nil, bufSize)}
}

// next appends the next puzzle line to dst. It returns ok false at the end
// of the input or on a read error (err, naming the input).
func (lr *lineReader) next(dst []byte) (_ []byte, ok bool, err error) {
	for lr.cur < len(lr.ins) {
		if !lr.reading {
			if err := lr.open(); err != nil {
				return dst, false, err
			}
			lr.reading, lr.atStart = true, true
		}
		line, err := lr.raw()
		if err == io.EOF && line == nil {
			lr.closeFile()
			lr.cur++
			lr.reading = false
			continue
		}
		if err != nil && err != io.EOF {
			return dst, false, fmt.Errorf("read %s: %w", lr.ins[lr.cur].name, err)
		}
		line = trimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		return append(dst, line...), true, nil
	}
	return dst, false, nil
}

// raw returns the next raw line without its newline, nil with io.EOF at the
// end of the current input. The slice is valid until the next call.
func (lr *lineReader) raw() ([]byte, error) {
	line, err := lr.br.ReadSlice('\n')
	lr.bytes += int64(len(line))
	if lr.atStart {
		// A file saved by some Windows editors starts with a UTF-8 byte
		// order mark: not part of its first puzzle. Dropped here, before a
		// long line is cut after its leading whitespace.
		line, lr.atStart = bytes.TrimPrefix(line, utf8BOM), false
	}
	if err == nil {
		return line[:len(line)-1], nil
	}
	if err == io.EOF {
		if len(line) == 0 {
			return nil, io.EOF
		}
		return line, nil
	}
	if err != bufio.ErrBufferFull {
		return nil, err
	}
	// A line longer than the buffer: gather it, keeping at most
	// maxLineBytes after its leading whitespace (had the cap kept only
	// blanks, the line would be skipped as blank and give no answer).
	lr.long = append(lr.long[:0], trimLeftSpace(line)...)
	for {
		line, err = lr.br.ReadSlice('\n')
		lr.bytes += int64(len(line))
		if len(lr.long) == 0 {
			line = trimLeftSpace(line)
		}
		if room := maxLineBytes - len(lr.long); room > 0 {
			lr.long = append(lr.long, line[:min(room, len(line))]...)
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil, io.EOF:
			if n := len(lr.long); n > 0 && lr.long[n-1] == '\n' {
				lr.long = lr.long[:n-1]
			}
			return lr.long, nil
		default:
			return nil, err
		}
	}
}

// idle reports whether the next read may block (nothing is buffered), so
// that a chunk gathered so far should go out now: lines typed at a
// terminal or arriving slowly through a pipe are answered at once.
func (lr *lineReader) idle() bool { return lr.br.Buffered() == 0 }

func (lr *lineReader) done() int64 { return lr.bytes }

func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

var utf8BOM = []byte("\ufeff")

func trimLeftSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return b
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// maxKinds bounds the outcome numbers a lineFunc may return.
const maxKinds = 8

// lineFunc maps one input line to one output line appended to dst (no
// newline; the pipeline adds it) and returns an outcome kind in
// [0, maxKinds). The output must not contain a newline.
type lineFunc func(dst []byte, line string) ([]byte, int)

// tally counts lines by outcome kind.
type tally struct {
	lines int64
	kinds [maxKinds]int64
}

func (t *tally) add(u *tally) {
	t.lines += u.lines
	for i, n := range u.kinds {
		t.kinds[i] += n
	}
}

// chunk is a batch of lines travelling through the pipeline; chunks are
// reused.
type chunk struct {
	buf   []byte // the lines read, back to back
	ends  []int  // end offset in buf of each line
	out   []byte // output lines, each ending in '\n'
	tally tally
	done  int64 // input consumed up to the end of this chunk (source.done)
	ready chan struct{}
	costs []classCost // time the worker spent on the chunk's runs of lines of one class
}

// classCost is the time spent on a run of lines of one length class.
type classCost struct {
	class, lines int
	cost         time.Duration
}

// lineClass is the cost class of a line of n bytes: lines of about the
// same length are boards of one size, whose puzzles cost about as much as
// each other, where a 25×25 puzzle may cost 100,000 times a 9×9 one.
func lineClass(n int) int { return min(bits.Len(uint(n)), lineClasses-1) }

const lineClasses = 24

// costModel is the running estimate of the work per line, for each line
// class; workers update it as they finish chunks, the reader sizes chunks
// by it.
type costModel struct{ ns [lineClasses]atomic.Int64 }

// estimate returns the work of a line of class k, 0 while none was timed.
func (m *costModel) estimate(k int) int64 { return m.ns[k].Load() }

// observe folds the costs of a finished chunk into the estimates.
func (m *costModel) observe(costs []classCost) {
	for _, c := range costs {
		est := int64(c.cost) / int64(c.lines)
		if old := m.ns[c.class].Load(); old > 0 {
			est = (3*old + est) / 4
		}
		m.ns[c.class].Store(max(est, 1))
	}
}

// Chunk sizes: a chunk holds up to maxChunkLines lines or maxChunkBytes
// bytes, and aims at about chunkTarget of work.
const (
	maxChunkLines = 256
	maxChunkBytes = 64 << 10
	chunkTarget   = 2 * time.Millisecond
)

// pipeline maps input lines to output lines with jobs workers, keeping
// input order.
type pipeline struct {
	jobs      int
	newWorker func() lineFunc
	progress  *progress // nil for none
}

// run reads every line of src, maps it and writes the results to out in
// input order. It stops early when ctx is done (returning ctx.Err()), on a
// read error or a write error. Lines finished before an error are written.
func (p *pipeline) run(ctx context.Context, src source, out io.Writer) (tally, error) {
	bw := bufio.NewWriterSize(out, 64<<10)
	var err error
	var total tally
	if p.jobs <= 1 {
		total, err = p.runInline(ctx, src, bw)
	} else {
		total, err = p.runParallel(ctx, src, bw)
	}
	if ferr := bw.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	p.progress.finish()
	return total, err
}

// fill reads lines of src into c until they make about chunkTarget of work
// by the estimates of m (a line of a class not timed yet counts as the
// whole target), or maxChunkLines, or maxChunkBytes; with m nil, until the
// line or byte limit alone. The reader runs several chunks ahead of the
// workers, so until a line of a class is timed, each goes alone: 18 minimal
// 25×25 puzzles after the 1,465 of magictour_top1465 went out in one chunk
// when chunks were sized by one estimate for all lines (49.4 s of wall time
// on two workers, for 49.4 s of work; 24.8 s now). It returns the read
// error, if any.
func fill(src source, c *chunk, m *costModel) error {
	c.buf, c.ends, c.out = c.buf[:0], c.ends[:0], c.out[:0]
	c.tally = tally{}
	defer func() { c.done = src.done() }()
	var work int64
	for len(c.ends) < maxChunkLines && len(c.buf) < maxChunkBytes && work < int64(chunkTarget) {
		from := len(c.buf)
		var ok bool
		var err error
		c.buf, ok, err = src.next(c.buf)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		c.ends = append(c.ends, len(c.buf))
		if m != nil {
			est := m.estimate(lineClass(len(c.buf) - from))
			if est <= 0 {
				est = int64(chunkTarget)
			}
			work += est
		}
		if src.idle() {
			break
		}
	}
	return nil
}

// process maps the lines of c with f.
func (c *chunk) process(f lineFunc) {
	c.costs = c.costs[:0]
	run := classCost{class: -1}
	start := time.Now()
	text := string(c.buf) // one allocation per chunk; lines are substrings
	from := 0
	for _, end := range c.ends {
		if k := lineClass(end - from); k != run.class {
			if run.lines > 0 {
				now := time.Now()
				run.cost, start = now.Sub(start), now
				c.costs = append(c.costs, run)
			}
			run = classCost{class: k}
		}
		run.lines++
		var kind int
		c.out, kind = f(c.out, text[from:end])
		c.out = append(c.out, '\n')
		c.tally.kinds[kind]++
		from = end
	}
	c.tally.lines = int64(len(c.ends))
	if run.lines > 0 {
		run.cost = time.Since(start)
		c.costs = append(c.costs, run)
	}
}

func (p *pipeline) runInline(ctx context.Context, src source, bw *bufio.Writer) (tally, error) {
	var total tally
	f := p.newWorker()
	c := &chunk{}
	for {
		if err := ctx.Err(); err != nil {
			return total, err
		}
		var rerr error
		if src.idle() {
			// The read may block (a pipe whose writer is idle, a
			// terminal): wait for it beside ctx, so that a signal ends
			// the run at once, as it does with more jobs. The reader is
			// then left to a read that closing the inputs or exiting ends.
			filled := make(chan error, 1)
			go func() { filled <- fill(src, c, nil) }()
			select {
			case rerr = <-filled:
			case <-ctx.Done():
				return total, ctx.Err()
			}
		} else {
			rerr = fill(src, c, nil)
		}
		if len(c.ends) == 0 && rerr == nil {
			return total, nil
		}
		c.process(f)
		if err := ctx.Err(); err != nil {
			return total, err // the chunk's last answers may be cut short
		}
		if _, err := bw.Write(c.out); err != nil {
			return total, err
		}
		total.add(&c.tally)
		p.progress.update(&total, c.done)
		if rerr != nil {
			return total, rerr
		}
		if src.idle() {
			if err := bw.Flush(); err != nil {
				return total, err
			}
		}
	}
}

// maxJobs caps the workers of a run. The work is CPU-bound, so workers
// past the cores only cost memory (each brings four chunks in flight); a
// -j of math.MaxInt made 4*jobs overflow and panic in make, and one of a
// few million ran out of memory.
const maxJobs = 1024

func (p *pipeline) runParallel(ctx context.Context, src source, bw *bufio.Writer) (tally, error) {
	jobs := min(p.jobs, maxJobs)
	inflight := 4 * jobs
	free := make(chan *chunk, inflight)
	for range inflight {
		free <- &chunk{ready: make(chan struct{}, 1)}
	}
	work := make(chan *chunk, inflight)
	order := make(chan *chunk, inflight)
	stop := make(chan struct{}) // closed when the writer gives up
	var readErr error           // set by the reader before it closes order (ctx.Err() if it stopped for that)
	var model costModel

	var wg sync.WaitGroup
	for range jobs {
		f := p.newWorker() // here, so that newWorker needs no locking
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				var c *chunk
				select {
				case c = <-work:
				case <-stop:
					return
				}
				if c == nil {
					return // work closed
				}
				c.process(f)
				model.observe(c.costs)
				c.ready <- struct{}{}
			}
		}()
	}

	// The reader: fills chunks, hands each to the workers and, in the same
	// order, to the writer.
	go func() {
		defer close(order)
		defer close(work)
		for {
			var c *chunk
			select {
			case c = <-free:
			case <-stop:
				return
			case <-ctx.Done():
				// The writer may see order closed before it sees ctx
				// done: it must still report the lines left unread.
				readErr = ctx.Err()
				return
			}
			err := fill(src, c, &model)
			if len(c.ends) == 0 && err == nil {
				return
			}
			work <- c
			order <- c
			if err != nil {
				readErr = err
				return
			}
		}
	}()

	// The writer: waits for each chunk in input order and writes it. On
	// an error or cancellation it stops the workers and waits for them to
	// finish the chunk in hand (their state belongs to the caller again
	// when run returns); the reader stops before its next chunk, or is left
	// blocked in a read that closing the inputs or exiting ends.
	var total tally
	fail := func(err error) (tally, error) {
		close(stop)
		wg.Wait()
		return total, err
	}
	for {
		var c *chunk
		var ok bool
		select {
		case c, ok = <-order:
		case <-ctx.Done():
			return fail(ctx.Err())
		}
		if !ok {
			wg.Wait()
			return total, readErr
		}
		select {
		case <-c.ready:
		case <-ctx.Done():
			return fail(ctx.Err())
		}
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		if _, err := bw.Write(c.out); err != nil {
			return fail(err)
		}
		total.add(&c.tally)
		p.progress.update(&total, c.done)
		if len(order) == 0 {
			if err := bw.Flush(); err != nil {
				return fail(err)
			}
		}
		free <- c
	}
}

// field is one count in a summary, with an optional detail in
// parentheses.
type field struct {
	n      int64
	name   string
	detail string
}

// writeSummary prints the one-line summary of a run on w, e.g.
//
//	sudoku solve: 1465 puzzles, 1465 solved, 1465 unique, 0 errors in 0.142s (10317 puzzles/s)
//
// with the given fields after the count and the rate of lines per second.
func writeSummary(w io.Writer, cmd string, lines int64, noun string, elapsed time.Duration, fields ...field) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "sudoku %s: %d %s", cmd, lines, noun)
	for _, f := range fields {
		fmt.Fprintf(&sb, ", %d %s", f.n, f.name)
		if f.detail != "" {
			fmt.Fprintf(&sb, " (%s)", f.detail)
		}
	}
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(lines) / s
	}
	prec := 0 // whole lines per second, or two decimals below ten (a slow run showed "0")
	if rate < 10 {
		prec = 2
	}
	fmt.Fprintf(&sb, " in %.3fs (%.*f %s/s)\n", elapsed.Seconds(), prec, rate, noun)
	io.WriteString(w, sb.String())
}
