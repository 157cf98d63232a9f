package api

import (
	"encoding/json"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/sudokud/sudokud/engine"
)

// rulesJSON is the rules object of a board request (openapi.yaml,
// "Rules"): the constraints a variant adds to classic Sudoku. Cells are
// [row, col] pairs, 0-based; their form is checked when the rules are
// put on a board (engineRules), so a bad cell is named with its index.
type rulesJSON struct {
	Regions        *regionsValue `json:"regions,omitempty"`
	Diagonals      string        `json:"diagonals,omitempty"`
	Windows        bool          `json:"windows,omitempty"`
	ExtraRegions   [][][]int     `json:"extra_regions,omitempty"`
	DisjointGroups bool          `json:"disjoint_groups,omitempty"`
	AntiKnight     bool          `json:"anti_knight,omitempty"`
	AntiKing       bool          `json:"anti_king,omitempty"`
	NonConsecutive bool          `json:"non_consecutive,omitempty"`
	Odd            [][]int       `json:"odd,omitempty"`
	Even           [][]int       `json:"even,omitempty"`
	Cages          []cageJSON    `json:"cages,omitempty"`
}

// cageJSON is a killer cage; a sum of 0 or none means the cells only
// differ.
type cageJSON struct {
	Cells [][]int `json:"cells"`
	Sum   int     `json:"sum,omitempty"`
}

// regionsValue is a jigsaw given as a string of N·N region symbols or as N
// rows of N integers. Each distinct symbol (or integer) is one region;
// regions are numbered in the order their first cell appears.
type regionsValue struct {
	str  *string
	grid [][]int
}

// UnmarshalJSON accepts a string or an array of rows of integers.
func (v *regionsValue) UnmarshalJSON(data []byte) error {
	var err error
	v.str, v.grid, err = stringOrRows(data, &boardValueError{field: "rules.regions", msg: "must be a string of region symbols or an array of rows of integers"})
	return err
}

// MarshalJSON writes the form the value was given in.
func (v regionsValue) MarshalJSON() ([]byte, error) {
	if v.str != nil {
		return json.Marshal(*v.str)
	}
	return json.Marshal(v.grid)
}

// numbers returns the region number of each cell, row-major, on a board of
// size n. A string's whitespace is ignored, so a pretty-printed layout
// pastes in as is.
func (v *regionsValue) numbers(n int) ([]int, error) {
	var out []int
	ids := map[any]int{}
	add := func(key any) error {
		g, ok := ids[key]
		if !ok {
			g = len(ids)
			if g == n {
				return rulesErr("regions", "has more than %d different region symbols; a %dx%d board has %d regions", n, n, n, n)
			}
			ids[key] = g
		}
		if len(out) == n*n {
			return rulesErr("regions", "has more than the %d cells of a %dx%d board", n*n, n, n)
		}
		out = append(out, g)
		return nil
	}
	if v.str != nil {
		for _, r := range *v.str {
			if unicode.IsSpace(r) {
				continue
			}
			if r == utf8.RuneError {
				return nil, rulesErr("regions", "is not valid UTF-8")
			}
			if err := add(r); err != nil {
				return nil, err
			}
		}
	} else {
		if len(v.grid) != n {
			return nil, rulesErr("regions", "has %d rows; a %dx%d board has %d", len(v.grid), n, n, n)
		}
		for i, row := range v.grid {
			if len(row) != n {
				return nil, rulesErr(fmt.Sprintf("regions[%d]", i), "has %d cells; a row of a %dx%d board has %d", len(row), n, n, n)
			}
			for _, g := range row {
				if err := add(g); err != nil {
					return nil, err
				}
			}
		}
	}
	if len(out) != n*n {
		return nil, rulesErr("regions", "has %d cells; a %dx%d board has %d", len(out), n, n, n*n)
	}
	return out, nil
}

func rulesErr(field, format string, args ...any) error {
	return &engine.RulesError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// engineRules turns the rules of a request for a board of size n into the
// engine's. Besides what the engine checks, it bounds how many cells each
// list may name (at most N² cages, extra regions, odd and even cells), so
// that no request makes the engine work on more than the board holds.
// Errors are *engine.RulesError naming the field without its "rules."
// prefix, as the engine's do.
func (rj *rulesJSON) engineRules(n int) (engine.Rules, error) {
	var r engine.Rules
	if rj == nil {
		return r, nil
	}
	cells := n * n
	var err error
	if rj.Regions != nil {
		if r.Regions, err = rj.Regions.numbers(n); err != nil {
			return r, err
		}
	}
	if r.Diagonals, err = engine.ParseDiagonals(rj.Diagonals); err != nil {
		return r, err
	}
	r.Windows, r.DisjointGroups = rj.Windows, rj.DisjointGroups
	r.AntiKnight, r.AntiKing, r.NonConsecutive = rj.AntiKnight, rj.AntiKing, rj.NonConsecutive
	if len(rj.ExtraRegions) > cells {
		return r, rulesErr("extra_regions", "has %d regions; at most %d on a %dx%d board", len(rj.ExtraRegions), cells, n, n)
	}
	for i, reg := range rj.ExtraRegions {
		field := fmt.Sprintf("extra_regions[%d]", i)
		if len(reg) != n {
			return r, rulesErr(field, "has %d cells; a region of a %dx%d board has %d", len(reg), n, n, n)
		}
		cs, err := cellList(field, reg, n)
		if err != nil {
			return r, err
		}
		r.ExtraRegions = append(r.ExtraRegions, cs)
	}
	if r.Odd, err = cellList("odd", rj.Odd, cells); err != nil {
		return r, err
	}
	if r.Even, err = cellList("even", rj.Even, cells); err != nil {
		return r, err
	}
	if len(rj.Cages) > cells {
		return r, rulesErr("cages", "has %d cages; at most %d on a %dx%d board", len(rj.Cages), cells, n, n)
	}
	for i, c := range rj.Cages {
		field := fmt.Sprintf("cages[%d].cells", i)
		if len(c.Cells) == 0 || len(c.Cells) > n {
			return r, rulesErr(field, "has %d cells; a cage holds 1 to %d", len(c.Cells), n)
		}
		cs, err := cellList(field, c.Cells, n)
		if err != nil {
			return r, err
		}
		r.Cages = append(r.Cages, engine.Cage{Cells: cs, Sum: c.Sum})
	}
	return r, nil
}

// cellList turns at most max [row, col] pairs into cells.
func cellList(field string, pairs [][]int, max int) ([]engine.Cell, error) {
	if len(pairs) > max {
		return nil, rulesErr(field, "has %d cells; at most %d", len(pairs), max)
	}
	if len(pairs) == 0 {
		return nil, nil
	}
	out := make([]engine.Cell, len(pairs))
	for i, p := range pairs {
		if len(p) != 2 {
			return nil, rulesErr(fmt.Sprintf("%s[%d]", field, i), "a cell is [row, col], not %d numbers", len(p))
		}
		out[i] = engine.Cell{Row: p[0], Col: p[1]}
	}
	return out, nil
}

// rulesJSONOf is the request form of r, regions as rows of integers: the
// inverse of engineRules.
func rulesJSONOf(r engine.Rules, n int) *rulesJSON {
	if r.IsClassic() {
		return nil
	}
	pairs := func(cs []engine.Cell) [][]int {
		if cs == nil {
			return nil
		}
		out := make([][]int, len(cs))
		for i, c := range cs {
			out[i] = []int{c.Row, c.Col}
		}
		return out
	}
	rj := &rulesJSON{
		Diagonals:      r.Diagonals.String(),
		Windows:        r.Windows,
		DisjointGroups: r.DisjointGroups,
		AntiKnight:     r.AntiKnight,
		AntiKing:       r.AntiKing,
		NonConsecutive: r.NonConsecutive,
		Odd:            pairs(r.Odd),
		Even:           pairs(r.Even),
	}
	if r.Regions != nil {
		g := make([][]int, n)
		for i := range g {
			g[i] = r.Regions[i*n : (i+1)*n]
		}
		rj.Regions = &regionsValue{grid: g}
	}
	for _, reg := range r.ExtraRegions {
		rj.ExtraRegions = append(rj.ExtraRegions, pairs(reg))
	}
	for _, c := range r.Cages {
		rj.Cages = append(rj.Cages, cageJSON{Cells: pairs(c.Cells), Sum: c.Sum})
	}
	return rj
}

// withRules puts the request's rules on b. A box given together with
// regions is an error: a jigsaw's regions replace the boxes.
func withRules(b engine.Board, rj *rulesJSON, box string) (engine.Board, error) {
	if rj == nil {
		return b, nil
	}
	if rj.Regions != nil && box != "" {
		return engine.Board{}, &engine.RulesError{Field: "regions", Msg: "cannot be given with box: a jigsaw's regions replace the boxes"}
	}
	r, err := rj.engineRules(b.Size())
	if err != nil {
		return engine.Board{}, err
	}
	return b.WithRules(r)
}
