package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
)

// BenchmarkSolveOverhead measures what the command adds to the engine on
// one thread: "engine" solves pre-parsed boards (as engine's
// BenchmarkSolve does), "command" runs 'sudoku solve -j 1' on the whole
// file in memory (reading, parsing, pipeline, formatting, writing). Both
// report ns/puzzle; their ratio is the overhead.
func BenchmarkSolveOverhead(b *testing.B) {
	for _, set := range []string{"9x9/forum_hardest_1106.txt", "9x9/magictour_top1465.txt", "9x9/17_clue.txt"} {
		ps := readPuzzles(b, set, 5000)
		name := strings.TrimSuffix(strings.TrimPrefix(set, "9x9/"), ".txt")
		in := strings.Join(ps, "\n") + "\n"
		b.Run(name+"/engine", func(b *testing.B) {
			boards := make([]engine.Board, len(ps))
			for i, p := range ps {
				var err error
				if boards[i], err = engine.ParseBoard(p, engine.Shape{}); err != nil {
					b.Fatal(err)
				}
			}
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for _, bd := range boards {
					if _, err := engine.Solve(ctx, bd, engine.Limits{}); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/puzzle")
		})
		b.Run(name+"/command", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if code := run(context.Background(), []string{"solve", "-j", "1"}, strings.NewReader(in), io.Discard, io.Discard); code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/puzzle")
		})
	}
}
