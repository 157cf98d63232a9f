package engine

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/big"
	"math/bits"
)

// ErrInvalidID: a puzzle id that does not decode (not base64url, cut short,
// an unknown version, shape or rule, a value out of range, or not the
// canonical form of its puzzle).
var ErrInvalidID = errors.New("invalid puzzle id")

// A puzzle id is the puzzle itself, bit-packed and written in base64url
// without padding, so that it needs no server state and never depends on
// the generator's release. Its bytes:
//
//	byte 0  version, idVersion (1)
//	byte 1  shape: (N-4)<<3 | i, where i is the index of the box among
//	        ShapesOf(N) (by box rows: 9 → 0 is 3x3; 6 → 0 is 2x3, 1 is 3x2)
//	byte 2  rules flags: 0 is classic Sudoku
//	then    the givens: one unsigned big-endian integer, without leading
//	        zero bytes (none at all for an empty board), whose low N·N bits
//	        say which cells are filled (bit i is cell i, row-major) and
//	        whose higher part holds their values in base N: the value of
//	        the j-th filled cell, minus 1, is its digit of weight N^j
//	last 2  a check: the low 16 bits of the CRC-32 (IEEE) of the bytes
//	        before it, big-endian, so that an id cut short or mistyped is
//	        refused rather than read as another puzzle
//
// A 9×9 puzzle with k givens takes 5 + ⌈(81 + k·log2 9)/8⌉ bytes: ≤ 40
// characters up to 37 givens (a 25-given puzzle is 35), 64 for a full grid.
//
// Variant rules go into the rules flags: bit b set says that section b
// follows the flags byte, before the givens, in the order of the bits
// (for example regions as N·N region numbers packed like the values, a
// diagonals byte, cages as cell lists with sums). Each section states its
// own length or has one fixed by the shape, so a decoder that knows the
// bits it finds reads the id whole; a flag it does not know makes the id
// invalid rather than misread. A change of layout takes a new version.
//
// Every puzzle has exactly one id: DecodeID accepts only the form that
// EncodeID writes (no padding, no stray bits, no leading zero bytes), so
// ids can be compared and cached as the puzzles they name.
const idVersion = 1

// idHeader is the number of bytes before the givens, idCheck the number
// after them.
const (
	idHeader = 3
	idCheck  = 2
)

// maxIDLen is the length of the longest id: a full 25×25 grid. DecodeID
// refuses longer text before decoding it.
var maxIDLen = func() int {
	n := MaxSize
	valueBits := bits.Len(uint(n - 1)) // an upper bound of log2 N
	return base64.RawURLEncoding.EncodedLen(idHeader + (n*n+n*n*valueBits+7)/8 + idCheck)
}()

// idEncoding is base64url without padding, refusing stray bits in the
// last character.
var idEncoding = base64.RawURLEncoding.Strict()

// EncodeID returns the id of board b: a short URL-safe text that DecodeID
// turns back into b (see the format above). The same board always has the
// same id. It returns "" for a board whose shape is not valid or that holds
// a value above N (which only Set and SetAt can store).
//
// Cost: O(k²) word operations for k givens, a few microseconds on 9×9.
func EncodeID(b Board) string {
	s := b.shape
	if !s.valid() || b.outOfRange() != nil {
		return ""
	}
	cells := s.Cells()
	var x, digit big.Int
	n := big.NewInt(int64(s.Size))
	for i := cells - 1; i >= 0; i-- {
		if v := b.cells[i]; v != 0 {
			x.Mul(&x, n)
			x.Add(&x, digit.SetInt64(int64(v-1)))
		}
	}
	x.Lsh(&x, uint(cells))
	for i, v := range b.cells[:cells] {
		if v != 0 {
			x.SetBit(&x, i, 1)
		}
	}
	size := idHeader + (x.BitLen()+7)/8
	raw := make([]byte, size+idCheck)
	raw[0], raw[1], raw[2] = idVersion, shapeByte(s), 0
	x.FillBytes(raw[idHeader:size])
	binary.BigEndian.PutUint16(raw[size:], idSum(raw[:size]))
	return idEncoding.EncodeToString(raw)
}

// idSum is the check of an id's bytes before it.
func idSum(b []byte) uint16 {
	return uint16(crc32.ChecksumIEEE(b))
}

// shapeByte is byte 1 of an id: N-4 and the index of the box among
// ShapesOf(N).
func shapeByte(s Shape) byte {
	i := 0
	for r := 2; r < s.BoxRows; r++ {
		if s.Size%r == 0 && (Shape{Size: s.Size, BoxRows: r, BoxCols: s.Size / r}).valid() {
			i++
		}
	}
	return byte(s.Size-MinSize)<<3 | byte(i)
}

// shapeOfByte is the shape byte 1 of an id names, false when it names none.
func shapeOfByte(c byte) (Shape, bool) {
	n, i := int(c>>3)+MinSize, int(c&7)
	for r := 2; r <= n/2; r++ {
		if s := (Shape{Size: n, BoxRows: r, BoxCols: n / r}); n%r == 0 && s.valid() {
			if i == 0 {
				return s, true
			}
			i--
		}
	}
	return Shape{}, false
}

// DecodeID returns the board that id names (see EncodeID). Errors wrap
// ErrInvalidID and say what is wrong: a character outside base64url, an id
// cut short or too long, an unknown version, shape or rule, or a form that
// EncodeID does not write. It never panics, whatever the text.
//
// Cost: O(k²) word operations for k givens; text longer than the longest
// id (a full 25×25 grid) is refused before any decoding.
func DecodeID(id string) (Board, error) {
	if id == "" {
		return Board{}, idError("the id is empty")
	}
	if len(id) > maxIDLen {
		return Board{}, idError(fmt.Sprintf("the id is %d characters long; the longest is %d", len(id), maxIDLen))
	}
	raw, err := idEncoding.DecodeString(id)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) && int(ce) < len(id) && !isIDChar(id[ce]) {
			return Board{}, idError(fmt.Sprintf("character %d (%q) is not part of an id (A-Z, a-z, 0-9, - and _)", int(ce)+1, id[ce]))
		}
		return Board{}, idError("the id is cut short or mistyped")
	}
	if len(raw) < idHeader+idCheck {
		return Board{}, idError("the id is cut short")
	}
	size := len(raw) - idCheck
	if binary.BigEndian.Uint16(raw[size:]) != idSum(raw[:size]) {
		return Board{}, idError("the id does not check: it is cut short or mistyped")
	}
	if raw[0] != idVersion {
		return Board{}, idError(fmt.Sprintf("unknown id version %d (this server reads version %d)", raw[0], idVersion))
	}
	s, ok := shapeOfByte(raw[1])
	if !ok {
		return Board{}, idError("the id names no supported board shape")
	}
	if raw[2] != 0 {
		return Board{}, idError(fmt.Sprintf("the id has rules this server does not know (flags %#02x)", raw[2]))
	}
	givens := raw[idHeader:size]
	if len(givens) > 0 && givens[0] == 0 {
		return Board{}, idError("the id is not in its canonical form (a leading zero byte)")
	}
	var x big.Int
	x.SetBytes(givens)
	cells := s.Cells()
	b := Board{shape: s}
	filled := 0
	for i := range cells {
		if x.Bit(i) != 0 {
			b.cells[i] = 1
			filled++
		}
	}
	x.Rsh(&x, uint(cells))
	// A value of k digits in base N is below N^k: compare bit lengths
	// first, so that a long id does not cost a division per digit to reject.
	if x.BitLen() > filled*bits.Len(uint(s.Size)) {
		return Board{}, idError("the id holds more than its givens")
	}
	n, digit := big.NewInt(int64(s.Size)), new(big.Int)
	for i := range cells {
		if b.cells[i] != 0 {
			x.QuoRem(&x, n, digit)
			b.cells[i] = uint8(digit.Int64() + 1)
		}
	}
	if x.Sign() != 0 {
		return Board{}, idError("the id holds more than its givens")
	}
	return b, nil
}

// isIDChar reports whether c is a base64url character.
func isIDChar(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// idError is an error wrapping ErrInvalidID.
func idError(msg string) error { return fmt.Errorf("%w: %s", ErrInvalidID, msg) }
