package engine_test

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/sudokud/sudokud/engine"
)

func ExampleSolve() {
	b, err := engine.ParseBoard(`
		1 . | . .
		. . | 3 .
		----+----
		. 4 | . .
		. . | . 2`, engine.Shape{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := engine.Solve(context.Background(), b, engine.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(res.Solution.Pretty())
	fmt.Println("unique:", res.Unique)
	// Output:
	// 1 3 | 2 4
	// 4 2 | 3 1
	// ----+----
	// 2 4 | 1 3
	// 3 1 | 4 2
	// unique: true
}

func ExampleSolve_severalSolutions() {
	// An empty 6×6 board with boxes 3 rows tall and 2 wide: the answer is
	// the lexicographically smallest of its many solutions.
	shape, _ := engine.ParseShape(6, "3x2")
	res, _ := engine.Solve(context.Background(), engine.NewBoard(shape), engine.Limits{})
	fmt.Println(res.Solution, res.Unique)
	// Output: 123456345612561234214365436521652143 false
}

func ExampleConflicts() {
	b, _ := engine.ParseBoard("1..1"+"...."+"1..."+"....", engine.Shape{})
	for _, c := range engine.Conflicts(b) {
		fmt.Println(engine.CellName(c.Row, c.Col), c.Value, c.Units)
	}
	_, err := engine.Solve(context.Background(), b, engine.Limits{})
	fmt.Println(errors.Is(err, engine.ErrConflict))
	// Output:
	// r1c1 1 [row column]
	// r1c4 1 [row]
	// r3c1 1 [column]
	// true
}

// The techniques of the grader in the order it tries them, with the level
// each makes a puzzle and its base rating on the Sudoku Explainer scale.
func ExampleTechniques() {
	for _, t := range engine.Techniques() {
		fmt.Printf("%-24s %-7v %4.1f\n", t.Name, t.Level, t.SE)
	}
	// Output:
	// full_house               easy     1.0
	// naked_single             easy     2.3
	// hidden_single            easy     1.5
	// pointing                 medium   2.6
	// claiming                 medium   2.8
	// naked_pair               medium   3.0
	// hidden_pair              medium   3.4
	// naked_triple             medium   3.6
	// hidden_triple            medium   4.0
	// x_wing                   hard     3.2
	// xy_wing                  hard     4.2
	// xyz_wing                 hard     4.4
	// naked_quad               medium   5.0
	// hidden_quad              medium   5.4
	// swordfish                hard     3.8
	// jellyfish                hard     5.2
	// unique_rectangle_1       hard     4.5
	// unique_rectangle_2       hard     4.6
	// unique_rectangle_4       hard     4.5
	// unique_rectangle_3       hard     4.6
	// hidden_unique_rectangle  hard     6.6
	// bug_plus_1               hard     5.6
	// skyscraper               hard     6.6
	// two_string_kite          hard     6.6
	// turbot_fish              hard     6.6
	// empty_rectangle          hard     7.1
	// w_wing                   hard     7.1
	// finned_x_wing            hard     6.6
	// finned_swordfish         hard     7.1
	// wxyz_wing                hard     7.1
	// finned_jellyfish         hard     7.2
	// simple_coloring          hard     6.5
	// x_chain                  expert   6.6
	// remote_pair              expert   6.6
	// xy_chain                 expert   7.0
	// aic                      expert   7.0
	// nice_loop                expert   7.0
	// als_xz                   expert   7.0
	// als_xy_wing              expert   7.2
	// digit_forcing_chain      master   8.0
	// cell_forcing_chain       master   8.2
	// unit_forcing_chain       master   8.2
	// forcing_net              extreme  9.0
	// search                   expert   0.0
}

// A board is read from its cells row by row: '.' or '0' is an empty
// cell, and white space is ignored. A zero Shape takes the default shape
// of the board's size; this 6×6 board has boxes 3 rows tall and 2 wide.
func ExampleParseBoard() {
	shape, _ := engine.ParseShape(6, "3x2")
	b, err := engine.ParseBoard("1.3... 0..4.. .5.... ....2. ..6..0 ....1.", shape)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b.Pretty())
	fmt.Println(b.Get(1, 3), b.Empty())
	_, err = engine.ParseBoard("12..", engine.Shape{})
	fmt.Println(errors.Is(err, engine.ErrInvalidBoard), err)
	// Output:
	// 1 . | 3 . | . .
	// . . | . 4 | . .
	// . 5 | . . | . .
	// ----+-----+----
	// . . | . . | 2 .
	// . . | 6 . | . .
	// . . | . . | 1 .
	// 4 29
	// true 4 cells is not a supported board (N·N cells for N in 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25; 16 cells make a 4x4 board)
}

// Grade solves a puzzle as a player would and rates it by the hardest
// technique it needs.
func ExampleGrade() {
	b, _ := engine.ParseBoard("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..", engine.Shape{})
	r, err := engine.Grade(context.Background(), b, engine.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v, hardest %s, SE %.1f, score %.2f\n", r.Level, r.Hardest, r.SE, r.Score)
	names := make([]string, 0, len(r.Techniques))
	for name := range r.Techniques {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Println(name, r.Techniques[name])
	}
	// Output:
	// hard, hardest swordfish, SE 3.8, score 3.87
	// full_house 11
	// hidden_pair 2
	// hidden_single 8
	// naked_pair 1
	// naked_single 35
	// swordfish 2
}

// Hint answers the simplest next step with its explanation; with the
// givens, a player's wrong entry comes first.
func ExampleHint() {
	givens, _ := engine.ParseBoard("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", engine.Shape{})
	st, err := engine.Hint(context.Background(), givens, engine.HintOptions{}, engine.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Kind, st.Technique, engine.CellName(st.Row, st.Col), st.Value)
	fmt.Println(st.Explanation)

	b := givens
	b.Set(0, 2, 1) // the solution has 4 there
	st, _ = engine.Hint(context.Background(), b, engine.HintOptions{Givens: &givens}, engine.Limits{})
	fmt.Println(st.Kind, engine.CellName(st.Row, st.Col), st.Value)
	fmt.Println(st.Explanation)
	// Output:
	// placement naked_single r5c5 5
	// 5 is the only value left for r5c5
	// mistake r1c3 1
	// r1c3 holds 1, which does not lead to the solution; erase it
}
