package engine

import "strings"

// Unit kinds named in a Conflict.
const (
	UnitRow    = "row"
	UnitColumn = "column"
	UnitBox    = "box"
)

// Conflict is a filled cell whose value repeats in one or more of its units.
// Row and Col are 0-based.
type Conflict struct {
	Row, Col, Value int
	Units           []string // UnitRow, UnitColumn, UnitBox: where the value repeats
}

// Conflicts returns every filled cell whose value repeats in its row, column
// or box, in row-major order, with the units it clashes in. On a variant
// board it names every rule each cell breaks (region, diagonal, cage_sum,
// anti_knight, parity, …). It returns nil when the board breaks no rule.
// Values above N (which only Set and SetAt can store) are ignored. Cost:
// O(N²).
func Conflicts(b Board) []Conflict {
	if b.rules != nil {
		return conflictsVariant(b)
	}
	t := topologyOf(b.shape)
	n := t.n
	// seen[u][v] counts value v in unit u.
	counts := make([]uint8, 3*n*(n+1))
	for c := 0; c < t.cells; c++ {
		if v := b.cells[c]; v != 0 && int(v) <= n {
			for _, u := range t.cellUnits[c] {
				if x := &counts[int(u)*(n+1)+int(v)]; *x < 255 {
					*x++
				}
			}
		}
	}
	var out []Conflict
	names := [3]string{UnitRow, UnitColumn, UnitBox}
	for c := 0; c < t.cells; c++ {
		v := b.cells[c]
		if v == 0 || int(v) > n {
			continue
		}
		var units []string
		for k, u := range t.cellUnits[c] {
			if counts[int(u)*(n+1)+int(v)] > 1 {
				units = append(units, names[k])
			}
		}
		if units != nil {
			out = append(out, Conflict{Row: c / n, Col: c % n, Value: int(v), Units: units})
		}
	}
	return out
}

func joinUnits(units []string) string { return strings.Join(units, ", ") }
