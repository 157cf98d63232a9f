package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/lzstring"
)

// selfContained returns the compressed f-puzzles text and the published
// solution of "Self-contained" by Lavaloid (killer, anti-knight), from
// the fpuzzles package's test data.
func selfContained(t *testing.T) (text, solution string) {
	t.Helper()
	data, err := os.ReadFile("../../fpuzzles/testdata/rangsk.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "Self-contained")
	if !ok {
		t.Fatal("Self-contained is not in fpuzzles/testdata/rangsk.txt")
	}
	lines := strings.Fields(rest)
	for i, l := range lines {
		if strings.HasPrefix(l, "N4Ig") {
			return l, lines[i+1]
		}
	}
	t.Fatal("no compressed text after Self-contained")
	return "", ""
}

// TestSolveFPuzzles: f-puzzles lines in each form solve to the published
// solution, beside a classic line; unknown constraints and bad rules get
// their codes.
func TestSolveFPuzzles(t *testing.T) {
	text, solution := selfContained(t)
	jsonText, err := lzstring.DecompressFromBase64(text, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	thermo := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R1C2"]]}]}`
	badCage := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"99"}]}`
	in := strings.Join([]string{
		text,
		jsonText,
		"https://www.f-puzzles.com/?load=" + text,
		easy9,
		thermo,
		badCage,
	}, "\n") + "\n"
	for _, j := range []string{"1", "3"} {
		out, errOut, code := runCmd(t, in, "solve", "-j", j)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		lines := outLines(t, out)
		if len(lines) != 6 {
			t.Fatalf("%d lines for 6 puzzles:\n%s", len(lines), out)
		}
		for i := range 3 {
			if got := strings.ReplaceAll(lines[i], ".", "0"); got != solution {
				t.Errorf("-j %s, line %d: %s, published %s", j, i+1, lines[i], solution)
			}
		}
		checkSolved(t, easy9, lines[3], 3, 3)
		if !strings.HasPrefix(lines[4], `error unsupported_rule: f-puzzles constraint "thermometer"`) {
			t.Errorf("thermometer: %s", lines[4])
		}
		if !strings.HasPrefix(lines[5], "error invalid_rules: fpuzzles.killercage[0].value:") {
			t.Errorf("a cage of 99 in two cells: %s", lines[5])
		}
		if !strings.Contains(errOut, "2 errors (1 invalid_rules, 1 unsupported_rule)") {
			t.Errorf("summary:\n%s", errOut)
		}
	}
}

// TestRateHintFPuzzles: rate and hint read f-puzzles lines; every
// placement of the hint path agrees with the published solution.
func TestRateHintFPuzzles(t *testing.T) {
	text, solution := selfContained(t)
	out, errOut, code := runCmd(t, text+"\n", "rate")
	if code != exitOK || !regexp.MustCompile(`^(easy|medium|hard|expert|master|extreme) [0-9.]+ [0-9.]+ \S+`).MatchString(out) {
		t.Fatalf("rate: exit %d, %q, stderr:\n%s", code, out, errOut)
	}
	out, errOut, code = runCmd(t, text+"\n", "hint")
	if code != exitOK {
		t.Fatalf("hint: exit %d: %s", code, errOut)
	}
	placement := regexp.MustCompile(`^\d+ \S+ r(\d)c(\d)=(\d):`)
	placed := 0
	for _, line := range outLines(t, out) {
		if strings.HasPrefix(line, "error") {
			t.Fatalf("hint: %s", line)
		}
		m := placement.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		r, _ := strconv.Atoi(m[1])
		c, _ := strconv.Atoi(m[2])
		if want := solution[(r-1)*9+c-1 : (r-1)*9+c]; m[3] != want {
			t.Errorf("hint places %s; the solution has %s there", line, want)
		}
		placed++
	}
	if placed == 0 {
		t.Errorf("hint placed nothing:\n%s", out)
	}
}
