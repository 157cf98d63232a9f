package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"slices"

	"github.com/sudokud/sudokud/api"
	"github.com/sudokud/sudokud/client"
)

// exampleServer serves the real API on a test server.
func exampleServer() (url string, stop func()) {
	srv, err := api.New(api.DefaultConfig(), nil, nil)
	if err != nil {
		panic(err)
	}
	ts := httptest.NewServer(srv)
	return ts.URL, func() { ts.Close(); srv.Close() }
}

func ExampleClient_Solve() {
	url, stop := exampleServer()
	defer stop()
	ctx := context.Background()

	c, err := client.New(url)
	if err != nil {
		panic(err)
	}
	sol, err := c.Solve(ctx, client.SolveRequest{Puzzle: new("1...............")})
	if err != nil {
		panic(err)
	}
	s, _ := sol.Solution.AsBoardString()
	fmt.Println(s, sol.Unique)

	_, err = c.Solve(ctx, client.SolveRequest{Puzzle: new("11..............")})
	var e *client.Error
	if errors.As(err, &e) && e.Code == client.ProblemCodeConflict {
		for _, cf := range *e.Problem.Conflicts {
			fmt.Printf("r%dc%d = %d clashes in %v\n", cf.Row+1, cf.Col+1, cf.Value, cf.Units)
		}
	}
	// Output:
	// 1234341221434321 false
	// r1c1 = 1 clashes in [row box]
	// r1c2 = 1 clashes in [row box]
}

func ExampleClient_ValidateStream() {
	url, stop := exampleServer()
	defer stop()

	c, err := client.New(url)
	if err != nil {
		panic(err)
	}
	items := []client.BatchItem{
		{Id: new("a"), Puzzle: new("1234341221434321")},
		{Id: new("b"), Puzzle: new("11..")},
	}
	for r, err := range c.ValidateStream(context.Background(), slices.Values(items)) {
		if err != nil {
			panic(err)
		}
		if r.Error != nil {
			fmt.Println(*r.Id, r.Error.Code)
			continue
		}
		fmt.Println(*r.Id, "solved:", *r.Solved)
	}
	// Output:
	// a solved: true
	// b invalid_board
}
