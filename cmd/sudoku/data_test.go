package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dataDir holds the shared puzzle data sets: ../shared/data beside the
// repository, where CI clones it too.
var dataDir = filepath.Join("..", "..", "..", "shared", "data")

// loadPuzzles reads up to max puzzles (0 = all) of the data set name (a
// path under dataDir), skipping blank lines and # comments. A missing data
// set fails the test, so that a run without the data is not silently
// smaller than CI's; with -short it skips the test instead, saying why.
func loadPuzzles(tb testing.TB, name string, max int) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(dataDir, name))
	if err != nil {
		if testing.Short() {
			tb.Skipf("data set missing (the full run fails): %v", err)
		}
		tb.Fatalf("data set missing: %v (the data sets belong in ../shared/data beside the repository; -short skips the tests that need them)", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() && (max == 0 || len(out) < max) {
		if line := strings.TrimSpace(sc.Text()); line != "" && line[0] != '#' {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}
