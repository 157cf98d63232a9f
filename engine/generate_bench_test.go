package engine

import (
	"context"
	"runtime"
	"sort"
	"testing"
	"time"
)

// BenchmarkGenerate times Generate per (shape, level), one seed per
// iteration (seed i for iteration i), and reports the median time per
// puzzle (median-ns/op) beside the mean, because the time per puzzle has a
// long tail; and, on Linux, the median CPU time of the generating thread
// (median-cpu-ns/op), which other load on a shared machine does not
// inflate.
func BenchmarkGenerate(b *testing.B) {
	for _, bc := range []struct {
		size  int
		box   string
		level Level
	}{
		{9, "", Easy}, {9, "", Medium}, {9, "", Hard}, {9, "", Expert}, {9, "", Master}, {9, "", Extreme},
		{16, "", Easy}, {16, "", Medium}, {16, "", Hard},
		{25, "", Easy}, {25, "", Medium}, {25, "", Hard},
		{6, "", Medium}, {12, "4x3", Hard}, {12, "4x3", Master}, {16, "", Master},
	} {
		s, err := ParseShape(bc.size, bc.box)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(shapeName(s)+"/"+bc.level.String(), func(b *testing.B) {
			ctx := context.Background()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			ds := make([]time.Duration, 0, b.N)
			cpu := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				st, c0 := time.Now(), threadCPU()
				if _, err := Generate(ctx, NewRand(int64(i)), Options{Shape: s, Level: bc.level}); err != nil {
					b.Fatal(err)
				}
				ds = append(ds, time.Since(st))
				cpu = append(cpu, threadCPU()-c0)
			}
			sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
			sort.Slice(cpu, func(i, j int) bool { return cpu[i] < cpu[j] })
			b.ReportMetric(float64(ds[len(ds)/2].Nanoseconds()), "median-ns/op")
			b.ReportMetric(float64(cpu[len(cpu)/2].Nanoseconds()), "median-cpu-ns/op")
			b.ReportMetric(float64(ds[len(ds)-1].Nanoseconds()), "max-ns/op")
			b.ReportMetric(float64(cpu[len(cpu)-1].Nanoseconds()), "max-cpu-ns/op")
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
