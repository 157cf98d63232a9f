// Package fpuzzles reads and writes f-puzzles puzzles: the JSON object that
// f-puzzles (and SudokuPad, and Rangsk's solver) exchange, and the
// LZString-compressed base64 text of their "?load=" links.
//
// The rules the engine knows map to f-puzzles' fields:
//
//	grid[r][c].value, given   givens (values without given are a player's
//	                          entries and are not read)
//	grid[r][c].region         jigsaw regions (absent: the default box)
//	diagonal-, diagonal+      DiagonalMain (r1c1–rNcN), DiagonalAnti (rNc1–r1cN)
//	extraregion               ExtraRegions; one of fewer than N cells is a
//	                          cage without a sum (its digits differ)
//	disjointgroups, antiknight, antiking, nonconsecutive
//	odd, even                 Odd, Even
//	killercage                Cages (value: the sum, absent for none)
//
// Windows have no f-puzzles field: Encode writes them as extra regions,
// which is how f-puzzles users draw windoku. Any other constraint
// (thermometer, arrow, little killer, …) or cosmetic that carries a rule is
// an *UnsupportedError naming it.
package fpuzzles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/lzstring"
)

// Limits on what Decode reads.
const (
	// MaxText is the longest text Decode accepts, in bytes: a JSON object,
	// a compressed text or a link. Longer texts are refused before any
	// decompression.
	MaxText = 1 << 20
	// MaxJSON is the longest JSON text a compressed text may expand to, in
	// UTF-16 code units (bytes, for ASCII).
	MaxJSON = 1 << 20
)

// ErrUnsupported: the puzzle holds a constraint the engine does not know.
// The error is an *UnsupportedError naming it.
var ErrUnsupported = errors.New("unsupported f-puzzles constraint")

// UnsupportedError names the f-puzzles field the engine cannot solve with.
type UnsupportedError struct {
	Constraint string // the f-puzzles field, e.g. "thermometer"; several, sorted, joined by ", "
	Detail     string // optional: why, when the field is known but this use is not
}

func (e *UnsupportedError) Error() string {
	if e.Detail != "" {
		return fmt.Sprintf("f-puzzles constraint %q is not supported: %s", e.Constraint, e.Detail)
	}
	return fmt.Sprintf("f-puzzles constraint %q is not supported", e.Constraint)
}

// Is makes errors.Is(err, ErrUnsupported) true.
func (e *UnsupportedError) Is(target error) bool { return target == ErrUnsupported }

// invalid returns an error wrapping engine.ErrInvalidBoard about the text
// as a whole.
func invalid(format string, args ...any) error {
	return &engine.BoardError{Msg: "fpuzzles: " + fmt.Sprintf(format, args...), Row: -1, Col: -1}
}

// ruleError returns an error wrapping engine.ErrInvalidRules for an
// f-puzzles field.
func ruleError(field, format string, args ...any) error {
	return &engine.RulesError{Field: "fpuzzles." + field, Msg: fmt.Sprintf(format, args...)}
}

// puzzle is the part of the f-puzzles JSON object that Decode reads and
// Encode writes.
type puzzle struct {
	Size           int            `json:"size"`
	Grid           [][]cell       `json:"grid"`
	DiagonalAnti   bool           `json:"diagonal+,omitempty"`
	DiagonalMain   bool           `json:"diagonal-,omitempty"`
	AntiKnight     bool           `json:"antiknight,omitempty"`
	AntiKing       bool           `json:"antiking,omitempty"`
	DisjointGroups bool           `json:"disjointgroups,omitempty"`
	NonConsecutive bool           `json:"nonconsecutive,omitempty"`
	Odd            []cellRef      `json:"odd,omitempty"`
	Even           []cellRef      `json:"even,omitempty"`
	ExtraRegion    []cellList     `json:"extraregion,omitempty"`
	KillerCage     []cellList     `json:"killercage,omitempty"`
	Cage           []cosmeticCage `json:"cage,omitempty"`
}

type cell struct {
	Value  int             `json:"value,omitempty"`
	Given  bool            `json:"given,omitempty"`
	Region json.RawMessage `json:"region,omitempty"` // absent: default box; null: no region
	// GivenPencilMarks restrict a cell's candidates: a constraint.
	GivenPencilMarks []int `json:"givenPencilMarks,omitempty"`
}

type cellRef struct {
	Cell string `json:"cell"`
}

type cellList struct {
	Cells []string `json:"cells"`
	Value value    `json:"value,omitempty"`
}

// value is a cage's value: f-puzzles writes a string ("15"); a number is
// read too.
type value string

func (v *value) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*v = ""
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*v = value(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return errors.New("a value is a string or a number")
	}
	*v = value(n.String())
	return nil
}

// cosmeticCage is an entry of f-puzzles' cosmetic "cage" list. Entries
// without cells carry the puzzle's metadata ("title: …").
type cosmeticCage struct {
	Cells []string `json:"cells"`
	Value value    `json:"value"`
}

// fields lists the f-puzzles fields Decode reads; ignored lists those it
// skips because they carry no rule.
var (
	fields = []string{"size", "grid", "diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups",
		"nonconsecutive", "odd", "even", "extraregion", "killercage", "cage"}
	ignored = []string{"title", "author", "ruleset", "solution", "disabledlogic", "truecandidatesoptions"}
)

// Decode reads an f-puzzles puzzle: its JSON object, the compressed text
// of a "?load=" link, or the link itself (an f-puzzles or SudokuPad URL).
// Errors wrap engine.ErrInvalidBoard (a text that is no f-puzzles puzzle, a
// size or given out of range), engine.ErrInvalidRules (a *RulesError
// whose Field starts "fpuzzles.") or ErrUnsupported. Cost: O(len(text))
// and, for compressed text, at most MaxJSON units of memory.
func Decode(text string) (engine.Board, error) {
	if len(text) > MaxText {
		return engine.Board{}, invalid("the text is %d bytes; at most %d", len(text), MaxText)
	}
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "{") {
		var err error
		if text, err = decompress(text); err != nil {
			return engine.Board{}, err
		}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		return engine.Board{}, invalid("not an f-puzzles JSON object: %v", err)
	}
	var unknown []string
	for key, v := range raw {
		if !slices.Contains(fields, key) && !slices.Contains(ignored, key) && !isEmpty(v) {
			unknown = append(unknown, key)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return engine.Board{}, &UnsupportedError{Constraint: strings.Join(unknown, ", ")}
	}
	var p puzzle
	if err := json.Unmarshal([]byte(text), &p); err != nil {
		return engine.Board{}, invalid("%v", err)
	}
	return p.board()
}

// isEmpty reports whether a JSON value says nothing: null, false, 0, "",
// [] or {}.
func isEmpty(v json.RawMessage) bool {
	switch string(bytes.TrimSpace(v)) {
	case "null", "false", "0", `""`, "[]", "{}":
		return true
	}
	return false
}

// decompress finds the compressed text in a link (after "load=", after
// SudokuPad's "fpuzzles" or "fpuz" prefix, or the link's path) and
// decompresses it.
func decompress(text string) (string, error) {
	if strings.Contains(text, "://") || strings.Contains(text, "?") {
		switch i, j := strings.Index(text, "load="), strings.Index(text, "fpuz"); {
		case i >= 0:
			text = text[i+len("load="):]
		case j >= 0:
			text = text[j:]
		default:
			u, err := url.Parse(text)
			if err != nil {
				return "", invalid("not a link: %v", err)
			}
			text = strings.TrimPrefix(u.EscapedPath(), "/")
		}
		if k := strings.IndexAny(text, "?&#"); k >= 0 {
			text = text[:k]
		}
	}
	if strings.Contains(text, "%") {
		if t, err := url.PathUnescape(text); err == nil {
			text = t
		}
	}
	if t, ok := strings.CutPrefix(text, "fpuzzles"); ok {
		text = t
	} else {
		text = strings.TrimPrefix(text, "fpuz")
	}
	// A link's + read as a space by a form or a chat client.
	text = strings.ReplaceAll(text, " ", "+")
	out, err := lzstring.DecompressFromBase64(text, MaxJSON)
	switch {
	case errors.Is(err, lzstring.ErrTooLarge):
		return "", invalid("the compressed text expands past %d bytes", MaxJSON)
	case err != nil:
		return "", invalid("neither an f-puzzles JSON object nor the compressed text of a ?load= link")
	}
	return out, nil
}

// boxShape returns f-puzzles' boxes for size n: as many rows as the
// largest divisor of n up to √n.
func boxShape(n int) (engine.Shape, error) {
	h := 1
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			h = d
		}
	}
	return engine.NewShape(n, h, n/max(h, 1))
}

func (p *puzzle) board() (engine.Board, error) {
	n := p.Size
	if n == 0 {
		n = len(p.Grid)
	}
	if n < engine.MinSize || n > engine.MaxSize {
		return engine.Board{}, invalid("size %d: the engine solves sizes %d to %d", n, engine.MinSize, engine.MaxSize)
	}
	shape, err := boxShape(n)
	if err != nil {
		return engine.Board{}, err
	}
	if len(p.Grid) != n {
		return engine.Board{}, invalid("grid has %d rows; size %d needs %d", len(p.Grid), n, n)
	}
	b := engine.NewBoard(shape)
	var rules engine.Rules
	regions := make([]int, n*n)
	jigsaw := false
	for r, row := range p.Grid {
		if len(row) != n {
			return engine.Board{}, invalid("grid row %d has %d cells; size %d needs %d", r+1, len(row), n, n)
		}
		for c, cl := range row {
			if cl.Given {
				if cl.Value < 1 || cl.Value > n {
					return engine.Board{}, &engine.BoardError{Msg: fmt.Sprintf("fpuzzles: %s: given %d is not a value of a %dx%d board (1-%d)", engine.CellName(r, c), cl.Value, n, n, n), Row: r, Col: c}
				}
				b.Set(r, c, cl.Value)
			}
			if len(cl.GivenPencilMarks) > 0 {
				return engine.Board{}, &UnsupportedError{Constraint: "givenPencilMarks", Detail: engine.CellName(r, c) + " has given candidates"}
			}
			box := shape.BoxOf(r, c)
			regions[r*n+c] = box
			if cl.Region == nil {
				continue
			}
			if string(cl.Region) == "null" {
				return engine.Board{}, &UnsupportedError{Constraint: "region", Detail: engine.CellName(r, c) + " is in no region"}
			}
			g, err := strconv.Atoi(string(cl.Region))
			if err != nil {
				return engine.Board{}, ruleError("grid.region", "%s: region %s is not an integer", engine.CellName(r, c), cl.Region)
			}
			regions[r*n+c] = g
			jigsaw = jigsaw || g != box
		}
	}
	if jigsaw {
		rules.Regions = regions
	}
	if p.DiagonalMain {
		rules.Diagonals |= engine.DiagonalMain
	}
	if p.DiagonalAnti {
		rules.Diagonals |= engine.DiagonalAnti
	}
	rules.AntiKnight, rules.AntiKing = p.AntiKnight, p.AntiKing
	rules.DisjointGroups, rules.NonConsecutive = p.DisjointGroups, p.NonConsecutive
	for k, list := range [2][]cellRef{p.Odd, p.Even} {
		if len(list) == 0 {
			continue
		}
		name := [2]string{"odd", "even"}[k]
		cells := make([]engine.Cell, len(list))
		for i, ref := range list {
			if cells[i], err = parseCell(ref.Cell, fmt.Sprintf("%s[%d].cell", name, i)); err != nil {
				return engine.Board{}, err
			}
		}
		if k == 0 {
			rules.Odd = cells
		} else {
			rules.Even = cells
		}
	}
	var cageFields []string // the f-puzzles field of each cage
	for i, cage := range p.KillerCage {
		field := fmt.Sprintf("killercage[%d]", i)
		cells, err := parseCells(cage.Cells, field+".cells")
		if err != nil {
			return engine.Board{}, err
		}
		sum := 0
		if cage.Value != "" {
			if sum, err = strconv.Atoi(string(cage.Value)); err != nil || sum < 1 {
				return engine.Board{}, ruleError(field+".value", "%q is not a positive sum", cage.Value)
			}
		}
		rules.Cages = append(rules.Cages, engine.Cage{Cells: cells, Sum: sum})
		cageFields = append(cageFields, field)
	}
	for i, reg := range p.ExtraRegion {
		field := fmt.Sprintf("extraregion[%d]", i)
		cells, err := parseCells(reg.Cells, field+".cells")
		if err != nil {
			return engine.Board{}, err
		}
		if len(cells) == n {
			rules.ExtraRegions = append(rules.ExtraRegions, cells)
			continue
		}
		// Fewer than N cells whose digits differ: a cage without a sum,
		// which may not share a cell with another cage.
		for _, c := range cells {
			for _, other := range rules.Cages {
				if slices.Contains(other.Cells, c) {
					return engine.Board{}, &UnsupportedError{Constraint: "extraregion", Detail: fmt.Sprintf("%s of %s is also in a cage; an extra region of fewer than %d cells is read as a cage", engine.CellName(c.Row, c.Col), field, n)}
				}
			}
		}
		rules.Cages = append(rules.Cages, engine.Cage{Cells: cells})
		cageFields = append(cageFields, field)
	}
	for _, cage := range p.Cage {
		if len(cage.Cells) > 0 {
			return engine.Board{}, &UnsupportedError{Constraint: "cage", Detail: "a cosmetic cage's meaning is in the rules text"}
		}
	}
	b, err = b.WithRules(rules)
	if err != nil {
		return engine.Board{}, renameField(err, cageFields)
	}
	return b, nil
}

// renameField rewrites an engine *RulesError's field into the f-puzzles
// field it came from.
func renameField(err error, cageFields []string) error {
	var re *engine.RulesError
	if !errors.As(err, &re) {
		return err
	}
	field := re.Field
	name, rest, _ := strings.Cut(field, "[")
	if rest != "" {
		rest = "[" + rest
	}
	switch name {
	case "regions":
		name = "grid.region"
	case "diagonals":
		name = "diagonal"
	case "extra_regions":
		name = "extraregion"
	case "disjoint_groups":
		name = "disjointgroups"
	case "cages":
		idx, tail, _ := strings.Cut(strings.TrimPrefix(rest, "["), "]")
		if i, err := strconv.Atoi(idx); err == nil && i >= 0 && i < len(cageFields) {
			name, rest = cageFields[i], strings.Replace(tail, ".sum", ".value", 1)
		}
	}
	return &engine.RulesError{Field: "fpuzzles." + name + rest, Msg: re.Msg}
}

// parseCell reads f-puzzles' "R3C7" (1-based) as a 0-based cell.
func parseCell(s, field string) (engine.Cell, error) {
	u := strings.ToUpper(s)
	rs, cs, ok := strings.Cut(strings.TrimPrefix(u, "R"), "C")
	if !ok || !strings.HasPrefix(u, "R") || len(rs) == 0 || len(rs) > 3 || len(cs) == 0 || len(cs) > 3 {
		return engine.Cell{}, ruleError(field, "%q is not a cell like R1C1", s)
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || r < 1 || c < 1 {
		return engine.Cell{}, ruleError(field, "%q is not a cell like R1C1", s)
	}
	return engine.Cell{Row: r - 1, Col: c - 1}, nil
}

func parseCells(list []string, field string) ([]engine.Cell, error) {
	out := make([]engine.Cell, len(list))
	for i, s := range list {
		var err error
		if out[i], err = parseCell(s, fmt.Sprintf("%s[%d]", field, i)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Encode writes b as an f-puzzles JSON object and as the compressed text
// that follows "?load=" in an f-puzzles link. Boxes other than f-puzzles'
// default for the size are written as regions, their disjoint groups and
// windows as extra regions. It fails on no board the engine accepts.
// Cost: O(N² + the rules' size).
func Encode(b engine.Board) (jsonText []byte, compressed string, err error) {
	shape := b.Shape()
	n := shape.Size
	def, err := boxShape(n)
	if err != nil {
		return nil, "", err
	}
	r := b.Rules()
	if def != shape && r.Regions == nil {
		// f-puzzles' disjoint groups follow its own boxes: these travel
		// as extra regions, the boxes as regions.
		if r.DisjointGroups {
			r.DisjointGroups = false
			r.ExtraRegions = append(r.ExtraRegions, disjointGroups(shape)...)
		}
		r.Regions = make([]int, n*n)
		for i := range r.Regions {
			r.Regions[i] = shape.BoxOf(i/n, i%n)
		}
	}
	p := puzzle{Size: n, Grid: make([][]cell, n)}
	for row := range n {
		p.Grid[row] = make([]cell, n)
		for col := range n {
			c := &p.Grid[row][col]
			if v := b.Get(row, col); v != 0 {
				c.Value, c.Given = v, true
			}
			if r.Regions != nil {
				if g := r.Regions[row*n+col]; g != def.BoxOf(row, col) {
					c.Region = strconv.AppendInt(nil, int64(g), 10)
				}
			}
		}
	}
	p.DiagonalMain = r.Diagonals&engine.DiagonalMain != 0
	p.DiagonalAnti = r.Diagonals&engine.DiagonalAnti != 0
	p.AntiKnight, p.AntiKing = r.AntiKnight, r.AntiKing
	p.DisjointGroups, p.NonConsecutive = r.DisjointGroups, r.NonConsecutive
	for _, c := range r.Odd {
		p.Odd = append(p.Odd, cellRef{cellName(c)})
	}
	for _, c := range r.Even {
		p.Even = append(p.Even, cellRef{cellName(c)})
	}
	for _, reg := range r.ExtraRegions {
		p.ExtraRegion = append(p.ExtraRegion, cellList{Cells: cellNames(reg)})
	}
	if r.Windows {
		for _, reg := range windows(shape) {
			p.ExtraRegion = append(p.ExtraRegion, cellList{Cells: cellNames(reg)})
		}
	}
	for _, cage := range r.Cages {
		kc := cellList{Cells: cellNames(cage.Cells)}
		if cage.Sum != 0 {
			kc.Value = value(strconv.Itoa(cage.Sum))
		}
		p.KillerCage = append(p.KillerCage, kc)
	}
	jsonText, err = json.Marshal(p)
	if err != nil {
		return nil, "", err
	}
	return jsonText, lzstring.CompressToBase64(string(jsonText)), nil
}

// windows returns the windoku windows of a shape with square boxes of side
// k: k×k blocks starting at rows and columns 1, k+2, 2k+3, … (0-based).
func windows(s engine.Shape) [][]engine.Cell {
	k := s.BoxRows
	var starts []int
	for at := 1; at+k <= s.Size; at += k + 1 {
		starts = append(starts, at)
	}
	var out [][]engine.Cell
	for _, r0 := range starts {
		for _, c0 := range starts {
			var w []engine.Cell
			for r := r0; r < r0+k; r++ {
				for c := c0; c < c0+k; c++ {
					w = append(w, engine.Cell{Row: r, Col: c})
				}
			}
			out = append(out, w)
		}
	}
	return out
}

// disjointGroups returns the disjoint groups of s: the cells at the same
// position inside each box.
func disjointGroups(s engine.Shape) [][]engine.Cell {
	out := make([][]engine.Cell, s.Size)
	for r := range s.Size {
		for c := range s.Size {
			p := (r%s.BoxRows)*s.BoxCols + c%s.BoxCols
			out[p] = append(out[p], engine.Cell{Row: r, Col: c})
		}
	}
	return out
}

func cellName(c engine.Cell) string { return "R" + strconv.Itoa(c.Row+1) + "C" + strconv.Itoa(c.Col+1) }

func cellNames(cells []engine.Cell) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = cellName(c)
	}
	return out
}
