package engine

import (
	"math/bits"
	"testing"
)

// verifyFinnedFish checks a finned fish against state before: k base and
// k cover lines; every candidate of the base lines is in a cover line
// (recorded as the body) or a fin, the fins lie in one box, and every
// elimination is a cell of that box in a cover line outside the base
// lines.
func verifyFinnedFish(t *testing.T, before, after *logic) {
	t.Helper()
	mv := &after.mv
	k := map[tech]int{tFinnedXWing: 2, tFinnedSwordfish: 3, tFinnedJellyfish: 4}[mv.tech]
	if popcount(mv.lines) != k || popcount(mv.cover) != k || popcount(mv.digits) != 1 {
		t.Fatalf("%s: base %b, cover %b, digits %b", techs[mv.tech].name, mv.lines, mv.cover, mv.digits)
	}
	n := before.n
	baseKind := 0
	if mv.colBase {
		baseKind = 1
	}
	line := func(c int) int { return int(before.t.cellUnits[c][baseKind]) - baseKind*n }
	pos := func(c int) int { return int(before.t.cellUnits[c][1-baseKind]) - (1-baseKind)*n }
	fins := mv.pattern.fins[:mv.pattern.nfins]
	if len(fins) == 0 {
		t.Fatalf("%s without fins", techs[mv.tech].name)
	}
	finBox := before.t.cellUnits[fins[0]][2]
	body := map[int]bool{}
	for _, c := range mv.cells[:mv.ncells] {
		body[int(c)] = true
	}
	for _, c := range fins {
		if before.t.cellUnits[c][2] != finBox || body[int(c)] {
			t.Fatalf("fin %s outside box %d or in the body", before.cellName(int(c)), finBox)
		}
	}
	var perLine [MaxSize]int
	for c := 0; c < before.t.cells; c++ {
		if before.cand[c]&mv.digits == 0 || mv.lines&(1<<line(c)) == 0 {
			continue
		}
		inCover := mv.cover&(1<<pos(c)) != 0
		isFin := false
		for _, f := range fins {
			isFin = isFin || int(f) == c
		}
		if inCover != body[c] || inCover == isFin {
			t.Fatalf("%s: base candidate %s: cover %v, body %v, fin %v", techs[mv.tech].name, before.cellName(c), inCover, body[c], isFin)
		}
		if inCover {
			perLine[line(c)]++
		}
	}
	for m := mv.lines; m != 0; m &= m - 1 {
		if perLine[bits.TrailingZeros32(m)] == 0 {
			t.Fatalf("%s: base line %d has no body", techs[mv.tech].name, bits.TrailingZeros32(m)+1)
		}
	}
	elimsOf(before, after, func(c int, gone uint32) {
		if gone != mv.digits || before.t.cellUnits[c][2] != finBox || mv.cover&(1<<pos(c)) == 0 || mv.lines&(1<<line(c)) != 0 {
			t.Fatalf("%s removed %x from %s", techs[mv.tech].name, gone, before.cellName(c))
		}
	})
}

func TestFinnedFish(t *testing.T) {
	fired := testOnPaths(t, pathBoards(t), []pathTech{
		{tFinnedXWing, func(l *logic) bool { return l.finnedFish(2, tFinnedXWing) }, verifyFinnedFish},
		{tFinnedSwordfish, func(l *logic) bool { return l.finnedFish(3, tFinnedSwordfish) }, verifyFinnedFish},
		{tFinnedJellyfish, func(l *logic) bool { return l.finnedFish(4, tFinnedJellyfish) }, verifyFinnedFish},
	})
	for tc, byShape := range fired {
		t.Logf("%-16s %v", techs[tc].name, byShape)
		if byShape["3x3"] == 0 {
			t.Errorf("%s never fired on a 9×9", techs[tc].name)
		}
	}
}

// TestSashimi checks that a finned fish whose base line keeps a single
// candidate in the cover lines is explained as sashimi, and one whose base
// lines keep two or more is not.
func TestSashimi(t *testing.T) {
	seen := map[bool]int{}
	testOnPaths(t, pathBoards(t)[:30], []pathTech{{tFinnedXWing, func(l *logic) bool { return l.finnedFish(2, tFinnedXWing) },
		func(t *testing.T, before, after *logic) {
			mv := &after.mv
			sashimi := mv.ncells < 4 // a base line with one body cell
			text := after.describe(mv)
			if got := len(text) > 9 && text[:9] == "a sashimi"; got != sashimi {
				t.Fatalf("body %d cells: %q", mv.ncells, text)
			}
			seen[sashimi]++
		}}})
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("finned X-Wings: %d sashimi, %d not", seen[true], seen[false])
	}
}
