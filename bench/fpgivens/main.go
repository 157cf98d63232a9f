// Command fpgivens reads f-puzzles texts (what 'sudoku generate -variant'
// writes), one per line on stdin, and writes each puzzle's givens in the
// string form ('.' for empty), one line per puzzle: the form reference
// raters such as Sukaku Explainer's serate read, the rules being given to
// them by flags. A line that does not decode is an error (exit 1).
//
//	sudoku generate -variant x -n 10 | go run ./bench/fpgivens
package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/sudokud/sudokud/fpuzzles"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 0, 64<<10), fpuzzles.MaxText+1)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for line := 1; in.Scan(); line++ {
		b, err := fpuzzles.Decode(in.Text())
		if err != nil {
			out.Flush()
			fmt.Fprintf(os.Stderr, "fpgivens: line %d: %v\n", line, err)
			os.Exit(1)
		}
		fmt.Fprintln(out, b.String())
	}
	if err := in.Err(); err != nil {
		out.Flush()
		fmt.Fprintln(os.Stderr, "fpgivens:", err)
		os.Exit(1)
	}
}
