package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/rs/cors"
)

// requestIDKey is the context key of the request ID.
type requestIDKey struct{}

// requestIDFrom returns the request's ID, "" outside a request.
func requestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// requestID gives every request an ID: the client's X-Request-ID when it is
// short and plain, otherwise a random one. The answer carries it back.
func requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-ID")
		if !plainID(id) {
			var b [8]byte
			rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		w.Header().Set("X-Request-ID", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id)))
	})
}

func plainID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// recoverer turns a panic into a logged stack and a bare 500 problem: the
// client never sees the stack.
func recoverer(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				v := recover()
				if v == nil {
					return
				}
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.ErrorContext(r.Context(), "panic", "request_id", requestIDFrom(r.Context()),
					"path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				writeProblem(w, r, fmt.Errorf("panic: %v", v))
			}()
			next.ServeHTTP(w, r)
		})
	}
}

// routePattern is the chi route pattern of r, "unmatched" before routing or
// for no route, so the metric label set stays small.
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		if p := rc.RoutePattern(); p != "" {
			return p
		}
	}
	return "unmatched"
}

// methodLabel is the metric label of a request method: the method itself
// when it is one of HTTP's standard methods, otherwise "other", since any
// token is a method a client may send.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
		return m
	}
	return "other"
}

// statusAborted is the status label of a response cut off midway: the
// handler aborted it (panic(http.ErrAbortHandler), which goes on to
// net/http: a write timeout, the client gone, the server shutting down), or
// a write of it failed (see writeFailed). Its status line may have said 200,
// but the client did not get the answer.
const statusAborted = "aborted"

// failedKey is the context key of a request's write-failed flag (a *bool),
// which writeFailed sets for observe.
type failedKey struct{}

// writeFailed records that a write of r's answer failed: the client did
// not get it whole. Outside observe it does nothing.
func writeFailed(r *http.Request) {
	if failed, ok := r.Context().Value(failedKey{}).(*bool); ok {
		*failed = true
	}
}

// observe is the metrics and logging middleware: it counts and times each
// request by route pattern (read after the handler ran) and status, and
// logs it, with the cause of a 500 (see writeProblem) as "error". A
// response cut off midway is counted with status "aborted" (statusAborted)
// and logged at warn with aborted=true.
func observe(d *deps) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			d.metrics.inFlight.Inc()
			defer d.metrics.inFlight.Dec()
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			var cause error
			failed := false
			ctx := context.WithValue(r.Context(), causeKey{}, &cause)
			r = r.WithContext(context.WithValue(ctx, failedKey{}, &failed))
			aborted := true // until the handler returns
			defer func() {
				aborted = aborted || failed
				status := ww.Status()
				if status == 0 {
					status = http.StatusOK
				}
				elapsed := time.Since(start)
				route, method, code := routePattern(r), methodLabel(r.Method), strconv.Itoa(status)
				if aborted {
					code = statusAborted
				}
				d.metrics.requests.WithLabelValues(route, method, code).Inc()
				d.metrics.requestDuration.WithLabelValues(route, method, code).Observe(elapsed.Seconds())
				level := slog.LevelInfo
				switch {
				case status == http.StatusServiceUnavailable:
					// Shedding and draining: the server doing its job under
					// load or at shutdown, not a failure (a loaded server
					// logged an error per shed request).
					level = slog.LevelWarn
				case status >= 500:
					level = slog.LevelError
				case route == "/healthz" || route == "/readyz" || route == "/metrics":
					level = slog.LevelDebug
				}
				attrs := append(make([]slog.Attr, 0, 10),
					slog.String("request_id", requestIDFrom(r.Context())),
					slog.String("method", r.Method),
					slog.String("route", route),
					slog.String("path", r.URL.Path),
					slog.Int("status", status),
					slog.Int("bytes", ww.BytesWritten()),
					slog.Float64("duration_ms", float64(elapsed.Microseconds())/1000),
					slog.String("remote", r.RemoteAddr),
				)
				if cause != nil {
					attrs = append(attrs, slog.String("error", cause.Error()))
				}
				if aborted {
					// The client got no clean end: an answer cut short.
					level = max(level, slog.LevelWarn)
					attrs = append(attrs, slog.Bool("aborted", true))
				}
				d.log.LogAttrs(r.Context(), level, "request", attrs...)
			}()
			next.ServeHTTP(ww, r)
			aborted = false
		})
	}
}

// bodyLimit caps JSON request bodies at limit bytes. NDJSON streams have
// no total limit (their lines are capped instead). A body declared larger
// (Content-Length) is refused with 413 before any of it is read, so a
// client that sent "Expect: 100-continue" never sends it.
func bodyLimit(limit int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body != nil && mediaType(r) != mediaNDJSON {
				if r.ContentLength > limit {
					closeAfterResponse(w)
					writeProblem(w, r, jsonProblem(&http.MaxBytesError{Limit: limit}, "request body"))
					return
				}
				r.Body = http.MaxBytesReader(w, r.Body, limit)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// allowCORS lets browsers on the allowed origins call the API (rs/cors)
// and answers their preflight requests with 204. A preflight the library
// does not allow (another origin, a method the API has not) goes on to the
// router, where OPTIONS is a method like any other: 405, or 404 on a path
// that does not exist (openapi.yaml).
func allowCORS(origins []string) func(http.Handler) http.Handler {
	trimmed := make([]string, len(origins))
	for i, o := range origins {
		trimmed[i] = strings.TrimRight(strings.TrimSpace(o), "/")
	}
	c := cors.New(cors.Options{
		AllowedOrigins: trimmed,
		AllowedMethods: []string{http.MethodGet, http.MethodHead, http.MethodPost},
		AllowedHeaders: []string{"*"},
		ExposedHeaders: []string{"X-Request-ID", "Retry-After"},
		MaxAge:         600,
		// Passed through so that a preflight it refuses reaches the router.
		OptionsPassthrough: true,
	})
	return func(next http.Handler) http.Handler {
		return c.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" &&
				w.Header().Get("Access-Control-Allow-Origin") != "" {
				w.WriteHeader(http.StatusNoContent) // a preflight the library allowed
				return
			}
			next.ServeHTTP(w, r)
		}))
	}
}
