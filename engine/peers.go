package engine

import (
	"sync"
	"sync/atomic"
)

// topology is the precomputed geometry of one shape. It is built once per
// shape, cached for the life of the process and never modified, so it is
// safe to share between goroutines.
type topology struct {
	shape    Shape
	n, cells int
	numPeers int
	// peers holds numPeers peer indexes per cell: peers[c*numPeers:(c+1)*numPeers].
	peers []int16
	// units holds 3N units of N cells each: rows 0…N-1, columns N…2N-1,
	// boxes 2N…3N-1; unit u is units[u*N:(u+1)*N], cells in row-major order.
	units []int16
	// cellUnits holds each cell's row, column and box unit indexes.
	cellUnits [][3]int16

	cdclOnce sync.Once
	cdclTab  *cdclTables // the clause-learning search's constraints, built on first use
}

// unit returns the cells of unit u.
func (t *topology) unit(u int) []int16 { return t.units[u*t.n : (u+1)*t.n] }

// peersOf returns the peers of cell c.
func (t *topology) peersOf(c int) []int16 { return t.peers[c*t.numPeers : (c+1)*t.numPeers] }

const maxBoxSide = MaxSize / 2 // R, C ≥ 2 and R·C ≤ 25

var (
	topoCache [maxBoxSide + 1][maxBoxSide + 1]atomic.Pointer[topology]
	topoMu    sync.Mutex
	topoCount atomic.Int64
)

// topologyOf returns the cached topology of s, building it on first use.
// A cache hit is one atomic load and allocates nothing. s must be valid.
func topologyOf(s Shape) *topology {
	slot := &topoCache[s.BoxRows][s.BoxCols]
	if t := slot.Load(); t != nil {
		return t
	}
	topoMu.Lock()
	defer topoMu.Unlock()
	if t := slot.Load(); t != nil {
		return t
	}
	t := buildTopology(s)
	slot.Store(t)
	topoCount.Add(1)
	return t
}

// CachedShapes returns the number of shapes whose peer tables have been
// built and cached so far.
func CachedShapes() int { return int(topoCount.Load()) }

func buildTopology(s Shape) *topology {
	n := s.Size
	cells := n * n
	t := &topology{
		shape:     s,
		n:         n,
		cells:     cells,
		numPeers:  2*(n-1) + (n - s.BoxRows - s.BoxCols + 1),
		units:     make([]int16, 3*n*n),
		cellUnits: make([][3]int16, cells),
	}
	fill := make([]int, 3*n)
	for c := 0; c < cells; c++ {
		r, col := c/n, c%n
		us := [3]int16{int16(r), int16(n + col), int16(2*n + s.BoxOf(r, col))}
		t.cellUnits[c] = us
		for _, u := range us {
			t.units[int(u)*n+fill[u]] = int16(c)
			fill[u]++
		}
	}
	t.peers = make([]int16, 0, cells*t.numPeers)
	for c := 0; c < cells; c++ {
		r, col := c/n, c%n
		b := s.BoxOf(r, col)
		for p := 0; p < cells; p++ {
			pr, pc := p/n, p%n
			if p != c && (pr == r || pc == col || s.BoxOf(pr, pc) == b) {
				t.peers = append(t.peers, int16(p))
			}
		}
	}
	if len(t.peers) != cells*t.numPeers {
		panic("engine: peer count mismatch") // a bug in numPeers, not bad input
	}
	return t
}
