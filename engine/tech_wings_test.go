package engine

import "testing"

// verifyWWing checks a W-Wing: the chain a(y)=a(x)-p(x)=q(x)-b(x)=b(y)
// (a and b hold only x and y), and what it removes.
func verifyWWing(t *testing.T, before, after *logic) {
	t.Helper()
	verifyChain(t, before, after)
	p := &after.mv.pattern
	if p.nlinks != 5 {
		t.Fatalf("W-Wing: %d links", p.nlinks)
	}
	a, b := int(p.links[0].from.cells[0]), int(p.links[4].to.cells[0])
	if before.cand[a] != before.cand[b] || popcount(before.cand[a]) != 2 || before.sees(a, b) {
		t.Fatalf("W-Wing ends %s, %s", before.cellName(a), before.cellName(b))
	}
}

// verifyWXYZ checks a WXYZ-Wing: four cells with four values in all, at
// most one of them not restricted (its cells do not all see each other);
// every elimination is of a value whose cells in the wing the cell sees
// all of, and that value is the unrestricted one when there is one.
func verifyWXYZ(t *testing.T, before, after *logic) {
	t.Helper()
	p := &after.mv.pattern
	if p.nsets != 1 || len(p.set(0)) != 4 {
		t.Fatalf("WXYZ-Wing: %d sets", p.nsets)
	}
	var w []int
	var union uint32
	for _, c := range p.set(0) {
		w = append(w, int(c))
		union |= before.cand[c]
	}
	if popcount(union) != 4 {
		t.Fatalf("WXYZ-Wing %v: values %b", w, union)
	}
	var loose uint32
	for m := union; m != 0; m &= m - 1 {
		bit := m & -m
		for i, a := range w {
			for _, b := range w[i+1:] {
				if before.cand[a]&bit != 0 && before.cand[b]&bit != 0 && !before.sees(a, b) {
					loose |= bit
				}
			}
		}
	}
	if popcount(loose) > 1 {
		t.Fatalf("WXYZ-Wing %v: unrestricted %b", w, loose)
	}
	elimsOf(before, after, func(c int, gone uint32) {
		if containsInt(w, c) || loose != 0 && gone != loose {
			t.Fatalf("WXYZ-Wing removed %x from %s", gone, before.cellName(c))
		}
		for m := gone; m != 0; m &= m - 1 {
			for _, h := range w {
				if before.cand[h]&m&-m != 0 && !before.sees(c, h) {
					t.Fatalf("WXYZ-Wing: %s does not see %s", before.cellName(c), before.cellName(h))
				}
			}
		}
	})
}

func TestWings(t *testing.T) {
	fired := testOnPaths(t, pathBoards(t), []pathTech{
		{tWWing, (*logic).wWing, verifyWWing},
		{tWXYZWing, (*logic).wxyzWing, verifyWXYZ},
	})
	for tc, byShape := range fired {
		t.Logf("%-16s %v", techs[tc].name, byShape)
		if byShape["3x3"] == 0 {
			t.Errorf("%s never fired on a 9×9", techs[tc].name)
		}
	}
}
