package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/sudokud/sudokud/engine"
)

// validateRequest is a single check ({puzzle|grid, givens?, solvable?}) or
// a batch ({items: [...]}).
type validateRequest struct {
	boardFields
	Givens   *boardValue       `json:"givens,omitempty"`
	Solvable *bool             `json:"solvable,omitempty"`
	Items    []json.RawMessage `json:"items,omitempty"`
}

type validateResponse struct {
	Valid     bool       `json:"valid"`
	Complete  bool       `json:"complete"`
	Solved    bool       `json:"solved"`
	Conflicts []conflict `json:"conflicts"`
	Solvable  *bool      `json:"solvable,omitempty"`
}

// summary counts the results of a batch.
type summary struct {
	Total    int `json:"total"`
	Valid    int `json:"valid"`
	Complete int `json:"complete"`
	Solved   int `json:"solved"`
	Errors   int `json:"errors"`
}

func (s *summary) add(o outcome) {
	s.Total++
	switch {
	case o.failed:
		s.Errors++
		return
	case o.valid && o.complete:
		s.Solved++
	}
	if o.valid {
		s.Valid++
	}
	if o.complete {
		s.Complete++
	}
}

func (s *summary) merge(o summary) {
	s.Total += o.Total
	s.Valid += o.Valid
	s.Complete += o.Complete
	s.Solved += o.Solved
	s.Errors += o.Errors
}

// handleValidate checks one board, a JSON batch or an NDJSON stream.
func handleValidate(d *deps) http.Handler {
	checkers := sync.Pool{New: func() any { return &itemChecker{validate: d.validate} }}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch mediaType(r) {
		case mediaNDJSON:
			release, err := d.admitStream(r)
			if err != nil {
				writeProblem(w, r, err)
				return
			}
			defer release()
			validateStream(d, &checkers, w, r)
			return
		case mediaJSON:
		default:
			writeProblem(w, r, errUnsupportedMedia(r, mediaJSON+" or "+mediaNDJSON))
			return
		}
		n := r.ContentLength
		if n < 0 || n > d.cfg.MaxBodyBytes {
			n = d.cfg.MaxBodyBytes // unknown until read: the most it can be
		}
		release, err := d.admit(r, jsonCost(d.cfg, n))
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		defer release()
		var req validateRequest
		if err := decode(r, &req); err != nil {
			writeProblem(w, r, err)
			return
		}
		if req.Items != nil {
			validateBatch(d, &checkers, w, r, &req)
			return
		}
		if err := d.validate.Struct(&req); err != nil {
			writeProblem(w, r, validationProblem(err))
			return
		}
		resp, err := validateOne(d, r, &req)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		encode(w, r, http.StatusOK, resp)
	})
}

// validateOne answers a single /validate request.
func validateOne(d *deps, r *http.Request, req *validateRequest) (*validateResponse, error) {
	b, err := req.board()
	if err != nil {
		return nil, err
	}
	var givens *engine.Board
	if req.Givens != nil {
		g, err := givensBoard(req.Givens, b.Shape())
		if err != nil {
			return nil, err
		}
		givens = &g
	}
	res := checkBoard(&b, givens)
	resp := &validateResponse{
		Valid:     res.valid,
		Complete:  res.complete,
		Solved:    res.valid && res.complete,
		Conflicts: res.conflicts,
	}
	if resp.Conflicts == nil {
		resp.Conflicts = []conflict{}
	}
	var s summary
	s.add(outcome{valid: res.valid, complete: res.complete})
	d.metrics.countItems(s)
	if req.Solvable != nil && *req.Solvable {
		ok, err := solvable(d, r, b, res)
		if err != nil {
			return nil, err
		}
		resp.Solvable = &ok
	}
	return resp, nil
}

// Batch tuning: a worker checks batchChunk items at a time, and at most
// batchWindow(cfg) chunks are checked ahead of the one being written, so a
// batch holds at most that many chunks of results however long its answer
// (every cell of 10,000 25×25 boards in conflict is 377 MB of JSON).
const batchChunk = 32

func batchWindow(cfg Config) int { return cfg.Workers + 1 }

// maxConflictBytes bounds one conflict in a result, its comma included:
// {"row":24,"col":24,"value":25,"rule":"non_consecutive","units":[…]},
// with every rule name and "given" in units is 227 bytes.
const maxConflictBytes = 227

// maxResultBytes bounds one item's result, its newline included: every
// cell of a 25×25 board in conflict (maxConflictBytes each), and the id, each of its maxIDChars characters as at most 6 bytes (a JSON escape
// such as \u0001), with 2,048 bytes for the rest (an error's detail, whose
// unknown field name is cut to maxFieldNameBytes). FuzzItem holds results
// to it.
const maxResultBytes = engine.MaxCells*maxConflictBytes + 6*maxIDChars + 2048

// maxFieldNameBytes is the most of an unknown field's name that an error
// repeats.
const maxFieldNameBytes = 64

// jsonCost is the memory a JSON /validate of n body bytes may hold, which
// it reserves before reading the body: the body decoded (the decoder's
// buffer, which grows by doubling, and a copy of each item) and the results
// of a batch's window of chunks. Each result is at most resultBound of its
// item, so a window's results are at most 6+maxConflictBytes times the
// body's bytes plus 1,024 bytes a result, and at most maxResultBytes a
// result.
func jsonCost(cfg Config, n int64) int64 {
	w := int64(batchWindow(cfg) * batchChunk)
	return 4*n + min((6+maxConflictBytes)*n+1024*w, w*maxResultBytes)
}

// streamCost is the memory one NDJSON stream reserves for as long as it is
// open: its line buffer and the batch of lines it is reading. An idle
// stream holds less (1,000 of them took 71 MB of RSS, connections and
// goroutines included). A busy one reserves each batch it reads ahead,
// lines and results, until the batch is written (streamMemory).
func streamCost(cfg Config) int64 { return 2 * int64(cfg.MaxLineBytes+1) }

// admit reserves cost bytes of the /validate memory budget until the
// returned func is called, or returns the 503 overloaded problem.
func (d *deps) admit(r *http.Request, cost int64) (func(), error) {
	n, ok := d.memory.acquire(r.Context(), cost)
	if !ok {
		d.metrics.shed.WithLabelValues(routePattern(r)).Inc()
		return nil, overloadedBy("the server is validating as much as its memory allows; retry shortly")
	}
	d.metrics.validateMemory.Add(float64(n))
	return func() {
		d.metrics.validateMemory.Sub(float64(n))
		d.memory.release(n)
	}, nil
}

// admitStream counts an NDJSON stream as open and reserves its memory
// until the returned func is called, or returns the 503 overloaded problem
// when Config.MaxStreams are open or the memory is taken.
func (d *deps) admitStream(r *http.Request) (func(), error) {
	if d.streams.Add(1) > int64(d.cfg.MaxStreams) {
		d.streams.Add(-1)
		d.metrics.shed.WithLabelValues(routePattern(r)).Inc()
		return nil, overloadedBy(fmt.Sprintf("the server has its limit of %d NDJSON streams open; retry shortly", d.cfg.MaxStreams))
	}
	d.metrics.streamsOpen.Inc()
	closed := func() {
		d.streams.Add(-1)
		d.metrics.streamsOpen.Dec()
	}
	release, err := d.admit(r, streamCost(d.cfg))
	if err != nil {
		closed()
		return nil, err
	}
	return func() {
		release()
		closed()
	}, nil
}

// chunkResult is the answer to one chunk of a batch; done is closed when
// out and sum hold it.
type chunkResult struct {
	out  []byte
	sum  summary
	done chan struct{}
}

// validateBatch checks the items of a JSON batch on all workers and writes
// their results in input order as they are done, so that the answer is
// never whole in memory. Unlike encode, it writes the status before the
// answer is known: when it cannot finish (the client is gone, a write
// failed, the server is shutting down), it aborts the response, so that
// the client sees a broken connection rather than a clean end.
func validateBatch(d *deps, checkers *sync.Pool, w http.ResponseWriter, r *http.Request, req *validateRequest) {
	if req.Size != nil || req.Box != "" || req.Puzzle != nil || req.Grid != nil || req.Rules != nil || req.Givens != nil || req.Solvable != nil {
		p := newProblem(http.StatusBadRequest, codeInvalidRequest, "a batch holds only items: give size, box, puzzle, grid, rules and givens inside each item")
		p.Errors = []fieldError{{Field: "items", Message: "cannot be combined with other fields"}}
		writeProblem(w, r, p)
		return
	}
	if n := len(req.Items); n > d.cfg.MaxBatchItems {
		p := newProblem(http.StatusBadRequest, codeInvalidRequest, fmt.Sprintf("items has %d entries, more than the limit of %d; stream them as NDJSON instead", n, d.cfg.MaxBatchItems))
		p.Errors = []fieldError{{Field: "items", Message: "must have at most " + strconv.Itoa(d.cfg.MaxBatchItems) + " items"}}
		writeProblem(w, r, p)
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	items := req.Items
	chunks := make([]chunkResult, (len(items)+batchChunk-1)/batchChunk)
	for k := range chunks {
		chunks[k].done = make(chan struct{})
	}
	window := batchWindow(d.cfg)
	ahead := make(chan struct{}, window) // a token per chunk taken and not yet written
	free := make(chan []byte, window)    // written chunks' buffers, for reuse
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(d.cfg.Workers, len(chunks)) {
		wg.Go(func() {
			c := checkers.Get().(*itemChecker)
			defer checkers.Put(c)
			for {
				select {
				case ahead <- struct{}{}:
				case <-ctx.Done():
					return
				}
				k := int(next.Add(1) - 1)
				if k >= len(chunks) || ctx.Err() != nil {
					return
				}
				var buf []byte
				select {
				case buf = <-free:
				default:
				}
				buf = buf[:0]
				ch := &chunks[k]
				for i := k * batchChunk; i < min((k+1)*batchChunk, len(items)); i++ {
					if i > 0 {
						buf = append(buf, ',')
					}
					var o outcome
					buf, o = c.appendItem(buf, items[i])
					ch.sum.add(o)
				}
				ch.out = buf
				close(ch.done)
			}
		})
	}
	abort := func() {
		cancel()
		wg.Wait()
		panic(http.ErrAbortHandler)
	}

	// Like a stream's lines, a large answer extends the server's write
	// timeout as it goes, a piece at a time (four 377 MB answers at once on
	// two cores took more than its 60s); a client that stops reading still
	// fails the write.
	rc := http.NewResponseController(w)
	_, writeIdle := serverTimeouts(r, streamIdle)
	h := w.Header()
	h.Set("Content-Type", mediaJSON)
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if _, err := io.WriteString(w, `{"results":[`); err != nil {
		abort()
	}
	var total summary
	for k := range chunks {
		ch := &chunks[k]
		if ctx.Err() != nil {
			abort() // the chunk may be done, but the answer will not be
		}
		select {
		case <-ch.done:
		case <-ctx.Done():
			abort()
		}
		if err := writeOut(w, rc, ch.out, writeIdle); err != nil {
			abort()
		}
		d.metrics.countItems(ch.sum)
		total.merge(ch.sum)
		select {
		case free <- ch.out:
		default:
		}
		ch.out = nil
		<-ahead
	}
	wg.Wait()
	sj, _ := json.Marshal(total)
	tail := append(append([]byte(`],"summary":`), sj...), "}\n"...)
	if _, err := w.Write(tail); err != nil || ctx.Err() != nil {
		abort()
	}
}
