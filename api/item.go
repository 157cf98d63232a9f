package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-playground/validator/v10"
	"github.com/sudokud/sudokud/engine"
)

// batchItem is one item of a batch or one line of an NDJSON stream.
type batchItem struct {
	ID *string `json:"id,omitempty" validate:"omitempty,max=200"` // maxIDChars
	boardFields
	Givens *boardValue `json:"givens,omitempty"`
}

// maxIDChars is the longest id (in characters, as JSON Schema's maxLength
// counts) that an item may carry; its result echoes it, so it bounds the
// result (maxResultBytes). A longer id is an invalid_request and is not
// echoed.
const maxIDChars = 200

// echoID returns id as a quoted JSON string for a result to echo, or nil
// when it is too long to echo.
func echoID(id string) []byte {
	if utf8.RuneCountInString(id) > maxIDChars {
		return nil
	}
	return appendJSONString(nil, id)
}

// itemInput is a decoded item, from either the fast parser or
// encoding/json; both feed appendItem so they answer alike.
type itemInput struct {
	id         []byte // the id as a quoted JSON string, nil when absent
	size       int
	box        []byte
	puzzle     []byte
	hasPuzzle  bool
	grid       [][]int
	givensStr  []byte
	hasGivens  bool
	givensGrid [][]int
	rules      *rulesJSON     // only encoding/json decodes rules
	fpuzzles   *fpuzzlesValue // and fpuzzles
}

// outcome summarises one item's result for the batch summary.
type outcome struct{ valid, complete, failed bool }

// itemChecker validates items. Each goroutine has its own: it holds the
// scratch space that keeps the fast path free of allocations.
type itemChecker struct {
	validate *validator.Validate
	fast     fastParser
	in       itemInput
}

// appendItem validates one item (a JSON object) and appends its result
// object (no newline) to dst.
func (c *itemChecker) appendItem(dst []byte, item []byte) ([]byte, outcome) {
	item = bytes.TrimSpace(item)
	if len(item) == 0 {
		return appendItemError(dst, nil, codeInvalidJSON, "empty item: every line must hold one JSON object")
	}
	if c.fast.parse(item, &c.in) {
		return c.appendInput(dst)
	}
	return c.appendSlow(dst, item)
}

// appendSlow is appendItem through encoding/json and the validator, which
// also explain what is wrong with an item.
func (c *itemChecker) appendSlow(dst []byte, item []byte) ([]byte, outcome) {
	var bi batchItem
	// The fault is this item's, not the request body's: the batch or
	// stream it came in goes on.
	if err := decodeJSON(bytes.NewReader(item), &bi, "item"); err != nil {
		p := problemOf(err)
		return appendItemError(dst, itemID(item), p.Code, problemDetail(p))
	}
	in := &c.in
	*in = itemInput{box: []byte(bi.Box), grid: bi.Grid, rules: bi.Rules, fpuzzles: bi.FPuzzles}
	if bi.Size != nil {
		in.size = *bi.Size
	}
	if bi.ID != nil {
		in.id = echoID(*bi.ID)
	}
	if bi.Puzzle != nil {
		in.puzzle, in.hasPuzzle = []byte(*bi.Puzzle), true
	}
	if bi.Givens != nil {
		in.hasGivens = true
		if bi.Givens.str != nil {
			in.givensStr = []byte(*bi.Givens.str)
		} else {
			in.givensGrid = bi.Givens.grid
		}
	}
	if err := c.validate.Struct(&bi); err != nil {
		p := validationProblem(err)
		return appendItemError(dst, in.id, p.Code, problemDetail(p))
	}
	return c.appendInput(dst)
}

// appendInput checks the decoded item in c.in and appends its result.
func (c *itemChecker) appendInput(dst []byte) ([]byte, outcome) {
	in := &c.in
	b, err := in.board()
	var givens *engine.Board
	if err == nil && in.hasGivens {
		var g engine.Board
		g, err = givensBoard(in.givensValue(), b.Shape())
		givens = &g
	}
	if err != nil {
		p := problemOf(err)
		return appendItemError(dst, in.id, p.Code, p.Detail)
	}
	res := checkBoard(&b, givens)
	dst = append(dst, '{')
	if in.id != nil {
		dst = append(dst, `"id":`...)
		dst = append(dst, in.id...)
		dst = append(dst, ',')
	}
	dst = appendCheck(dst, res)
	dst = append(dst, '}')
	return dst, outcome{valid: res.valid, complete: res.complete}
}

// resultBound is the most bytes appendItem appends for an item of n bytes,
// a newline included; FuzzItem holds appendItem to it. A result echoes the
// item's id and at most one other piece of it (an unknown field's name),
// each byte as at most 6 (a JSON escape such as \u003c), plus at most one
// conflict of at most maxConflictBytes per cell, and every cell takes at
// least one byte of the item; and no result is over maxResultBytes.
func resultBound(n int) int64 {
	return min(int64(6*n+maxConflictBytes*min(n, engine.MaxCells)+1024), maxResultBytes)
}

// itemID returns the id of an item that did not decode, as a quoted JSON
// string, so that its error result still names it; nil when the item is not
// an object with a string id or its id is too long to echo.
func itemID(item []byte) []byte {
	var v struct {
		ID json.RawMessage `json:"id"`
	}
	json.NewDecoder(bytes.NewReader(item)).Decode(&v)
	// A *string would do, but for an id of another type encoding/json
	// leaves it pointing at "", which is no id the client sent.
	var id string
	if len(v.ID) == 0 || v.ID[0] != '"' || json.Unmarshal(v.ID, &id) != nil {
		return nil
	}
	return echoID(id)
}

func (in *itemInput) board() (engine.Board, error) {
	if in.fpuzzles != nil {
		return in.fpuzzles.board()
	}
	box := ""
	if len(in.box) > 0 {
		box = string(in.box)
	}
	var (
		b   engine.Board
		err error
	)
	if in.grid != nil {
		b, err = gridBoard(in.grid, in.size, box)
	} else {
		b, err = engine.Parse(string(in.puzzle), in.size, box)
	}
	if err != nil || in.rules == nil {
		return b, err
	}
	return withRules(b, in.rules, box)
}

func (in *itemInput) givensValue() *boardValue {
	if in.givensGrid != nil {
		return &boardValue{grid: in.givensGrid}
	}
	s := string(in.givensStr)
	return &boardValue{str: &s}
}

// appendCheck appends the members of a validate result (no braces).
func appendCheck(dst []byte, res checkResult) []byte {
	dst = append(dst, `"valid":`...)
	dst = strconv.AppendBool(dst, res.valid)
	dst = append(dst, `,"complete":`...)
	dst = strconv.AppendBool(dst, res.complete)
	dst = append(dst, `,"solved":`...)
	dst = strconv.AppendBool(dst, res.valid && res.complete)
	dst = append(dst, `,"conflicts":[`...)
	for i, c := range res.conflicts {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"row":`...)
		dst = strconv.AppendInt(dst, int64(c.Row), 10)
		dst = append(dst, `,"col":`...)
		dst = strconv.AppendInt(dst, int64(c.Col), 10)
		dst = append(dst, `,"value":`...)
		dst = strconv.AppendInt(dst, int64(c.Value), 10)
		dst = append(dst, `,"rule":`...)
		dst = appendJSONString(dst, c.Rule)
		dst = append(dst, `,"units":[`...)
		for j, u := range c.Units {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, u)
		}
		dst = append(dst, "]}"...)
	}
	return append(dst, ']')
}

// appendItemError appends an item result that carries an error.
func appendItemError(dst, id []byte, code, detail string) ([]byte, outcome) {
	dst = append(dst, '{')
	if id != nil {
		dst = append(dst, `"id":`...)
		dst = append(dst, id...)
		dst = append(dst, ',')
	}
	dst = append(dst, `"error":{"code":`...)
	dst = appendJSONString(dst, code)
	dst = append(dst, `,"detail":`...)
	dst = appendJSONString(dst, detail)
	dst = append(dst, "}}"...)
	return dst, outcome{failed: true}
}

// problemDetail is the detail of p with its field errors spelled out, for
// places that have no room for the errors list.
func problemDetail(p *problem) string {
	if len(p.Errors) == 0 {
		return p.Detail
	}
	parts := make([]string, len(p.Errors))
	for i, e := range p.Errors {
		parts[i] = strings.TrimSpace(e.Field + " " + e.Message)
	}
	return strings.Join(parts, "; ")
}

// appendJSONString appends s as a JSON string.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			q, err := json.Marshal(s)
			if err != nil {
				return append(dst, `""`...)
			}
			return append(dst, q...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}
