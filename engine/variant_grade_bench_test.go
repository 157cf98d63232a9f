package engine

import (
	"context"
	"testing"
)

// BenchmarkGradeVariant grades the first three expert puzzles of each
// variant of testdata/variant/expert9.txt, one op a puzzle.
func BenchmarkGradeVariant(b *testing.B) {
	names, boards := variantExperts(b, 3)
	byVariant := map[string][]Board{}
	var order []string
	for i, name := range names {
		if byVariant[name] == nil {
			order = append(order, name)
		}
		byVariant[name] = append(byVariant[name], boards[i])
	}
	for _, name := range order {
		bs := byVariant[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if _, err := Grade(context.Background(), bs[i%len(bs)], Limits{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
