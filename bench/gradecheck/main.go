// Command gradecheck reads puzzles from stdin, one per line (the string
// form; blank lines and # comments skipped), grades each with the engine
// and prints one line per puzzle: the level, the score, the techniques
// used and the puzzle. It serves bench/grade_vs_qqwing.sh until the real
// `sudoku rate` command exists.
//
// Usage: gradecheck [-size N] [-box RxC] < puzzles.txt
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/sudokud/sudokud/engine"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gradecheck:", err)
		os.Exit(1)
	}
}

func run(args []string, in io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("gradecheck", flag.ContinueOnError)
	size := fs.Int("size", 0, "board size (0: infer from the line length)")
	box := fs.String("box", "", "box RxC (default: the size's default)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		b, err := engine.Parse(line, *size, *box)
		if err != nil {
			fmt.Fprintf(w, "error %v %s\n", err, line)
			continue
		}
		r, err := engine.Grade(context.Background(), b, engine.Limits{})
		if err != nil {
			fmt.Fprintf(w, "error %v %s\n", err, line)
			continue
		}
		names := make([]string, 0, len(r.Techniques))
		for name := range r.Techniques {
			names = append(names, name)
		}
		sort.Strings(names)
		parts := make([]string, len(names))
		for i, name := range names {
			parts[i] = fmt.Sprintf("%s=%d", name, r.Techniques[name])
		}
		fmt.Fprintf(w, "%s %g %s %s\n", r.Level, r.Score, strings.Join(parts, ","), b)
	}
	return sc.Err()
}
