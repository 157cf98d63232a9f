package engine

import "fmt"

// ParseCandidates reads a player's pencil marks for b, for
// HintOptions.Candidates: one string per cell in row-major order, listing
// the cell's candidates in the board's symbols in any order ("137", or
// "1AC" on a 16×16). A filled cell's string is empty; an empty cell's may
// be too (the player ruled every value out: Hint answers it as a mistake).
// Bit v-1 of a result is set when v is a candidate. Errors wrap
// ErrInvalidBoard and name the cell: a wrong count, a symbol that is not a
// value of the board, a repeated one, candidates for a filled cell.
func ParseCandidates(cells []string, b Board) ([]uint32, error) {
	n, total := b.shape.Size, b.shape.Cells()
	if len(cells) != total {
		return nil, boardError(fmt.Sprintf("candidates: %d cells, a %dx%d board has %d", len(cells), n, n, total))
	}
	out := make([]uint32, total)
	for i, s := range cells {
		row, col := i/n, i%n
		if s != "" && b.cells[i] != 0 {
			return nil, &BoardError{Msg: fmt.Sprintf("candidates: %s is filled, so its candidates must be empty, not %q", CellName(row, col), s), Row: row, Col: col}
		}
		var m uint32
		for _, ch := range s {
			v := symbolValue(ch)
			if v < 1 || v > n {
				return nil, &BoardError{Msg: fmt.Sprintf("candidates: %s: %q is not a value of a %dx%d board (1-%c)", CellName(row, col), ch, n, n, symbols[n]), Row: row, Col: col}
			}
			bit := uint32(1) << (v - 1)
			if m&bit != 0 {
				return nil, &BoardError{Msg: fmt.Sprintf("candidates: %s lists %c twice", CellName(row, col), symbols[v]), Row: row, Col: col}
			}
			m |= bit
		}
		out[i] = m
	}
	return out, nil
}
