package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokud/sudokud/engine"
)

// testRules is the rules object as the tests read it, apart from the
// server's types, so that checkRules does not share their mistakes.
type testRules struct {
	Regions        json.RawMessage `json:"regions"`
	Diagonals      string          `json:"diagonals"`
	Windows        bool            `json:"windows"`
	ExtraRegions   [][][2]int      `json:"extra_regions"`
	DisjointGroups bool            `json:"disjoint_groups"`
	AntiKnight     bool            `json:"anti_knight"`
	AntiKing       bool            `json:"anti_king"`
	NonConsecutive bool            `json:"non_consecutive"`
	Odd            [][2]int        `json:"odd"`
	Even           [][2]int        `json:"even"`
	Cages          []struct {
		Cells [][2]int `json:"cells"`
		Sum   int      `json:"sum"`
	} `json:"cages"`
}

// checkRules checks a full n×n grid with boxes of br×bc against the rules
// (JSON, as a request carries them) and the givens (0 empty), and returns
// every rule it breaks.
func checkRules(rulesJSON string, n, br, bc int, givens, grid [][]int) []string {
	var r testRules
	if rulesJSON != "" {
		if err := json.Unmarshal([]byte(rulesJSON), &r); err != nil {
			return []string{"rules: " + err.Error()}
		}
	}
	var bad []string
	fail := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	// A unit holds every value 1…n once.
	unit := func(name string, cells [][2]int) {
		seen := map[int]bool{}
		for _, c := range cells {
			v := grid[c[0]][c[1]]
			if v < 1 || v > n || seen[v] {
				fail("%s %v: %d repeats or is out of range", name, cells, v)
				return
			}
			seen[v] = true
		}
		if len(seen) != n {
			fail("%s %v holds %d values", name, cells, len(seen))
		}
	}
	for i := range n {
		var row, col [][2]int
		for j := range n {
			row, col = append(row, [2]int{i, j}), append(col, [2]int{j, i})
		}
		unit("row", row)
		unit("column", col)
	}
	regions := map[string][][2]int{}
	if len(r.Regions) > 0 {
		var s string
		var g [][]int
		if json.Unmarshal(r.Regions, &s) == nil {
			s = strings.Join(strings.Fields(s), "")
			for i, ch := range []rune(s) {
				regions[string(ch)] = append(regions[string(ch)], [2]int{i / n, i % n})
			}
		} else if json.Unmarshal(r.Regions, &g) == nil {
			for i, row := range g {
				for j, v := range row {
					k := fmt.Sprint(v)
					regions[k] = append(regions[k], [2]int{i, j})
				}
			}
		}
		if len(regions) != n {
			fail("regions: %d regions", len(regions))
		}
	} else {
		for i := range n {
			for j := range n {
				k := fmt.Sprint(i/br, ",", j/bc)
				regions[k] = append(regions[k], [2]int{i, j})
			}
		}
	}
	for _, cells := range regions {
		unit("box or region", cells)
	}
	var main, anti [][2]int
	for i := range n {
		main, anti = append(main, [2]int{i, i}), append(anti, [2]int{n - 1 - i, i})
	}
	if r.Diagonals == "main" || r.Diagonals == "both" {
		unit("main diagonal", main)
	}
	if r.Diagonals == "anti" || r.Diagonals == "both" {
		unit("anti diagonal", anti)
	}
	if r.Windows {
		for top := 1; top+br <= n; top += br + 1 {
			for left := 1; left+bc <= n; left += bc + 1 {
				var w [][2]int
				for i := range br {
					for j := range bc {
						w = append(w, [2]int{top + i, left + j})
					}
				}
				unit("window", w)
			}
		}
	}
	for _, e := range r.ExtraRegions {
		unit("extra region", e)
	}
	if r.DisjointGroups {
		for p := range n {
			var g [][2]int
			for i := 0; i < n; i += br {
				for j := 0; j < n; j += bc {
					g = append(g, [2]int{i + p/bc, j + p%bc})
				}
			}
			unit("disjoint group", g)
		}
	}
	near := func(name string, moves [][2]int, clash func(a, b int) bool) {
		for i := range n {
			for j := range n {
				for _, m := range moves {
					y, x := i+m[0], j+m[1]
					if y >= 0 && y < n && x >= 0 && x < n && clash(grid[i][j], grid[y][x]) {
						fail("%s: r%dc%d=%d and r%dc%d=%d", name, i+1, j+1, grid[i][j], y+1, x+1, grid[y][x])
					}
				}
			}
		}
	}
	same := func(a, b int) bool { return a == b }
	if r.AntiKnight {
		near("anti-knight", [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}}, same)
	}
	if r.AntiKing {
		near("anti-king", [][2]int{{1, 1}, {1, -1}}, same)
	}
	if r.NonConsecutive {
		near("non-consecutive", [][2]int{{0, 1}, {1, 0}}, func(a, b int) bool { return a-b == 1 || b-a == 1 })
	}
	for _, c := range r.Odd {
		if grid[c[0]][c[1]]%2 != 1 {
			fail("odd cell %v holds %d", c, grid[c[0]][c[1]])
		}
	}
	for _, c := range r.Even {
		if grid[c[0]][c[1]]%2 != 0 {
			fail("even cell %v holds %d", c, grid[c[0]][c[1]])
		}
	}
	for _, cage := range r.Cages {
		seen, sum := map[int]bool{}, 0
		for _, c := range cage.Cells {
			v := grid[c[0]][c[1]]
			if seen[v] {
				fail("cage %v repeats %d", cage.Cells, v)
			}
			seen[v] = true
			sum += v
		}
		if cage.Sum != 0 && sum != cage.Sum {
			fail("cage %v adds up to %d, not %d", cage.Cells, sum, cage.Sum)
		}
	}
	for i := range n {
		for j := range n {
			if g := givens[i][j]; g != 0 && grid[i][j] != g {
				fail("r%dc%d holds %d, the given is %d", i+1, j+1, grid[i][j], g)
			}
		}
	}
	return bad
}

// randomRegions returns a random jigsaw of n orthogonally connected
// regions of n cells each on an n×n board with boxes of br×bc, as a string
// of region letters: it starts from the boxes and trades cells between
// neighbouring regions, keeping each trade that leaves both connected.
func randomRegions(rng *rand.Rand, n, br, bc int) string {
	region := make([]int, n*n)
	for i := range region {
		region[i] = i/n/br*(n/bc) + i%n/bc
	}
	neighbours := func(i int) []int {
		var out []int
		if i >= n {
			out = append(out, i-n)
		}
		if i < n*n-n {
			out = append(out, i+n)
		}
		if i%n > 0 {
			out = append(out, i-1)
		}
		if i%n < n-1 {
			out = append(out, i+1)
		}
		return out
	}
	connected := func(g int) bool {
		start := slices.Index(region, g)
		seen := map[int]bool{start: true}
		for stack := []int{start}; len(stack) > 0; {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, j := range neighbours(i) {
				if region[j] == g && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		return len(seen) == n
	}
	for range 2 * n * n {
		// c goes from region a to b, then e from b to a.
		c := rng.IntN(n * n)
		nc := neighbours(c)
		a, b := region[c], region[nc[rng.IntN(len(nc))]]
		if a == b {
			continue
		}
		var options []int
		for e, g := range region {
			if g != b {
				continue
			}
			for _, f := range neighbours(e) {
				if region[f] == a && f != c {
					options = append(options, e)
					break
				}
			}
		}
		if len(options) == 0 {
			continue
		}
		e := options[rng.IntN(len(options))]
		region[c], region[e] = b, a
		if !connected(a) || !connected(b) {
			region[c], region[e] = a, b
		}
	}
	var sb strings.Builder
	for _, g := range region {
		sb.WriteByte(byte('A' + g))
	}
	return sb.String()
}

// gridOf reads a board string of n×n symbols 1-9, A-P, . for empty.
func gridOf(tb testing.TB, s string, n int) [][]int {
	tb.Helper()
	if len(s) != n*n {
		tb.Fatalf("board %q is not %d cells", s, n*n)
	}
	g := make([][]int, n)
	for i := range g {
		g[i] = make([]int, n)
		for j := range g[i] {
			switch c := s[i*n+j]; {
			case c >= '1' && c <= '9':
				g[i][j] = int(c - '0')
			case c >= 'A' && c <= 'P':
				g[i][j] = int(c-'A') + 10
			}
		}
	}
	return g
}

// solveWith posts a board with rules to /solve and returns the solution.
func solveWith(tb testing.TB, c *apiClient, puzzle, rules string) string {
	tb.Helper()
	ex := c.post("/solve", `{"puzzle":"`+puzzle+`","rules":`+rules+`}`)
	if ex.status != http.StatusOK {
		tb.Fatalf("/solve %s with %s: %d %s", puzzle, rules, ex.status, ex.body)
	}
	var resp struct{ Solution string }
	ex.json(tb, &resp)
	return resp.Solution
}

// killerOf cuts a solved n×n grid into random cages of 1 to 4 cells with
// their sums, as JSON.
func killerOf(rng *rand.Rand, sol [][]int) string {
	n := len(sol)
	cage := make([]int, n*n)
	for i := range cage {
		cage[i] = -1
	}
	var cages []map[string]any
	for _, start := range rng.Perm(n * n) {
		if cage[start] >= 0 {
			continue
		}
		k := len(cages)
		cells := [][2]int{{start / n, start % n}}
		cage[start] = k
		used := map[int]bool{sol[start/n][start%n]: true}
		for want := 1 + rng.IntN(4); len(cells) < want; {
			c := cells[rng.IntN(len(cells))]
			d := [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}[rng.IntN(4)]
			y, x := c[0]+d[0], c[1]+d[1]
			if y < 0 || y >= n || x < 0 || x >= n || cage[y*n+x] >= 0 || used[sol[y][x]] {
				want-- // no room this way: a smaller cage
				continue
			}
			cage[y*n+x] = k
			used[sol[y][x]] = true
			cells = append(cells, [2]int{y, x})
		}
		sum := 0
		for _, c := range cells {
			sum += sol[c[0]][c[1]]
		}
		cages = append(cages, map[string]any{"cells": cells, "sum": sum})
	}
	b, _ := json.Marshal(map[string]any{"cages": cages})
	return string(b)
}

// TestSolveObeysEachRule: /solve's answer under each rule keeps every
// rule and given, as checkRules (which shares no code with the engine)
// reads them. The givens are every fifth cell of the empty board's answer.
func TestSolveObeysEachRule(t *testing.T) {
	// The empty jigsaw's lexicographically first answer took 43,520 nodes
	// (28 ms alone, 0.5 s under -race, past the default 2 s at load 10)
	// before lexFirst; engine's TestVariantEmptyBoards now bounds it by
	// nodes. The node budget bounds the work here, not a wall clock.
	c := newClient(t, Config{SolveTimeout: time.Minute})
	rng := rand.New(rand.NewPCG(38, 1))
	empty := strings.Repeat(".", 81)
	classic := solveWith(t, c, empty, `{}`)
	// A random jigsaw that has solutions (many have none).
	const jigsaw = "DDICCCCCBDIICCCCBBDDIIIBBBBDDIIEEEBBDGGIEEEAADGGGGEEAAHHGGFEFFAHHHGFFFFAHHHHFFAAA"
	cases := []struct{ name, rules string }{
		{"x", `{"diagonals":"both"}`},
		{"main diagonal", `{"diagonals":"main"}`},
		{"windoku", `{"windows":true}`},
		{"jigsaw", `{"regions":"` + jigsaw + `"}`},
		{"jigsaw grid", func() string {
			rows := make([][]int, 9)
			for i := range rows {
				for j := range 9 {
					rows[i] = append(rows[i], int(jigsaw[i*9+j]-'A')+1)
				}
			}
			b, _ := json.Marshal(map[string]any{"regions": rows})
			return string(b)
		}()},
		{"killer", killerOf(rng, gridOf(t, classic, 9))},
		{"anti-knight", `{"anti_knight":true}`},
		{"anti-king", `{"anti_king":true}`},
		{"non-consecutive", `{"non_consecutive":true}`},
		{"disjoint groups", `{"disjoint_groups":true}`},
		{"odd/even", `{"odd":[[0,0],[0,1],[4,4],[8,8]],"even":[[1,0],[2,2],[8,0]]}`},
		{"extra region", `{"extra_regions":[[[0,0],[1,4],[2,8],[3,1],[4,5],[5,2],[6,6],[7,3],[8,7]]]}`},
		{"x windoku", `{"diagonals":"both","windows":true}`},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			first := solveWith(t, c, empty, tt.rules)
			none := gridOf(t, empty, 9)
			if bad := checkRules(tt.rules, 9, 3, 3, none, gridOf(t, first, 9)); bad != nil {
				t.Fatalf("empty board's answer %s breaks %v", first, bad)
			}
			var puzzle strings.Builder
			for i := range 81 {
				if i%5 == 0 {
					puzzle.WriteByte(first[i])
				} else {
					puzzle.WriteByte('.')
				}
			}
			sol := solveWith(t, c, puzzle.String(), tt.rules)
			if bad := checkRules(tt.rules, 9, 3, 3, gridOf(t, puzzle.String(), 9), gridOf(t, sol, 9)); bad != nil {
				t.Fatalf("answer %s to %s breaks %v", sol, puzzle.String(), bad)
			}
		})
	}
}

// TestRulesErrors: malformed rules are 400 invalid_rules naming the field
// (rules.…), a type error or an unknown field 400 invalid_request.
func TestRulesErrors(t *testing.T) {
	c := newClient(t, Config{})
	empty := strings.Repeat(".", 81)
	cases := []struct {
		name, rules, box string
		code, field      string
	}{
		{"unknown field", `{"diagonal":"both"}`, "", codeInvalidRequest, "diagonal"},
		{"wrong type", `{"windows":"yes"}`, "", codeInvalidRequest, "rules.windows"},
		{"regions wrong type", `{"regions":7}`, "", codeInvalidRequest, "rules.regions"},
		{"diagonals", `{"diagonals":"left"}`, "", codeInvalidRules, "rules.diagonals"},
		{"regions with box", `{"regions":"` + strings.Repeat("A", 9) + `"}`, "3x3", codeInvalidRules, "rules.regions"},
		{"regions too short", `{"regions":"AAAAAAAAABBBBBBBBB"}`, "", codeInvalidRules, "rules.regions"},
		{"regions too many symbols", `{"regions":"` + strings.Repeat("ABCDEFGHIJ", 9)[:81] + `"}`, "", codeInvalidRules, "rules.regions"},
		{"regions not connected", `{"regions":"` + rotations("ABCDEFGHI") + `"}`, "", codeInvalidRules, "rules.regions"},
		{"regions rows", `{"regions":[[1,1,1]]}`, "", codeInvalidRules, "rules.regions"},
		{"cell off the board", `{"odd":[[0,0],[9,0]]}`, "", codeInvalidRules, "rules.odd[1]"},
		{"cell not a pair", `{"even":[[0,0,1]]}`, "", codeInvalidRules, "rules.even[0]"},
		{"odd and even", `{"odd":[[2,2]],"even":[[2,2]]}`, "", codeInvalidRules, "rules.even[0]"},
		{"cell in two cages", `{"cages":[{"cells":[[0,0],[0,1]],"sum":3},{"cells":[[0,1]]}]}`, "", codeInvalidRules, "rules.cages[1].cells"},
		{"huge sum", `{"cages":[{"cells":[[0,0],[0,1]],"sum":1000000000}]}`, "", codeInvalidRules, "rules.cages[0].sum"},
		{"negative sum", `{"cages":[{"cells":[[0,0]],"sum":-3}]}`, "", codeInvalidRules, "rules.cages[0].sum"},
		{"unreachable sum", `{"cages":[{"cells":[[0,0],[0,1]],"sum":18}]}`, "", codeInvalidRules, "rules.cages[0].sum"},
		{"empty cage", `{"cages":[{"cells":[]}]}`, "", codeInvalidRules, "rules.cages[0].cells"},
		{"cage too big", `{"cages":[{"cells":[[0,0],[0,1],[0,2],[0,3],[0,4],[0,5],[0,6],[0,7],[0,8],[1,0]]}]}`, "", codeInvalidRules, "rules.cages[0].cells"},
		{"extra region short", `{"extra_regions":[[[0,0]]]}`, "", codeInvalidRules, "rules.extra_regions[0]"},
		{"windows on 2x3", `{"windows":true}`, "", "", ""}, // filled in below on a 6x6
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			body := `{"puzzle":"` + empty + `","rules":` + tt.rules
			if tt.box != "" {
				body += `,"box":"` + tt.box + `"`
			}
			code, field := tt.code, tt.field
			if code == "" {
				body = `{"puzzle":"` + strings.Repeat(".", 36) + `","rules":` + tt.rules
				code, field = codeInvalidRules, "rules.windows"
			}
			for _, path := range []string{"/solve", "/hint", "/validate", "/puzzles"} {
				ex := c.post(path, body+"}")
				p := ex.problem(t)
				if ex.status != http.StatusBadRequest || p.Code != code || len(p.Errors) != 1 || p.Errors[0].Field != field {
					t.Errorf("%s: %d %s, want 400 %s naming %s", path, ex.status, ex.body, code, field)
				}
			}
		})
	}
	// Too many cages, odd cells or extra regions: the bound is the board's
	// cells, checked before the engine sees them.
	many := func(k int) string { return strings.Repeat("[0,0],", k-1) + "[0,0]" }
	for _, tt := range []struct{ rules, field string }{
		{`{"odd":[` + many(82) + `]}`, "rules.odd"},
		{`{"cages":[` + strings.Repeat(`{"cells":[[0,0]]},`, 81) + `{"cells":[[0,0]]}]}`, "rules.cages"},
		{`{"extra_regions":[` + strings.Repeat(`[`+many(9)+`],`, 81) + `[` + many(9) + `]]}`, "rules.extra_regions"},
	} {
		ex := c.post("/solve", `{"puzzle":"`+empty+`","rules":`+tt.rules+`}`)
		p := ex.problem(t)
		if ex.status != http.StatusBadRequest || p.Code != codeInvalidRules || len(p.Errors) != 1 || p.Errors[0].Field != tt.field {
			t.Errorf("%d %s, want 400 invalid_rules naming %s", ex.status, ex.body, tt.field)
		}
	}
}

// rotations returns s followed by its rotations, one symbol further each.
func rotations(s string) string {
	var sb strings.Builder
	for i := range s {
		sb.WriteString(s[i:] + s[:i])
	}
	return sb.String()
}

// TestValidateNamesTheRule: each broken rule is named, as the conflict's
// rule, in a single /validate and in a batch item; a batch item with bad
// rules gets its own invalid_rules error.
func TestValidateNamesTheRule(t *testing.T) {
	c := newClient(t, Config{})
	at := func(cells map[int]int) string {
		b := []byte(strings.Repeat(".", 81))
		for i, v := range cells {
			b[i] = byte('0' + v)
		}
		return string(b)
	}
	regions := "AAABBBCCC" + "AAABBBCCC" + "AADBBBCCC" + "ADDEEEFFF" + "DDDEEEFFF" + "DDDEEEFFF" + "GGGHHHIII" + "GGGHHHIII" + "GGGHHHIII"
	cases := []struct {
		rule, rules string
		cells       map[int]int // index → value; the first two clash
	}{
		{"region", `{"regions":"` + regions + `"}`, map[int]int{20: 4, 36: 4}},
		{"diagonal", `{"diagonals":"both"}`, map[int]int{0: 1, 80: 1}},
		{"diagonal", `{"diagonals":"anti"}`, map[int]int{8: 2, 72: 2}},
		{"window", `{"windows":true}`, map[int]int{10: 5, 30: 5}},
		{"extra_region", `{"extra_regions":[[[0,0],[1,4],[2,8],[3,1],[4,5],[5,2],[6,6],[7,3],[8,7]]]}`, map[int]int{0: 3, 13: 3}},
		{"disjoint_group", `{"disjoint_groups":true}`, map[int]int{0: 6, 30: 6}},
		{"anti_knight", `{"anti_knight":true}`, map[int]int{20: 7, 31: 7}},
		{"anti_king", `{"anti_king":true}`, map[int]int{20: 8, 30: 8}},
		{"non_consecutive", `{"non_consecutive":true}`, map[int]int{0: 4, 1: 5}},
		{"parity", `{"odd":[[0,0]]}`, map[int]int{0: 4}},
		{"parity", `{"even":[[4,4]]}`, map[int]int{40: 3}},
		{"cage", `{"cages":[{"cells":[[0,0],[3,3]]}]}`, map[int]int{0: 2, 30: 2}},
		{"cage_sum", `{"cages":[{"cells":[[0,0],[1,1]],"sum":10}]}`, map[int]int{0: 1, 10: 2}},
	}
	for _, tt := range cases {
		t.Run(tt.rule, func(t *testing.T) {
			puzzle := at(tt.cells)
			ex := c.post("/validate", `{"puzzle":"`+puzzle+`","rules":`+tt.rules+`}`)
			var resp validateResponse
			ex.json(t, &resp)
			if ex.status != http.StatusOK || resp.Valid || len(resp.Conflicts) == 0 {
				t.Fatalf("%d %s, want a conflict", ex.status, ex.body)
			}
			for _, cf := range resp.Conflicts {
				if cf.Rule != tt.rule || len(cf.Units) == 0 || cf.Units[0] != cf.Rule {
					t.Errorf("conflict %+v, want rule %s", cf, tt.rule)
				}
				if v, ok := tt.cells[cf.Row*9+cf.Col]; !ok || v != cf.Value {
					t.Errorf("conflict %+v names a cell that breaks no rule", cf)
				}
			}
			// The same board is valid without the rule.
			ex = c.post("/validate", `{"puzzle":"`+puzzle+`"}`)
			if !strings.Contains(string(ex.body), `"valid":true`) {
				t.Errorf("without rules: %s", ex.body)
			}
			ex = c.post("/validate", `{"items":[{"id":"a","puzzle":"`+puzzle+`","rules":`+tt.rules+`},{"id":"b","puzzle":"`+puzzle+`","rules":{"odd":[[9,9]]}}]}`)
			var batch struct {
				Results []struct {
					ID        string
					Conflicts []conflict
					Error     *struct{ Code, Detail string }
				}
			}
			ex.json(t, &batch)
			if len(batch.Results) != 2 || len(batch.Results[0].Conflicts) == 0 || batch.Results[0].Conflicts[0].Rule != tt.rule {
				t.Fatalf("batch: %s", ex.body)
			}
			if e := batch.Results[1].Error; e == nil || e.Code != codeInvalidRules || !strings.HasPrefix(e.Detail, "rules.odd[0]") {
				t.Errorf("batch item with bad rules: %s", ex.body)
			}
		})
	}
}

// TestSolveConflictNamesTheRule: givens that break a variant rule are 422
// conflict, each cell naming the rule.
func TestSolveConflictNamesTheRule(t *testing.T) {
	c := newClient(t, Config{})
	puzzle := "1" + strings.Repeat(".", 79) + "1"
	ex := c.post("/solve", `{"puzzle":"`+puzzle+`","rules":{"diagonals":"main"}}`)
	p := ex.problem(t)
	if ex.status != http.StatusUnprocessableEntity || p.Code != codeConflict || len(p.Conflicts) != 2 {
		t.Fatalf("%d %s", ex.status, ex.body)
	}
	for _, cf := range p.Conflicts {
		if cf.Rule != engine.UnitDiagonal {
			t.Errorf("conflict %+v, want rule diagonal", cf)
		}
	}
}

// TestOneCellCages25: 625 one-cell cages on a 25×25, their sums a solved
// grid, solve to that grid, uniquely. Without sums they constrain nothing
// and the search is held to the server's budget: an answer that keeps
// every rule, or 422 search_limit.
func TestOneCellCages25(t *testing.T) {
	c := newClient(t, Config{})
	empty := strings.Repeat(".", 625)
	grid := gridOf(t, solveWith(t, c, empty, `{}`), 25)
	var with, without []string
	for i, row := range grid {
		for j, v := range row {
			with = append(with, fmt.Sprintf(`{"cells":[[%d,%d]],"sum":%d}`, i, j, v))
			without = append(without, fmt.Sprintf(`{"cells":[[%d,%d]]}`, i, j))
		}
	}
	for _, tt := range []struct {
		name  string
		cages []string
	}{{"sums", with}, {"no sums", without}} {
		t.Run(tt.name, func(t *testing.T) {
			rules := `{"cages":[` + strings.Join(tt.cages, ",") + `]}`
			ex := c.post("/solve", `{"size":25,"puzzle":"`+empty+`","rules":`+rules+`}`)
			if tt.name == "no sums" && ex.status == http.StatusUnprocessableEntity && ex.problem(t).Code == codeSearchLimit {
				t.Logf("no sums: %s", ex.body)
				return
			}
			var resp struct {
				Solution string
				Unique   bool
			}
			ex.json(t, &resp)
			if ex.status != http.StatusOK {
				t.Fatalf("%d %.300s", ex.status, ex.body)
			}
			if bad := checkRules(rules, 25, 5, 5, gridOf(t, empty, 25), gridOf(t, resp.Solution, 25)); bad != nil {
				t.Fatalf("answer breaks %v", bad)
			}
			if tt.name == "sums" && !resp.Unique {
				t.Errorf("625 cages with sums: not unique")
			}
		})
	}
}

// TestBatchOfJigsaws: a JSON batch of 10,000 items, each a 9×9 with a
// jigsaw of its own (more than the engine's rule cache holds), is answered
// in full, each item's region conflict named, with the live heap held to
// the batch's window, not its items.
func TestBatchOfJigsaws(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(38, 2))
	var body bytes.Buffer
	body.WriteString(`{"items":[`)
	for i := range n {
		regions := randomRegions(rng, 9, 3, 3)
		// Two 5s in region A, as far apart as it goes.
		first, last := strings.IndexByte(regions, 'A'), strings.LastIndexByte(regions, 'A')
		puzzle := []byte(strings.Repeat(".", 81))
		puzzle[first], puzzle[last] = '5', '5'
		if i > 0 {
			body.WriteByte(',')
		}
		fmt.Fprintf(&body, `{"id":"%d","puzzle":"%s","rules":{"regions":"%s"}}`, i, puzzle, regions)
	}
	body.WriteString(`]}`)
	srv := mustNew(t, Config{Workers: 2}, nil, nil)
	t.Cleanup(srv.Close)
	req := httptest.NewRequest(http.MethodPost, "/validate", bytes.NewReader(body.Bytes()))
	req.Header.Set("Content-Type", mediaJSON)
	pr, pw := io.Pipe()
	checked := make(chan error, 1)
	go func() {
		err := func() error {
			var resp struct {
				Results []itemResult
				Summary summary
			}
			if err := json.NewDecoder(pr).Decode(&resp); err != nil {
				return err
			}
			if want := (summary{Total: n}); resp.Summary != want {
				return fmt.Errorf("summary %+v, want %+v", resp.Summary, want)
			}
			for i, res := range resp.Results {
				if res.ID == nil || *res.ID != fmt.Sprint(i) || res.Error != nil || len(res.Conflicts) != 2 ||
					!slices.Contains(res.Conflicts[0].Units, engine.UnitRegion) {
					return fmt.Errorf("result %d: %+v", i, res)
				}
			}
			return nil
		}()
		io.Copy(io.Discard, pr)
		checked <- err
	}()
	w := &heapWatch{header: http.Header{}, out: pw}
	runtime.GC()
	base := heapInUse()
	_, evictions := engine.RuleCacheStats()
	start := time.Now()
	srv.ServeHTTP(w, req)
	pw.Close()
	if err := <-checked; err != nil {
		t.Fatal(err)
	}
	entries, after := engine.RuleCacheStats()
	grew := int64(w.peak) - int64(base)
	t.Logf("%d items (%d KB) in %v; live heap grew by %d KB at most; rule cache %d entries, %d evictions",
		n, body.Len()>>10, time.Since(start), grew>>10, entries, after-evictions)
	if w.status != http.StatusOK {
		t.Fatalf("status %d", w.status)
	}
	if entries > engine.MaxCachedRules || after-evictions < int64(n-engine.MaxCachedRules) {
		t.Errorf("rule cache: %d entries, %d evictions", entries, after-evictions)
	}
	// The reservation the batch's admission made is the most its answer may
	// hold; the body itself is held by the caller here.
	if cost := jsonCost(srv.deps.cfg, int64(body.Len())); grew > cost {
		t.Errorf("live heap grew by %d KB, more than the %d KB the batch reserved", grew>>10, cost>>10)
	}
}

// TestHintOnVariants: /hint on a variant puzzle with one solution places a
// value of that solution. Each puzzle is the empty board's answer under
// the rules with cells blanked, in a seeded order, while /solve still
// finds it unique.
func TestHintOnVariants(t *testing.T) {
	c := newClient(t, Config{})
	rng := rand.New(rand.NewPCG(38, 3))
	empty := strings.Repeat(".", 81)
	for _, rules := range []string{
		`{"diagonals":"both"}`,
		`{"windows":true}`,
		killerOf(rng, gridOf(t, solveWith(t, c, empty, `{}`), 9)),
	} {
		sol := solveWith(t, c, empty, rules)
		puzzle := []byte(sol)
		for _, i := range rng.Perm(81) {
			puzzle[i] = '.'
			ex := c.post("/solve", `{"puzzle":"`+string(puzzle)+`","rules":`+rules+`}`)
			var resp struct {
				Solution string
				Unique   bool
			}
			ex.json(t, &resp)
			if ex.status != http.StatusOK || !resp.Unique {
				puzzle[i] = sol[i]
			}
		}
		ex := c.post("/hint", `{"puzzle":"`+string(puzzle)+`","rules":`+rules+`}`)
		var step struct {
			Kind                   string
			Row, Col, Value        int
			Technique, Explanation string
		}
		ex.json(t, &step)
		if ex.status != http.StatusOK || step.Kind != "placement" || puzzle[step.Row*9+step.Col] != '.' ||
			int(sol[step.Row*9+step.Col]-'0') != step.Value {
			t.Errorf("%s: hint %d %s, want a placement from the solution %s", rules, ex.status, ex.body, sol)
			continue
		}
		t.Logf("%.40s: %s: %s", rules, step.Technique, step.Explanation)
	}
}

// TestStreamLinesWithRules: NDJSON lines carry rules as batch items do: a
// conflict names its rule, bad rules are the line's own invalid_rules.
func TestStreamLinesWithRules(t *testing.T) {
	c := newClient(t, Config{})
	x := "1" + strings.Repeat(".", 79) + "1"
	body := `{"id":"x","puzzle":"` + x + `","rules":{"diagonals":"main"}}` + "\n" +
		`{"id":"bad","puzzle":"` + x + `","rules":{"cages":[{"cells":[[0,0]],"sum":10}]}}` + "\n" +
		`{"id":"classic","puzzle":"` + x + `"}` + "\n"
	ex := c.do(http.MethodPost, "/validate", mediaNDJSON, []byte(body))
	lines := strings.Split(strings.TrimSpace(string(ex.body)), "\n")
	if ex.status != http.StatusOK || len(lines) != 3 {
		t.Fatalf("%d %s", ex.status, ex.body)
	}
	var res [3]itemResult
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &res[i]); err != nil {
			t.Fatal(err)
		}
	}
	if cs := res[0].Conflicts; len(cs) != 2 || cs[0].Rule != engine.UnitDiagonal || cs[1].Rule != engine.UnitDiagonal {
		t.Errorf("line 1: %s, want two diagonal conflicts", lines[0])
	}
	if e := res[1].Error; e == nil || e.Code != codeInvalidRules || !strings.HasPrefix(e.Detail, "rules.cages[0].sum") {
		t.Errorf("line 2: %s, want invalid_rules naming rules.cages[0].sum", lines[1])
	}
	if res[2].Valid == nil || !*res[2].Valid {
		t.Errorf("line 3: %s, want valid without rules", lines[2])
	}
}

// TestHintNamesTheCage: on a killer with the player's candidates the hint
// is the cage's combination, named with its sum, titled, and carrying the
// cage as a unit and a set a frontend can draw.
func TestHintNamesTheCage(t *testing.T) {
	c := newClient(t, Config{})
	cands := `"` + strings.Repeat(`123456789","`, 80) + `123456789"`
	ex := c.post("/hint", `{"puzzle":"`+strings.Repeat(".", 81)+`","candidates":[`+cands+`],`+
		`"rules":{"cages":[{"cells":[[0,0],[0,1]],"sum":3}]}}`)
	var step struct {
		Kind, Technique, Title, Explanation string
		Units                               []struct {
			Kind  string
			Index int
		}
		Pattern struct{ Sets [][]struct{ Row, Col int } }
	}
	ex.json(t, &step)
	if ex.status != http.StatusOK || step.Technique != "cage_combination" || step.Title != "cage combination" ||
		step.Explanation != "the cage r1c1+r1c2 = 3 can only hold 1 and 2" {
		t.Fatalf("hint %d %s", ex.status, ex.body)
	}
	if len(step.Units) != 1 || step.Units[0].Kind != "cage" || len(step.Pattern.Sets) != 1 || len(step.Pattern.Sets[0]) != 2 {
		t.Fatalf("the hint does not carry its cage: %s", ex.body)
	}
}
