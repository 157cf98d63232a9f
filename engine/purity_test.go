package engine

import (
	"os/exec"
	"strings"
	"testing"
)

// TestStandardLibraryOnly keeps engine free of dependencies: the pure
// algorithm package may import nothing outside the standard library.
func TestStandardLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		first, _, _ := strings.Cut(pkg, "/")
		if strings.Contains(first, ".") && !strings.HasPrefix(pkg, "github.com/sudokud/sudokud/engine") {
			t.Errorf("engine depends on %s, outside the standard library", pkg)
		}
	}
}
