package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/internal/dataset"
)

const (
	classic       = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSolved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// itemResult is one result of a batch or stream, decoded.
type itemResult struct {
	ID        *string    `json:"id"`
	Valid     *bool      `json:"valid"`
	Complete  *bool      `json:"complete"`
	Solved    *bool      `json:"solved"`
	Conflicts []conflict `json:"conflicts"`
	Error     *struct {
		Code   string `json:"code"`
		Detail string `json:"detail"`
	} `json:"error"`
}

func TestValidateSingle(t *testing.T) {
	c := newClient(t, DefaultConfig())
	bad := []byte(classicSolved)
	bad[1] = '5' // r1c2 = 5 repeats r1c1's 5 (row, box) and r4c2's 5 (column)
	tests := []struct {
		name string
		req  any
		want validateResponse
	}{
		{"puzzle", map[string]any{"puzzle": classic}, validateResponse{Valid: true, Conflicts: []conflict{}}},
		{"solved", map[string]any{"puzzle": classicSolved}, validateResponse{Valid: true, Complete: true, Solved: true, Conflicts: []conflict{}}},
		{"pretty", map[string]any{"puzzle": "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"}, validateResponse{Valid: true, Complete: true, Solved: true, Conflicts: []conflict{}}},
		{"clash", map[string]any{"puzzle": string(bad)}, validateResponse{Complete: true, Conflicts: []conflict{
			{Row: 0, Col: 0, Value: 5, Rule: "row", Units: []string{"row", "box"}},
			{Row: 0, Col: 1, Value: 5, Rule: "row", Units: []string{"row", "column", "box"}},
			{Row: 3, Col: 1, Value: 5, Rule: "column", Units: []string{"column"}},
		}}},
		{"grid", map[string]any{"grid": [][]int{{1, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}}, validateResponse{Conflicts: []conflict{
			{Row: 0, Col: 0, Value: 1, Rule: "row", Units: []string{"row", "box"}},
			{Row: 0, Col: 1, Value: 1, Rule: "row", Units: []string{"row", "box"}},
		}}},
		{"size and box", map[string]any{"size": 6, "box": "3x2", "puzzle": strings.Repeat(".", 36)}, validateResponse{Valid: true, Conflicts: []conflict{}}},
		{"givens kept", map[string]any{"puzzle": classicSolved, "givens": classic}, validateResponse{Valid: true, Complete: true, Solved: true, Conflicts: []conflict{}}},
		{"given changed", map[string]any{"puzzle": "." + classic[1:], "givens": classic}, validateResponse{Conflicts: []conflict{
			{Row: 0, Col: 0, Value: 0, Rule: "given", Units: []string{"given"}},
		}}},
		{"given grid", map[string]any{"grid": [][]int{{2, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}, "givens": [][]int{{1, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}},
			validateResponse{Conflicts: []conflict{{Row: 0, Col: 0, Value: 2, Rule: "given", Units: []string{"given"}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := c.post("/validate", tt.req)
			if ex.status != http.StatusOK {
				t.Fatalf("status %d: %s", ex.status, ex.body)
			}
			var got validateResponse
			ex.json(t, &got)
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(validateResponse{}, conflict{})); diff != "" {
				t.Fatalf("result (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateBatch(t *testing.T) {
	c := newClient(t, DefaultConfig())
	body := `{"items":[
		{"id":"a","puzzle":"` + classicSolved + `"},
		{"id":"b","grid":[[1,1,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]},
		{"id":"c","puzzle":"123"},
		{"id":"d","puzzle":"1234","grid":[[1]]},
		"not an object",
		{"id":"f","puzzle":"` + classic + `","colour":"red"},
		{"id":"g","puzzle":"` + classic + `"}
	]}`
	ex := c.post("/validate", body)
	if ex.status != http.StatusOK {
		t.Fatalf("status %d: %s", ex.status, ex.body)
	}
	var got struct {
		Results []itemResult `json:"results"`
		Summary summary      `json:"summary"`
	}
	ex.json(t, &got)
	wantCodes := []string{"", "", "invalid_board", "invalid_request", "invalid_request", "invalid_request", ""}
	if len(got.Results) != len(wantCodes) {
		t.Fatalf("%d results, want %d: %s", len(got.Results), len(wantCodes), ex.body)
	}
	for i, r := range got.Results {
		code := ""
		if r.Error != nil {
			code = r.Error.Code
		}
		if code != wantCodes[i] {
			t.Errorf("result %d: error code %q, want %q (%s)", i, code, wantCodes[i], ex.body)
		}
	}
	if got.Results[0].Solved == nil || !*got.Results[0].Solved || *got.Results[1].Valid || !*got.Results[6].Valid || *got.Results[6].Complete {
		t.Errorf("results: %s", ex.body)
	}
	if got.Results[4].ID != nil || *got.Results[3].ID != "d" {
		t.Errorf("ids: %s", ex.body)
	}
	if want := (summary{Total: 7, Valid: 2, Complete: 1, Solved: 1, Errors: 4}); got.Summary != want {
		t.Errorf("summary %+v, want %+v", got.Summary, want)
	}
}

// TestValidateBatchKeepsIDs: an item that is a JSON object with a string id
// gets that id back in its result even when another of its fields is
// wrong, so a client can tell which item failed.
func TestValidateBatchKeepsIDs(t *testing.T) {
	c := newClient(t, DefaultConfig())
	body := `{"items":[
		{"id":"typo","puzle":"` + classic + `"},
		{"id":"type","puzzle":5},
		{"puzzle":"` + classic + `","id":"late","solvable":true},
		{"id":7,"puzzle":"` + classic + `"},
		{"id":"zero","size":0,"puzzle":"` + classic + `"}
	]}`
	ex := c.post("/validate", body)
	if ex.status != http.StatusOK {
		t.Fatalf("status %d: %s", ex.status, ex.body)
	}
	var got struct {
		Results []itemResult `json:"results"`
	}
	ex.json(t, &got)
	want := []string{"typo", "type", "late", "", "zero"}
	if len(got.Results) != len(want) {
		t.Fatalf("%d results, want %d: %s", len(got.Results), len(want), ex.body)
	}
	for i, r := range got.Results {
		id := ""
		if r.ID != nil {
			id = *r.ID
		}
		if id != want[i] || r.Error == nil || r.Error.Code != codeInvalidRequest {
			t.Errorf("result %d: id %q, error %+v; want id %q and an invalid_request error", i, id, r.Error, want[i])
		}
	}
	// An id that is not a string is not echoed: there is no string to
	// echo, and "" would name an item that has no such id.
	if r := got.Results[3]; r.ID != nil {
		t.Errorf("result 3 (id 7): id %q, want none", *r.ID)
	}
}

// TestValidateBatch10000 checks a full-size batch: every result present, in
// order, and each equal to what the engine says about its board.
func TestValidateBatch10000(t *testing.T) {
	puzzles := dataset.Load(t, "9x9/17_clue.txt", 10000)
	var buf bytes.Buffer
	buf.WriteString(`{"items":[`)
	for i, p := range puzzles {
		if i > 0 {
			buf.WriteByte(',')
		}
		if i%3 == 2 {
			p = p[:80] + "5" // last cell set: usually breaks a rule
		}
		fmt.Fprintf(&buf, `{"id":"%d","puzzle":"%s"}`, i, p)
	}
	buf.WriteString(`]}`)
	c := newClient(t, DefaultConfig())
	ex := c.post("/validate", buf.Bytes())
	if ex.status != http.StatusOK {
		t.Fatalf("status %d: %.200s", ex.status, ex.body)
	}
	var got struct {
		Results []itemResult `json:"results"`
		Summary summary      `json:"summary"`
	}
	ex.json(t, &got)
	if len(got.Results) != len(puzzles) || got.Summary.Total != len(puzzles) {
		t.Fatalf("%d results, summary %+v, want %d", len(got.Results), got.Summary, len(puzzles))
	}
	valid := 0
	for i, r := range got.Results {
		p := puzzles[i]
		if i%3 == 2 {
			p = p[:80] + "5"
		}
		b, _ := engine.ParseBoard(p, engine.Shape{})
		want := engine.Conflicts(b) == nil
		if r.ID == nil || *r.ID != fmt.Sprint(i) || r.Valid == nil || *r.Valid != want {
			t.Fatalf("result %d: %+v, want id %d valid %v", i, r, i, want)
		}
		if want {
			valid++
		}
	}
	if got.Summary.Valid != valid || got.Summary.Errors != 0 {
		t.Fatalf("summary %+v, want %d valid", got.Summary, valid)
	}
}

// TestItemResultIsBounded: a result echoes an id of up to maxIDChars
// characters (each escaped to 6 bytes here), and with every cell of a
// 25×25 board in conflict and changed from its given it still fits in
// maxResultBytes, which a batch reserves for it; a longer id, or a long
// unknown field name, is an invalid_request whose result does not echo it
// in full.
func TestItemResultIsBounded(t *testing.T) {
	ones, twos := strings.Repeat("1", 625), strings.Repeat("2", 625)
	worst := func(id string) string {
		return `{"id":"` + id + `","puzzle":"` + ones + `","givens":"` + twos + `"}`
	}
	c := &itemChecker{validate: newValidator()}
	check := func(item string) itemResult {
		t.Helper()
		out, _ := c.appendItem(nil, []byte(item))
		if n := int64(len(out) + 1); n > maxResultBytes || n > resultBound(len(item)) {
			t.Errorf("item of %d bytes: result of %d bytes (with its newline), over maxResultBytes %d or resultBound %d",
				len(item), n, maxResultBytes, resultBound(len(item)))
		}
		var r itemResult
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatalf("result %.200q: %v", out, err)
		}
		return r
	}

	for _, id := range []string{strings.Repeat(`\u0001`, maxIDChars), strings.Repeat("a", maxIDChars)} {
		r := check(worst(id))
		var want string
		json.Unmarshal([]byte(`"`+id+`"`), &want)
		if r.ID == nil || *r.ID != want || r.Error != nil || len(r.Conflicts) != 625 {
			t.Fatalf("id of %d characters: id echoed %v, error %+v, %d conflicts; want it echoed and 625 conflicts",
				maxIDChars, r.ID != nil, r.Error, len(r.Conflicts))
		}
		for _, cf := range r.Conflicts {
			if cf.Value != 1 || !slices.Equal(cf.Units, []string{engine.UnitRow, engine.UnitColumn, engine.UnitBox, unitGiven}) {
				t.Fatalf("conflict %+v: want value 1 in row, column, box and given", cf)
			}
		}
	}
	// One character over: the fast path (plain "a"s) and encoding/json
	// (escapes) both refuse it, and neither echoes it.
	for _, id := range []string{strings.Repeat(`\u0001`, maxIDChars+1), strings.Repeat("a", maxIDChars+1), strings.Repeat(`\u0001`, 100_000)} {
		r := check(worst(id))
		if r.ID != nil || r.Error == nil || r.Error.Code != codeInvalidRequest || !strings.Contains(r.Error.Detail, "id must be at most 200 characters") {
			t.Errorf("id of %d escapes or letters: id echoed %v, error %+v; want invalid_request naming id and no id",
				len(id), r.ID != nil, r.Error)
		}
	}
	// An item that does not decode names its id only when it is short.
	long := strings.Repeat(`\u0001`, maxIDChars+1)
	if r := check(`{"id":"` + long + `","puzzle":5}`); r.ID != nil || r.Error == nil {
		t.Errorf("undecodable item with a long id: id echoed %v, error %+v", r.ID != nil, r.Error)
	}
	name := strings.Repeat(`\u0001`, 10_000)
	if r := check(`{"id":"x","` + name + `":1}`); r.ID == nil || *r.ID != "x" || r.Error == nil || r.Error.Code != codeInvalidRequest {
		t.Errorf("long unknown field: %+v, want an invalid_request for id x", r)
	}
}
