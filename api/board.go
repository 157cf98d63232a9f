package api

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/sudokud/sudokud/engine"
)

// boardFields are the request fields that describe a board (openapi.yaml,
// "Boards"; it is the contract): exactly one of puzzle or grid, with
// optional size, box and rules, or an f-puzzles puzzle alone, which
// carries its own shape and rules.
// Size is a pointer so that a size given as 0 is out of range, not absent.
type boardFields struct {
	Size     *int           `json:"size,omitempty" validate:"omitempty,min=4,max=25"`
	Box      string         `json:"box,omitempty" validate:"omitempty,max=16"`
	Puzzle   *string        `json:"puzzle,omitempty" validate:"required_without_all=Grid FPuzzles,excluded_with=Grid FPuzzles"`
	Grid     [][]int        `json:"grid,omitempty" validate:"required_without_all=Puzzle FPuzzles,excluded_with=Puzzle FPuzzles"`
	Rules    *rulesJSON     `json:"rules,omitempty"`
	FPuzzles *fpuzzlesValue `json:"fpuzzles,omitempty" validate:"excluded_with=Size Box Rules"`
}

// board parses the board the fields describe, under their rules. Errors
// wrap engine.ErrInvalidBoard or engine.ErrInvalidRules, or, for an
// f-puzzles puzzle, fpuzzles.ErrUnsupported.
func (f *boardFields) board() (engine.Board, error) {
	if f.FPuzzles != nil {
		return f.FPuzzles.board()
	}
	size := 0
	if f.Size != nil {
		size = *f.Size
	}
	var (
		b   engine.Board
		err error
	)
	switch {
	case f.Grid != nil:
		b, err = gridBoard(f.Grid, size, f.Box)
	case f.Puzzle != nil:
		b, err = engine.Parse(*f.Puzzle, size, f.Box)
	default:
		return engine.Board{}, boardErr("give a puzzle or a grid")
	}
	if err != nil {
		return b, err
	}
	return withRules(b, f.Rules, f.Box)
}

// gridBoard builds a board from rows, checking a given size against the
// number of rows.
func gridBoard(rows [][]int, size int, box string) (engine.Board, error) {
	if size != 0 && size != len(rows) {
		return engine.Board{}, boardErr(fmt.Sprintf("size is %d but the grid has %d rows", size, len(rows)))
	}
	return engine.FromGrid(rows, box)
}

func boardErr(msg string) error { return &engine.BoardError{Msg: msg, Row: -1, Col: -1} }

// asGrid reports whether the request used the grid form, so the answer
// does too.
func (f *boardFields) asGrid() bool { return f.Grid != nil }

// boardOut returns b in the form the request used: a string or rows.
func boardOut(b engine.Board, grid bool) any {
	if grid {
		return b.Grid()
	}
	return b.String()
}

// boardValue is a board given in either form, for fields such as givens
// that follow the form of the puzzle.
type boardValue struct {
	str  *string
	grid [][]int
}

// boardValueError is a boardValue of the wrong JSON type.
type boardValueError struct{ field, msg string }

func (e *boardValueError) Error() string { return e.field + " " + e.msg }

// UnmarshalJSON accepts a string or an array of rows of integers.
func (v *boardValue) UnmarshalJSON(data []byte) error {
	var err error
	v.str, v.grid, err = stringOrRows(data, &boardValueError{field: "givens", msg: "must be a board string or an array of rows of integers"})
	return err
}

// stringOrRows decodes a JSON string or an array of rows of integers, or
// returns bad.
func stringOrRows(data []byte, bad error) (*string, [][]int, error) {
	data = bytes.TrimSpace(data)
	switch {
	case len(data) > 0 && data[0] == '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return nil, nil, bad
		}
		return &s, nil, nil
	case len(data) > 0 && data[0] == '[':
		var g [][]int
		if err := json.Unmarshal(data, &g); err != nil || g == nil {
			return nil, nil, bad
		}
		return nil, g, nil
	}
	return nil, nil, bad
}

// givensBoard parses givens in the shape of the puzzle. Errors wrap
// engine.ErrInvalidBoard and say that the givens are at fault.
func givensBoard(v *boardValue, s engine.Shape) (engine.Board, error) {
	var (
		b   engine.Board
		err error
	)
	if v.grid != nil {
		b, err = gridBoard(v.grid, s.Size, s.Box())
	} else {
		b, err = engine.ParseBoard(*v.str, s)
	}
	if err != nil {
		if be, ok := err.(*engine.BoardError); ok {
			return b, &engine.BoardError{Msg: "givens: " + be.Msg, Row: be.Row, Col: be.Col}
		}
		return b, err
	}
	return b, nil
}

// checkResult is what /validate reports about one board.
type checkResult struct {
	valid, complete bool
	conflicts       []conflict // nil when valid
}

// checkBoard checks b against the rules and, when givens is not nil,
// against the givens. A valid board costs no allocation.
func checkBoard(b *engine.Board, givens *engine.Board) checkResult {
	res := checkResult{valid: true, complete: b.Empty() == 0}
	if !engine.Valid(b) {
		res.valid = false
		res.conflicts = conflictsOf(engine.Conflicts(*b))
	}
	if givens == nil {
		return res
	}
	n := b.Size()
	var changed []conflict
	for i := range n * n {
		if g := givens.At(i); g != 0 && b.At(i) != g {
			changed = append(changed, conflict{Row: i / n, Col: i % n, Value: b.At(i), Rule: unitGiven, Units: []string{unitGiven}})
		}
	}
	if changed == nil {
		return res
	}
	res.valid = false
	res.conflicts = mergeConflicts(res.conflicts, changed)
	return res
}

// mergeConflicts merges two row-major lists of conflicts into one, joining
// the units of a cell that is in both.
func mergeConflicts(a, b []conflict) []conflict {
	out := make([]conflict, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || (len(a) > 0 && less(a[0], b[0])):
			out, a = append(out, a[0]), a[1:]
		case len(a) == 0 || less(b[0], a[0]):
			out, b = append(out, b[0]), b[1:]
		default:
			c := a[0]
			c.Units = append(append([]string(nil), c.Units...), b[0].Units...)
			out, a, b = append(out, c), a[1:], b[1:]
		}
	}
	return out
}

func less(a, b conflict) bool { return a.Row < b.Row || (a.Row == b.Row && a.Col < b.Col) }
