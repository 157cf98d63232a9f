package api

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiter bounds the heavy requests running at once. A request beyond the
// limit waits in a short queue; when the queue is full, or the wait passes
// QueueWait, the request is shed.
type limiter struct {
	slots chan struct{} // one token per running request
	queue chan struct{} // one token per running or waiting request
	wait  time.Duration
}

func newLimiter(running, queued int, wait time.Duration) *limiter {
	return &limiter{
		slots: make(chan struct{}, running),
		queue: make(chan struct{}, running+queued),
		wait:  wait,
	}
}

// acquire takes a slot, waiting at most l.wait; it returns a release func
// or a 503 problem.
func (l *limiter) acquire(ctx context.Context) (func(), *problem) {
	select {
	case l.queue <- struct{}{}:
	default:
		return nil, overloaded()
	}
	select {
	case l.slots <- struct{}{}:
		return l.release, nil
	default:
	}
	t := time.NewTimer(l.wait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return l.release, nil
	case <-t.C:
	case <-ctx.Done():
	}
	<-l.queue
	return nil, overloaded()
}

// tryAcquire takes a slot only if one is free now, without queueing: for
// background work, which must never hold a queue place a client could
// have, nor wait for a slot.
func (l *limiter) tryAcquire() (func(), bool) {
	select {
	case l.slots <- struct{}{}:
	default:
		return nil, false
	}
	select {
	case l.queue <- struct{}{}:
		return l.release, true
	default: // every place is a client's, and one of them is about to run
		<-l.slots
		return nil, false
	}
}

func (l *limiter) release() {
	<-l.slots
	<-l.queue
}

func overloaded() *problem {
	return overloadedBy("the server is busy with other heavy requests; retry shortly")
}

// overloadedBy is the 503 overloaded problem with its own detail.
func overloadedBy(detail string) *problem {
	p := newProblem(http.StatusServiceUnavailable, codeOverloaded, detail)
	p.retryAfter = 1
	return p
}

// budget bounds the bytes of memory that work in progress may reserve.
// A request reserves its cost before it reads its body and gives it back
// when it is answered; one that does not fit waits, in arrival order (so a
// large request is not starved by small ones), at most wait. A cost above
// the whole budget takes the whole budget: such a request runs alone.
type budget struct {
	size int64
	wait time.Duration

	mu      sync.Mutex
	used    int64
	waiters []*reservation // in arrival order
}

// reservation is a waiting request's cost; ready is closed once it holds it.
type reservation struct {
	n     int64
	ready chan struct{}
}

func newBudget(size int64, wait time.Duration) *budget {
	return &budget{size: size, wait: wait}
}

// acquire reserves n bytes, waiting at most b.wait or until ctx is done. It
// returns the bytes reserved (n, or the whole budget when n is larger) and
// whether it got them.
func (b *budget) acquire(ctx context.Context, n int64) (int64, bool) {
	return b.acquireWithin(ctx, n, b.wait)
}

// acquireWithin is acquire with a wait of its own.
func (b *budget) acquireWithin(ctx context.Context, n int64, wait time.Duration) (int64, bool) {
	n = max(min(n, b.size), 0)
	b.mu.Lock()
	if len(b.waiters) == 0 && b.used+n <= b.size {
		b.used += n
		b.mu.Unlock()
		return n, true
	}
	w := &reservation{n: n, ready: make(chan struct{})}
	b.waiters = append(b.waiters, w)
	b.mu.Unlock()

	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-w.ready:
		return n, true
	case <-t.C:
	case <-ctx.Done():
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-w.ready: // granted while timing out: give it back
		b.used -= n
	default:
		for i, x := range b.waiters {
			if x == w {
				b.waiters = append(b.waiters[:i], b.waiters[i+1:]...)
				break
			}
		}
	}
	b.grant() // the first waiter may have been the one in the way
	return 0, false
}

// release gives back n bytes that acquire reserved.
func (b *budget) release(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= n
	b.grant()
}

// grant hands the free bytes to the waiters in order, while the first fits.
func (b *budget) grant() {
	for len(b.waiters) > 0 && b.used+b.waiters[0].n <= b.size {
		w := b.waiters[0]
		b.waiters[0] = nil
		b.waiters = b.waiters[1:]
		b.used += w.n
		close(w.ready)
	}
}

// rateLimiter is a token bucket per client IP (golang.org/x/time/rate). It
// forgets clients idle for a minute so that its memory stays bounded.
//
// It is not go-chi/httprate, whose sliding window counts requests per
// window (the burst per burst/rate seconds): its Retry-After is the
// window's length, which a client that obeys it may find too short
// (-rate-limit 1 -rate-burst 2: refused twice, let through 4 s after its
// burst, where the token bucket's Retry-After of 1 s lets it through the
// first time), and 0 for a window under a second, where the contract's
// Retry-After is at least 1. A token bucket knows the exact wait.
type rateLimiter struct {
	limit rate.Limit
	burst int

	mu      sync.Mutex
	clients map[string]*client
	swept   time.Time
}

type client struct {
	lim  *rate.Limiter
	seen time.Time
}

// maxClients bounds the clients the rate limiter remembers.
const maxClients = 100000

func newRateLimiter(perSecond float64, burst int) *rateLimiter {
	return &rateLimiter{limit: rate.Limit(perSecond), burst: burst, clients: map[string]*client{}}
}

// allow reports whether ip may make a request now, and if not, in how many
// whole seconds it may.
func (rl *rateLimiter) allow(ip string, now time.Time) (bool, int) {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	if now.Sub(rl.swept) > time.Minute || len(rl.clients) >= maxClients {
		for k, c := range rl.clients {
			if now.Sub(c.seen) > time.Minute {
				delete(rl.clients, k)
			}
		}
		rl.swept = now
		if len(rl.clients) >= maxClients {
			clear(rl.clients) // a flood of addresses: start afresh
		}
	}
	c := rl.clients[ip]
	if c == nil {
		c = &client{lim: rate.NewLimiter(rl.limit, rl.burst)}
		rl.clients[ip] = c
	}
	c.seen = now
	r := c.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		secs := int((d + time.Second - 1) / time.Second)
		return false, max(secs, 1)
	}
	return true, 0
}

// rateLimit is middleware answering 429 rate_limited to a client over its
// rate.
func rateLimit(d *deps) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if d.rate == nil {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ok, retry := d.rate.allow(clientIP(r, d.cfg.TrustProxy), time.Now())
			if !ok {
				d.metrics.rateLimited.Inc()
				p := newProblem(http.StatusTooManyRequests, codeRateLimited, "too many requests from this client; retry after the time in Retry-After")
				p.retryAfter = retry
				writeProblem(w, r, p)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// clientIP is the IP the rate limit counts a request against. Behind a
// proxy it is the last address of X-Forwarded-For, the one the proxy
// appended: the addresses before it are whatever the client sent.
func clientIP(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			last := xff[len(xff)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if last = strings.TrimSpace(last); last != "" {
				return last
			}
		}
		if xr := r.Header.Get("X-Real-IP"); xr != "" {
			return strings.TrimSpace(xr)
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
