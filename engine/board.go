package engine

import (
	"fmt"
	"math"
	"strings"
	"unicode"
)

// Board is a value type: N·N cells of a Shape, each 0 (empty) or a value
// 1…N. Copying a Board copies its cells; it never allocates.
type Board struct {
	shape Shape
	cells [MaxCells]uint8
	rules *ruleSet // variant rules, nil for classic Sudoku
}

// NewBoard returns an empty board of shape s. s must be valid (from
// NewShape, DefaultShape or ParseShape).
func NewBoard(s Shape) Board { return Board{shape: s} }

// Shape returns the board's shape.
func (b *Board) Shape() Shape { return b.shape }

// Size returns N.
func (b *Board) Size() int { return b.shape.Size }

// Get returns the value at (row, col), 0 when empty.
func (b *Board) Get(row, col int) int { return int(b.cells[row*b.shape.Size+col]) }

// Set stores v (0 to clear) at (row, col). It does not check the rules. A
// value outside 0…N makes the board invalid (Solve, Grade and Hint answer
// ErrInvalidBoard naming the cell); one that does not fit a byte is kept as
// 255, so that it never wraps to an empty cell or a digit.
func (b *Board) Set(row, col, v int) { b.cells[row*b.shape.Size+col] = cellValue(v) }

// CellName returns the players' name of a 0-based cell: CellName(2, 6) is "r3c7".
func CellName(row, col int) string { return fmt.Sprintf("r%dc%d", row+1, col+1) }

// At returns the value of cell i (row-major index), 0 when empty.
func (b *Board) At(i int) int { return int(b.cells[i]) }

// SetAt stores v at cell i (row-major index), as Set does.
func (b *Board) SetAt(i, v int) { b.cells[i] = cellValue(v) }

// cellValue is v as a cell holds it: 255 (out of range on every board) for
// a value that does not fit a byte.
func cellValue(v int) uint8 {
	if uint(v) > math.MaxUint8 {
		return math.MaxUint8
	}
	return uint8(v)
}

// Empty returns the number of empty cells.
func (b *Board) Empty() int {
	n := 0
	for _, v := range b.cells[:b.shape.Cells()] {
		if v == 0 {
			n++
		}
	}
	return n
}

// valueOutOfRange is the error for value v in cell (r, c) of an n×n board.
func valueOutOfRange(r, c, v, n int) *BoardError {
	return &BoardError{Msg: fmt.Sprintf("%s: value %d is out of range 0-%d", CellName(r, c), v, n), Row: r, Col: c}
}

// outOfRange returns an error naming the first cell of b that holds a
// value above N (which only Set and SetAt can store), nil when none does.
func (b *Board) outOfRange() error {
	n := b.shape.Size
	for i, v := range b.cells[:b.shape.Cells()] {
		if int(v) > n {
			return valueOutOfRange(i/n, i%n, int(v), n)
		}
	}
	return nil
}

// Givens returns the number of filled cells.
func (b *Board) Givens() int { return b.shape.Cells() - b.Empty() }

// symbols maps values to their string form.
const symbols = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// symbol returns the string form of value v on b: '?' for a value above N,
// which only Set and SetAt can store and which no parser reads back.
func (b *Board) symbol(v uint8) byte {
	if int(v) > b.shape.Size {
		return '?'
	}
	return symbols[v]
}

// String returns the board in string form: N·N symbols, '.' for empty.
func (b Board) String() string { return string(b.AppendText(make([]byte, 0, b.shape.Cells()))) }

// AppendText appends the string form of b to dst, for callers that format
// many boards into one buffer without allocating.
func (b *Board) AppendText(dst []byte) []byte {
	for _, v := range b.cells[:b.shape.Cells()] {
		dst = append(dst, b.symbol(v))
	}
	return dst
}

// Pretty returns the board as text with box separators, one row per line.
// ParseBoard reads it back.
func (b Board) Pretty() string {
	n, r, c := b.shape.Size, b.shape.BoxRows, b.shape.BoxCols
	lines := make([]string, 0, n+n/r)
	var sep string
	for row := 0; row < n; row++ {
		var line []byte
		for col := 0; col < n; col++ {
			if col > 0 {
				line = append(line, ' ')
				if col%c == 0 {
					line = append(line, '|', ' ')
				}
			}
			line = append(line, b.symbol(b.cells[row*n+col]))
		}
		if sep == "" {
			sb := []byte(strings.Map(func(ch rune) rune {
				if ch == '|' {
					return '+'
				}
				return '-'
			}, string(line)))
			sep = string(sb)
		}
		if row > 0 && row%r == 0 {
			lines = append(lines, sep)
		}
		lines = append(lines, string(line))
	}
	return strings.Join(lines, "\n") + "\n"
}

// Grid returns the board as rows of integers, 0 for empty.
func (b Board) Grid() [][]int {
	n := b.shape.Size
	rows := make([][]int, n)
	flat := make([]int, n*n)
	for i := range flat {
		flat[i] = int(b.cells[i])
	}
	for r := range rows {
		rows[r] = flat[r*n : (r+1)*n : (r+1)*n]
	}
	return rows
}

// symbolValue returns the value of a board symbol, -1 for a separator to
// skip (any Unicode white space, as pasted grids bring no-break spaces,
// and '|', '-', '+') and -2 for a symbol that is never valid.
func symbolValue(ch rune) int {
	switch {
	case ch == '.' || ch == '0':
		return 0
	case ch >= '1' && ch <= '9':
		return int(ch - '0')
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 10
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 10
	case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f' || ch == '|' || ch == '-' || ch == '+':
		return -1
	case ch > unicode.MaxASCII && unicode.IsSpace(ch):
		return -1
	}
	return -2
}

// countSymbols returns the number of cell symbols in s.
func countSymbols(s string) int {
	n := 0
	for _, ch := range s {
		if symbolValue(ch) != -1 {
			n++
		}
	}
	return n
}

// ParseBoard parses the string form of a board. With the zero Shape the size
// is inferred from the number of cell symbols and the default box is used.
// Errors wrap ErrInvalidBoard and name the position (r3c7) and the symbol.
//
// With the zero Shape, a string of N·N bytes is first read as a board of the
// default shape of size N, and the symbols are counted only when that
// fails (separators, symbols of more than one byte): most puzzle lines are
// their cells alone, and a count would read them twice.
func ParseBoard(s string, shape Shape) (Board, error) {
	if shape.IsZero() {
		if b, ok := parseByLength(s); ok {
			return b, nil
		}
		var err error
		if shape, err = inferShape(countSymbols(s)); err != nil {
			return Board{}, err
		}
	} else if !shape.valid() {
		return Board{}, boardError(fmt.Sprintf("unsupported box %s for size %d: %s", shape.Box(), shape.Size, offered(shape.Size)))
	}
	return parseCells(s, shape)
}

// defaultShapes[n] is DefaultShape(n), the zero Shape for a size with none.
var defaultShapes = func() (d [MaxSize + 1]Shape) {
	for n := range d {
		d[n], _ = DefaultShape(n)
	}
	return d
}()

// parseByLength parses s as a board of the default shape of size N when s
// is N·N bytes long, and reports false when it is not or that fails.
func parseByLength(s string) (Board, bool) {
	n := int(math.Sqrt(float64(len(s))))
	if n*n != len(s) || n > MaxSize || defaultShapes[n].IsZero() {
		return Board{}, false
	}
	b, err := parseCells(s, defaultShapes[n])
	return b, err == nil
}

// parseCells parses the cells of s as a board of the valid shape.
func parseCells(s string, shape Shape) (Board, error) {
	b := Board{shape: shape}
	n, cells := shape.Size, shape.Cells()
	i := 0
	for _, ch := range s {
		v := symbolValue(ch)
		if v == -1 {
			continue
		}
		if i >= cells {
			return Board{}, boardError(fmt.Sprintf("too many cells: a %dx%d board has %d, the puzzle has %d", n, n, cells, countSymbols(s)))
		}
		if v < 0 || v > n {
			return Board{}, &BoardError{
				Msg: fmt.Sprintf("%s: symbol %q is not a value of a %dx%d board (1-%c)", CellName(i/n, i%n), ch, n, n, symbols[n]),
				Row: i / n, Col: i % n,
			}
		}
		b.cells[i] = uint8(v)
		i++
	}
	if i != cells {
		return Board{}, boardError(fmt.Sprintf("too few cells: a %dx%d board has %d, the puzzle has %d", n, n, cells, i))
	}
	return b, nil
}

// Parse parses a board in string form with an optional size (0 to infer it
// from the length) and box ("" for the default).
func Parse(s string, size int, box string) (Board, error) {
	if size == 0 {
		var err error
		if size, err = sizeFromCells(countSymbols(s)); err != nil {
			return Board{}, err
		}
	}
	shape, err := ParseShape(size, box)
	if err != nil {
		return Board{}, err
	}
	return ParseBoard(s, shape)
}

// FromGrid builds a board from rows of integers (0 = empty) with an optional
// box ("" for the default). The size is the number of rows.
func FromGrid(rows [][]int, box string) (Board, error) {
	n := len(rows)
	shape, err := ParseShape(n, box)
	if err != nil {
		return Board{}, err
	}
	b := Board{shape: shape}
	for r, row := range rows {
		if len(row) != n {
			return Board{}, &BoardError{Msg: fmt.Sprintf("row %d has %d cells, a %dx%d board needs %d", r+1, len(row), n, n, n), Row: r, Col: -1}
		}
		for c, v := range row {
			if v < 0 || v > n {
				return Board{}, valueOutOfRange(r, c, v, n)
			}
			b.cells[r*n+c] = uint8(v)
		}
	}
	return b, nil
}

func sizeFromCells(cells int) (int, error) {
	n := int(math.Sqrt(float64(cells)) + 0.5)
	if n*n == cells {
		for r := 2; r <= n/2; r++ {
			if n%r == 0 && (Shape{Size: n, BoxRows: r, BoxCols: n / r}).valid() {
				return n, nil // checked without ShapesOf, which allocates
			}
		}
	}
	below, above := "", ""
	for _, s := range Shapes() {
		if c := s.Cells(); c < cells {
			below = fmt.Sprintf("; %d cells make a %dx%d board", c, s.Size, s.Size)
		} else if c > cells && above == "" {
			above = fmt.Sprintf("; %d cells make a %dx%d board", c, s.Size, s.Size)
		}
	}
	return 0, boardError(fmt.Sprintf("%d cells is not a supported board (N·N cells for N in %s%s%s)", cells, sizeList(), below, above))
}

func inferShape(cells int) (Shape, error) {
	n, err := sizeFromCells(cells)
	if err != nil {
		return Shape{}, err
	}
	return DefaultShape(n)
}
