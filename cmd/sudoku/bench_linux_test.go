package main

import (
	"context"
	"io"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/internal/dataset"
)

// BenchmarkSolveOverhead (Linux: it reads the thread's CPU time) measures what the command adds to the engine on
// one thread: "engine" solves pre-parsed boards (as engine's
// BenchmarkSolve does), "command" runs 'sudoku solve -j 1' on the whole
// file in memory (reading, parsing, pipeline, formatting, writing). Both
// report ns/puzzle and the solving thread's cpu-ns/puzzle; their ratio is
// the overhead.
func BenchmarkSolveOverhead(b *testing.B) {
	for _, set := range []string{"9x9/forum_hardest_1106.txt", "9x9/magictour_top1465.txt", "9x9/17_clue.txt"} {
		ps := dataset.Load(b, set, 5000)
		name := strings.TrimSuffix(strings.TrimPrefix(set, "9x9/"), ".txt")
		in := strings.Join(ps, "\n") + "\n"
		b.Run(name+"/engine", func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
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
			cpu0 := cpuTime()
			for range b.N {
				for _, bd := range boards {
					if _, err := engine.Solve(ctx, bd, engine.Limits{}); err != nil {
						b.Fatal(err)
					}
				}
			}
			reportPerPuzzle(b, cpu0, b.N*len(ps))
		})
		b.Run(name+"/command", func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			cpu0 := cpuTime()
			for range b.N {
				if code := run(context.Background(), []string{"solve", "-j", "1"}, strings.NewReader(in), io.Discard, io.Discard); code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
			reportPerPuzzle(b, cpu0, b.N*len(ps))
		})
	}
}

// rusageThread is Linux's RUSAGE_THREAD.
const rusageThread = 1

// cpuTime returns the CPU time the calling thread has used, which a shared
// machine's load disturbs less than wall time. The benchmarks lock their
// goroutine to its thread; with -j 1 the command solves on it.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportPerPuzzle reports wall and CPU nanoseconds per puzzle.
func reportPerPuzzle(b *testing.B, cpu0 time.Duration, puzzles int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(puzzles), "ns/puzzle")
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(puzzles), "cpu-ns/puzzle")
}
