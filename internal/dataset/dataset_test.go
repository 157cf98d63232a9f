package dataset_test

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/internal/dataset"
)

// readmeCounts returns the puzzle count of each file that
// testdata/README.md's table lists.
func readmeCounts(t *testing.T) map[string]int {
	t.Helper()
	f, err := os.Open(filepath.Join(dataset.Dir(), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	counts := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) < 3 || !strings.HasSuffix(strings.TrimSpace(cells[1]), ".gz") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(cells[2]))
		if err != nil {
			t.Fatalf("README row %q: count: %v", sc.Text(), err)
		}
		counts[strings.TrimSpace(cells[1])] = n
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return counts
}

// TestDataSets loads every data set in testdata: each is listed in the
// README with the number of puzzles it holds, and each puzzle parses as a
// board of its folder's size.
func TestDataSets(t *testing.T) {
	counts := readmeCounts(t)
	var files []string
	err := filepath.WalkDir(dataset.Dir(), func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".gz") {
			rel, _ := filepath.Rel(dataset.Dir(), path)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(counts) {
		t.Errorf("testdata holds %d data sets, its README lists %d", len(files), len(counts))
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			want, ok := counts[file]
			if !ok {
				t.Fatalf("%s is not in testdata/README.md", file)
			}
			ps := dataset.Load(t, strings.TrimSuffix(file, ".gz"), 0)
			if got := len(ps); got != want {
				t.Errorf("%d puzzles, README says %d", got, want)
			}
			var size int
			fmt.Sscanf(file, "%dx", &size)
			for i, p := range ps {
				b, err := engine.ParseBoard(p, engine.Shape{})
				if err != nil {
					t.Fatalf("puzzle %d: %v", i+1, err)
				}
				if got := b.Shape().Size; got != size {
					t.Fatalf("puzzle %d: size %d in folder %dx%d", i+1, got, size, size)
				}
			}
		})
	}
}

func TestLoadMax(t *testing.T) {
	ps := dataset.Load(t, "9x9/magictour_top1465.txt", 3)
	if len(ps) != 3 {
		t.Fatalf("got %d puzzles, want 3", len(ps))
	}
	all := dataset.Load(t, "9x9/magictour_top1465.txt", 0)
	if !slices.Equal(ps, all[:3]) {
		t.Errorf("first 3 puzzles %q, want %q", ps, all[:3])
	}
}

// TestReadPlain reads an uncompressed data set, as Open does when no .gz
// is there: comment and blank lines are not puzzles, lines are trimmed.
func TestReadPlain(t *testing.T) {
	dir := t.TempDir()
	in := "# source\n#\n\n  1.3  \r\n\t\n2..\n# mid\n..4\n"
	if err := os.WriteFile(filepath.Join(dir, "set.txt"), []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := dataset.Read(dir, "set.txt", 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"1.3", "2..", "..4"}; !slices.Equal(got, want) {
		t.Errorf("Read = %q, want %q", got, want)
	}
	if got, _ := dataset.Read(dir, "set.txt", 2); len(got) != 2 {
		t.Errorf("Read with max 2 gave %d puzzles", len(got))
	}
	if _, err := dataset.Read(dir, "none.txt", 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Read(missing) error %v, want fs.ErrNotExist", err)
	}
}

// fatalRecorder is a testing.TB that records Fatalf instead of stopping;
// any other method (Skip among them) panics through the nil TB.
type fatalRecorder struct {
	testing.TB
	fatal string
}

func (r *fatalRecorder) Helper() {}
func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
}

// TestLoadMissingFails checks that a missing data set fails the test, with
// -short too, rather than skipping it.
func TestLoadMissingFails(t *testing.T) {
	var r fatalRecorder
	if ps := dataset.Load(&r, "9x9/no_such_set.txt", 0); ps != nil {
		t.Errorf("Load(missing) = %q, want nil", ps)
	}
	if !strings.Contains(r.fatal, "9x9/no_such_set.txt") {
		t.Errorf("Fatalf message %q does not name the data set", r.fatal)
	}
}
