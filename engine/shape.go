package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Board size limits.
const (
	MinSize  = 4                 // smallest supported N
	MaxSize  = 25                // largest supported N
	MaxCells = MaxSize * MaxSize // cells on the largest board
)

// Shape is the geometry of a board: Size×Size cells in boxes of
// BoxRows×BoxCols. The zero Shape means "not given" where a function says
// so (ParseBoard infers it).
type Shape struct {
	Size    int // N, the number of rows, columns, boxes and values
	BoxRows int // R, rows per box
	BoxCols int // C, columns per box
}

// presets are the default boxes that openapi.yaml, the API contract, fixes
// for the classic sizes.
var presets = map[int][2]int{
	4: {2, 2}, 6: {2, 3}, 8: {2, 4}, 9: {3, 3},
	10: {2, 5}, 12: {3, 4}, 15: {3, 5}, 16: {4, 4},
}

// NewShape returns the shape of size n with boxes of r rows × c columns, or
// an error wrapping ErrInvalidBoard that lists the shapes n offers.
func NewShape(n, r, c int) (Shape, error) {
	s := Shape{Size: n, BoxRows: r, BoxCols: c}
	if !s.valid() {
		return Shape{}, boardError(fmt.Sprintf("unsupported box %dx%d for size %d: %s", r, c, n, offered(n)))
	}
	return s, nil
}

func (s Shape) valid() bool {
	return s.Size >= MinSize && s.Size <= MaxSize && s.BoxRows >= 2 && s.BoxCols >= 2 && s.BoxRows*s.BoxCols == s.Size
}

// offered describes the shapes of size n for an error message.
func offered(n int) string {
	shapes := ShapesOf(n)
	if len(shapes) == 0 {
		return fmt.Sprintf("size %d is not supported (sizes: %s)", n, sizeList())
	}
	boxes := make([]string, len(shapes))
	for i, s := range shapes {
		boxes[i] = s.Box()
	}
	return fmt.Sprintf("size %d offers boxes %s", n, strings.Join(boxes, ", "))
}

func sizeList() string {
	var out []string
	last := 0
	for _, s := range Shapes() {
		if s.Size != last {
			out = append(out, strconv.Itoa(s.Size))
			last = s.Size
		}
	}
	return strings.Join(out, ", ")
}

// DefaultShape returns the default shape of size n: the preset box for the
// classic sizes, otherwise the split with R ≤ C and R as large as possible.
func DefaultShape(n int) (Shape, error) {
	if p, ok := presets[n]; ok {
		return Shape{Size: n, BoxRows: p[0], BoxCols: p[1]}, nil
	}
	for r := min(n, MaxSize); r >= 2; r-- {
		if n%r == 0 && r <= n/r {
			if s := (Shape{Size: n, BoxRows: r, BoxCols: n / r}); s.valid() {
				return s, nil
			}
		}
	}
	return Shape{}, boardError(offered(n))
}

// ParseShape returns the shape of size n with the box written "RxC" (for
// example "2x3"), or the default box when box is empty.
func ParseShape(n int, box string) (Shape, error) {
	if box == "" {
		return DefaultShape(n)
	}
	rs, cs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(box)), "x")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if !ok || err1 != nil || err2 != nil {
		return Shape{}, boardError(fmt.Sprintf("box %q is not of the form RxC", box))
	}
	return NewShape(n, r, c)
}

// Shapes returns every supported shape, by size then box rows.
func Shapes() []Shape {
	var out []Shape
	for n := MinSize; n <= MaxSize; n++ {
		out = append(out, ShapesOf(n)...)
	}
	return out
}

// ShapesOf returns the supported shapes of size n, by box rows.
func ShapesOf(n int) []Shape {
	var out []Shape
	for r := 2; r <= min(n, MaxSize)/2; r++ {
		if s := (Shape{Size: n, BoxRows: r, BoxCols: n / r}); n%r == 0 && s.valid() {
			out = append(out, s)
		}
	}
	return out
}

// IsZero reports whether s is the zero Shape.
func (s Shape) IsZero() bool { return s == Shape{} }

// Cells returns N·N.
func (s Shape) Cells() int { return s.Size * s.Size }

// Box returns the box as "RxC".
func (s Shape) Box() string { return strconv.Itoa(s.BoxRows) + "x" + strconv.Itoa(s.BoxCols) }

// String returns the shape as "9x9 (3x3 boxes)".
func (s Shape) String() string {
	return fmt.Sprintf("%dx%d (%s boxes)", s.Size, s.Size, s.Box())
}

// BoxOf returns the index of the box holding (row, col), boxes numbered
// row-major from 0.
func (s Shape) BoxOf(row, col int) int {
	return (row/s.BoxRows)*(s.Size/s.BoxCols) + col/s.BoxCols
}
