package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestParseBoardForms(t *testing.T) {
	plain := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	zeros := strings.ReplaceAll(plain, ".", "0")
	b := mustParse(t, plain)
	if got := b.String(); got != plain {
		t.Fatalf("String() = %q", got)
	}
	pretty, err := ParseBoard(b.Pretty(), Shape{})
	if err != nil || pretty != b {
		t.Fatalf("Pretty round trip: %v\n%s", err, b.Pretty())
	}
	if z := mustParse(t, zeros); z != b {
		t.Fatal("0 and . differ")
	}
	g, err := FromGrid(b.Grid(), "")
	if err != nil || g != b {
		t.Fatalf("Grid round trip: %v", err)
	}
	if b.Get(0, 0) != 5 || b.Get(8, 8) != 9 || b.Empty() != 51 || b.Givens() != 30 {
		t.Fatalf("Get/Empty/Givens wrong: %d %d %d %d", b.Get(0, 0), b.Get(8, 8), b.Empty(), b.Givens())
	}
}

func TestParseBoardLetters(t *testing.T) {
	s16 := "123456789ABCDEFG" + strings.Repeat(".", 240)
	b := mustParse(t, strings.ToLower(s16))
	if b.Size() != 16 || b.Get(0, 15) != 16 || b.Get(0, 9) != 10 {
		t.Fatalf("16x16 letters: size %d r1c16 %d", b.Size(), b.Get(0, 15))
	}
	if b.String() != s16 {
		t.Fatalf("String() = %q", b.String())
	}
}

func TestParseBoardErrors(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		row, col int
	}{
		{strings.Repeat(".", 80), "81", -1, -1},
		{strings.Repeat(".", 50), "not a supported board", -1, -1},
		{"..A" + strings.Repeat(".", 78), `r1c3: symbol 'A'`, 0, 2},
		{strings.Repeat(".", 20) + "x" + strings.Repeat(".", 60), `r3c3: symbol 'x'`, 2, 2},
	} {
		_, err := ParseBoard(tc.in, Shape{})
		var be *BoardError
		if !errors.Is(err, ErrInvalidBoard) || !errors.As(err, &be) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseBoard(%.20q…) error %v, want one containing %q", tc.in, err, tc.want)
			continue
		}
		if tc.row >= 0 && (be.Row != tc.row || be.Col != tc.col) {
			t.Errorf("error at r%dc%d, want r%dc%d", be.Row+1, be.Col+1, tc.row+1, tc.col+1)
		}
	}
	if _, err := Parse(strings.Repeat(".", 36), 6, "3x3"); !errors.Is(err, ErrInvalidBoard) {
		t.Errorf("6x6 with 3x3 boxes: %v", err)
	}
	if _, err := Parse(strings.Repeat(".", 81), 6, ""); !errors.Is(err, ErrInvalidBoard) {
		t.Errorf("81 cells with size 6: %v", err)
	}
	if _, err := FromGrid([][]int{{1, 2, 3, 4}, {1, 2, 3}, {0, 0, 0, 0}, {0, 0, 0, 0}}, ""); !errors.Is(err, ErrInvalidBoard) {
		t.Errorf("ragged grid: %v", err)
	}
	if _, err := FromGrid([][]int{{5, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}, ""); !errors.Is(err, ErrInvalidBoard) {
		t.Errorf("value 5 on 4x4: %v", err)
	}
}

func TestConflicts(t *testing.T) {
	s, _ := ParseShape(6, "3x2")
	b := NewBoard(s)
	b.Set(0, 0, 1)
	b.Set(0, 5, 1) // same row
	b.Set(2, 1, 1) // same box (3x2 boxes) as r1c1
	b.Set(5, 5, 2)
	got := Conflicts(b)
	want := map[[2]int]string{{0, 0}: "row, box", {0, 5}: "row", {2, 1}: "box"}
	if len(got) != len(want) {
		t.Fatalf("Conflicts = %+v", got)
	}
	for _, c := range got {
		if w := want[[2]int{c.Row, c.Col}]; w != strings.Join(c.Units, ", ") || c.Value != 1 {
			t.Errorf("conflict %+v, want units %q", c, w)
		}
	}
	if Conflicts(mustParse(t, strings.Repeat(".", 81))) != nil {
		t.Error("empty board has conflicts")
	}
}

// parseCounting is ParseBoard with the zero Shape without its fast path:
// the symbols counted, the shape inferred from the count.
func parseCounting(s string) (Board, error) {
	shape, err := inferShape(countSymbols(s))
	if err != nil {
		return Board{}, err
	}
	return parseCells(s, shape)
}

// checkParseByLength fails when ParseBoard(s, Shape{}) answers otherwise
// than counting the symbols would (board, error and its message).
func checkParseByLength(tb testing.TB, s string) {
	tb.Helper()
	got, gotErr := ParseBoard(s, Shape{})
	want, wantErr := parseCounting(s)
	if got != want || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
		tb.Fatalf("ParseBoard(%q, Shape{}) = %v, %v; counting the symbols gives %v, %v", s, got, gotErr, want, wantErr)
	}
}

// TestParseBoardByLength: a line of N·N bytes is read at once with the
// default shape of N when that works, and otherwise (separators, symbols
// of several bytes, a value out of range, a size with no board) answers
// as counting the symbols does.
func TestParseBoardByLength(t *testing.T) {
	plain := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	for _, tc := range []struct {
		s    string
		fast bool // parseByLength answers it
	}{
		{plain, true},
		{strings.Repeat(".", 16), true},
		{strings.Repeat(".", 36), true},
		{strings.ToLower("123456789ABCDEFG") + strings.Repeat(".", 240), true},
		{strings.Repeat(".", 625), true},
		{"1234|341" + strings.Repeat(".", 8), false},               // 16 bytes, 15 symbols
		{"12\u00a0" + strings.Repeat(".", 32), false},              // 36 bytes, 34 symbols
		{strings.Repeat(".", 25), false},                           // 5×5: no board
		{strings.Repeat(".", 49), false},                           // 7×7: no board
		{"G" + strings.Repeat(".", 80), false},                     // 16 is not a 9×9 value
		{strings.Repeat("1", 64) + strings.Repeat("|", 17), false}, // 81 bytes, an 8×8 board
		{"", false},
		{"5", false},
	} {
		if _, ok := parseByLength(tc.s); ok != tc.fast {
			t.Errorf("parseByLength(%.20q…) = %v, want %v", tc.s, ok, tc.fast)
		}
		checkParseByLength(t, tc.s)
	}
}

func FuzzParseBoard(f *testing.F) {
	f.Add("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 0, "")
	f.Add("1234|3412\n2143-4321", 4, "2x2")
	f.Add("1234\u00a03412\u30002143\u20284321", 4, "2x2")
	f.Add("..3...1.....", 0, "")
	f.Add(strings.Repeat("0", 36), 6, "3x2")
	f.Fuzz(func(t *testing.T, s string, size int, box string) {
		checkParseByLength(t, s)
		b, err := Parse(s, size%30, box)
		if err != nil {
			if !errors.Is(err, ErrInvalidBoard) {
				t.Fatalf("error %v does not wrap ErrInvalidBoard", err)
			}
			return
		}
		again, err := ParseBoard(b.String(), b.Shape())
		if err != nil || again != b {
			t.Fatalf("round trip of %q: %v", b.String(), err)
		}
		pretty, err := ParseBoard(b.Pretty(), b.Shape())
		if err != nil || pretty != b {
			t.Fatalf("pretty round trip: %v", err)
		}
		g, err := FromGrid(b.Grid(), b.Shape().Box())
		if err != nil || g != b {
			t.Fatalf("grid round trip: %v", err)
		}
	})
}

func TestParseBoardAllocatesNothing(t *testing.T) {
	s := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	if a := testing.AllocsPerRun(100, func() { ParseBoard(s, Shape{}) }); a != 0 {
		t.Errorf("ParseBoard allocates %v times", a)
	}
}

// TestOutOfRangeValues: a value above N, which only Set and SetAt can
// store, makes Solve, CountSolutions, Grade and Hint answer ErrInvalidBoard
// naming the cell, Valid report false, Conflicts ignore it and the string
// forms show it as '?'; none of them panics. The 9×9 shape has a solver of
// its own, so a 16×16 board is checked too; 17 and 31 fit the candidate
// masks, 255 does not, and negative values or values past a byte stay out
// of range.
func TestOutOfRangeValues(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		shape Shape
		v     int
	}{{Shape{9, 3, 3}, 10}, {Shape{9, 3, 3}, 31}, {Shape{9, 3, 3}, 255}, {Shape{16, 4, 4}, 17}, {Shape{16, 4, 4}, 255},
		// Values that do not fit a byte: they wrapped (256 to an empty
		// cell, 261 to a 5, -1 to 255).
		{Shape{9, 3, 3}, 256}, {Shape{9, 3, 3}, 261}, {Shape{16, 4, 4}, -1}, {Shape{16, 4, 4}, 1 << 40}} {
		v, last := tc.v, tc.shape.Size-1
		b := NewBoard(tc.shape)
		b.Set(last, last, v)
		ok := NewBoard(tc.shape)
		check := func(name string, f func() error) {
			t.Helper()
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("value %d: %s panicked: %v", v, name, p)
				}
			}()
			err := f()
			var be *BoardError
			if !errors.As(err, &be) || be.Row != last || be.Col != last || !errors.Is(err, ErrInvalidBoard) {
				t.Errorf("%s value %d: %s: %v, want an invalid board error at %s", tc.shape.Box(), v, name, err, CellName(last, last))
			}
		}
		check("Solve", func() error { _, err := Solve(ctx, b, Limits{}); return err })
		check("CountSolutions", func() error { _, _, err := CountSolutions(ctx, b, 2, Limits{}); return err })
		check("Grade", func() error { _, err := Grade(ctx, b, Limits{}); return err })
		check("Hint", func() error { _, err := Hint(ctx, b, HintOptions{}, Limits{}); return err })
		check("Hint givens", func() error { _, err := Hint(ctx, ok, HintOptions{Givens: &b}, Limits{}); return err })
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("value %d: Conflicts panicked: %v", v, p)
				}
			}()
			if cs := Conflicts(b); cs != nil {
				t.Errorf("value %d: Conflicts %v", v, cs)
			}
			if Valid(&b) {
				t.Errorf("%s value %d: Valid is true", tc.shape.Box(), v)
			}
			want := strings.Repeat(".", tc.shape.Cells()-1) + "?"
			if got := b.String(); got != want {
				t.Errorf("value %d: String %q, want %q", v, got, want)
			}
			if got := string(b.AppendText(nil)); got != want {
				t.Errorf("value %d: AppendText %q, want %q", v, got, want)
			}
			if p := b.Pretty(); !strings.HasSuffix(p, "?\n") {
				t.Errorf("value %d: Pretty ends %q, want a '?'", v, p[len(p)-8:])
			}
		}()
	}
}

// TestParseBoardUnicodeSpace: whitespace is ignored, as the string form
// promises, including the non-ASCII kinds that a grid copied from a web page
// or a word processor brings (no-break space, em space, ideographic space,
// line separator); other non-ASCII symbols are still errors naming the cell.
func TestParseBoardUnicodeSpace(t *testing.T) {
	plain := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	want := mustParse(t, plain)
	for _, sep := range []string{"\u00a0", "\u2003", "\u3000", "\u2028", "\u0085", "\u202f"} {
		var sb strings.Builder
		for i, ch := range plain {
			sb.WriteRune(ch)
			if i%9 == 8 {
				sb.WriteString(sep + "|" + sep)
			} else {
				sb.WriteString(sep)
			}
		}
		got, err := ParseBoard(sb.String(), Shape{})
		if err != nil || got != want {
			t.Errorf("separator %U: %v, board %q; want %q", []rune(sep)[0], err, got.String(), plain)
		}
		if got, err := Parse(sb.String(), 0, ""); err != nil || got != want {
			t.Errorf("Parse with separator %U: %v", []rune(sep)[0], err)
		}
	}
	_, err := ParseBoard("\u00a0é"+plain[1:], Shape{})
	var be *BoardError
	if !errors.As(err, &be) || be.Row != 0 || be.Col != 0 || !strings.Contains(err.Error(), `r1c1: symbol 'é'`) {
		t.Errorf("a non-space non-ASCII symbol: %v, want an error naming r1c1 and 'é'", err)
	}
}
