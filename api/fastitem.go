package api

import "github.com/sudokud/sudokud/engine"

// fastParser decodes the common shape of a batch item without reflection
// or allocation: one JSON object whose keys are exactly "id", "size",
// "box", "puzzle", "grid" and "givens" (no "rules"), strings of printable ASCII without
// escapes, small non-negative integers, and grids of them. It accepts only
// what encoding/json and the validator would accept with the same meaning;
// anything else (escapes, null, unknown or repeated keys, odd numbers, a
// missing board, …) makes it decline, and the caller decodes the item with
// encoding/json, which also writes the error. FuzzFastParser holds the two
// paths to the same answers.
type fastParser struct {
	cells  [2][engine.MaxCells]int // backing store for grid and givens rows
	rows   [2][25][]int
	data   []byte
	pos    int
	failed bool
}

// parse decodes item into in and reports whether it could.
func (p *fastParser) parse(item []byte, in *itemInput) bool {
	*in = itemInput{}
	p.data, p.pos, p.failed = item, 0, false
	var seen uint8
	const (
		seenID = 1 << iota
		seenSize
		seenBox
		seenPuzzle
		seenGrid
		seenGivens
	)
	p.ws()
	if !p.eat('{') {
		return false
	}
	p.ws()
	if p.peek() == '}' {
		return false // no board: let the validator say so
	}
	for {
		p.ws()
		key, ok := p.str()
		if !ok {
			return false
		}
		p.ws()
		if !p.eat(':') {
			return false
		}
		p.ws()
		var bit uint8
		switch string(key) {
		case "id":
			bit = seenID
			start := p.pos
			if _, ok := p.str(); !ok {
				return false
			}
			if p.pos-start-2 > maxIDChars {
				return false // too long: the validator says so
			}
			in.id = p.data[start:p.pos]
		case "size":
			bit = seenSize
			n, ok := p.smallInt()
			if !ok {
				return false
			}
			in.size = n
		case "box":
			bit = seenBox
			s, ok := p.str()
			if !ok {
				return false
			}
			in.box = s
		case "puzzle":
			bit = seenPuzzle
			s, ok := p.str()
			if !ok {
				return false
			}
			in.puzzle, in.hasPuzzle = s, true
		case "grid":
			bit = seenGrid
			g, ok := p.grid(0)
			if !ok {
				return false
			}
			in.grid = g
		case "givens":
			bit = seenGivens
			in.hasGivens = true
			if p.peek() == '"' {
				s, ok := p.str()
				if !ok {
					return false
				}
				in.givensStr = s
			} else {
				g, ok := p.grid(1)
				if !ok {
					return false
				}
				in.givensGrid = g
			}
		default:
			return false
		}
		if seen&bit != 0 {
			return false
		}
		seen |= bit
		p.ws()
		if p.eat(',') {
			continue
		}
		if p.eat('}') {
			break
		}
		return false
	}
	p.ws()
	if p.pos != len(p.data) {
		return false
	}
	// The validator's rules: exactly one of puzzle and grid, size 4…25
	// when given, box at most 16 bytes.
	if (seen&seenPuzzle != 0) == (seen&seenGrid != 0) {
		return false
	}
	if seen&seenSize != 0 && (in.size < 4 || in.size > 25) {
		return false
	}
	return len(in.box) <= 16
}

func (p *fastParser) peek() byte {
	if p.pos < len(p.data) {
		return p.data[p.pos]
	}
	return 0
}

func (p *fastParser) eat(c byte) bool {
	if p.pos < len(p.data) && p.data[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

func (p *fastParser) ws() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\r', '\n':
			p.pos++
		default:
			return
		}
	}
}

// str reads a string of printable ASCII with no escapes and returns its
// contents.
func (p *fastParser) str() ([]byte, bool) {
	if !p.eat('"') {
		return nil, false
	}
	start := p.pos
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			s := p.data[start:p.pos]
			p.pos++
			return s, true
		case c < 0x20 || c == '\\' || c >= 0x7f:
			return nil, false
		}
		p.pos++
	}
	return nil, false
}

// smallInt reads a non-negative integer of at most three digits written as
// JSON writes it (no leading zeros, sign, fraction or exponent).
func (p *fastParser) smallInt() (int, bool) {
	start := p.pos
	n := 0
	for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
		n = n*10 + int(p.data[p.pos]-'0')
		p.pos++
	}
	digits := p.pos - start
	if digits == 0 || digits > 3 || (digits > 1 && p.data[start] == '0') {
		return 0, false
	}
	switch p.peek() {
	case '.', 'e', 'E':
		return 0, false
	}
	return n, true
}

// grid reads a non-empty array of at most 25 non-empty rows of at most 25
// small integers into scratch store k.
func (p *fastParser) grid(k int) ([][]int, bool) {
	if !p.eat('[') {
		return nil, false
	}
	cells := p.cells[k][:0]
	rows := p.rows[k][:0]
	for {
		p.ws()
		if !p.eat('[') || len(rows) == 25 {
			return nil, false
		}
		start := len(cells)
		for {
			p.ws()
			v, ok := p.smallInt()
			if !ok || len(cells)-start == 25 {
				return nil, false
			}
			cells = append(cells, v)
			p.ws()
			if p.eat(',') {
				continue
			}
			if p.eat(']') {
				break
			}
			return nil, false
		}
		rows = append(rows, cells[start:len(cells):len(cells)])
		p.ws()
		if p.eat(',') {
			continue
		}
		if p.eat(']') {
			return rows, true
		}
		return nil, false
	}
}
