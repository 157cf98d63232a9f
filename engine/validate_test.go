package engine

import (
	"math/rand/v2"
	"testing"
)

// TestValidAgreesWithConflicts fills random boards of every shape and checks
// that Valid is true exactly when Conflicts finds nothing.
func TestValidAgreesWithConflicts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range Shapes() {
		for trial := 0; trial < 40; trial++ {
			b := NewBoard(s)
			// Few filled cells keep some boards valid, many make most invalid.
			fill := rng.IntN(s.Size * 2)
			for k := 0; k < fill; k++ {
				b.SetAt(rng.IntN(s.Cells()), 1+rng.IntN(s.Size))
			}
			if got, want := Valid(&b), Conflicts(b) == nil; got != want {
				t.Fatalf("%v: Valid = %v, Conflicts says %v for %s", s, got, want, b)
			}
		}
	}
}

func TestValidSolvedGrid(t *testing.T) {
	const solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	b, err := ParseBoard(solved, Shape{})
	if err != nil {
		t.Fatal(err)
	}
	if !Valid(&b) {
		t.Fatal("a solved grid is not Valid")
	}
	b.Set(0, 0, 3) // 3 is already in row 0
	if Valid(&b) {
		t.Fatal("a repeated value is Valid")
	}
	if n := testing.AllocsPerRun(100, func() { Valid(&b) }); n != 0 {
		t.Fatalf("Valid allocates %v times", n)
	}
}

func BenchmarkValid9x9(b *testing.B) {
	bd, _ := ParseBoard("534678912672195348198342567859761423426853791713924856961537284287419635345286179", Shape{})
	b.ReportAllocs()
	for b.Loop() {
		if !Valid(&bd) {
			b.Fatal("invalid")
		}
	}
}
