package api

import (
	"context"
	"io"
	"net/http"
	"strings"
	"time"
)

// detach returns r with a context that the end of the client's sending
// side does not cancel, and that ends with serverCtx (Server.Close) or when
// the handler returns.
//
// net/http cancels a request's context as soon as a read of the connection
// after the body sees EOF. A client that half-closes its sending side after
// its request (shutdown(SHUT_WR), which netcat, some proxies and scripts
// do) looks just like one that is gone, and its answer would be lost: a
// batch would get 200 with no body, a solve search_limit after a few
// milliseconds. The work of a request is bounded by the server's own
// budgets (SolveTimeout, GenerateTimeout, node and batch limits, a stream's
// idle timeouts), and a client that is really gone is seen when a write to
// it fails, which ends a stream at once.
func detach(serverCtx context.Context, r *http.Request) (*http.Request, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	stop := context.AfterFunc(serverCtx, cancel)
	return r.WithContext(ctx), func() {
		stop()
		cancel()
	}
}

// serverTimeouts returns the read and write timeouts of the http.Server
// serving r, or def for one it does not set.
func serverTimeouts(r *http.Request, def time.Duration) (read, write time.Duration) {
	read, write = def, def
	if srv, ok := r.Context().Value(http.ServerContextKey).(*http.Server); ok {
		if srv.ReadTimeout > 0 {
			read = srv.ReadTimeout
		}
		if srv.WriteTimeout > 0 {
			write = srv.WriteTimeout
		}
	}
	return read, write
}

// expectsContinue reports whether the client waits for "100 Continue"
// before it sends its body. net/http answers any other Expect with 417
// before a handler runs, and sends 100 Continue by itself only at the
// first read of the body, which is too late for a handler that writes
// before it reads.
func expectsContinue(r *http.Request) bool {
	return r.Header.Get("Expect") != "" && r.ProtoAtLeast(1, 1) && r.ContentLength != 0
}

// closeAfterResponse makes net/http close the connection once the response
// is complete, for a request whose body was not read to its end: what is
// left of it must not be read as the next request (net/http answered such
// bytes with a second, unrequested 400). It is what http.MaxBytesReader
// does when its limit is hit, and net/http then closes the connection
// gracefully (its own response first, then its side of the connection, then
// a wait for the client to stop sending), so that the client gets the whole
// answer rather than a reset. w may be wrapped by middleware that has
// Unwrap.
func closeAfterResponse(w http.ResponseWriter) {
	for {
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	// One byte over a limit of 0 is the MaxBytesReader signal.
	over := http.MaxBytesReader(w, io.NopCloser(strings.NewReader("x")), 0)
	over.Read(make([]byte, 1))
}
