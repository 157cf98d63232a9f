package client

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
)

// ValidateStream checks items as one NDJSON stream (POST /validate with
// application/x-ndjson): it sends each item as items yields it and yields
// each result as the server writes it, in input order, while later items
// are still being sent. An item the server cannot check gets a result with
// an Error, and the stream goes on.
//
// The sequence ends after the last result, or with one error: an *Error
// when the server refused the stream (503 overloaded when it has its
// limit of streams open; a stream is never retried), a *StreamEndError
// when the server stopped reading (the items after the results so far
// were not answered), ctx's error, or a transport error when the answer
// was cut off. A loop that stops early ends the request. items is read in
// a goroutine of its own, which stops at the first item sent after the
// request has ended.
func (c *Client) ValidateStream(ctx context.Context, items iter.Seq[BatchItem]) iter.Seq2[BatchResult, error] {
	return func(yield func(BatchResult, error) bool) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		pr, pw := io.Pipe()
		defer pr.Close() // a sender still writing stops here
		sent := make(chan int, 1)
		go func() {
			n, err := sendItems(pw, items)
			sent <- n
			pw.CloseWithError(err)
		}()

		rsp, err := c.raw.ValidateWithBody(ctx, "application/x-ndjson", pr)
		if err != nil {
			yield(BatchResult{}, err)
			return
		}
		defer rsp.Body.Close()
		if rsp.StatusCode != 200 {
			yield(BatchResult{}, problemOf(rsp))
			return
		}
		got := 0
		sc := bufio.NewScanner(rsp.Body)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			var r BatchResult
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				yield(BatchResult{}, fmt.Errorf("sudokud: stream result %d: %w", got+1, err))
				return
			}
			if end := streamEnd(r); end != nil {
				end.Results = got
				yield(BatchResult{}, end)
				return
			}
			got++
			if !yield(r, nil) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			yield(BatchResult{}, fmt.Errorf("sudokud: stream cut off after %d results: %w", got, err))
			return
		}
		// The server read every line before it ended its answer, so the
		// sender is done.
		select {
		case n := <-sent:
			if got != n {
				yield(BatchResult{}, fmt.Errorf("sudokud: stream ended after %d results of %d items", got, n))
			}
		case <-ctx.Done():
			yield(BatchResult{}, ctx.Err())
		}
	}
}

// sendItems writes items to w as NDJSON, one line each, and counts them.
func sendItems(w io.Writer, items iter.Seq[BatchItem]) (int, error) {
	enc := json.NewEncoder(w) // Encode ends each item with a newline
	n := 0
	for it := range items {
		if err := enc.Encode(it); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// streamEnd returns the StreamEnd a line holds, or nil for a result: a
// StreamEnd has only an error, whose codes no item error uses.
func streamEnd(r BatchResult) *StreamEndError {
	if r.Error == nil || r.Id != nil || r.Valid != nil {
		return nil
	}
	code := StreamEndErrorCode(r.Error.Code)
	if !code.Valid() {
		return nil
	}
	return &StreamEndError{Code: code, Detail: r.Error.Detail}
}
