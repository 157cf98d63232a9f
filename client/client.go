package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Client calls one sudokud server. Each method sends one request (and its
// retries, see WithRetries) and returns the answer's body on 200, or an
// *Error for a problem answer. A Client is safe for concurrent use.
type Client struct {
	raw *RawClient
}

// Option sets up a Client in New.
type Option func(*settings)

type settings struct {
	doer    HttpRequestDoer
	retries int
	maxWait time.Duration
	editors []RequestEditorFn
}

// WithDoer sends the requests through d (an *http.Client with its own
// transport or timeout, say) instead of http.DefaultClient.
func WithDoer(d HttpRequestDoer) Option { return func(s *settings) { s.doer = d } }

// WithRetries sets how many times a request answered 429 rate_limited or
// 503 (overloaded, shutting_down) is sent again after the wait its
// Retry-After header asks for (3 by default; 0 turns retries off). A
// request whose body cannot be sent twice (ValidateStream's) is not
// retried.
func WithRetries(n int) Option {
	return func(s *settings) { s.retries = max(n, 0) }
}

// WithMaxRetryWait caps the wait before a retry (30 s by default): an
// answer whose Retry-After asks for longer is returned as its *Error.
func WithMaxRetryWait(d time.Duration) Option { return func(s *settings) { s.maxWait = d } }

// WithEditor lets fn change every request before it is sent (to add a
// header, say).
func WithEditor(fn RequestEditorFn) Option {
	return func(s *settings) { s.editors = append(s.editors, fn) }
}

// New returns a Client of the server at baseURL ("http://localhost:8080").
func New(baseURL string, opts ...Option) (*Client, error) {
	s := settings{doer: http.DefaultClient, retries: 3, maxWait: 30 * time.Second}
	for _, o := range opts {
		o(&s)
	}
	doer := s.doer
	if s.retries > 0 {
		doer = &retryDoer{next: s.doer, retries: s.retries, maxWait: s.maxWait}
	}
	copts := []ClientOption{WithHTTPClient(doer)}
	for _, fn := range s.editors {
		copts = append(copts, WithRequestEditorFn(fn))
	}
	raw, err := NewClient(baseURL, copts...)
	if err != nil {
		return nil, err
	}
	return &Client{raw: raw}, nil
}

// Raw returns the generated client underneath, whose methods return the
// *http.Response as it came (for the playground's page, or headers).
func (c *Client) Raw() *RawClient { return c.raw }

// Solve solves a puzzle (POST /solve).
func (c *Client) Solve(ctx context.Context, req SolveRequest) (*SolveResponse, error) {
	return decode[SolveResponse](c.raw.Solve(ctx, req))
}

// Hint returns the next step (POST /hint).
func (c *Client) Hint(ctx context.Context, req HintRequest) (*HintResponse, error) {
	return decode[HintResponse](c.raw.Hint(ctx, req))
}

// Generate generates puzzles from a JSON body (POST /generate); the zero
// request takes every default.
func (c *Client) Generate(ctx context.Context, req GenerateRequest) (*GenerateResponse, error) {
	return decode[GenerateResponse](c.raw.GeneratePost(ctx, req))
}

// GenerateGet generates puzzles from a query string (GET /generate); nil
// params take every default.
func (c *Client) GenerateGet(ctx context.Context, params *GenerateGetParams) (*GenerateResponse, error) {
	return decode[GenerateResponse](c.raw.GenerateGet(ctx, params))
}

// Validate checks one board (POST /validate).
func (c *Client) Validate(ctx context.Context, req ValidateRequest) (*ValidateResponse, error) {
	return postJSON[ValidateResponse](ctx, c, req)
}

// ValidateBatch checks boards in one request (POST /validate with items);
// an item the server cannot check gets a result with an Error.
func (c *Client) ValidateBatch(ctx context.Context, items []BatchItem) (*BatchResponse, error) {
	anys := make([]any, len(items))
	for i, it := range items {
		anys[i] = it
	}
	return postJSON[BatchResponse](ctx, c, BatchRequest{Items: anys})
}

// postJSON posts v to /validate, whose body schema is a union the
// generated call would take only as raw bytes.
func postJSON[T any](ctx context.Context, c *Client, v any) (*T, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return decode[T](c.raw.ValidateWithBody(ctx, "application/json", bytes.NewReader(body)))
}

// PuzzleID returns a board's id with its solution and rating
// (POST /puzzles); Puzzle(id) serves the same answer.
func (c *Client) PuzzleID(ctx context.Context, req SolveRequest) (*PuzzleByID, error) {
	return decode[PuzzleByID](c.raw.PuzzleId(ctx, req))
}

// Puzzle returns the puzzle an id encodes, its solution and its rating
// (GET /puzzles/{id}); an id that does not decode is an *Error with code
// invalid_id.
func (c *Client) Puzzle(ctx context.Context, id string) (*PuzzleByID, error) {
	return decode[PuzzleByID](c.raw.PuzzleGet(ctx, id, nil))
}

// PuzzleSVG draws the puzzle an id encodes as SVG (GET /puzzles/{id}.svg);
// nil params take the defaults (600 px, light, the givens alone).
func (c *Client) PuzzleSVG(ctx context.Context, id string, params *PuzzleSVGParams) ([]byte, error) {
	return readAll(c.raw.PuzzleSVG(ctx, id, params))
}

// PuzzlePNG draws the puzzle an id encodes as a PNG image (GET
// /puzzles/{id}.png); nil params take the defaults.
func (c *Client) PuzzlePNG(ctx context.Context, id string, params *PuzzlePNGParams) ([]byte, error) {
	return readAll(c.raw.PuzzlePNG(ctx, id, params))
}

// Print returns a PDF booklet of the puzzles req names or generates,
// their solutions at the back unless req says not (POST /print).
func (c *Client) Print(ctx context.Context, req PrintRequest) ([]byte, error) {
	return readAll(c.raw.Print(ctx, req))
}

// Daily returns the puzzle of a day for a shape and level (GET /daily);
// nil params take every default (today's 9×9).
func (c *Client) Daily(ctx context.Context, params *DailyParams) (*DailyPuzzle, error) {
	return decode[DailyPuzzle](c.raw.Daily(ctx, params))
}

// Shapes lists the board shapes and the levels each offers (GET /shapes).
func (c *Client) Shapes(ctx context.Context) (*Shapes, error) {
	return decode[Shapes](c.raw.Shapes(ctx))
}

// Techniques lists the solver's techniques in the order it tries them
// (GET /techniques).
func (c *Client) Techniques(ctx context.Context) (*Techniques, error) {
	return decode[Techniques](c.raw.Techniques(ctx))
}

// Healthz tells whether the server is alive (GET /healthz).
func (c *Client) Healthz(ctx context.Context) (*Status, error) {
	return decode[Status](c.raw.Healthz(ctx))
}

// Readyz tells whether the server takes work (GET /readyz): an *Error with
// code shutting_down once it has begun to shut down.
func (c *Client) Readyz(ctx context.Context) (*Status, error) {
	return decode[Status](c.raw.Readyz(ctx))
}

// Metrics returns the Prometheus text of GET /metrics.
func (c *Client) Metrics(ctx context.Context) (string, error) {
	b, err := readAll(c.raw.Metrics(ctx))
	return string(b), err
}

// OpenAPI returns the server's openapi.yaml (GET /openapi.yaml).
func (c *Client) OpenAPI(ctx context.Context) ([]byte, error) {
	return readAll(c.raw.Openapi(ctx))
}

// decode reads a 200 answer's JSON body into a T, or the problem of any
// other answer into an *Error.
func decode[T any](rsp *http.Response, err error) (*T, error) {
	b, err := readAll(rsp, err)
	if err != nil {
		return nil, err
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("sudokud: %s %s: decode the answer: %w", rsp.Request.Method, rsp.Request.URL.Path, err)
	}
	return &v, nil
}

// readAll reads a 200 answer's body, or turns another answer into an *Error.
func readAll(rsp *http.Response, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	defer rsp.Body.Close()
	if rsp.StatusCode != http.StatusOK {
		return nil, problemOf(rsp)
	}
	b, err := io.ReadAll(rsp.Body)
	if err != nil {
		return nil, fmt.Errorf("sudokud: %s %s: read the answer: %w", rsp.Request.Method, rsp.Request.URL.Path, err)
	}
	return b, nil
}

// isJSON tells whether a Content-Type is JSON or a +json type.
func isJSON(contentType string) bool {
	mt, _, _ := strings.Cut(contentType, ";")
	mt = strings.TrimSpace(strings.ToLower(mt))
	return mt == "application/json" || strings.HasSuffix(mt, "+json")
}
