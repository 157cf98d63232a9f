package api

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// Stream tuning: a batch carries up to batchLines lines (fewer when the
// client has sent no more yet, so a slow stream still answers at once),
// and at most window batches are read ahead of the writer. Memory is
// therefore bounded by window × (batchBytes + its results) however long
// the stream is.
const (
	batchLines = 256
	batchBytes = 32 << 10
	streamIdle = time.Minute // longest wait for the client to send or read
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
	out   []byte
	sum   summary
	done  chan struct{}
}

// validateStream answers an NDJSON stream: one result line per request
// line, in order, written as soon as it and every line before it are
// done. A reader goroutine cuts the body into batches, Workers goroutines
// check them, and this goroutine writes them in order; when the client goes
// away, all three stop.
func validateStream(d *deps, checkers *sync.Pool, w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	_ = rc.EnableFullDuplex() // read lines while writing results (HTTP/1.x)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()

	window := 2*d.cfg.Workers + 2
	work := make(chan *streamBatch, window)
	order := make(chan *streamBatch, window)
	free := make(chan *streamBatch, window+d.cfg.Workers+2)
	getBatch := func() *streamBatch {
		select {
		case b := <-free:
			b.in, b.lines, b.out, b.sum = b.in[:0], b.lines[:0], b.out[:0], summary{}
			b.done = make(chan struct{})
			return b
		default:
			return &streamBatch{done: make(chan struct{})}
		}
	}

	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(work)
		defer close(order)
		readStream(ctx, d, rc, r.Body, getBatch, work, order)
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
	failed := false
	for b := range order {
		select {
		case <-b.done:
		case <-ctx.Done():
			if !failed {
				rc.SetReadDeadline(time.Now()) // unblock the reader
			}
			failed = true
		}
		if failed {
			continue // drain order so the reader can finish
		}
		rc.SetWriteDeadline(time.Now().Add(streamIdle))
		if _, err := w.Write(b.out); err != nil {
			failed = true
			cancel()
			rc.SetReadDeadline(time.Now()) // unblock the reader
			continue
		}
		d.metrics.countItems(b.sum)
		if len(order) == 0 {
			if err := rc.Flush(); err != nil {
				failed = true
				cancel()
				rc.SetReadDeadline(time.Now())
				continue
			}
		}
		select {
		case free <- b:
		default:
		}
	}
	cancel()
	wg.Wait()
}

// readStream cuts the body into batches of lines and hands each to the
// workers and, in order, to the writer.
func readStream(ctx context.Context, d *deps, rc *http.ResponseController, body io.Reader,
	getBatch func() *streamBatch, work, order chan<- *streamBatch) {
	// A mark is skipped at the start of the stream only: one at the start
	// of a later line stays, and fails that line.
	// The buffer holds a line of MaxLineBytes and its newline.
	br := bufio.NewReaderSize(skipBOM(body), d.cfg.MaxLineBytes+1)
	for {
		b := getBatch()
		rc.SetReadDeadline(time.Now().Add(streamIdle))
		var err error
		for len(b.lines) < batchLines && len(b.in) < batchBytes {
			var line []byte
			line, err = br.ReadSlice('\n')
			if errors.Is(err, bufio.ErrBufferFull) {
				for errors.Is(err, bufio.ErrBufferFull) {
					_, err = br.ReadSlice('\n')
				}
				b.lines = append(b.lines, span{tooLong: true})
			} else if len(line) > d.cfg.MaxLineBytes && line[len(line)-1] != '\n' {
				b.lines = append(b.lines, span{tooLong: true}) // a last line without its newline
			} else if len(line) > 0 {
				start := len(b.in)
				b.in = append(b.in, line...)
				b.lines = append(b.lines, span{start: start, end: len(b.in)})
			}
			if err != nil || br.Buffered() == 0 {
				break
			}
		}
		if len(b.lines) > 0 {
			select {
			case order <- b:
			case <-ctx.Done():
				return
			}
			select {
			case work <- b:
			case <-ctx.Done():
				close(b.done)
				return
			}
		}
		if err != nil {
			return // io.EOF at the end, or the client went away
		}
	}
}
