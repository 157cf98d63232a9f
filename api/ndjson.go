package api

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Stream tuning: a batch carries up to batchLines lines, batchBytes of
// them and batchCost of memory for them and their results at most (fewer
// when the client has sent no more yet, so a slow stream still answers at
// once), and at most window batches are read ahead of the writer. Each
// batch reserves its memory from /validate's budget before it is checked
// and gives it back once written (see streamMemory), so that streams hold
// no more than the budget however long they are and however slowly their
// clients read.
const (
	batchLines = 256
	batchBytes = 32 << 10
	batchCost  = 1 << 20
	keepBytes  = 2 * batchBytes // largest buffer a stream keeps for its next batch
	writePiece = 64 << 10       // most bytes written under one write deadline
	// streamIdle is the longest wait for the client to send or to read
	// when the http.Server sets no read or write timeout.
	streamIdle = time.Minute
)

// span is one line of a batch: in[start:end], or a line that was too long.
type span struct {
	start, end int
	tooLong    bool
}

// streamBatch is a run of consecutive lines and, once done is closed, their
// results.
type streamBatch struct {
	in    []byte
	lines []span
	cost  int64 // the most memory in and out take: see lineCost
	held  int64 // the bytes of /validate's budget it holds
	out   []byte
	sum   summary
	done  chan struct{}
}

// lineCost is the most memory a line of n bytes takes in a batch: itself
// and its result.
func lineCost(n int) int64 { return int64(n) + resultBound(n) }

// streamMemory reserves a stream's batches from /validate's memory
// budget, which the stream's line buffer already holds a share of.
type streamMemory struct {
	d     *deps
	limit int64         // the most one batch reserves: the budget less the stream's share
	wait  time.Duration // the longest wait for memory that others hold
	held  atomic.Int64  // what the stream's batches hold now
}

// newStreamMemory returns the memory of a stream that waits for memory as
// long as for the client's bytes (readIdle), or Config.QueueWait when that
// is longer: a stream admitted and under way is worth a longer wait than a
// request that has not started.
func newStreamMemory(d *deps, readIdle time.Duration) *streamMemory {
	size := d.memory.size
	return &streamMemory{d: d, limit: size - min(streamCost(d.cfg), size), wait: max(readIdle, d.cfg.QueueWait)}
}

// reserve reserves cost bytes (at most m.limit) for a batch and returns
// what it reserved. It waits for as long as the stream's own results are
// being written (their memory comes back as the client reads them) and
// then at most m.wait; false means the memory did not come free, or ctx
// ended.
func (m *streamMemory) reserve(ctx context.Context, cost int64) (int64, bool) {
	for {
		n, ok := m.d.memory.acquireWithin(ctx, min(cost, m.limit), m.wait)
		if ok {
			m.held.Add(n)
			m.d.metrics.validateMemory.Add(float64(n))
			return n, true
		}
		if ctx.Err() != nil || m.held.Load() == 0 {
			return 0, false
		}
	}
}

// release gives back n bytes that reserve reserved.
func (m *streamMemory) release(n int64) {
	if n == 0 {
		return
	}
	m.held.Add(-n)
	m.d.metrics.validateMemory.Sub(float64(n))
	m.d.memory.release(n)
}

// validateStream answers an NDJSON stream: one result line per request
// line, in order, written as soon as it and every line before it are
// done. A reader goroutine cuts the body into batches, Workers goroutines
// check them, and this goroutine writes them in order.
//
// A stream ends in one of three ways, so that a client can always tell
// whether it got every result (openapi.yaml says the same):
//   - every request line answered: a clean end of the response;
//   - the server stopped reading the body (no bytes for its read timeout,
//     a broken body, or no memory for the next lines within the read
//     timeout): after the results of the lines answered, a last line
//     {"error":{"code","detail"}} with no id (see appendStreamEnd), a clean
//     end, and the connection is closed;
//   - the server cannot go on (a write fails or times out, the client is
//     gone, the server shuts down): the response is aborted, without the
//     end of its chunked body.
func validateStream(d *deps, checkers *sync.Pool, w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	_ = rc.EnableFullDuplex() // read lines while writing results (HTTP/1.x)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	readIdle, writeIdle := serverTimeouts(r, streamIdle)
	body := &idleReader{body: r.Body, rc: rc, idle: readIdle}

	window := 2*d.cfg.Workers + 2
	work := make(chan *streamBatch, window)
	order := make(chan *streamBatch, window)
	free := make(chan *streamBatch, window+d.cfg.Workers+2)
	mem := newStreamMemory(d, readIdle)
	getBatch := func() *streamBatch {
		select {
		case b := <-free:
			b.in, b.lines, b.out, b.sum = b.in[:0], b.lines[:0], b.out[:0], summary{}
			b.cost, b.held = 0, 0
			b.done = make(chan struct{})
			return b
		default:
			return &streamBatch{done: make(chan struct{})}
		}
	}

	if expectsContinue(r) {
		// Writing the 200 first would keep the client waiting for the
		// 100 that net/http sends at the first read of the body. It is
		// sent before the reader starts: a read that came first would
		// send net/http's 100 as well, and the client would take the
		// second for the answer.
		w.WriteHeader(http.StatusContinue)
	}
	var wg sync.WaitGroup
	var bodyEnded bool // the body broke off: the reader wrote the last line
	wg.Go(func() {
		defer close(work)
		defer close(order)
		bodyEnded = readStream(ctx, d, body, readIdle, mem, getBatch, work, order)
	})
	for range d.cfg.Workers {
		wg.Go(func() {
			c := checkers.Get().(*itemChecker)
			defer checkers.Put(c)
			tooLong := fmt.Sprintf("line is longer than the limit of %d bytes", d.cfg.MaxLineBytes)
			for b := range work {
				if ctx.Err() == nil {
					for _, l := range b.lines {
						var o outcome
						if l.tooLong {
							b.out, o = appendItemError(b.out, nil, codeBodyTooLarge, tooLong)
						} else {
							b.out, o = c.appendItem(b.out, b.in[l.start:l.end])
						}
						b.out = append(b.out, '\n')
						b.sum.add(o)
					}
				}
				close(b.done)
			}
		})
	}

	h := w.Header()
	h.Set("Content-Type", mediaNDJSON)
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	rc.Flush()
	// A failed write or Server.Close cancels ctx, which unblocks the
	// reader.
	context.AfterFunc(ctx, body.stop)
	failed := false
	for b := range order {
		if !failed {
			select {
			case <-b.done:
			case <-ctx.Done():
			}
			failed = ctx.Err() != nil
		}
		if failed {
			// Drain order so that the reader can finish; the workers,
			// which skip the batches left, soon let go of this one.
			<-b.done
			mem.release(b.held)
			continue
		}
		err := writeOut(w, rc, b.out, writeIdle)
		mem.release(b.held)
		if err == nil && len(order) == 0 {
			rc.SetWriteDeadline(time.Now().Add(writeIdle))
			err = rc.Flush()
		}
		if err != nil {
			failed = true
			cancel()
			continue
		}
		d.metrics.countItems(b.sum)
		if cap(b.in) > keepBytes {
			b.in = nil
		}
		if cap(b.out) > keepBytes {
			b.out = nil // its memory is no longer reserved
		}
		select {
		case free <- b:
		default:
		}
	}
	cancel()
	wg.Wait()
	if failed || r.Context().Err() != nil {
		// Results are missing: a clean end would hide it.
		panic(http.ErrAbortHandler)
	}
	if bodyEnded {
		closeAfterResponse(w)
	}
}

// writeOut writes p in pieces of at most writePiece bytes, each within
// idle: a client that reads slowly but steadily gets every result, one that
// stops reading fails the write.
func writeOut(w http.ResponseWriter, rc *http.ResponseController, p []byte, idle time.Duration) error {
	for len(p) > 0 {
		n := min(len(p), writePiece)
		rc.SetWriteDeadline(time.Now().Add(idle))
		if _, err := w.Write(p[:n]); err != nil {
			return err
		}
		p = p[n:]
	}
	return nil
}

// errStopped is what a stopped idleReader returns.
var errStopped = errors.New("stream stopped")

// idleReader reads a stream's body, each read of the connection within
// idle. It sets no deadline once the body has ended: from then on net/http
// reads the connection in the background to see the client go, and a
// deadline left there cut the response short (the request was cancelled
// and its last results dropped).
type idleReader struct {
	body io.Reader
	rc   *http.ResponseController
	idle time.Duration

	mu      sync.Mutex
	ended   bool // the body returned an error, io.EOF included
	stopped bool
}

func (r *idleReader) Read(p []byte) (int, error) {
	r.mu.Lock()
	if r.stopped || r.ended {
		r.mu.Unlock()
		if r.stopped {
			return 0, errStopped
		}
		return 0, io.EOF
	}
	r.rc.SetReadDeadline(time.Now().Add(r.idle))
	r.mu.Unlock()
	n, err := r.body.Read(p)
	if err != nil {
		r.mu.Lock()
		r.ended = true
		r.mu.Unlock()
	}
	return n, err
}

// stop makes the read in progress, if any, and every later one fail.
func (r *idleReader) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopped = true
	if !r.ended {
		r.rc.SetReadDeadline(time.Now())
	}
}

// readStream cuts the body into batches of lines, reserves each one's
// memory and hands it to the workers and, in order, to the writer. When
// the body breaks off (an error other than its end), the line it broke off
// in is dropped and a last batch holds the line that says so; when a
// batch's memory does not come free, its lines are dropped and a last
// batch says that. readStream then reports true.
func readStream(ctx context.Context, d *deps, body io.Reader, idle time.Duration, mem *streamMemory,
	getBatch func() *streamBatch, work, order chan<- *streamBatch) bool {
	// A mark is skipped at the start of the stream only: one at the start
	// of a later line stays, and fails that line.
	// The buffer holds a line of MaxLineBytes and its newline.
	br := bufio.NewReaderSize(skipBOM(body), d.cfg.MaxLineBytes+1)
	for {
		b := getBatch()
		var err error
		for len(b.lines) < batchLines && len(b.in) < batchBytes && b.cost < batchCost {
			var line []byte
			line, err = br.ReadSlice('\n')
			tooLong := false
			for errors.Is(err, bufio.ErrBufferFull) {
				tooLong = true
				_, err = br.ReadSlice('\n')
			}
			switch {
			case err != nil && err != io.EOF:
				// Cut off: not a line.
			case tooLong || len(line) > d.cfg.MaxLineBytes && line[len(line)-1] != '\n':
				b.lines = append(b.lines, span{tooLong: true}) // the last one may lack its newline
				b.cost += lineCost(0)
			case len(line) > 0:
				start := len(b.in)
				b.in = append(b.in, line...)
				b.lines = append(b.lines, span{start: start, end: len(b.in)})
				b.cost += lineCost(len(line))
			}
			if err != nil || br.Buffered() == 0 {
				break
			}
		}
		if len(b.lines) > 0 {
			held, ok := mem.reserve(ctx, b.cost)
			if !ok {
				if ctx.Err() != nil || !endStream(ctx, b, errNoMemory, idle, order) {
					return false
				}
				// Read what the client still sends, unanswered: closing a
				// connection with unread bytes resets it, and a slow
				// reader lost the results still on their way, the last
				// line with them.
				io.Copy(io.Discard, io.LimitReader(br, d.cfg.MaxBodyBytes))
				return true
			}
			b.held = held
			select {
			case order <- b:
			case <-ctx.Done():
				mem.release(b.held)
				return false
			}
			select {
			case work <- b:
			case <-ctx.Done():
				close(b.done)
				return false
			}
		}
		if err == io.EOF || ctx.Err() != nil {
			return false
		}
		if err != nil {
			return endStream(ctx, getBatch(), err, idle, order)
		}
	}
}

// errNoMemory ends a stream whose next lines found no memory.
var errNoMemory = errors.New("no memory for the next lines")

// endStream hands the writer end, emptied, as the last batch: the line
// that says why the server stopped reading the stream (err). It reports
// whether it did.
func endStream(ctx context.Context, end *streamBatch, err error, idle time.Duration, order chan<- *streamBatch) bool {
	end.in, end.lines = end.in[:0], end.lines[:0]
	end.out = appendStreamEnd(end.out[:0], err, idle)
	close(end.done)
	select {
	case order <- end:
		return true
	case <-ctx.Done():
		return false
	}
}

// appendStreamEnd appends the last line of a stream whose body the server
// stopped reading because of err: no id, and an error whose code is
// request_timeout (no bytes for idle), overloaded (errNoMemory) or
// invalid_body (the body broke off: a malformed chunk, or the connection
// ended before the body did).
func appendStreamEnd(dst []byte, err error, idle time.Duration) []byte {
	var ne net.Error
	if err == errNoMemory {
		dst, _ = appendItemError(dst, nil, codeOverloaded,
			"the server is validating as much as its memory allows: the stream ends here, and lines after the last result were not answered; send them again shortly")
	} else if errors.As(err, &ne) && ne.Timeout() {
		dst, _ = appendItemError(dst, nil, codeRequestTimeout, fmt.Sprintf(
			"no bytes arrived for %v, this server's read timeout: the stream ends here, and lines after the last result were not read", idle))
	} else {
		dst, _ = appendItemError(dst, nil, codeInvalidBody,
			"the request body broke off ("+err.Error()+"): the stream ends here, and lines after the last result were not read")
	}
	return append(dst, '\n')
}
