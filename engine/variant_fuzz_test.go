package engine

import (
	"context"
	"errors"
	"testing"
)

// FuzzVariantRules builds rules from arbitrary bytes on a 4×4, 6×6 or 9×9
// board: WithRules must refuse or accept them without panicking, and an
// accepted board must solve, hint and grade within a small budget with only
// the package's errors; a solution keeps every rule and given.
func FuzzVariantRules(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{2, 0xff, 3, 9, 17, 40, 41, 42, 12, 1, 0, 5, 80})
	f.Add([]byte{1, 0x30, 5, 6, 7, 8, 20, 21, 22, 23})
	f.Fuzz(fuzzBody)
}

func fuzzBody(t *testing.T, data []byte) {
	{
		if len(data) < 3 {
			return
		}
		shape := []Shape{{4, 2, 2}, {6, 2, 3}, {9, 3, 3}}[int(data[0])%3]
		n := shape.Size
		flags := data[1]
		var r Rules
		r.Diagonals = Diagonals(flags & 3)
		r.Windows = flags&4 != 0
		r.DisjointGroups = flags&8 != 0
		r.AntiKnight = flags&16 != 0
		r.AntiKing = flags&32 != 0
		r.NonConsecutive = flags&64 != 0
		cell := func(x byte) Cell { return Cell{int(x) / n % (n + 1), int(x) % n} }
		rest := data[2:]
		b := NewBoard(shape)
		for len(rest) >= 2 {
			op, x := rest[0], rest[1]
			rest = rest[2:]
			switch op % 5 {
			case 0:
				b.SetAt(int(x)%(n*n), int(op/5)%(n+1))
			case 1:
				r.Odd = append(r.Odd, cell(x))
			case 2:
				r.Even = append(r.Even, cell(x))
			case 3:
				r.Cages = append(r.Cages, Cage{Cells: []Cell{cell(x)}, Sum: int(op / 5)})
			case 4:
				if k := len(r.Cages); k > 0 {
					r.Cages[k-1].Cells = append(r.Cages[k-1].Cells, cell(x))
					r.Cages[k-1].Sum += int(op / 5 % 10)
				}
			}
		}
		vb, err := b.WithRules(r)
		if err != nil {
			if !errors.Is(err, ErrInvalidRules) {
				t.Fatalf("WithRules: %v is not ErrInvalidRules", err)
			}
			return
		}
		lim := Limits{MaxNodes: 2000}
		ctx := context.Background()
		res, err := Solve(ctx, vb, lim)
		known := func(err error) bool {
			return err == nil || errors.Is(err, ErrConflict) || errors.Is(err, ErrUnsolvable) ||
				errors.Is(err, ErrSearchLimit) || errors.Is(err, ErrInvalidBoard) || errors.Is(err, ErrNoEmptyCells)
		}
		if !known(err) {
			t.Fatalf("Solve: %v", err)
		}
		if err == nil {
			vals := make([]int, n*n)
			for i := range vals {
				vals[i] = res.Solution.At(i)
				if g := vb.At(i); g != 0 && g != vals[i] {
					t.Fatalf("given %d at cell %d changed to %d", g, i, vals[i])
				}
			}
			if err := ruleCheck(shape, &r, vals, true); err != nil {
				t.Fatalf("solution breaks a rule: %v", err)
			}
		}
		if _, err := Hint(ctx, vb, HintOptions{}, lim); !known(err) {
			t.Fatalf("Hint: %v", err)
		}
		if _, err := Grade(ctx, vb, lim); !known(err) {
			t.Fatalf("Grade: %v", err)
		}
	}
}
