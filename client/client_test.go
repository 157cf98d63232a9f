package client_test

import (
	"bytes"
	"cmp"
	"compress/zlib"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	_ "image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"
	"github.com/oapi-codegen/runtime/types"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/sudokud/sudokud"
	"github.com/sudokud/sudokud/api"
	"github.com/sudokud/sudokud/client"
)

const (
	classic  = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solved4  = "1234341221434321"
	conflict = "11..............."
)

// newClient starts the real router on a test server, configured by cfg
// (nil for the defaults), and returns a Client of it with opts.
func newClient(tb testing.TB, cfg func(*api.Config), opts ...client.Option) (*client.Client, *api.Server, *prometheus.Registry) {
	tb.Helper()
	c := api.DefaultConfig()
	if cfg != nil {
		cfg(&c)
	}
	reg := prometheus.NewRegistry()
	srv, err := api.New(c, nil, reg)
	if err != nil {
		tb.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	tb.Cleanup(func() { ts.Close(); srv.Close() })
	cl, err := client.New(ts.URL, opts...)
	if err != nil {
		tb.Fatal(err)
	}
	return cl, srv, reg
}

// cells reads a board string into values, 0 for an empty cell.
func cells(tb testing.TB, s string) []int {
	tb.Helper()
	var out []int
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == '.' || r == '0':
			out = append(out, 0)
		case r >= '1' && r <= '9':
			out = append(out, int(r-'0'))
		case r >= 'A' && r <= 'Z':
			out = append(out, int(r-'A')+10)
		default:
			tb.Fatalf("symbol %q in %q", r, s)
		}
	}
	return out
}

// checkSolution fails unless sol fills an n×n board of br×bc boxes by the
// rules (each value 1..n once in every row, column and box) and keeps
// every given of puzzle.
func checkSolution(tb testing.TB, n, br, bc int, puzzle, sol []int) {
	tb.Helper()
	if len(sol) != n*n || len(puzzle) != n*n {
		tb.Fatalf("a %dx%d board has %d cells: puzzle %d, solution %d", n, n, n*n, len(puzzle), len(sol))
	}
	for i, v := range sol {
		if v < 1 || v > n {
			tb.Fatalf("r%dc%d holds %d, want 1..%d", i/n+1, i%n+1, v, n)
		}
		if puzzle[i] != 0 && puzzle[i] != v {
			tb.Fatalf("r%dc%d: given %d became %d", i/n+1, i%n+1, puzzle[i], v)
		}
	}
	for u := range n {
		row, col, box := map[int]bool{}, map[int]bool{}, map[int]bool{}
		for k := range n {
			r0, c0 := (u/(n/bc))*br, (u%(n/bc))*bc
			for _, seen := range []struct {
				m    map[int]bool
				what string
				cell int
			}{
				{row, "row", u*n + k},
				{col, "column", k*n + u},
				{box, "box", (r0+k/bc)*n + c0 + k%bc},
			} {
				v := sol[seen.cell]
				if seen.m[v] {
					tb.Fatalf("%d twice in %s %d", v, seen.what, u+1)
				}
				seen.m[v] = true
			}
		}
	}
}

// text returns a board given as a string.
func text(tb testing.TB, b client.Board) string {
	tb.Helper()
	s, err := b.AsBoardString()
	if err != nil {
		j, _ := b.MarshalJSON()
		tb.Fatalf("board %s is not a string: %v", j, err)
	}
	return s
}

func flat(grid [][]int) []int {
	var out []int
	for _, row := range grid {
		out = append(out, row...)
	}
	return out
}

// apiError returns err as an *client.Error with the wanted code and
// status, or fails.
func apiError(tb testing.TB, err error, status int, code client.ProblemCode) *client.Error {
	tb.Helper()
	var e *client.Error
	if !errors.As(err, &e) {
		tb.Fatalf("error %v (%T), want a *client.Error", err, err)
	}
	if e.Status != status || e.Code != code || e.Problem.Code != code || e.Problem.Status != status {
		tb.Fatalf("error %d %q (problem %d %q), want %d %q", e.Status, e.Code, e.Problem.Status, e.Problem.Code, status, code)
	}
	return e
}

func TestSolve(t *testing.T) {
	c, _, _ := newClient(t, nil)
	ctx := t.Context()

	t.Run("string", func(t *testing.T) {
		got, err := c.Solve(ctx, client.SolveRequest{Puzzle: new(classic)})
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, 9, 3, 3, cells(t, classic), cells(t, text(t, got.Solution)))
		if !got.Unique || got.Stats.Nodes < 1 {
			t.Errorf("unique %v, nodes %d", got.Unique, got.Stats.Nodes)
		}
	})
	t.Run("grid 6x6 of 3x2 boxes", func(t *testing.T) {
		grid := [][]int{{1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 6}}
		got, err := c.Solve(ctx, client.SolveRequest{Size: new(6), Box: new("3x2"), Grid: &grid})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := got.Solution.AsBoardGrid()
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, 6, 3, 2, flat(grid), flat(sol))
		if got.Unique {
			t.Error("a board of two givens has one solution, the answer says")
		}
	})
	t.Run("conflict", func(t *testing.T) {
		_, err := c.Solve(ctx, client.SolveRequest{Puzzle: new(conflict[:16])})
		e := apiError(t, err, http.StatusUnprocessableEntity, client.ProblemCodeConflict)
		if e.Problem.Conflicts == nil {
			t.Fatal("a conflict without its cells")
		}
		var at []client.Cell
		for _, cf := range *e.Problem.Conflicts {
			if cf.Value != 1 {
				t.Errorf("conflict %+v: value %d, want 1", cf, cf.Value)
			}
			at = append(at, client.Cell{Row: cf.Row, Col: cf.Col})
		}
		if diff := gocmp.Diff([]client.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, at); diff != "" {
			t.Errorf("conflicting cells (-want +got):\n%s", diff)
		}
	})
	t.Run("invalid board", func(t *testing.T) {
		_, err := c.Solve(ctx, client.SolveRequest{Puzzle: new(classic[:80])})
		apiError(t, err, http.StatusBadRequest, client.ProblemCodeInvalidBoard)
	})
}

func TestGenerate(t *testing.T) {
	c, _, _ := newClient(t, nil)
	ctx := t.Context()
	post, err := c.Generate(ctx, client.GenerateRequest{
		Size: new(6), Box: new("3x2"), Difficulty: new(client.DifficultyMedium), Seed: new(int64(7)), Count: new(2),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(post.Puzzles) != 2 {
		t.Fatalf("%d puzzles, want 2", len(post.Puzzles))
	}
	for i, p := range post.Puzzles {
		puz, sol := text(t, p.Puzzle), text(t, p.Solution)
		checkSolution(t, 6, 3, 2, cells(t, puz), cells(t, sol))
		givens := 0
		for _, v := range cells(t, puz) {
			if v != 0 {
				givens++
			}
		}
		if p.Size != 6 || p.Box != "3x2" || p.Difficulty != client.DifficultyMedium || p.Seed != int64(7+i) || p.Givens != givens {
			t.Errorf("puzzle %d: size %d box %s %s seed %d givens %d (counted %d)", i, p.Size, p.Box, p.Difficulty, p.Seed, p.Givens, givens)
		}
		// The server's own solver agrees: one solution, the one given.
		solved, err := c.Solve(ctx, client.SolveRequest{Puzzle: new(puz), Box: new("3x2")})
		if err != nil {
			t.Fatal(err)
		}
		if s := text(t, solved.Solution); !solved.Unique || s != sol {
			t.Errorf("puzzle %d solves to %s (unique %v), generated with %s", i, s, solved.Unique, sol)
		}
	}

	// The query string gives the same puzzles for the same inputs.
	get, err := c.GenerateGet(ctx, &client.GenerateGetParams{
		Size: new(6), Box: new("3x2"), Difficulty: new(client.DifficultyMedium), Seed: new(int64(7)), Count: new(2),
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := gocmp.Diff(boards(t, post), boards(t, get)); diff != "" {
		t.Errorf("GET and POST of the same inputs differ (-post +get):\n%s", diff)
	}

	_, err = c.GenerateGet(ctx, &client.GenerateGetParams{Size: new(4), Difficulty: new(client.DifficultyExpert)})
	e := apiError(t, err, http.StatusUnprocessableEntity, client.ProblemCodeDifficultyUnavailable)
	if e.Problem.Levels == nil || !gocmp.Equal(*e.Problem.Levels, []client.Difficulty{client.DifficultyEasy}) {
		t.Errorf("levels of 4x4: %v, want [easy]", e.Problem.Levels)
	}
}

func TestPuzzles(t *testing.T) {
	c, _, _ := newClient(t, nil)
	ctx := t.Context()

	byID, err := c.PuzzleID(ctx, client.SolveRequest{Puzzle: new(classic)})
	if err != nil {
		t.Fatal(err)
	}
	checkSolution(t, 9, 3, 3, cells(t, classic), cells(t, text(t, byID.Solution)))
	if !byID.Unique || byID.Size != 9 || byID.Box != "3x3" || byID.Id == "" {
		t.Errorf("POST /puzzles: %+v", byID)
	}
	got, err := c.Puzzle(ctx, byID.Id)
	if err != nil {
		t.Fatal(err)
	}
	if !gocmp.Equal(cells(t, text(t, got.Puzzle)), cells(t, classic)) || text(t, got.Solution) != text(t, byID.Solution) {
		t.Errorf("GET /puzzles/%s: puzzle %s solution %s, want the posted %s", byID.Id, text(t, got.Puzzle), text(t, got.Solution), classic)
	}

	// A generated puzzle's id serves that puzzle.
	gen, err := c.Generate(ctx, client.GenerateRequest{Size: new(4), Seed: new(int64(3)), Difficulty: new(client.DifficultyEasy)})
	if err != nil {
		t.Fatal(err)
	}
	p := gen.Puzzles[0]
	if got, err := c.Puzzle(ctx, p.Id); err != nil || text(t, got.Puzzle) != text(t, p.Puzzle) || text(t, got.Solution) != text(t, p.Solution) {
		t.Errorf("GET /puzzles/%s: %+v %v, want the generated %s", p.Id, got, err, text(t, p.Puzzle))
	}

	_, err = c.Puzzle(ctx, "not-an-id!")
	apiError(t, err, http.StatusBadRequest, client.ProblemCodeInvalidId)
	_, err = c.PuzzleID(ctx, client.SolveRequest{Puzzle: new(conflict[:16])})
	apiError(t, err, http.StatusUnprocessableEntity, client.ProblemCodeConflict)
}

// TestDrawings draws a 9×9 puzzle: the SVG holds each given in its cell
// in reading order, and the PNG is as wide as asked.
func TestDrawings(t *testing.T) {
	c, _, _ := newClient(t, nil)
	ctx := t.Context()
	p, err := c.PuzzleID(ctx, client.SolveRequest{Puzzle: new(classic)})
	if err != nil {
		t.Fatal(err)
	}
	svg, err := c.PuzzleSVG(ctx, p.Id, &client.PuzzleSVGParams{Px: new(450)})
	if err != nil {
		t.Fatal(err)
	}
	type svgText struct {
		X    float64 `xml:"x,attr"`
		Y    float64 `xml:"y,attr"`
		Text string  `xml:",chardata"`
	}
	var doc struct {
		XMLName xml.Name
		Width   string    `xml:"width,attr"`
		Texts   []svgText `xml:"g>text"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil {
		t.Fatalf("the SVG does not parse: %v\n%s", err, svg)
	}
	slices.SortFunc(doc.Texts, func(a, b svgText) int { return cmp.Or(cmp.Compare(a.Y, b.Y), cmp.Compare(a.X, b.X)) })
	var drawn, givens string
	for _, tx := range doc.Texts {
		drawn += tx.Text
	}
	for _, v := range cells(t, classic) {
		if v != 0 {
			givens += strconv.Itoa(v)
		}
	}
	if doc.XMLName.Local != "svg" || doc.Width != "450" || drawn != givens {
		t.Errorf("SVG <%s width=%q> draws %s, want the givens %s", doc.XMLName.Local, doc.Width, drawn, givens)
	}

	png, err := c.PuzzlePNG(ctx, p.Id, &client.PuzzlePNGParams{Px: new(300), Solution: new(true)})
	if err != nil {
		t.Fatal(err)
	}
	img, format, err := image.DecodeConfig(bytes.NewReader(png))
	if err != nil || format != "png" || img.Width != 300 || img.Height != 300 {
		t.Errorf("PNG: %s %dx%d %v, want png 300x300", format, img.Width, img.Height, err)
	}

	_, err = c.PuzzlePNG(ctx, p.Id, &client.PuzzlePNGParams{Px: new(5)})
	apiError(t, err, http.StatusBadRequest, client.ProblemCodeInvalidRequest)
	_, err = c.PuzzleSVG(ctx, "not-an-id!", nil)
	apiError(t, err, http.StatusBadRequest, client.ProblemCodeInvalidId)
}

// TestPrint prints two generated puzzles by id, one a page: the pages
// show the title, each puzzle's id and givens, then each solution.
func TestPrint(t *testing.T) {
	c, _, _ := newClient(t, nil)
	ctx := t.Context()
	gen, err := c.Generate(ctx, client.GenerateRequest{Size: new(4), Count: new(2), Seed: new(int64(1)), Difficulty: new(client.DifficultyEasy)})
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{gen.Puzzles[0].Id, gen.Puzzles[1].Id}
	one := client.PrintRequestPerPageN1
	pdf, err := c.Print(ctx, client.PrintRequest{Ids: &ids, PerPage: &one, Title: new("Client test")})
	if err != nil {
		t.Fatal(err)
	}
	pages := pdfPages(t, pdf)
	if len(pages) != 4 {
		t.Fatalf("%d pages, want 2 puzzles and 2 solutions", len(pages))
	}
	for i, p := range gen.Puzzles {
		puzzle, solution := pages[i], pages[2+i]
		if !slices.Contains(puzzle, "Client test") || !slices.Contains(puzzle, p.Id) {
			t.Errorf("page %d lacks the title or the id %s: %q", i+1, p.Id, puzzle)
		}
		if got, want := digits(puzzle), digits(strings.Split(text(t, p.Puzzle), "")); got != want {
			t.Errorf("page %d draws the values %s, want the givens %s", i+1, got, want)
		}
		if got, want := digits(solution), digits(strings.Split(text(t, p.Solution), "")); got != want {
			t.Errorf("page %d draws the values %s, want the solution %s", 3+i, got, want)
		}
	}

	no := false
	pdf, err = c.Print(ctx, client.PrintRequest{Ids: &ids, PerPage: &one, Solutions: &no})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pdfPages(t, pdf)); n != 2 {
		t.Errorf("%d pages without solutions, want 2", n)
	}

	bad := []string{ids[0], "not-an-id!"}
	_, err = c.Print(ctx, client.PrintRequest{Ids: &bad})
	apiError(t, err, http.StatusBadRequest, client.ProblemCodeInvalidId)
	three := client.PrintRequestPerPage(3)
	_, err = c.Print(ctx, client.PrintRequest{Ids: &ids, PerPage: &three})
	apiError(t, err, http.StatusBadRequest, client.ProblemCodeInvalidRequest)
}

var (
	pdfPage   = regexp.MustCompile(`/Type\s*/Page\b`)
	pdfStream = regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`)
	pdfShow   = regexp.MustCompile(`\(((?:[^()\\]|\\.)*)\)\s*Tj`)
)

// pdfPages returns the strings each page of a PDF shows, one content
// stream a page, after checking it is a PDF of that many pages.
func pdfPages(tb testing.TB, pdf []byte) [][]string {
	tb.Helper()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf[max(0, len(pdf)-32):], []byte("%%EOF")) {
		tb.Fatalf("not a whole PDF: %q…", pdf[:min(len(pdf), 16)])
	}
	var pages [][]string
	for _, m := range pdfStream.FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue // not a Flate stream: no text
		}
		content, err := io.ReadAll(r)
		if err != nil {
			tb.Fatal(err)
		}
		var shown []string
		for _, s := range pdfShow.FindAllSubmatch(content, -1) {
			shown = append(shown, string(s[1]))
		}
		if shown != nil {
			pages = append(pages, shown)
		}
	}
	if n := len(pdfPage.FindAll(pdf, -1)); n != len(pages) {
		tb.Fatalf("%d pages, %d content streams with text", n, len(pages))
	}
	return pages
}

// digits returns the one-digit strings of shown, sorted, as one string.
func digits(shown []string) string {
	var ds []string
	for _, s := range shown {
		if len(s) == 1 && s >= "1" && s <= "9" {
			ds = append(ds, s)
		}
	}
	slices.Sort(ds)
	return strings.Join(ds, "")
}

func TestDaily(t *testing.T) {
	c, _, _ := newClient(t, nil)
	ctx := t.Context()
	day := types.Date{Time: time.Date(2026, time.March, 14, 0, 0, 0, 0, time.UTC)}
	params := &client.DailyParams{Size: new(6), Difficulty: new(client.DifficultyEasy), Date: &day}
	d, err := c.Daily(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	checkSolution(t, 6, 2, 3, cells(t, d.Puzzle), cells(t, d.Solution))
	if d.Date.String() != "2026-03-14" || d.Size != 6 || d.Box != "2x3" || d.Difficulty != client.DifficultyEasy {
		t.Errorf("daily: %+v", d)
	}
	again, err := c.Daily(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	if again.Puzzle != d.Puzzle || again.Id != d.Id {
		t.Errorf("the same day gave %s, then %s", d.Puzzle, again.Puzzle)
	}
	byID, err := c.Puzzle(ctx, d.Id)
	if err != nil || text(t, byID.Puzzle) != d.Puzzle || text(t, byID.Solution) != d.Solution || !byID.Unique {
		t.Errorf("GET /puzzles/%s: %+v %v, want the daily %s", d.Id, byID, err, d.Puzzle)
	}

	_, err = c.Daily(ctx, &client.DailyParams{Size: new(4), Difficulty: new(client.DifficultyExpert)})
	apiError(t, err, http.StatusUnprocessableEntity, client.ProblemCodeDifficultyUnavailable)
	future := types.Date{Time: time.Now().AddDate(0, 0, 3)}
	_, err = c.Daily(ctx, &client.DailyParams{Date: &future})
	apiError(t, err, http.StatusBadRequest, client.ProblemCodeInvalidRequest)
}

func boards(tb testing.TB, r *client.GenerateResponse) []string {
	var out []string
	for _, p := range r.Puzzles {
		out = append(out, text(tb, p.Puzzle))
	}
	return out
}

func TestHint(t *testing.T) {
	c, _, _ := newClient(t, nil)
	ctx := t.Context()
	sol, err := c.Solve(ctx, client.SolveRequest{Puzzle: new(classic)})
	if err != nil {
		t.Fatal(err)
	}
	solStr := text(t, sol.Solution)
	want := cells(t, solStr)

	h, err := c.Hint(ctx, client.HintRequest{Puzzle: new(classic)})
	if err != nil {
		t.Fatal(err)
	}
	if h.Kind != client.StepKindPlacement || h.Row == nil || h.Col == nil || h.Value == nil || h.Steps == nil {
		t.Fatalf("hint %+v, want a placement with its steps", h)
	}
	if cell := *h.Row*9 + *h.Col; cells(t, classic)[cell] != 0 || want[cell] != *h.Value {
		t.Errorf("hint places %d at r%dc%d; the solution has %d there", *h.Value, *h.Row+1, *h.Col+1, want[cell])
	}
	if last := (*h.Steps)[len(*h.Steps)-1]; last.Kind != client.StepKindPlacement || *last.Value != *h.Value {
		t.Errorf("the last step %+v is not the hint's placement", last)
	}

	nudge, err := c.Hint(ctx, client.HintRequest{Puzzle: new(classic), Nudge: new(true)})
	if err != nil {
		t.Fatal(err)
	}
	if nudge.Kind != client.StepKindNudge || nudge.Row != nil || nudge.Units == nil {
		t.Errorf("nudge %+v, want units and no cell", nudge)
	}

	_, err = c.Hint(ctx, client.HintRequest{Puzzle: new(solStr)})
	apiError(t, err, http.StatusUnprocessableEntity, client.ProblemCodeNoEmptyCells)
}

func TestValidate(t *testing.T) {
	c, _, _ := newClient(t, nil)
	ctx := t.Context()
	for _, tc := range []struct {
		name                    string
		req                     client.ValidateRequest
		valid, complete, solved bool
		conflicts               int
		solvable                *bool
	}{
		{"solved", client.ValidateRequest{Puzzle: new(solved4)}, true, true, true, 0, nil},
		{"open and solvable", client.ValidateRequest{Puzzle: new(classic), Solvable: new(true)}, true, false, false, 0, new(true)},
		{"conflict", client.ValidateRequest{Puzzle: new(conflict[:16])}, false, false, false, 2, nil},
		{"given changed", client.ValidateRequest{Puzzle: new("2234341221434321"), Givens: board(t, "1...............")}, false, true, false, 3, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := c.Validate(ctx, tc.req)
			if err != nil {
				t.Fatal(err)
			}
			if got.Valid != tc.valid || got.Complete != tc.complete || got.Solved != tc.solved || len(got.Conflicts) != tc.conflicts {
				t.Errorf("got %+v, want valid %v complete %v solved %v and %d conflicts", got, tc.valid, tc.complete, tc.solved, tc.conflicts)
			}
			if !gocmp.Equal(got.Solvable, tc.solvable) {
				t.Errorf("solvable %v, want %v", got.Solvable, tc.solvable)
			}
		})
	}
	_, err := c.Validate(ctx, client.ValidateRequest{})
	apiError(t, err, http.StatusBadRequest, client.ProblemCodeInvalidRequest)
}

func board(tb testing.TB, s string) *client.Board {
	var b client.Board
	if err := b.FromBoardString(s); err != nil {
		tb.Fatal(err)
	}
	return &b
}

func TestValidateBatch(t *testing.T) {
	c, _, _ := newClient(t, nil)
	got, err := c.ValidateBatch(t.Context(), []client.BatchItem{
		{Id: new("a"), Puzzle: new(solved4)},
		{Id: new("b"), Grid: &[][]int{{1, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}},
		{Id: new("c"), Puzzle: new("123")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Results) != 3 {
		t.Fatalf("%d results of 3 items", len(got.Results))
	}
	a, b, cc := got.Results[0], got.Results[1], got.Results[2]
	if *a.Id != "a" || !*a.Solved || *b.Id != "b" || *b.Valid || len(*b.Conflicts) != 2 || *cc.Id != "c" || cc.Error == nil || cc.Error.Code != client.ItemErrorCodeInvalidBoard {
		t.Errorf("results %s", dump(got.Results))
	}
	s := got.Summary
	if s.Total != 3 || s.Valid != 1 || s.Complete != 1 || s.Solved != 1 || s.Errors != 1 {
		t.Errorf("summary %+v", s)
	}
}

func dump(rs []client.BatchResult) string {
	var b strings.Builder
	for _, r := range rs {
		j, _ := json.Marshal(r)
		fmt.Fprintf(&b, "\n%s", j)
	}
	return b.String()
}

func TestValidateStream(t *testing.T) {
	c, _, reg := newClient(t, nil)
	ctx := t.Context()

	// Every third board clashes, every seventh is not a board.
	const n = 300
	items := func(yield func(client.BatchItem) bool) {
		for i := range n {
			it := client.BatchItem{Id: new(strconv.Itoa(i)), Puzzle: new(solved4)}
			switch {
			case i%7 == 6:
				it.Puzzle = new("12345")
			case i%3 == 2:
				it.Puzzle = new(conflict[:16])
			}
			if !yield(it) {
				return
			}
		}
	}
	i := 0
	for r, err := range c.ValidateStream(ctx, items) {
		if err != nil {
			t.Fatalf("after %d results: %v", i, err)
		}
		if r.Id == nil || *r.Id != strconv.Itoa(i) {
			t.Fatalf("result %d has id %v", i, r.Id)
		}
		switch {
		case i%7 == 6:
			if r.Error == nil || r.Error.Code != client.ItemErrorCodeInvalidBoard {
				t.Errorf("item %d: %+v, want invalid_board", i, r)
			}
		case i%3 == 2:
			if r.Valid == nil || *r.Valid || len(*r.Conflicts) != 2 {
				t.Errorf("item %d: %+v, want 2 conflicts", i, r)
			}
		default:
			if r.Solved == nil || !*r.Solved {
				t.Errorf("item %d: %+v, want solved", i, r)
			}
		}
		i++
	}
	if i != n {
		t.Fatalf("%d results of %d items", i, n)
	}

	// A loop that stops early ends the request; the server closes the
	// stream and counts no more open.
	for range c.ValidateStream(ctx, items) {
		break
	}
	waitFor(t, func() bool {
		return metric(t, reg, "sudokud_validate_streams_open") == 0
	})
}

// TestValidateStreamEnd stops sending after two items: the server ends
// the stream after its read timeout with a StreamEnd line, which comes
// back as a *StreamEndError after the two results.
func TestValidateStreamEnd(t *testing.T) {
	srv, err := api.New(api.DefaultConfig(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(srv)
	ts.Config.ReadTimeout = 200 * time.Millisecond
	ts.Start()
	t.Cleanup(func() { ts.Close(); srv.Close() })
	c, err := client.New(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	stall := make(chan struct{})
	defer close(stall)
	items := func(yield func(client.BatchItem) bool) {
		if yield(client.BatchItem{Id: new("a"), Puzzle: new(solved4)}) && yield(client.BatchItem{Id: new("b"), Puzzle: new(solved4)}) {
			<-stall
		}
	}
	var ids []string
	var end *client.StreamEndError
	for r, err := range c.ValidateStream(t.Context(), items) {
		if err != nil {
			if !errors.As(err, &end) {
				t.Fatalf("after %v: %v, want a *client.StreamEndError", ids, err)
			}
			break
		}
		ids = append(ids, *r.Id)
	}
	if end == nil || end.Code != client.StreamEndErrorCodeRequestTimeout || end.Results != 2 || !slices.Equal(ids, []string{"a", "b"}) {
		t.Errorf("results %v, then %v; want a and b, then request_timeout after 2", ids, end)
	}
}

// waitFor polls cond until it holds (the test's deadline bounds it).
func waitFor(tb testing.TB, cond func() bool) {
	tb.Helper()
	for !cond() {
		time.Sleep(10 * time.Millisecond)
	}
}

// metric sums the samples of the metric family name in reg whose labels
// include every pair of labels (name, value, name, value…).
func metric(tb testing.TB, reg *prometheus.Registry, name string, labels ...string) float64 {
	tb.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		tb.Fatal(err)
	}
	sum := 0.0
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
	samples:
		for _, m := range mf.GetMetric() {
			have := map[string]string{}
			for _, l := range m.GetLabel() {
				have[l.GetName()] = l.GetValue()
			}
			for i := 0; i+1 < len(labels); i += 2 {
				if have[labels[i]] != labels[i+1] {
					continue samples
				}
			}
			sum += m.GetGauge().GetValue() + m.GetCounter().GetValue()
		}
	}
	return sum
}

func TestShapesAndTechniques(t *testing.T) {
	c, _, _ := newClient(t, nil)
	ctx := t.Context()
	shapes, err := c.Shapes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defaults := map[int]string{}
	for _, s := range shapes.Shapes {
		var r, cols int
		if _, err := fmt.Sscanf(s.Box, "%dx%d", &r, &cols); err != nil || r*cols != s.Size || r < 2 || cols < 2 {
			t.Errorf("shape %+v: box is not RxC with R·C = N", s)
		}
		if len(s.Levels) == 0 || s.Levels[0] != client.DifficultyEasy {
			t.Errorf("shape %+v: levels do not start with easy", s)
		}
		if s.Default {
			if d, ok := defaults[s.Size]; ok {
				t.Errorf("size %d has two default boxes, %s and %s", s.Size, d, s.Box)
			}
			defaults[s.Size] = s.Box
		}
	}
	if defaults[9] != "3x3" || defaults[6] != "2x3" || defaults[25] != "5x5" || len(defaults) != 15 {
		t.Errorf("default boxes %v", defaults)
	}

	techs, err := c.Techniques(ctx)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, tc := range techs.Techniques {
		if _, dup := names[tc.Name]; dup || tc.Title == "" {
			t.Errorf("technique %+v: listed twice or without a title", tc)
		}
		names[tc.Name] = tc.Title
	}
	if names["naked_single"] != "naked single" || names["x_wing"] != "X-Wing" {
		t.Errorf("techniques %v", names)
	}
	// The hint of the classic puzzle names a technique of the list.
	h, err := c.Hint(ctx, client.HintRequest{Puzzle: new(classic)})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := names[*h.Technique]; !ok || *h.Title != names[*h.Technique] {
		t.Errorf("hint technique %q titled %q is not listed as such", *h.Technique, *h.Title)
	}
}

func TestOperations(t *testing.T) {
	c, _, _ := newClient(t, nil)
	ctx := t.Context()
	if s, err := c.Healthz(ctx); err != nil || s.Status != client.StatusStatusOk {
		t.Errorf("healthz: %+v %v", s, err)
	}
	if s, err := c.Readyz(ctx); err != nil || s.Status != client.StatusStatusReady {
		t.Errorf("readyz: %+v %v", s, err)
	}
	if _, err := c.Solve(ctx, client.SolveRequest{Puzzle: new(classic)}); err != nil {
		t.Fatal(err)
	}
	m, err := c.Metrics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^sudokud_http_requests_total\{method="POST",route="/solve",status="200"\} 1$`).MatchString(m) {
		t.Errorf("metrics do not count the solve:\n%s", m)
	}
	spec, err := c.OpenAPI(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(spec, sudokud.OpenAPI) {
		t.Error("GET /openapi.yaml is not the spec the client was generated from")
	}
	page, err := c.Raw().Playground(ctx)
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != http.StatusOK || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") {
		t.Errorf("playground: %d %s", page.StatusCode, page.Header.Get("Content-Type"))
	}

}

// TestRetries runs one server that takes one request per second per
// client: a second request at once is answered 429 with Retry-After.
func TestRetries(t *testing.T) {
	rate := func(c *api.Config) { c.RateLimit, c.RateBurst = 1, 1 }

	t.Run("429 waits and succeeds", func(t *testing.T) {
		c, _, reg := newClient(t, rate)
		for i := range 2 {
			got, err := c.Solve(t.Context(), client.SolveRequest{Puzzle: new(classic)})
			if err != nil {
				t.Fatalf("solve %d: %v", i, err)
			}
			checkSolution(t, 9, 3, 3, cells(t, classic), cells(t, text(t, got.Solution)))
		}
		if n := metric(t, reg, "sudokud_requests_rate_limited_total"); n < 1 {
			t.Errorf("%v requests rate limited; the second solve should have been", n)
		}
	})
	t.Run("no retries", func(t *testing.T) {
		c, _, _ := newClient(t, rate, client.WithRetries(0))
		if _, err := c.Solve(t.Context(), client.SolveRequest{Puzzle: new(classic)}); err != nil {
			t.Fatal(err)
		}
		_, err := c.Solve(t.Context(), client.SolveRequest{Puzzle: new(classic)})
		if e := apiError(t, err, http.StatusTooManyRequests, client.ProblemCodeRateLimited); e.RetryAfter < time.Second {
			t.Errorf("Retry-After %v, want at least 1s", e.RetryAfter)
		}
	})
	t.Run("wait over the cap", func(t *testing.T) {
		c, _, reg := newClient(t, rate, client.WithMaxRetryWait(time.Millisecond))
		if _, err := c.Solve(t.Context(), client.SolveRequest{Puzzle: new(classic)}); err != nil {
			t.Fatal(err)
		}
		_, err := c.Solve(t.Context(), client.SolveRequest{Puzzle: new(classic)})
		apiError(t, err, http.StatusTooManyRequests, client.ProblemCodeRateLimited)
		if n := metric(t, reg, "sudokud_requests_rate_limited_total"); n != 1 {
			t.Errorf("%v requests rate limited, want 1: no retry", n)
		}
	})
	t.Run("503 retried until given up", func(t *testing.T) {
		c, srv, reg := newClient(t, nil, client.WithRetries(2))
		srv.Drain()
		_, err := c.Readyz(t.Context())
		if e := apiError(t, err, http.StatusServiceUnavailable, client.ProblemCodeShuttingDown); e.RetryAfter < time.Second {
			t.Errorf("Retry-After %v, want at least 1s", e.RetryAfter)
		}
		if n := metric(t, reg, "sudokud_http_requests_total", "route", "/readyz", "status", "503"); n != 3 {
			t.Errorf("%v readyz requests, want 3 (2 retries)", n)
		}
	})
	t.Run("context ends the wait", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		// The first answer arrives, then the caller gives up.
		cancelAfter := doerFunc(func(r *http.Request) (*http.Response, error) {
			defer cancel()
			return http.DefaultClient.Do(r)
		})
		c, srv, reg := newClient(t, nil, client.WithDoer(cancelAfter))
		srv.Drain()
		_, err := c.Readyz(ctx)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("error %v, want context.Canceled", err)
		}
		if n := metric(t, reg, "sudokud_http_requests_total", "route", "/readyz"); n != 1 {
			t.Errorf("%v readyz requests, want 1", n)
		}
	})
}

type doerFunc func(*http.Request) (*http.Response, error)

func (f doerFunc) Do(r *http.Request) (*http.Response, error) { return f(r) }
