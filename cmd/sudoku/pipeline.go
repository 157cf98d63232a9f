package main

import (
	"bufio"
	"context"
	"io"
	"math/bits"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

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

// maxKinds bounds the outcome numbers a lineFunc may return.
const maxKinds = 10

// lineFunc maps one input line to its answer, appended to dst without the
// final newline (the pipeline adds it), and returns an outcome kind in
// [0, maxKinds). The answer is one line, except for a command whose answer
// spans several (hint), which writes the newlines between them.
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
//
// Throughput: lines travel in chunks of up to maxChunkLines, sized so that a
// chunk is about chunkTarget of work by the time measured per line of each
// length class (a line whose class has not been timed yet ends its chunk,
// so that a few slow puzzles still spread over every worker, even after
// many cheap ones of another size); no goroutine per line,
// chunk buffers are reused, and with one job the lines are processed inline
// on the calling goroutine (a read that may block waits on another, so that
// a signal still ends the run).
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
// workers, so until a line of a class is timed, each goes alone: sized by
// one estimate for all lines, the 18 minimal 25×25 puzzles after the 1,465
// of magictour_top1465 go out in one chunk, 49.4 s of wall time on two
// workers for 49.4 s of work, where an estimate per class takes 24.8 s.
// It returns the read error, if any.
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
