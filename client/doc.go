// Package client calls a sudokud server from Go. Its types and raw calls
// (openapi.gen.go) are generated from openapi.yaml by oapi-codegen; run
// `go generate ./client` after changing the spec. The rest is kept by hand:
// New and its options, a method per operation that returns the answer's
// body or an *Error carrying the problem's code, ValidateStream over NDJSON,
// and retries of 429 and 503 answers that honour Retry-After.
//
//	c, err := client.New("http://localhost:8080")
//	sol, err := c.Solve(ctx, client.SolveRequest{Puzzle: new("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")})
//	var apiErr *client.Error
//	if errors.As(err, &apiErr) && apiErr.Code == client.ProblemCodeConflict {
//		// apiErr.Problem.Conflicts lists the clashing cells
//	}
package client

//go:generate go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2 -config oapi-codegen.yaml ../openapi.yaml
