package client

import (
	"io"
	"net/http"
	"time"
)

// retryDoer sends a request again, up to retries times, while it is
// answered 429 or 503, after the wait the answer's Retry-After asks for (1 s
// without one). It gives up early when that wait is over maxWait, when the
// request's context ends, or when the body cannot be sent again.
type retryDoer struct {
	next    HttpRequestDoer
	retries int
	maxWait time.Duration
}

func (d *retryDoer) Do(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		rsp, err := d.next.Do(req)
		if err != nil || attempt == d.retries || !retryable(rsp.StatusCode) {
			return rsp, err
		}
		if req.Body != nil && req.GetBody == nil {
			return rsp, nil
		}
		wait := retryAfter(rsp.Header, time.Now())
		if rsp.Header.Get("Retry-After") == "" {
			wait = time.Second
		}
		if wait > d.maxWait {
			return rsp, nil
		}
		io.Copy(io.Discard, io.LimitReader(rsp.Body, 1<<16)) // lets the connection be reused
		rsp.Body.Close()
		t := time.NewTimer(wait)
		select {
		case <-req.Context().Done():
			t.Stop()
			return nil, req.Context().Err()
		case <-t.C:
		}
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req = req.Clone(req.Context())
			req.Body = body
		}
	}
}

func retryable(status int) bool {
	return status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable
}
