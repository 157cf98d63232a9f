package engine

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/sudokud/sudokud/internal/dataset"
)

// benchSolve solves the puzzles of a data set round-robin, b.N puzzles in
// all, proving uniqueness of each; the time per op is the time per puzzle,
// cpu-ns/op its CPU time on the benchmark's thread.
func benchSolve(b *testing.B, file string, max int) {
	ps := dataset.Load(b, file, max)
	boards := make([]Board, len(ps))
	for i, p := range ps {
		boards[i] = mustParse(b, p)
	}
	ctx := context.Background()
	lim := Limits{MaxNodes: 1 << 40}
	if _, err := Solve(ctx, boards[0], lim); err != nil {
		b.Fatal(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	c0 := threadCPU()
	for i := 0; i < b.N; i++ {
		if _, err := Solve(ctx, boards[i%len(boards)], lim); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(threadCPU()-c0)/float64(b.N), "cpu-ns/op")
}

func BenchmarkSolve(b *testing.B) {
	for _, set := range []struct {
		name, file string
	}{
		{"17_clue", "9x9/17_clue.txt"},
		{"magictour_top1465", "9x9/magictour_top1465.txt"},
		{"forum_hardest_1905_11plus", "9x9/forum_hardest_1905_11plus.txt"},
		{"forum_hardest_1106", "9x9/forum_hardest_1106.txt"},
		{"serg_benchmark", "9x9/serg_benchmark.txt"},
		{"goomii17_16x16", "16x16/goomii17_puzzles.txt"},
		{"gecode_16x16", "16x16/gecode_16x16.txt"},
	} {
		b.Run(set.name, func(b *testing.B) { benchSolve(b, set.file, 0) })
	}
}

// BenchmarkSolveGecode25 solves each minimal 25×25 puzzle of the gecode set
// on its own (solution and proof of uniqueness), reporting its nodes.
func BenchmarkSolveGecode25(b *testing.B) {
	ctx, lim := context.Background(), Limits{MaxNodes: 1 << 40}
	for i, p := range dataset.Load(b, "25x25/gecode_25x25.txt", 0) {
		board := mustParse(b, p)
		b.Run(fmt.Sprintf("puzzle_%02d", i+1), func(b *testing.B) {
			// Warm the pooled solver first, so that allocs/op counts warm
			// solves only (a hard puzzle runs few iterations, and the
			// first one's tables would dominate the mean).
			if _, err := Solve(ctx, board, lim); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				res, err := Solve(ctx, board, lim)
				if err != nil || !res.Unique {
					b.Fatalf("unique %v, %v", res.Unique, err)
				}
				nodes = res.Stats.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}

func BenchmarkSolveEmpty(b *testing.B) {
	for _, n := range []int{4, 6, 8, 9, 10, 12, 15, 16} {
		s, _ := DefaultShape(n)
		b.Run(s.String(), func(b *testing.B) {
			board := NewBoard(s)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := Solve(context.Background(), board, Limits{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
