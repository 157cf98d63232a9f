package render

import (
	"os"
	"os/exec"
	"testing"
)

// needTool returns the path of a command-line tool the test checks its
// output with (rsvg-convert from librsvg2-bin, pdfinfo and pdftotext from
// poppler-utils). Without it the test skips, except when
// SUDOKUD_TOOL_TESTS=require (as .ci/run sets it): then it fails, so CI
// never passes with the drawings unchecked.
func needTool(tb testing.TB, name string) string {
	tb.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("SUDOKUD_TOOL_TESTS") == "require" {
		tb.Fatalf("%s is not installed (SUDOKUD_TOOL_TESTS=require)", name)
	}
	tb.Skipf("%s is not installed; install librsvg2-bin and poppler-utils to run this check", name)
	return ""
}
