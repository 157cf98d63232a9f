package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrInvalidRules: variant rules that are malformed or cannot hold on the
// board's shape. The error is a *RulesError naming the field.
var ErrInvalidRules = errors.New("invalid rules")

// RulesError describes why a set of rules is invalid. Field is the rule's
// JSON name, with an index where it helps ("cages[3].sum", "regions").
type RulesError struct {
	Field string
	Msg   string
}

func (e *RulesError) Error() string { return e.Field + ": " + e.Msg }

// Is makes errors.Is(err, ErrInvalidRules) true.
func (e *RulesError) Is(target error) bool { return target == ErrInvalidRules }

func rulesError(field, format string, args ...any) *RulesError {
	return &RulesError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Cage is a killer cage: its cells hold different values and, when Sum is
// above zero, add up to Sum.
type Cage struct {
	Cells []Cell
	Sum   int // 0: no sum, the cells only differ
}

// Diagonals names the diagonals of X-Sudoku that must hold every value once.
type Diagonals uint8

// The diagonals: Main runs r1c1 → rNcN, Anti rNc1 → r1cN.
const (
	DiagonalMain Diagonals = 1 << iota
	DiagonalAnti
	DiagonalBoth = DiagonalMain | DiagonalAnti
)

// String returns the API's name of d: "", "main", "anti" or "both".
func (d Diagonals) String() string {
	switch d {
	case DiagonalMain:
		return "main"
	case DiagonalAnti:
		return "anti"
	case DiagonalBoth:
		return "both"
	}
	return ""
}

// ParseDiagonals reads the API's name of a set of diagonals ("" for none).
func ParseDiagonals(s string) (Diagonals, error) {
	switch s {
	case "":
		return 0, nil
	case "main":
		return DiagonalMain, nil
	case "anti":
		return DiagonalAnti, nil
	case "both":
		return DiagonalBoth, nil
	}
	return 0, rulesError("diagonals", "%q is not one of main, anti, both", s)
}

// Rules are the constraints a variant adds to classic Sudoku (or, for
// Regions, puts in place of the boxes). The zero Rules is classic Sudoku.
// Cells are 0-based.
type Rules struct {
	// Regions, when not nil, holds N·N region numbers 0…N-1 in row-major
	// order: jigsaw regions of N orthogonally connected cells that replace
	// the boxes.
	Regions []int
	// Diagonals that hold every value once (X-Sudoku).
	Diagonals Diagonals
	// Windows adds the windoku boxes: boxes of the shape's box size placed
	// one cell in from each box corner. It needs square boxes.
	Windows bool
	// ExtraRegions are further units of N cells, each holding every value once.
	ExtraRegions [][]Cell
	// DisjointGroups makes the cells at the same position inside each box a unit.
	DisjointGroups bool
	// AntiKnight, AntiKing: cells a chess knight's (king's) move apart
	// never hold the same value.
	AntiKnight, AntiKing bool
	// NonConsecutive: orthogonally adjacent cells never hold consecutive values.
	NonConsecutive bool
	// Odd and Even cells hold odd (even) values.
	Odd, Even []Cell
	// Cages are killer cages.
	Cages []Cage
}

// IsClassic reports whether r adds nothing to classic Sudoku.
func (r *Rules) IsClassic() bool {
	return r == nil || (r.Regions == nil && r.Diagonals == 0 && !r.Windows && len(r.ExtraRegions) == 0 &&
		!r.DisjointGroups && !r.AntiKnight && !r.AntiKing && !r.NonConsecutive &&
		len(r.Odd) == 0 && len(r.Even) == 0 && len(r.Cages) == 0)
}

// Names returns the rules r holds, by their API names ("regions",
// "diagonals", …), in a fixed order.
func (r *Rules) Names() []string {
	if r == nil {
		return nil
	}
	var out []string
	add := func(ok bool, name string) {
		if ok {
			out = append(out, name)
		}
	}
	add(r.Regions != nil, "regions")
	add(r.Diagonals != 0, "diagonals")
	add(r.Windows, "windows")
	add(len(r.ExtraRegions) > 0, "extra_regions")
	add(r.DisjointGroups, "disjoint_groups")
	add(r.AntiKnight, "anti_knight")
	add(r.AntiKing, "anti_king")
	add(r.NonConsecutive, "non_consecutive")
	add(len(r.Odd) > 0, "odd")
	add(len(r.Even) > 0, "even")
	add(len(r.Cages) > 0, "cages")
	return out
}

// Validate checks r on shape s: every cell on the board, every region N
// orthogonally connected cells, no cell in two cages or in both Odd and
// Even, every cage sum reachable by distinct values, windows and disjoint
// groups only where the shape has the boxes they need. Errors are
// *RulesError naming the field. Cost: O(N² + the rules' size).
func (r *Rules) Validate(s Shape) error {
	if r == nil {
		return nil
	}
	n := s.Size
	cells := n * n
	onBoard := func(field string, c Cell) error {
		if c.Row < 0 || c.Row >= n || c.Col < 0 || c.Col >= n {
			return rulesError(field, "cell [%d,%d] is not on a %dx%d board", c.Row, c.Col, n, n)
		}
		return nil
	}
	if r.Regions != nil {
		if err := validRegions(r.Regions, n); err != nil {
			return err
		}
	}
	if r.Diagonals > DiagonalBoth {
		return rulesError("diagonals", "unknown diagonals %d", r.Diagonals)
	}
	if r.Windows && s.BoxRows != s.BoxCols {
		return rulesError("windows", "windows need square boxes; a %s board has %s boxes", fmt.Sprintf("%dx%d", n, n), s.Box())
	}
	if r.DisjointGroups && r.Regions != nil {
		return rulesError("disjoint_groups", "disjoint groups need boxes; a jigsaw has irregular regions")
	}
	if len(r.ExtraRegions) > cells {
		return rulesError("extra_regions", "%d extra regions; at most %d", len(r.ExtraRegions), cells)
	}
	for i, reg := range r.ExtraRegions {
		field := fmt.Sprintf("extra_regions[%d]", i)
		if len(reg) != n {
			return rulesError(field, "has %d cells; a region of a %dx%d board has %d", len(reg), n, n, n)
		}
		if err := distinctCells(field, reg, n, onBoard); err != nil {
			return err
		}
	}
	parity := make([]uint8, cells)
	for k, list := range [2][]Cell{r.Odd, r.Even} {
		name := [2]string{"odd", "even"}[k]
		for i, c := range list {
			field := fmt.Sprintf("%s[%d]", name, i)
			if err := onBoard(field, c); err != nil {
				return err
			}
			i := c.Row*n + c.Col
			if parity[i]&^(1<<k) != 0 {
				return rulesError(field, "%s is marked both odd and even", CellName(c.Row, c.Col))
			}
			parity[i] |= 1 << k
		}
	}
	if n == 0 {
		return nil
	}
	inCage := make([]int32, cells)
	for i, cage := range r.Cages {
		field := fmt.Sprintf("cages[%d]", i)
		if len(cage.Cells) == 0 || len(cage.Cells) > n {
			return rulesError(field+".cells", "has %d cells; a cage holds 1 to %d", len(cage.Cells), n)
		}
		if err := distinctCells(field+".cells", cage.Cells, n, onBoard); err != nil {
			return err
		}
		for _, c := range cage.Cells {
			at := &inCage[c.Row*n+c.Col]
			if *at != 0 {
				return rulesError(field+".cells", "%s is already in cage %d", CellName(c.Row, c.Col), *at-1)
			}
			*at = int32(i + 1)
		}
		if cage.Sum != 0 {
			k := len(cage.Cells)
			lo, hi := k*(k+1)/2, k*(2*n-k+1)/2
			if cage.Sum < lo || cage.Sum > hi {
				return rulesError(field+".sum", "%d distinct values of 1-%d add up to %d to %d, never %d", k, n, lo, hi, cage.Sum)
			}
		}
	}
	return nil
}

// distinctCells checks that cells are on the board and none repeats.
func distinctCells(field string, cells []Cell, n int, onBoard func(string, Cell) error) error {
	seen := make(map[int]bool, len(cells))
	for _, c := range cells {
		if err := onBoard(field, c); err != nil {
			return err
		}
		if seen[c.Row*n+c.Col] {
			return rulesError(field, "%s is listed twice", CellName(c.Row, c.Col))
		}
		seen[c.Row*n+c.Col] = true
	}
	return nil
}

// validRegions checks a jigsaw: N·N region numbers 0…N-1, each region N
// orthogonally connected cells.
func validRegions(regions []int, n int) error {
	if len(regions) != n*n {
		return rulesError("regions", "has %d cells; a %dx%d board has %d", len(regions), n, n, n*n)
	}
	size := make([]int, n)
	first := make([]int, n)
	for i, g := range regions {
		if g < 0 || g >= n {
			return rulesError("regions", "%s: region %d is not in 0-%d", CellName(i/n, i%n), g, n-1)
		}
		if size[g] == 0 {
			first[g] = i
		}
		size[g]++
	}
	for g, k := range size {
		if k != n {
			return rulesError("regions", "region %d has %d cells; each needs %d", g, k, n)
		}
	}
	seen := make([]bool, n*n)
	stack := make([]int, 0, n)
	for g := range n {
		reached := 0
		stack = append(stack[:0], first[g])
		seen[first[g]] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			reached++
			for _, j := range orthogonal(i, n) {
				if j >= 0 && !seen[j] && regions[j] == g {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		if reached != n {
			return rulesError("regions", "region %d is not orthogonally connected (%s reaches %d of its %d cells)", g, CellName(first[g]/n, first[g]%n), reached, n)
		}
	}
	return nil
}

// orthogonal returns the up to four orthogonal neighbours of cell i on an
// n×n board, -1 where the board ends.
func orthogonal(i, n int) [4]int {
	r, c := i/n, i%n
	out := [4]int{-1, -1, -1, -1}
	if r > 0 {
		out[0] = i - n
	}
	if r < n-1 {
		out[1] = i + n
	}
	if c > 0 {
		out[2] = i - 1
	}
	if c < n-1 {
		out[3] = i + 1
	}
	return out
}

// key returns a canonical text of r's structure, for the topology cache:
// two rules with the same key constrain a board the same way.
func (r *Rules) key(s Shape) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d/%d/%d|", s.Size, s.BoxRows, s.BoxCols)
	if r.Regions != nil {
		sb.WriteString("R")
		for _, g := range r.Regions {
			sb.WriteByte(byte('a' + g))
		}
	}
	fmt.Fprintf(&sb, "|D%d|W%t|G%t|N%t|K%t|C%t|", r.Diagonals, r.Windows, r.DisjointGroups, r.AntiKnight, r.AntiKing, r.NonConsecutive)
	cellList := func(tag string, cells []Cell) {
		idx := make([]int, len(cells))
		for i, c := range cells {
			idx[i] = c.Row*s.Size + c.Col
		}
		slices.Sort(idx)
		sb.WriteString(tag)
		for _, i := range idx {
			fmt.Fprintf(&sb, "%d,", i)
		}
		sb.WriteByte('|')
	}
	for _, reg := range r.ExtraRegions {
		cellList("E", reg)
	}
	cellList("O", r.Odd)
	cellList("V", r.Even)
	for _, cage := range r.Cages {
		fmt.Fprintf(&sb, "S%d", cage.Sum)
		cellList(":", cage.Cells)
	}
	return sb.String()
}
