package api

import (
	"context"
	"net/http"
)

// detach returns r with a context that the end of the client's sending
// side does not cancel, and that ends with serverCtx (Server.Close) or when
// the handler returns.
//
// net/http cancels a request's context as soon as a read of the connection
// after the body sees EOF. A client that half-closes its sending side after
// its request (shutdown(SHUT_WR), which netcat, some proxies and scripts
// do) looks just like one that is gone, and its answer was lost: a batch got
// 200 with no body, a solve search_limit after a few milliseconds. The work
// of a request is bounded by the server's own budgets (SolveTimeout,
// GenerateTimeout, node and batch limits, a stream's idle timeouts), and a
// client that is really gone is seen when a write to it fails, which ends a
// stream at once.
func detach(serverCtx context.Context, r *http.Request) (*http.Request, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	stop := context.AfterFunc(serverCtx, cancel)
	return r.WithContext(ctx), func() {
		stop()
		cancel()
	}
}
