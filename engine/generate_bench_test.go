package engine

import (
	"context"
	"sort"
	"testing"
	"time"
)

// BenchmarkGenerate times Generate per (shape, level), one seed per
// iteration (seed i for iteration i), and reports the median time per
// puzzle (median-ns/op) beside the mean, because the time per puzzle has a
// long tail.
func BenchmarkGenerate(b *testing.B) {
	for _, bc := range []struct {
		size  int
		box   string
		level Level
	}{
		{9, "", Easy}, {9, "", Medium}, {9, "", Hard}, {9, "", Expert},
		{16, "", Easy}, {16, "", Medium}, {16, "", Hard},
		{25, "", Easy},
	} {
		s, err := ParseShape(bc.size, bc.box)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(shapeName(s)+"/"+bc.level.String(), func(b *testing.B) {
			ctx := context.Background()
			ds := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				st := time.Now()
				if _, err := Generate(ctx, NewRand(int64(i)), Options{Shape: s, Level: bc.level}); err != nil {
					b.Fatal(err)
				}
				ds = append(ds, time.Since(st))
			}
			sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
			b.ReportMetric(float64(ds[len(ds)/2].Nanoseconds()), "median-ns/op")
		})
	}
}

// shapeName is "9x9", or "12x12-4x3" for a box other than the default.
func shapeName(s Shape) string {
	name := s.String()[:len(s.String())-len(" ("+s.Box()+" boxes)")]
	if d, _ := DefaultShape(s.Size); d != s {
		name += "-" + s.Box()
	}
	return name
}
