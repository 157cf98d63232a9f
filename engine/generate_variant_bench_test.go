package engine

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"
)

// BenchmarkGenerateVariant generates one puzzle per iteration, seed i,
// and reports the median and slowest puzzle besides the mean, in wall
// time and in CPU time of the generating thread (p50-cpu-ms, max-cpu-ms),
// which other load on a shared machine does not inflate.
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
		{"9x9/x/master", 9, VariantX, Master},
		{"9x9/jigsaw/master", 9, VariantJigsaw, Master},
		{"9x9/non_consecutive/master", 9, VariantNonConsecutive, Master},
		{"9x9/x/extreme", 9, VariantX, Extreme},
		{"9x9/anti_knight/extreme", 9, VariantAntiKnight, Extreme},
		{"9x9/non_consecutive/extreme", 9, VariantNonConsecutive, Extreme},
		{"8x8/x/master", 8, VariantX, Master},
		{"6x6/x/master", 6, VariantX, Master},
		{"16x16/jigsaw/easy", 16, VariantJigsaw, Easy},
		{"16x16/killer/easy", 16, VariantKiller, Easy},
	} {
		s, _ := DefaultShape(bc.size)
		b.Run(bc.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			var times, cpu []time.Duration
			seed := int64(0)
			for b.Loop() {
				start, c0 := time.Now(), threadCPU()
				if _, err := Generate(context.Background(), NewRand(seed), Options{Shape: s, Variant: bc.v, Level: bc.level}); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
				cpu = append(cpu, threadCPU()-c0)
				seed++
			}
			slices.Sort(times)
			slices.Sort(cpu)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds())/1000, "p50-cpu-ms")
			b.ReportMetric(float64(cpu[len(cpu)-1].Microseconds())/1000, "max-cpu-ms")
		})
	}
}
