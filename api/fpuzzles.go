package api

import (
	"bytes"
	"encoding/json"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/fpuzzles"
)

// fpuzzlesValue is the fpuzzles field of a board request: an f-puzzles
// JSON object, or the compressed text of a ?load= link (or the link), as
// a string. It is kept as text for fpuzzles.Decode, which reads either.
type fpuzzlesValue struct{ text string }

// UnmarshalJSON accepts an object (kept as its JSON text; its fields are
// f-puzzles', checked by fpuzzles.Decode) or a string.
func (v *fpuzzlesValue) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case len(data) > 0 && data[0] == '{':
		v.text = string(data)
		return nil
	case len(data) > 0 && data[0] == '"':
		if err := json.Unmarshal(data, &v.text); err == nil {
			return nil
		}
	}
	return &boardValueError{field: "fpuzzles", msg: "must be an f-puzzles JSON object or the compressed text of a ?load= link"}
}

// MarshalJSON writes the object back as it came, or the string.
func (v fpuzzlesValue) MarshalJSON() ([]byte, error) {
	if len(v.text) > 0 && v.text[0] == '{' {
		return []byte(v.text), nil
	}
	return json.Marshal(v.text)
}

// board decodes the puzzle with its shape and rules. Errors wrap
// engine.ErrInvalidBoard, engine.ErrInvalidRules (fields named
// "fpuzzles.…") or fpuzzles.ErrUnsupported.
func (v *fpuzzlesValue) board() (engine.Board, error) { return fpuzzles.Decode(v.text) }

// fpuzzlesText returns the compressed f-puzzles text of b, which opens it
// in f-puzzles (after "?load=") and SudokuPad.
func fpuzzlesText(b engine.Board) (string, error) {
	_, text, err := fpuzzles.Encode(b)
	return text, err
}
