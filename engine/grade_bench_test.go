package engine

import (
	"context"
	"slices"
	"testing"
	"time"
)

func benchGrade(b *testing.B, file string, max int) {
	benchBoards(b, loadBoards(b, file, max))
}

func benchBoards(b *testing.B, boards []Board) {
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Grade(ctx, boards[i%len(boards)], Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGrade grades puzzles of the data sets in turn; ns/op is the
// mean time per puzzle.
func BenchmarkGrade(b *testing.B) {
	b.Run("9x9/17_clue", func(b *testing.B) { benchGrade(b, "9x9/17_clue.txt", 1000) })
	b.Run("9x9/magictour_top1465", func(b *testing.B) { benchGrade(b, "9x9/magictour_top1465.txt", 0) })
	b.Run("9x9/forum_hardest_1106", func(b *testing.B) { benchGrade(b, "9x9/forum_hardest_1106.txt", 0) })
	b.Run("16x16/goomii17", func(b *testing.B) { benchGrade(b, "16x16/goomii17_puzzles.txt", 300) })
	// By level: up to 200 puzzles of each level from the 9×9 data sets.
	byLevel := map[Level][]Board{}
	for _, name := range []string{"9x9/17_clue.txt", "9x9/magictour_top1465.txt"} {
		for _, p := range loadBoards(b, name, 3000) {
			r, err := Grade(context.Background(), p, Limits{})
			if err == nil && len(byLevel[r.Level]) < 200 {
				byLevel[r.Level] = append(byLevel[r.Level], p)
			}
		}
	}
	for _, l := range AllLevels {
		if len(byLevel[l]) > 0 {
			b.Run("9x9/"+l.String(), func(b *testing.B) { benchBoards(b, byLevel[l]) })
		}
	}
}

func BenchmarkHint(b *testing.B) { benchHints(b, loadBoards(b, "9x9/17_clue.txt", 1000)) }

// benchHints asks one hint on each of boards in turn.
func benchHints(b *testing.B, boards []Board) {
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Hint(ctx, boards[i%len(boards)], HintOptions{}, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHintTop1465 asks one hint for each board of
// magictour_top1465 in turn (a bare board: the placement and the
// eliminations that lead to it) and reports the median, 99th percentile
// and largest time of one hint.
func BenchmarkHintTop1465(b *testing.B) {
	boards := loadBoards(b, "9x9/magictour_top1465.txt", 0)
	ctx := context.Background()
	times := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := Hint(ctx, boards[i%len(boards)], HintOptions{}, Limits{}); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	q := func(p float64) float64 { return float64(times[int(p*float64(len(times)-1))].Microseconds()) / 1000 }
	b.ReportMetric(q(0.5), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(q(1), "max-ms")
}
