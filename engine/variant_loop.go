package engine

import (
	"fmt"
	"slices"
	"strings"
)

// chainEnd returns the step of a chain the variant chain search found,
// from the start node s (false) to the state end (true): a nice loop when
// in AIC mode the end is weakly linked back to the start and no node
// occurs twice, else the chain's step (chainStep).
//
// A continuous nice loop alternates strong links (at least one end holds)
// and weak ones (at most one does) through distinct candidates, each in
// one strong and one weak link: so as many of them hold as there are
// strong links, and every link holds exactly one of its ends. Then
// whatever conflicts with both ends of any weak link of the loop goes.
// The weak links are those of l.weak: one value in cells that see each
// other (units, cages, knight and king moves), two values of one cell and
// on a non-consecutive board consecutive values side by side; only a full
// unit gives a strong link on a value, so the loop holds under every rule.
func (l *vlogic) chainEnd(t int, s, end int32, parent []int32) (Step, bool) {
	e := end >> 1
	if t != vtAIC || e == s || !l.weak(e, s) {
		return l.chainStep(t, s, end, parent)
	}
	var path []int32
	for st := end; st >= 0; st = parent[st] {
		path = append(path, st)
	}
	seen := map[int32]bool{}
	for _, st := range path {
		if seen[st>>1] {
			return l.chainStep(t, s, end, parent)
		}
		seen[st>>1] = true
	}
	// path runs from the end back to the start: a true state followed by
	// a false one is a weak link, as is the closing one from end to s.
	n := l.n
	gone := map[int]uint32{}
	weakPair := func(p, q int32) {
		l.weakLinks(p, true, func(x int32) {
			if x != q && !seen[x] && l.weak(x, q) {
				gone[int(x)/n] |= 1 << (int(x) % n)
			}
		})
	}
	weakPair(e, s)
	for i := 1; i < len(path); i++ {
		if st := path[i]; st&1 == 1 {
			weakPair(st>>1, path[i-1]>>1)
		}
	}
	var links []Link
	var cells []int16
	var text strings.Builder
	for i := len(path) - 1; i >= 0; i-- {
		x := path[i] >> 1
		c, v := int(x)/n, int(x)%n+1
		if !slices.Contains(cells, int16(c)) {
			cells = append(cells, int16(c))
		}
		if i < len(path)-1 {
			prev := path[i+1]
			strong := prev&1 == 0
			links = append(links, Link{From: l.node(int(prev>>1)/n, int(prev>>1)%n+1), To: l.node(c, v), Strong: strong})
			text.WriteString(map[bool]string{true: "=", false: "-"}[strong])
		}
		fmt.Fprintf(&text, "(%s)%s", l.sym(v), l.cellName(c))
	}
	links = append(links, Link{From: l.node(int(e)/n, int(e)%n+1), To: l.node(int(s)/n, int(s)%n+1)})
	fmt.Fprintf(&text, "-(%s)%s", l.sym(int(s)%n+1), l.cellName(int(s)/n))
	why := fmt.Sprintf("the continuous loop %s: its links alternate strong and weak through distinct candidates, so each link holds exactly one of its ends, and whatever conflicts with both ends of a weak link is false", text.String())
	st, ok := l.elimination(vtNiceLoop, gone, why, l.cellsOf(cells), nil, &Pattern{Links: links})
	if !ok {
		return l.chainStep(t, s, end, parent)
	}
	l.se = float64(chainSE(techs[tNiceLoop].se, len(links))) / 10
	return st, true
}
