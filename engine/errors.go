package engine

import (
	"errors"
	"fmt"
)

// Sentinel errors, for use with errors.Is. Each names one of the API's
// problem codes.
var (
	// ErrInvalidBoard: an unsupported size or box, a wrong length or shape,
	// or a symbol out of range. The error is a *BoardError.
	ErrInvalidBoard = errors.New("invalid board")
	// ErrConflict: givens that break a rule. The error is a *ConflictError.
	ErrConflict = errors.New("conflicting givens")
	// ErrUnsolvable: the board has no solution.
	ErrUnsolvable = errors.New("no solution")
	// ErrSearchLimit: the search exceeded its node budget or its context
	// was done before it could answer.
	ErrSearchLimit = errors.New("search limit exceeded")
	// ErrNoEmptyCells: a hint was asked for a full grid.
	ErrNoEmptyCells = errors.New("no empty cells")
	// ErrDifficultyUnavailable: the shape offers no puzzles of the
	// requested level.
	ErrDifficultyUnavailable = errors.New("difficulty unavailable")
)

// BoardError describes why a board or shape is invalid. Row and Col are
// 0-based and -1 when the error is not about one cell.
type BoardError struct {
	Msg      string
	Row, Col int
}

func boardError(msg string) *BoardError { return &BoardError{Msg: msg, Row: -1, Col: -1} }

func (e *BoardError) Error() string { return e.Msg }

// Is makes errors.Is(err, ErrInvalidBoard) true.
func (e *BoardError) Is(target error) bool { return target == ErrInvalidBoard }

// ConflictError lists the cells whose values clash.
type ConflictError struct {
	Conflicts []Conflict
}

func (e *ConflictError) Error() string {
	if len(e.Conflicts) == 0 {
		return "conflicting givens"
	}
	c := e.Conflicts[0]
	return fmt.Sprintf("conflicting givens: %d cells clash, first %s = %d (in %s)",
		len(e.Conflicts), CellName(c.Row, c.Col), c.Value, joinUnits(c.Units))
}

// Is makes errors.Is(err, ErrConflict) true.
func (e *ConflictError) Is(target error) bool { return target == ErrConflict }
