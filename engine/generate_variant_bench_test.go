package engine

import (
	"context"
	"slices"
	"testing"
	"time"
)

// BenchmarkGenerateVariant generates one puzzle per iteration, seed i,
// and reports the median and slowest puzzle besides the mean.
func BenchmarkGenerateVariant(b *testing.B) {
	for _, bc := range []struct {
		name  string
		size  int
		v     Variant
		level Level
	}{
		{"9x9/killer/hard", 9, VariantKiller, Hard},
		{"9x9/jigsaw/medium", 9, VariantJigsaw, Medium},
		{"9x9/x/hard", 9, VariantX, Hard},
		{"9x9/x/expert", 9, VariantX, Expert},
		{"16x16/jigsaw/easy", 16, VariantJigsaw, Easy},
		{"16x16/killer/easy", 16, VariantKiller, Easy},
	} {
		s, _ := DefaultShape(bc.size)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var times []time.Duration
			seed := int64(0)
			for b.Loop() {
				start := time.Now()
				if _, err := Generate(context.Background(), NewRand(seed), Options{Shape: s, Variant: bc.v, Level: bc.level}); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
				seed++
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
		})
	}
}
