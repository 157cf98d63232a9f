package engine_test

import (
	"context"
	"errors"
	"fmt"

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
