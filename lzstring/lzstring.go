// Package lzstring implements the base64 form of LZString, the compression
// that f-puzzles and SudokuPad put after "?load=" in their links: the npm
// package lz-string's compressToBase64 and decompressFromBase64.
//
// LZString works on UTF-16 code units, as JavaScript strings are; this
// package takes and returns Go strings (UTF-8) and converts at the edges,
// so any valid UTF-8 text survives a round trip and the compressed text is
// the one lz-string produces for the same string.
//
// Decompression is bounded: the caller gives the largest text it accepts
// and the decoder stops with ErrTooLarge as soon as the output would pass
// it, so a small input cannot expand without limit.
package lzstring

import (
	"errors"
	"strings"
	"unicode/utf16"
)

var (
	// ErrInvalid: the text is not LZString base64 (a character outside the
	// alphabet, a truncated stream, a reference to no dictionary entry).
	ErrInvalid = errors.New("lzstring: invalid compressed text")
	// ErrTooLarge: the decompressed text would pass the caller's limit.
	ErrTooLarge = errors.New("lzstring: decompressed text too large")
)

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

// value[ch] is ch's index in alphabet, or -1.
var value = func() (v [256]int8) {
	for i := range v {
		v[i] = -1
	}
	for i := range len(alphabet) {
		v[alphabet[i]] = int8(i)
	}
	return v
}()

// CompressToBase64 returns lz-string's compressToBase64 of s. Cost: O(len(s))
// map operations.
func CompressToBase64(s string) string {
	units := utf16.Encode([]rune(s))
	w := bitWriter{}
	compress(units, &w)
	out := w.sb.String()
	switch len(out) % 4 {
	case 1:
		out += "==="
	case 2:
		out += "=="
	case 3:
		out += "="
	}
	return out
}

// bitWriter packs values into 6-bit base64 characters, the lowest bit of
// each value first, as lz-string does.
type bitWriter struct {
	sb  strings.Builder
	val int
	pos int
}

func (w *bitWriter) write(value, bits int) {
	for range bits {
		w.val = w.val<<1 | value&1
		if w.pos == 5 {
			w.pos = 0
			w.sb.WriteByte(alphabet[w.val])
			w.val = 0
		} else {
			w.pos++
		}
		value >>= 1
	}
}

// flush pads the last character with zero bits.
func (w *bitWriter) flush() {
	for {
		w.val <<= 1
		if w.pos == 5 {
			w.sb.WriteByte(alphabet[w.val])
			return
		}
		w.pos++
	}
}

// compress is lz-string's _compress with 6 bits per character. A phrase is
// known by its code: the dictionary maps a phrase's code and the unit that
// extends it to the longer phrase's code, as an LZW trie.
func compress(units []uint16, w *bitWriter) {
	single := map[uint16]int{}   // code of each unit seen
	pending := map[uint16]bool{} // units not yet sent as literals
	longer := map[uint64]int{}   // code<<16 | unit → code
	enlargeIn, dictSize, numBits := 2, 3, 2
	grow := func() {
		enlargeIn--
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
	// emit writes the current phrase: a literal the first time a unit is
	// sent alone, else its code.
	emit := func(code, length int, first uint16) {
		if length == 1 && pending[first] {
			if first < 256 {
				w.write(0, numBits)
				w.write(int(first), 8)
			} else {
				w.write(1, numBits)
				w.write(int(first), 16)
			}
			grow()
			delete(pending, first)
		} else {
			w.write(code, numBits)
		}
		grow()
	}
	code, length, first := 0, 0, uint16(0) // the current phrase
	for _, u := range units {
		if _, ok := single[u]; !ok {
			single[u] = dictSize
			dictSize++
			pending[u] = true
		}
		if length == 0 {
			code, length, first = single[u], 1, u
			continue
		}
		key := uint64(code)<<16 | uint64(u)
		if c, ok := longer[key]; ok {
			code = c
			length++
			continue
		}
		emit(code, length, first)
		longer[key] = dictSize
		dictSize++
		code, length, first = single[u], 1, u
	}
	if length > 0 {
		emit(code, length, first)
	}
	w.write(2, numBits)
	w.flush()
}

// DecompressFromBase64 returns lz-string's decompressFromBase64 of s, an
// error wrapping ErrInvalid where lz-string would return null or "" for a
// non-empty input, and ErrTooLarge when the text would hold more than
// maxUnits UTF-16 code units (for ASCII text, bytes). Unpaired surrogates
// become U+FFFD. Cost: O(len(s) + maxUnits) time and memory.
func DecompressFromBase64(s string, maxUnits int) (string, error) {
	if s == "" {
		return "", ErrInvalid
	}
	for i := range len(s) {
		if value[s[i]] < 0 {
			return "", ErrInvalid
		}
	}
	units, err := decompress(s, maxUnits)
	if err != nil {
		return "", err
	}
	return string(utf16.Decode(units)), nil
}

// bitReader reads s as lz-string's getNextValue does: 6 bits a character,
// the highest first; past the end it reads zeros.
type bitReader struct {
	s     string
	val   int
	pos   int // mask of the next bit in val
	index int // next character of s
}

func (r *bitReader) read(bits int) int {
	out := 0
	for i := range bits {
		if r.val&r.pos != 0 {
			out |= 1 << i
		}
		r.pos >>= 1
		if r.pos == 0 {
			r.pos = 32
			r.val = 0
			if r.index < len(r.s) {
				r.val = int(value[r.s[r.index]])
			}
			r.index++
		}
	}
	return out
}

// entry is a dictionary phrase: units out[start:start+length] of the output,
// where every phrase the decoder builds appears in full.
type entry struct{ start, length int }

func decompress(s string, maxUnits int) ([]uint16, error) {
	r := bitReader{s: s, pos: 32, index: 1, val: int(value[s[0]])}
	var out []uint16
	dict := make([]entry, 3, 64) // codes 0, 1, 2 are the literal and end markers
	enlargeIn, numBits := 4, 3
	literal := func(bits int) (entry, error) {
		if len(out)+1 > maxUnits {
			return entry{}, ErrTooLarge
		}
		out = append(out, uint16(r.read(bits)))
		return entry{len(out) - 1, 1}, nil
	}
	var w entry
	switch r.read(2) {
	case 0:
		e, err := literal(8)
		if err != nil {
			return nil, err
		}
		w = e
	case 1:
		e, err := literal(16)
		if err != nil {
			return nil, err
		}
		w = e
	case 2:
		return out, nil
	default:
		return nil, ErrInvalid
	}
	dict = append(dict, w)
	for {
		if r.index > len(s) {
			return nil, ErrInvalid
		}
		c := r.read(numBits)
		var cur entry
		switch c {
		case 0, 1:
			e, err := literal(8 << c)
			if err != nil {
				return nil, err
			}
			dict = append(dict, e)
			enlargeIn--
			cur = e
		case 2:
			return out, nil
		}
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
		if c > 2 {
			switch {
			case c < len(dict):
				e := dict[c]
				if len(out)+e.length > maxUnits {
					return nil, ErrTooLarge
				}
				out = append(out, out[e.start:e.start+e.length]...)
				cur = entry{len(out) - e.length, e.length}
			case c == len(dict):
				// w followed by w's first unit.
				if len(out)+w.length+1 > maxUnits {
					return nil, ErrTooLarge
				}
				out = append(out, out[w.start:w.start+w.length]...)
				out = append(out, out[w.start])
				cur = entry{len(out) - w.length - 1, w.length + 1}
			default:
				return nil, ErrInvalid
			}
		}
		// The new phrase is w plus cur's first unit, which follows w in out.
		dict = append(dict, entry{w.start, w.length + 1})
		enlargeIn--
		w = cur
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
}
