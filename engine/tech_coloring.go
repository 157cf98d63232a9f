package engine

// This file holds the techniques that walk the conjugate pairs of one value
// (its only two places in a unit; conjugates builds them): simple coloring
// and the X-Chain. The chains over every value are in tech_chains.go.

// conjugates builds, for value bit, the cells that hold it (dcells, count
// returned) and the strong links between them: pairs of cells that are the
// only two places for the value in some unit.
func (l *logic) conjugates(bit uint32) int {
	t := l.t
	nd := 0
	for c := 0; c < t.cells; c++ {
		if l.cand[c]&bit != 0 {
			l.dcells[nd] = int16(c)
			nd++
			l.nadj[c] = 0
			l.comp[c] = -1
		}
	}
	for u := 0; u < 3*l.n; u++ {
		a, b, cnt := -1, -1, 0
		for _, c := range t.unit(u) {
			if l.cand[c]&bit != 0 {
				cnt++
				if cnt == 1 {
					a = int(c)
				} else {
					b = int(c)
				}
			}
		}
		if cnt == 2 && !l.linked(a, b) {
			l.adj[a][l.nadj[a]] = int16(b)
			l.nadj[a]++
			l.adj[b][l.nadj[b]] = int16(a)
			l.nadj[b]++
		}
	}
	return nd
}

func (l *logic) linked(a, b int) bool {
	for i := 0; i < int(l.nadj[a]); i++ {
		if int(l.adj[a][i]) == b {
			return true
		}
	}
	return false
}

// simpleColoring colors each chain of conjugate pairs of one value in two
// colors, one of which is true. Color wrap: two cells of one color see each
// other, so that color is false everywhere. Color trap: a cell outside the
// chain that sees both colors cannot hold the value.
func (l *logic) simpleColoring() bool {
	for d := 0; d < l.n; d++ {
		bit := uint32(1) << d
		nd := l.conjugates(bit)
		for i := 0; i < nd; i++ {
			s := int(l.dcells[i])
			if l.comp[s] >= 0 || l.nadj[s] == 0 {
				continue
			}
			// BFS from s; the component is queue[0:qn].
			l.comp[s], l.par[s] = int16(s), 0
			l.queue[0] = int16(s)
			qn := 1
			for h := 0; h < qn; h++ {
				c := int(l.queue[h])
				for j := 0; j < int(l.nadj[c]); j++ {
					x := int(l.adj[c][j])
					if l.comp[x] < 0 {
						l.comp[x], l.par[x] = int16(s), l.par[c]^1
						l.queue[qn] = int16(x)
						qn++
					}
				}
			}
			if qn < 3 {
				continue // one conjugate pair proves nothing alone
			}
			if l.colorWrap(bit, qn) || l.colorTrap(bit, nd, s, qn) {
				return true
			}
		}
	}
	return false
}

func (l *logic) colorWrap(bit uint32, qn int) bool {
	for i := 0; i < qn; i++ {
		a := int(l.queue[i])
		for j := i + 1; j < qn; j++ {
			b := int(l.queue[j])
			if l.par[a] != l.par[b] || !l.sees(a, b) {
				continue
			}
			bad := l.par[a]
			l.begin(tSimpleColoring)
			for k := 0; k < qn; k++ {
				c := int(l.queue[k])
				l.addCell(c)
				if l.par[c] == bad {
					l.elim(c, bit)
				}
			}
			if !l.accept() {
				continue
			}
			l.mv.digits = bit
			l.colorLinks(bit, qn)
			l.counts[tSimpleColoring]++
			return true
		}
	}
	return false
}

func (l *logic) colorTrap(bit uint32, nd, s, qn int) bool {
	l.begin(tSimpleColoring)
	hit := false
	for i := 0; i < nd; i++ {
		q := int(l.dcells[i])
		if int(l.comp[q]) == s {
			continue
		}
		var seen uint8
		for k := 0; k < qn && seen != 3; k++ {
			c := int(l.queue[k])
			if l.sees(q, c) {
				seen |= 1 << l.par[c]
			}
		}
		if seen == 3 {
			hit = l.elim(q, bit) || hit
		}
	}
	if !hit || !l.accept() {
		return false
	}
	l.mv.digits = bit
	for k := 0; k < qn; k++ {
		l.addCell(int(l.queue[k]))
	}
	l.colorLinks(bit, qn)
	l.counts[tSimpleColoring]++
	return true
}

// colorLinks records the conjugate pairs of the colored component
// queue[0:qn] as strong links.
func (l *logic) colorLinks(bit uint32, qn int) {
	v := lowValue(bit)
	for k := 0; k < qn; k++ {
		c := int(l.queue[k])
		for j := 0; j < int(l.nadj[c]); j++ {
			if x := int(l.adj[c][j]); x > c {
				l.addLink(cellNode(c, v), cellNode(x, v), true)
			}
		}
	}
}

// xChain: a chain of one value from cell s to cell e whose links alternate
// strong (the only two places in a unit: one of them holds it) and weak
// (two cells that see each other: at most one holds it), starting and
// ending with a strong link. If s does not hold the value then e does, so
// the value goes from every cell that sees both ends. Breadth-first from
// every start, so the shortest chains come first.
func (l *logic) xChain() bool {
	for d := 0; d < l.n; d++ {
		bit := uint32(1) << d
		nd := l.conjugates(bit)
		for si := 0; si < nd; si++ {
			s := int(l.dcells[si])
			if l.nadj[s] == 0 {
				continue
			}
			l.stamp++
			if l.stamp == 0 { // wrapped: clear the marks
				l.vis = [2 * MaxCells]uint32{}
				l.stamp = 1
			}
			start := int32(s * 2)
			l.vis[start], l.parent[start] = l.stamp, -1
			l.xq[0] = start
			qn := 1
			for h := 0; h < qn; h++ {
				st := l.xq[h]
				c := int(st >> 1)
				if st&1 == 0 { // c is off: its strong partners are on
					for j := 0; j < int(l.nadj[c]); j++ {
						x := int(l.adj[c][j])
						ns := int32(x*2 + 1)
						if l.vis[ns] == l.stamp {
							continue
						}
						l.vis[ns], l.parent[ns] = l.stamp, st
						l.xq[qn] = ns
						qn++
						if x != s && l.xChainElim(s, x, bit, nd, ns) {
							return true
						}
					}
					continue
				}
				// c is on: every other cell with the value that sees it is off
				for j := 0; j < nd; j++ {
					x := int(l.dcells[j])
					ns := int32(x * 2)
					if l.vis[ns] == l.stamp || !l.sees(c, x) {
						continue
					}
					l.vis[ns], l.parent[ns] = l.stamp, st
					l.xq[qn] = ns
					qn++
				}
			}
		}
	}
	return false
}

// xChainElim removes the value from the cells that see both chain ends s
// and e; end is e's search state, to record the chain.
func (l *logic) xChainElim(s, e int, bit uint32, nd int, end int32) bool {
	l.begin(tXChain)
	hit := false
	for j := 0; j < nd; j++ {
		q := int(l.dcells[j])
		if q != s && q != e && l.sees(q, s) && l.sees(q, e) {
			hit = l.elim(q, bit) || hit
		}
	}
	if !hit || !l.accept() {
		return false
	}
	l.mv.digits = bit
	// The chain from e back to s, then reversed into mv.cells and the
	// links: strong from an off state to an on one, weak the other way.
	var path [2 * MaxCells]int16
	k := 0
	for st := end; st >= 0 && k < len(path); st = l.parent[st] {
		path[k] = int16(st >> 1)
		k++
	}
	v := lowValue(bit)
	for i := k - 1; i >= 0; i-- {
		l.addCell(int(path[i]))
		if i > 0 {
			l.addLink(cellNode(int(path[i]), v), cellNode(int(path[i-1]), v), (k-1-i)%2 == 0)
		}
	}
	l.counts[tXChain]++
	return true
}
