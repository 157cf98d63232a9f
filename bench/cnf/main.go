// Command cnf writes a Sudoku puzzle as a DIMACS CNF formula, the plain
// encoding a SAT solver such as minisat reads: variable (r·N+c)·N+v+1 means
// "cell (r, c) holds v+1". Every cell holds at least one value and at most
// one; every row, column and box holds each value at least once and at most
// once; each given is a unit clause. With -block, the solution given as a
// second argument is forbidden, so "UNSAT" proves the puzzle unique.
//
//	go run ./bench/cnf [-block SOLUTION] PUZZLE > puzzle.cnf
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/sudokud/sudokud/engine"
)

func main() {
	block := flag.String("block", "", "a solution to forbid")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: cnf [-block SOLUTION] PUZZLE")
		os.Exit(2)
	}
	b, err := engine.ParseBoard(flag.Arg(0), engine.Shape{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "cnf:", err)
		os.Exit(1)
	}
	s := b.Shape()
	n := s.Size
	v := func(r, c, val int) int { return (r*n+c)*n + val + 1 }
	var clauses [][]int
	exactlyOne := func(lits []int) {
		clauses = append(clauses, lits)
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				clauses = append(clauses, []int{-lits[i], -lits[j]})
			}
		}
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			var lits []int
			for val := 0; val < n; val++ {
				lits = append(lits, v(r, c, val))
			}
			exactlyOne(lits)
		}
	}
	for val := 0; val < n; val++ {
		for i := 0; i < n; i++ {
			var row, col, box []int
			for j := 0; j < n; j++ {
				row = append(row, v(i, j, val))
				col = append(col, v(j, i, val))
				br := (i/(n/s.BoxCols))*s.BoxRows + j/s.BoxCols
				bc := (i%(n/s.BoxCols))*s.BoxCols + j%s.BoxCols
				box = append(box, v(br, bc, val))
			}
			exactlyOne(row)
			exactlyOne(col)
			exactlyOne(box)
		}
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if g := b.Get(r, c); g != 0 {
				clauses = append(clauses, []int{v(r, c, g-1)})
			}
		}
	}
	if *block != "" {
		sol, err := engine.ParseBoard(*block, s)
		if err != nil {
			fmt.Fprintln(os.Stderr, "cnf: -block:", err)
			os.Exit(1)
		}
		var lits []int
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				lits = append(lits, -v(r, c, sol.Get(r, c)-1))
			}
		}
		clauses = append(clauses, lits)
	}
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "p cnf %d %d\n", n*n*n, len(clauses))
	for _, cl := range clauses {
		for _, l := range cl {
			fmt.Fprintf(w, "%d ", l)
		}
		fmt.Fprintln(w, "0")
	}
	w.Flush()
}
