package engine_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokud/sudokud/engine"
)

// A seed names a puzzle: the same seed and options give the same puzzle
// on every machine.
func ExampleGenerate() {
	shape, _ := engine.ParseShape(6, "3x2")
	opt := engine.Options{Shape: shape, Level: engine.Easy, Symmetry: engine.SymmetryRotational}
	a, err := engine.Generate(context.Background(), engine.NewRand(42), opt)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := engine.Generate(context.Background(), engine.NewRand(42), opt)
	fmt.Println(a.Rating.Level, a.Puzzle == b.Puzzle)
	n, _, _ := engine.CountSolutions(context.Background(), a.Puzzle, 2, engine.Limits{})
	fmt.Println("solutions:", n)
	// Output:
	// easy true
	// solutions: 1
}

// A level a shape does not offer is an error that names the levels it
// offers.
func ExampleLevelsOf() {
	four, _ := engine.DefaultShape(4)
	nine, _ := engine.DefaultShape(9)
	fmt.Println(engine.LevelsOf(four), engine.LevelsOf(nine))
	_, err := engine.Generate(context.Background(), engine.NewRand(1), engine.Options{Shape: four, Level: engine.Expert})
	fmt.Println(errors.Is(err, engine.ErrDifficultyUnavailable), err)
	// Output:
	// [easy] [easy medium hard expert master extreme]
	// true difficulty unavailable: 4x4 (2x2 boxes) offers easy, not expert
}
