package engine

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestDefaultShapes(t *testing.T) {
	want := map[int]string{4: "2x2", 6: "2x3", 8: "2x4", 9: "3x3", 10: "2x5", 12: "3x4", 14: "2x7",
		15: "3x5", 16: "4x4", 18: "3x6", 20: "4x5", 21: "3x7", 22: "2x11", 24: "4x6", 25: "5x5"}
	for n := 0; n <= 30; n++ {
		s, err := DefaultShape(n)
		box, ok := want[n]
		if !ok {
			if err == nil || !errors.Is(err, ErrInvalidBoard) {
				t.Errorf("DefaultShape(%d) = %v, %v; want ErrInvalidBoard", n, s, err)
			}
			continue
		}
		if err != nil || s.Box() != box || s.BoxRows*s.BoxCols != n {
			t.Errorf("DefaultShape(%d) = %v, %v; want box %s", n, s, err, box)
		}
	}
}

func TestParseShape(t *testing.T) {
	for _, tc := range []struct {
		n    int
		box  string
		ok   bool
		want string
	}{
		{6, "3x2", true, "3x2"}, {6, "2x3", true, "2x3"}, {6, "", true, "2x3"},
		{9, "9x1", false, "offers boxes 3x3"}, {12, "2x6", true, "2x6"}, {12, "6x2", true, "6x2"},
		{7, "", false, "not supported"}, {9, "3*3", false, "form RxC"}, {16, "2x2", false, "offers boxes 2x8, 4x4, 8x2"},
		// Past the largest board at once (the divisors were tried up to n).
		{math.MaxInt, "", false, "not supported"}, {math.MaxInt - 1, "2x3", false, "not supported"},
	} {
		s, err := ParseShape(tc.n, tc.box)
		if tc.ok {
			if err != nil || s.Box() != tc.want {
				t.Errorf("ParseShape(%d,%q) = %v, %v", tc.n, tc.box, s, err)
			}
		} else if err == nil || !errors.Is(err, ErrInvalidBoard) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseShape(%d,%q) error = %v, want one containing %q", tc.n, tc.box, err, tc.want)
		}
	}
}

func TestTopology(t *testing.T) {
	for _, s := range Shapes() {
		tp := topologyOf(s)
		if tp != topologyOf(s) {
			t.Fatalf("%v: topology not cached", s)
		}
		n := s.Size
		for c := 0; c < n*n; c++ {
			r, col := c/n, c%n
			seen := map[int16]bool{}
			for _, p := range tp.peersOf(c) {
				pr, pc := int(p)/n, int(p)%n
				sameBox := pr/s.BoxRows == r/s.BoxRows && pc/s.BoxCols == col/s.BoxCols
				if int(p) == c || seen[p] || !(pr == r || pc == col || sameBox) {
					t.Fatalf("%v: bad peer %d of %d", s, p, c)
				}
				seen[p] = true
			}
		}
		for u := 0; u < 3*n; u++ {
			vals := map[int16]bool{}
			for _, c := range tp.unit(u) {
				vals[c] = true
			}
			if len(vals) != n {
				t.Fatalf("%v: unit %d has %d distinct cells", s, u, len(vals))
			}
		}
	}
	if got, want := CachedShapes(), len(Shapes()); got < want {
		t.Errorf("CachedShapes() = %d, want >= %d", got, want)
	}
}

func TestTopologyCacheHitAllocatesNothing(t *testing.T) {
	s, _ := DefaultShape(9)
	topologyOf(s)
	if a := testing.AllocsPerRun(100, func() { topologyOf(s) }); a != 0 {
		t.Errorf("cache hit allocates %v times", a)
	}
}
