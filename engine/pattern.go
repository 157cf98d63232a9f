package engine

// This file records the pattern of a step on the current move l.mv, for
// Hint to hand to a player (and a frontend to draw): the chain links, the
// fins of a fish, named cell sets (an ALS) and the units the step is about.
// Everything is a fixed-size array, so recording allocates nothing on the
// grading hot path; what does not fit is dropped from the record (the
// step itself stays sound).

// maxGroup bounds the cells of a grouped node: the cells of one box that
// lie in one line, up to 12 on the largest boards (boxes of 2×12).
const maxGroup = 12

// pnode is one node of a chain: value v (1-based) in one cell, or in a
// group of up to maxGroup cells of one unit (a grouped node: one of them
// holds v).
type pnode struct {
	cells [maxGroup]int16
	n     uint8
	v     uint8
	state uint8 // a forcing chain's node: nodeOn or nodeOff; 0 in other chains
}

// States of a forcing chain's node: the cell holds the value, or not.
const (
	nodeOn = 1 + iota
	nodeOff
)

// cellNode returns the node "c holds v".
func cellNode(c, v int) pnode {
	var p pnode
	p.cells[0], p.n, p.v = int16(c), 1, uint8(v)
	return p
}

// groupNode returns the grouped node "one of cells holds v"; cells past
// maxGroup are dropped.
func groupNode(v int, cells ...int) pnode {
	var p pnode
	p.v = uint8(v)
	for _, c := range cells {
		if int(p.n) < maxGroup {
			p.cells[p.n] = int16(c)
			p.n++
		}
	}
	return p
}

// plink is one link of a chain: strong (if from is false, to is true) or
// weak (if from is true, to is false).
type plink struct {
	from, to pnode
	strong   bool
}

// Capacities of a recorded pattern.
const (
	maxLinks   = 48 // chain links
	maxFins    = 16 // fish fins
	maxSets    = 4  // named sets (ALS)
	maxSetCell = 64 // cells of all sets together
	maxUnits   = 8  // units (a Jellyfish: 4 base and 4 cover lines)
)

// pattern is the part of a move that a frontend draws.
type pattern struct {
	links    [maxLinks]plink
	nlinks   uint8
	fins     [maxFins]int16
	nfins    uint8
	setCells [maxSetCell]int16
	setEnd   [maxSets]uint8 // set i is setCells[setEnd[i-1]:setEnd[i]]
	nsets    uint8
	units    [maxUnits]int16
	nunits   uint8
	// Explainer's chaining steps record their chains, which may hold
	// hundreds of links, only for Hint and Explain (not while grading):
	// in net, after links, and what they are in sechain
	// (tech_sechain.go).
	net     []plink
	sechain seRec
}

// reset empties the pattern (counts only).
func (p *pattern) reset() {
	p.nlinks, p.nfins, p.nsets, p.nunits = 0, 0, 0, 0
	p.net, p.sechain.rule = nil, 0
}

// addLink appends a chain link, in chain order.
func (l *logic) addLink(from, to pnode, strong bool) {
	p := &l.mv.pattern
	if p.nlinks < maxLinks {
		p.links[p.nlinks] = plink{from, to, strong}
		p.nlinks++
	}
}

// addFin records a fin cell of a fish.
func (l *logic) addFin(c int) {
	p := &l.mv.pattern
	if p.nfins < maxFins {
		p.fins[p.nfins] = int16(c)
		p.nfins++
	}
}

// addSet records one named set of cells (an ALS); it is dropped whole if
// it does not fit.
func (l *logic) addSet(cells ...int) {
	p := &l.mv.pattern
	start := 0
	if p.nsets > 0 {
		start = int(p.setEnd[p.nsets-1])
	}
	if p.nsets >= maxSets || start+len(cells) > maxSetCell {
		return
	}
	for i, c := range cells {
		p.setCells[start+i] = int16(c)
	}
	p.setEnd[p.nsets] = uint8(start + len(cells))
	p.nsets++
}

// set returns the cells of set i.
func (p *pattern) set(i int) []int16 {
	start := 0
	if i > 0 {
		start = int(p.setEnd[i-1])
	}
	return p.setCells[start:p.setEnd[i]]
}

// addUnit records a unit the step is about (once).
func (l *logic) addUnit(u int) {
	p := &l.mv.pattern
	for i := 0; i < int(p.nunits); i++ {
		if int(p.units[i]) == u {
			return
		}
	}
	if p.nunits < maxUnits {
		p.units[p.nunits] = int16(u)
		p.nunits++
	}
}
