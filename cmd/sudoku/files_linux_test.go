package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSolveManyFiles names more files than the process may hold open at
// once, as "sudoku solve dir/*.txt" does with a directory of a few thousand
// files under the usual limit of 1024: every file must be read, not fail
// with "too many open files" as opening every input before the first line
// would.
func TestSolveManyFiles(t *testing.T) {
	dir := t.TempDir()
	const n = 64
	var args, puzzles []string
	var wants []want
	for i := range n {
		name := filepath.Join(dir, fmt.Sprintf("%02d.txt", i))
		if err := os.WriteFile(name, []byte(easy9+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, name)
		puzzles, wants = append(puzzles, easy9), append(wants, solved(3, 3))
	}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip(err)
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip(err)
	}
	low := lim
	low.Cur = uint64(len(fds) + n/2)
	if low.Cur >= lim.Cur {
		t.Skipf("soft limit %d already low", lim.Cur)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim) })
	for _, j := range []string{"1", "2"} {
		out, errOut, code := runCmd(t, "", append([]string{"solve", "-j", j}, args...)...)
		if code != exitOK {
			t.Errorf("-j %s: exit %d: %s", j, code, strings.TrimSpace(errOut))
			continue
		}
		checkAnswers(t, puzzles, wants, out)
	}
}
