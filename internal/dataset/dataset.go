// Package dataset reads the puzzle data sets that the tests and the
// benchmark tools use. They live in the module's testdata folder,
// gzip-compressed (testdata/9x9/17_clue.txt.gz, …; testdata/README.md gives
// each one's source and licence), one puzzle per line, with # comment lines.
//
// A data set is named by its path under testdata without the .gz suffix,
// for example "9x9/magictour_top1465.txt". Tests call Load; tools call
// Read (or Open) with a folder of their choosing, Dir by default.
package dataset

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Dir returns the module's testdata folder, found from the location of
// this package's source. In a binary built with -trimpath, which knows no
// source location, it is "testdata", relative to the module root.
func Dir() string {
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
	}
	return "testdata"
}

// Open opens the data set name in dir: name+".gz", decompressed as it is
// read, or else name itself, uncompressed. The caller closes it.
func Open(dir, name string) (io.ReadCloser, error) {
	path := filepath.Join(dir, filepath.FromSlash(name))
	f, err := os.Open(path + ".gz")
	if errors.Is(err, os.ErrNotExist) {
		if plain, perr := os.Open(path); perr == nil {
			return plain, nil
		}
	}
	if err != nil {
		return nil, err
	}
	z, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, &os.PathError{Op: "gunzip", Path: f.Name(), Err: err}
	}
	return gzipFile{z, f}, nil
}

// gzipFile is a file read through a gzip reader; closing it closes both.
type gzipFile struct {
	*gzip.Reader
	f *os.File
}

func (g gzipFile) Close() error {
	return errors.Join(g.Reader.Close(), g.f.Close())
}

// Read returns up to max puzzles (0 = all) of the data set name in dir
// (see Open).
func Read(dir, name string, max int) ([]string, error) {
	rc, err := Open(dir, name)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	out, err := puzzles(rc, max)
	if err != nil {
		return nil, fmt.Errorf("data set %s: %w", name, err)
	}
	return out, nil
}

// puzzles returns up to max puzzles (0 = all) from r: its lines, trimmed,
// other than blank lines and lines starting with #.
func puzzles(r io.Reader, max int) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() && (max == 0 || len(out) < max) {
		if line := strings.TrimSpace(sc.Text()); line != "" && line[0] != '#' {
			out = append(out, line)
		}
	}
	return out, sc.Err()
}

// Load returns up to max puzzles (0 = all) of the data set name in Dir. A
// data set that is missing or unreadable fails the test at once, with
// -short too: a run without its data must not pass as a smaller run.
func Load(tb testing.TB, name string, max int) []string {
	tb.Helper()
	out, err := Read(Dir(), name, max)
	if err != nil {
		tb.Fatalf("%v (the data sets live in the module's testdata folder)", err)
		return nil
	}
	return out
}
