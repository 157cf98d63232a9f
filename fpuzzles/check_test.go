package fpuzzles

import (
	"fmt"

	"github.com/sudokud/sudokud/engine"
)

// checkSolution reports how vals (N·N values, row-major) breaks the rules
// r on shape s or the givens, written apart from the engine so that a
// wrong engine cannot pass its own test.
func checkSolution(s engine.Shape, r engine.Rules, givens, vals []int) error {
	n := s.Size
	at := func(c engine.Cell) int { return vals[c.Row*n+c.Col] }
	for i, v := range vals {
		if v < 1 || v > n {
			return fmt.Errorf("r%dc%d = %d, not in 1-%d", i/n+1, i%n+1, v, n)
		}
		if givens[i] != 0 && givens[i] != v {
			return fmt.Errorf("r%dc%d = %d, the given is %d", i/n+1, i%n+1, v, givens[i])
		}
	}
	type unit struct {
		name  string
		cells []engine.Cell
	}
	var units []unit
	add := func(name string, cells []engine.Cell) { units = append(units, unit{name, cells}) }
	for i := range n {
		var row, col []engine.Cell
		for j := range n {
			row = append(row, engine.Cell{Row: i, Col: j})
			col = append(col, engine.Cell{Row: j, Col: i})
		}
		add("row", row)
		add("column", col)
	}
	groups := map[int][]engine.Cell{}
	for i := range n * n {
		g := (i/n/s.BoxRows)*(n/s.BoxCols) + i%n/s.BoxCols
		if r.Regions != nil {
			g = r.Regions[i]
		}
		groups[g] = append(groups[g], engine.Cell{Row: i / n, Col: i % n})
	}
	for _, g := range groups {
		add("region", g)
	}
	var main, anti []engine.Cell
	for i := range n {
		main = append(main, engine.Cell{Row: i, Col: i})
		anti = append(anti, engine.Cell{Row: n - 1 - i, Col: i})
	}
	if r.Diagonals&engine.DiagonalMain != 0 {
		add("main diagonal", main)
	}
	if r.Diagonals&engine.DiagonalAnti != 0 {
		add("anti diagonal", anti)
	}
	for _, e := range r.ExtraRegions {
		add("extra region", e)
	}
	if r.Windows {
		for _, w := range windows(s) {
			add("window", w)
		}
	}
	if r.DisjointGroups {
		pos := map[int][]engine.Cell{}
		for i := range n * n {
			p := (i/n%s.BoxRows)*s.BoxCols + i%n%s.BoxCols
			pos[p] = append(pos[p], engine.Cell{Row: i / n, Col: i % n})
		}
		for _, g := range pos {
			add("disjoint group", g)
		}
	}
	for _, u := range units {
		if len(u.cells) != n {
			return fmt.Errorf("a %s of %d cells", u.name, len(u.cells))
		}
		seen := map[int]bool{}
		for _, c := range u.cells {
			if seen[at(c)] {
				return fmt.Errorf("%d twice in the %s of r%dc%d", at(c), u.name, u.cells[0].Row+1, u.cells[0].Col+1)
			}
			seen[at(c)] = true
		}
	}
	for i := range n * n {
		for j := range n * n {
			dr, dc := i/n-j/n, i%n-j%n
			d2 := dr*dr + dc*dc
			switch {
			case i == j:
			case r.AntiKnight && d2 == 5 && vals[i] == vals[j]:
				return fmt.Errorf("r%dc%d and r%dc%d, a knight's move apart, both hold %d", i/n+1, i%n+1, j/n+1, j%n+1, vals[i])
			case r.AntiKing && d2 <= 2 && vals[i] == vals[j]:
				return fmt.Errorf("r%dc%d and r%dc%d, a king's move apart, both hold %d", i/n+1, i%n+1, j/n+1, j%n+1, vals[i])
			case r.NonConsecutive && d2 == 1 && (vals[i]-vals[j] == 1 || vals[j]-vals[i] == 1):
				return fmt.Errorf("r%dc%d and r%dc%d are adjacent and consecutive", i/n+1, i%n+1, j/n+1, j%n+1)
			}
		}
	}
	for _, c := range r.Odd {
		if at(c)%2 == 0 {
			return fmt.Errorf("odd cell r%dc%d holds %d", c.Row+1, c.Col+1, at(c))
		}
	}
	for _, c := range r.Even {
		if at(c)%2 != 0 {
			return fmt.Errorf("even cell r%dc%d holds %d", c.Row+1, c.Col+1, at(c))
		}
	}
	for k, cage := range r.Cages {
		sum, seen := 0, map[int]bool{}
		for _, c := range cage.Cells {
			if seen[at(c)] {
				return fmt.Errorf("cage %d holds %d twice", k, at(c))
			}
			seen[at(c)] = true
			sum += at(c)
		}
		if cage.Sum != 0 && sum != cage.Sum {
			return fmt.Errorf("cage %d adds up to %d, not %d", k, sum, cage.Sum)
		}
	}
	return nil
}
