package engine

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/big"
	"math/bits"
	"slices"
)

// ErrInvalidID: a puzzle id that does not decode (not base64url, cut short,
// an unknown version, shape or rule, a value out of range, or not the
// canonical form of its puzzle).
var ErrInvalidID = errors.New("invalid puzzle id")

// A puzzle id is the puzzle itself, bit-packed and written in base64url
// without padding, so that it needs no server state and never depends on
// the generator's release. Its bytes:
//
//	byte 0  version, idVersion (1)
//	byte 1  shape: (N-4)<<3 | i, where i is the index of the box among
//	        ShapesOf(N) (by box rows: 9 → 0 is 3x3; 6 → 0 is 2x3, 1 is 3x2)
//	byte 2  rules flags: 0 is classic Sudoku (see below)
//	then    the givens: one unsigned big-endian integer, without leading
//	        zero bytes (none at all for an empty board), whose low N·N bits
//	        say which cells are filled (bit i is cell i, row-major) and
//	        whose higher part holds their values in base N: the value of
//	        the j-th filled cell, minus 1, is its digit of weight N^j
//	last 2  a check: the low 16 bits of the CRC-32 (IEEE) of the bytes
//	        before it, big-endian, so that an id cut short or mistyped is
//	        refused rather than read as another puzzle
//
// A 9×9 puzzle with k givens takes 5 + ⌈(81 + k·log2 9)/8⌉ bytes: ≤ 40
// characters up to 37 givens (a 25-given puzzle is 35), 64 for a full grid.
//
// Variant rules set bits of the rules flags: 0x01 jigsaw regions, 0x02
// the main diagonal, 0x04 the anti-diagonal, 0x08 windows, 0x10 cages,
// 0x20 odd cells, 0x40 even cells, and 0x80 when a second flags byte
// follows with 0x01 extra regions, 0x02 disjoint groups, 0x04 anti-knight,
// 0x08 anti-king, 0x10 non-consecutive. The rules that are more than a
// flag follow as one bit string, most significant bit first, padded with
// zero bits to a byte, before the givens, in this order: regions (the
// borders between cells, about 100 bits on 9×9), cages (a walk over the
// cells saying whose cage each continues, then the sums in mixed radix),
// odd and even marks (a bit per cell, and one more per marked cell when
// both kinds are present), extra regions (their number, then
// their cells' indexes). Each part's length follows from the shape and
// what came before, so the givens start where the rules end. A flag this
// decoder does not know makes the id invalid rather than misread; a change
// of layout takes a new version. Rules are written in one canonical form
// (regions numbered by first cell, cages and cells in row-major order),
// so a board's rules come back in that form. Typical 9×9 ids: an X-Sudoku
// as long as its classic puzzle, a jigsaw with 24 givens about 51
// characters, a killer without givens (cages of 1 to 5 cells) about 60.
//
// Every puzzle has exactly one id: DecodeID accepts only the form that
// EncodeID writes (no padding, no stray bits, no leading zero bytes), so
// ids can be compared and cached as the puzzles they name.
const idVersion = 1

// idHeader is the number of bytes before the givens, idCheck the number
// after them.
const (
	idHeader = 3
	idCheck  = 2
)

// maxIDLen bounds the length of an id: a full 25×25 grid under every rule
// at its largest. DecodeID refuses longer text before decoding it.
var maxIDLen = func() int {
	n := MaxSize
	valueBits := bits.Len(uint(n - 1)) // an upper bound of log2 N
	return base64.RawURLEncoding.EncodedLen(idHeader - 1 + maxRulesBytes(n) + (n*n+n*n*valueBits+7)/8 + idCheck)
}()

// idEncoding is base64url without padding, refusing stray bits in the
// last character.
var idEncoding = base64.RawURLEncoding.Strict()

// EncodeID returns the id of board b: a short URL-safe text that DecodeID
// turns back into b (see the format above). The same board always has the
// same id. It returns "" for a board whose shape is not valid or that holds
// a value above N (which only Set and SetAt can store).
//
// Cost: O(k²) word operations for k givens, a few microseconds on 9×9.
func EncodeID(b Board) string {
	s := b.shape
	if !s.valid() || b.outOfRange() != nil {
		return ""
	}
	cells := s.Cells()
	var x, digit big.Int
	n := big.NewInt(int64(s.Size))
	for i := cells - 1; i >= 0; i-- {
		if v := b.cells[i]; v != 0 {
			x.Mul(&x, n)
			x.Add(&x, digit.SetInt64(int64(v-1)))
		}
	}
	x.Lsh(&x, uint(cells))
	for i, v := range b.cells[:cells] {
		if v != 0 {
			x.SetBit(&x, i, 1)
		}
	}
	raw := make([]byte, 0, idHeader+(x.BitLen()+7)/8+idCheck)
	raw = append(raw, idVersion, shapeByte(s))
	if b.rules == nil {
		raw = append(raw, 0)
	} else {
		r := canonicalRules(b.rules.rules, s.Size)
		raw = encodeRules(raw, &r, s.Size)
	}
	head := len(raw)
	size := head + (x.BitLen()+7)/8
	raw = append(raw, make([]byte, size+idCheck-head)...)
	x.FillBytes(raw[head:size])
	binary.BigEndian.PutUint16(raw[size:], idSum(raw[:size]))
	return idEncoding.EncodeToString(raw)
}

// idSum is the check of an id's bytes before it.
func idSum(b []byte) uint16 {
	return uint16(crc32.ChecksumIEEE(b))
}

// shapeByte is byte 1 of an id: N-4 and the index of the box among
// ShapesOf(N).
func shapeByte(s Shape) byte {
	i := 0
	for r := 2; r < s.BoxRows; r++ {
		if s.Size%r == 0 && (Shape{Size: s.Size, BoxRows: r, BoxCols: s.Size / r}).valid() {
			i++
		}
	}
	return byte(s.Size-MinSize)<<3 | byte(i)
}

// shapeOfByte is the shape byte 1 of an id names, false when it names none.
func shapeOfByte(c byte) (Shape, bool) {
	n, i := int(c>>3)+MinSize, int(c&7)
	for r := 2; r <= n/2; r++ {
		if s := (Shape{Size: n, BoxRows: r, BoxCols: n / r}); n%r == 0 && s.valid() {
			if i == 0 {
				return s, true
			}
			i--
		}
	}
	return Shape{}, false
}

// DecodeID returns the board that id names (see EncodeID). Errors wrap
// ErrInvalidID and say what is wrong: a character outside base64url, an id
// cut short or too long, an unknown version, shape or rule, or a form that
// EncodeID does not write. It never panics, whatever the text.
//
// Cost: O(k²) word operations for k givens; text longer than the longest
// id (a full 25×25 grid) is refused before any decoding.
func DecodeID(id string) (Board, error) {
	if id == "" {
		return Board{}, idError("the id is empty")
	}
	if len(id) > maxIDLen {
		return Board{}, idError(fmt.Sprintf("the id is %d characters long; the longest is %d", len(id), maxIDLen))
	}
	raw, err := idEncoding.DecodeString(id)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) && int(ce) < len(id) && !isIDChar(id[ce]) {
			return Board{}, idError(fmt.Sprintf("character %d (%q) is not part of an id (A-Z, a-z, 0-9, - and _)", int(ce)+1, id[ce]))
		}
		return Board{}, idError("the id is cut short or mistyped")
	}
	if len(raw) < idHeader+idCheck {
		return Board{}, idError("the id is cut short")
	}
	size := len(raw) - idCheck
	if binary.BigEndian.Uint16(raw[size:]) != idSum(raw[:size]) {
		return Board{}, idError("the id does not check: it is cut short or mistyped")
	}
	if raw[0] != idVersion {
		return Board{}, idError(fmt.Sprintf("unknown id version %d (this server reads version %d)", raw[0], idVersion))
	}
	s, ok := shapeOfByte(raw[1])
	if !ok {
		return Board{}, idError("the id names no supported board shape")
	}
	head := idHeader
	var rules Rules
	if raw[2] != 0 {
		r, used, err := decodeRules(raw[2:size], s.Size)
		if err != nil {
			return Board{}, err
		}
		rules, head = r, 2+used
	}
	givens := raw[head:size]
	if len(givens) > 0 && givens[0] == 0 {
		return Board{}, idError("the id is not in its canonical form (a leading zero byte)")
	}
	var x big.Int
	x.SetBytes(givens)
	cells := s.Cells()
	b := Board{shape: s}
	filled := 0
	for i := range cells {
		if x.Bit(i) != 0 {
			b.cells[i] = 1
			filled++
		}
	}
	x.Rsh(&x, uint(cells))
	// A value of k digits in base N is below N^k: compare bit lengths
	// first, so that a long id does not cost a division per digit to reject.
	if x.BitLen() > filled*bits.Len(uint(s.Size)) {
		return Board{}, idError("the id holds more than its givens")
	}
	n, digit := big.NewInt(int64(s.Size)), new(big.Int)
	for i := range cells {
		if b.cells[i] != 0 {
			x.QuoRem(&x, n, digit)
			b.cells[i] = uint8(digit.Int64() + 1)
		}
	}
	if x.Sign() != 0 {
		return Board{}, idError("the id holds more than its givens")
	}
	if raw[2] == 0 {
		return b, nil
	}
	b, err = b.WithRules(rules)
	if err != nil {
		return Board{}, idError("its rules are not valid: " + err.Error())
	}
	if EncodeID(b) != id {
		return Board{}, idError("the id is not in its canonical form (its rules are written another way)")
	}
	return b, nil
}

// isIDChar reports whether c is a base64url character.
func isIDChar(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// idError is an error wrapping ErrInvalidID.
func idError(msg string) error { return fmt.Errorf("%w: %s", ErrInvalidID, msg) }

// The rules flags of an id: byte 2, and byte 3 when byte 2 has idMore.
const (
	idRegions   = 1 << 0
	idDiagMain  = 1 << 1
	idDiagAnti  = 1 << 2
	idWindows   = 1 << 3
	idCages     = 1 << 4
	idOdd       = 1 << 5
	idEven      = 1 << 6
	idMore      = 1 << 7
	idExtra     = 1 << 0 // byte 3
	idDisjoint  = 1 << 1
	idKnight    = 1 << 2
	idKing      = 1 << 3
	idNonConsec = 1 << 4
	idKnownMore = idExtra | idDisjoint | idKnight | idKing | idNonConsec
)

// canonicalRules returns r in the one form an id holds: regions numbered
// by their first cell, every cell list in row-major order, cages ordered by
// their first cell and extra regions by their cell lists.
func canonicalRules(r Rules, n int) Rules {
	r = r.clone()
	if r.Regions != nil {
		renum := make([]int, n)
		for i := range renum {
			renum[i] = -1
		}
		next := 0
		for i, g := range r.Regions {
			if renum[g] < 0 {
				renum[g] = next
				next++
			}
			r.Regions[i] = renum[g]
		}
	}
	byIndex := func(a, b Cell) int { return (a.Row*n + a.Col) - (b.Row*n + b.Col) }
	slices.SortFunc(r.Odd, byIndex)
	slices.SortFunc(r.Even, byIndex)
	for _, reg := range r.ExtraRegions {
		slices.SortFunc(reg, byIndex)
	}
	slices.SortFunc(r.ExtraRegions, func(a, b []Cell) int { return slices.CompareFunc(a, b, byIndex) })
	for _, c := range r.Cages {
		slices.SortFunc(c.Cells, byIndex)
	}
	slices.SortFunc(r.Cages, func(a, b Cage) int { return byIndex(a.Cells[0], b.Cells[0]) })
	return r
}

// rulesFlags returns the flags bytes of r (one, or two when the second is
// needed).
func rulesFlags(r *Rules) []byte {
	var f, g byte
	if r.Regions != nil {
		f |= idRegions
	}
	if r.Diagonals&DiagonalMain != 0 {
		f |= idDiagMain
	}
	if r.Diagonals&DiagonalAnti != 0 {
		f |= idDiagAnti
	}
	if r.Windows {
		f |= idWindows
	}
	if len(r.Cages) > 0 {
		f |= idCages
	}
	if len(r.Odd) > 0 {
		f |= idOdd
	}
	if len(r.Even) > 0 {
		f |= idEven
	}
	if len(r.ExtraRegions) > 0 {
		g |= idExtra
	}
	if r.DisjointGroups {
		g |= idDisjoint
	}
	if r.AntiKnight {
		g |= idKnight
	}
	if r.AntiKing {
		g |= idKing
	}
	if r.NonConsecutive {
		g |= idNonConsec
	}
	if g != 0 {
		return []byte{f | idMore, g}
	}
	return []byte{f}
}

// bitWriter packs values most significant bit first.
type bitWriter struct {
	buf []byte
	n   int // bits written
}

func (w *bitWriter) write(v uint64, width int) {
	for i := width - 1; i >= 0; i-- {
		if w.n%8 == 0 {
			w.buf = append(w.buf, 0)
		}
		if v>>uint(i)&1 != 0 {
			w.buf[len(w.buf)-1] |= 0x80 >> uint(w.n%8)
		}
		w.n++
	}
}

func (w *bitWriter) bit(b bool) {
	if b {
		w.write(1, 1)
	} else {
		w.write(0, 1)
	}
}

// bitReader reads what bitWriter wrote; ok turns false when it runs past
// the end, and stays false.
type bitReader struct {
	buf []byte
	n   int
	ok  bool
}

func (r *bitReader) read(width int) uint64 {
	var v uint64
	for range width {
		if r.n/8 >= len(r.buf) {
			r.ok = false
			return 0
		}
		v = v<<1 | uint64(r.buf[r.n/8]>>(7-uint(r.n%8))&1)
		r.n++
	}
	return v
}

func (r *bitReader) bit() bool { return r.read(1) == 1 }

// bitsFor is the number of bits that hold 0…k-1.
func bitsFor(k int) int {
	if k <= 1 {
		return 0
	}
	return bits.Len(uint(k - 1))
}

// A rules section codec: the same walk encodes (w != nil, reading the
// rules) and decodes (rd != nil, filling them), so the two cannot drift.
type rulesCodec struct {
	n  int
	w  *bitWriter
	rd *bitReader
}

// choice writes or reads one yes/no decision.
func (c *rulesCodec) choice(yes bool) bool {
	if c.w != nil {
		c.w.bit(yes)
		return yes
	}
	return c.rd.bit()
}

// value writes or reads v in 0…k-1; reading a value ≥ k fails the reader.
func (c *rulesCodec) value(v, k int) int {
	if c.w != nil {
		c.w.write(uint64(v), bitsFor(k))
		return v
	}
	x := c.rd.read(bitsFor(k))
	if x >= uint64(k) {
		c.rd.ok = false
		return 0
	}
	return int(x)
}

func (c *rulesCodec) failed() bool { return c.rd != nil && !c.rd.ok }

// regions codes a jigsaw as the borders between cells: for each cell in
// row-major order, whether it joins the region of its left and of its upper
// neighbour, leaving out each answer the cells before it already force
// (both neighbours known to share a region; a region that would exceed N
// cells). A 9×9 jigsaw takes about 100 bits. In decoding, regions is
// filled with region numbers by first cell, or left nil when the borders
// do not make N regions of N cells.
func (c *rulesCodec) regions(regions []int) []int {
	n := c.n
	cells := n * n
	parent := make([]int, cells)
	size := make([]int, cells)
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(a, b int) {
		a, b = find(a), find(b)
		if a != b {
			parent[b] = a
			size[a] += size[b]
		}
	}
	for i := range cells {
		parent[i], size[i] = i, 1
		r, col := i/n, i%n
		joinedLeft := false
		if col > 0 {
			if l := find(i - 1); size[l] < n {
				joinedLeft = c.choice(regions != nil && regions[i] == regions[i-1])
			}
			if joinedLeft {
				union(i-1, i)
			}
		}
		if r > 0 {
			u, me := find(i-n), find(i)
			switch {
			case u == me:
			case col > 0 && !joinedLeft && find(i-1) == u:
			case size[u]+size[me] > n:
			default:
				if c.choice(regions != nil && regions[i] == regions[i-n]) {
					union(i-n, i)
				}
			}
		}
		if c.failed() {
			return nil
		}
	}
	if c.w != nil {
		return regions
	}
	out := make([]int, cells)
	num := map[int]int{}
	for i := range cells {
		root := find(i)
		if size[root] != n {
			return nil
		}
		g, ok := num[root]
		if !ok {
			g = len(num)
			num[root] = g
		}
		out[i] = g
	}
	return out
}

// cages codes killer cages cell by cell in row-major order: each cell
// continues the cage of its left or upper neighbour, starts a new cage,
// joins another open cage by its index, or (unless every cell is in a
// cage) is in none. Full cages (N cells) are never offered. The sums
// follow, packed in mixed radix. Cages come out in the canonical order.
func (c *rulesCodec) cages(cages []Cage) []Cage {
	n := c.n
	cells := n * n
	cageOf := make([]int, cells)
	for i := range cageOf {
		cageOf[i] = -1
	}
	covered, allSums := true, true
	if c.w != nil {
		for k, cage := range cages {
			for _, cl := range cage.Cells {
				cageOf[cl.Row*n+cl.Col] = k
			}
			allSums = allSums && cage.Sum > 0
		}
		covered = !slices.Contains(cageOf, -1)
	}
	covered = c.choice(covered)
	allSums = c.choice(allSums)
	var sizes []int
	var others []int
	var out []Cage
	for i := range cells {
		want := cageOf[i] // in encoding
		left, up := -1, -1
		if i%n > 0 {
			left = cageOf[i-1]
		}
		if i >= n {
			up = cageOf[i-n]
		}
		got := -2
		if left >= 0 && sizes[left] < n && c.choice(want == left) {
			got = left
		}
		if got == -2 && up >= 0 && up != left && sizes[up] < n && c.choice(want == up) {
			got = up
		}
		if got == -2 && !covered && !c.choice(want >= 0) {
			got = -1
		}
		if got == -2 {
			others = others[:0]
			for k, sz := range sizes {
				if sz < n && k != left && k != up {
					others = append(others, k)
				}
			}
			if len(others) == 0 || c.choice(want == len(sizes)) {
				got = len(sizes)
				sizes = append(sizes, 0)
			} else {
				at := slices.Index(others, want)
				got = others[c.value(at, len(others))]
			}
		}
		if c.failed() {
			return nil
		}
		if got >= 0 {
			sizes[got]++
			cageOf[i] = got
		}
	}
	if c.w == nil {
		out = make([]Cage, len(sizes))
		for i, k := range cageOf {
			if k >= 0 {
				out[k].Cells = append(out[k].Cells, Cell{i / n, i % n})
			}
		}
		cages = out
	}
	if len(sizes) == 0 {
		if c.rd != nil {
			c.rd.ok = false
		}
		return nil
	}
	// The sums: cage k's digit is its sum less the least sum of its size
	// (plus one, 0 meaning no sum, unless every cage has one), in groups
	// whose radices multiply to under 2^62.
	radix := func(k int) (lo, r int) {
		m := sizes[k]
		lo, hi := m*(m+1)/2, m*(2*n-m+1)/2
		if allSums {
			return lo, hi - lo + 1
		}
		return lo - 1, hi - lo + 2
	}
	for k := 0; k < len(sizes); {
		var group []int
		p := uint64(1)
		for ; k < len(sizes); k++ {
			_, r := radix(k)
			if p > (1<<62)/uint64(r) {
				break
			}
			p *= uint64(r)
			group = append(group, k)
		}
		var v uint64
		if c.w != nil {
			for j := len(group) - 1; j >= 0; j-- {
				lo, r := radix(group[j])
				d := 0
				if s := cages[group[j]].Sum; s > 0 {
					d = s - lo
				}
				v = v*uint64(r) + uint64(d)
			}
			c.w.write(v, bits.Len64(p-1))
			continue
		}
		v = c.rd.read(bits.Len64(p - 1))
		if v >= p {
			c.rd.ok = false
		}
		for _, g := range group {
			lo, r := radix(g)
			if d := int(v % uint64(r)); d > 0 || allSums {
				cages[g].Sum = lo + d
			}
			v /= uint64(r)
		}
	}
	return cages
}

// parity codes the odd and even cells as one mark per cell: a bit (marked
// or not), and when the id has both kinds a second bit for a marked cell
// (odd or even).
func (c *rulesCodec) parity(odd, even []Cell, hasOdd, hasEven bool) ([]Cell, []Cell) {
	n := c.n
	mark := make([]int, n*n)
	for _, cl := range odd {
		mark[cl.Row*n+cl.Col] = 1
	}
	for _, cl := range even {
		mark[cl.Row*n+cl.Col] = 2
	}
	var outOdd, outEven []Cell
	for i := range mark {
		m := mark[i]
		switch {
		case hasOdd && hasEven:
			if c.choice(m != 0) {
				m = 1 + c.value(m-1, 2)
			} else {
				m = 0
			}
		case hasOdd:
			m = c.value(m, 2)
		default:
			m = 2 * c.value(m/2, 2)
		}
		if c.failed() {
			return nil, nil
		}
		switch m {
		case 1:
			outOdd = append(outOdd, Cell{i / n, i % n})
		case 2:
			outEven = append(outEven, Cell{i / n, i % n})
		}
	}
	return outOdd, outEven
}

// extraRegions codes the extra regions as their number less one, then
// each region's N cell indexes in row-major order.
func (c *rulesCodec) extraRegions(regs [][]Cell) [][]Cell {
	n := c.n
	cells := n * n
	count := c.value(len(regs)-1, cells) + 1
	if c.failed() {
		return nil
	}
	out := make([][]Cell, count)
	for k := range count {
		for j := range n {
			v := 0
			if c.w != nil {
				v = regs[k][j].Row*n + regs[k][j].Col
			}
			v = c.value(v, cells)
			if c.failed() {
				return nil
			}
			out[k] = append(out[k], Cell{v / n, v % n})
		}
	}
	return out
}

// encodeRules appends the flags and sections of the non-classic rules r
// (in canonical form) to raw.
func encodeRules(raw []byte, r *Rules, n int) []byte {
	raw = append(raw, rulesFlags(r)...)
	w := &bitWriter{}
	c := &rulesCodec{n: n, w: w}
	if r.Regions != nil {
		c.regions(r.Regions)
	}
	if len(r.Cages) > 0 {
		c.cages(r.Cages)
	}
	if len(r.Odd) > 0 || len(r.Even) > 0 {
		c.parity(r.Odd, r.Even, len(r.Odd) > 0, len(r.Even) > 0)
	}
	if len(r.ExtraRegions) > 0 {
		c.extraRegions(r.ExtraRegions)
	}
	return append(raw, w.buf...)
}

// decodeRules reads the flags and sections at the start of b (the bytes
// after the shape byte) and returns the rules and how many bytes they took.
func decodeRules(b []byte, n int) (Rules, int, error) {
	var r Rules
	if len(b) == 0 {
		return r, 0, idError("the id is cut short")
	}
	f, g, at := b[0], byte(0), 1
	if f&idMore != 0 {
		if len(b) < 2 {
			return r, 0, idError("the id is cut short")
		}
		g, at = b[1], 2
		if g == 0 || g&^idKnownMore != 0 {
			return r, 0, idError(fmt.Sprintf("the id has rules this server does not know (flags %#02x %#02x)", f, g))
		}
	}
	if f&idDiagMain != 0 {
		r.Diagonals |= DiagonalMain
	}
	if f&idDiagAnti != 0 {
		r.Diagonals |= DiagonalAnti
	}
	r.Windows = f&idWindows != 0
	r.DisjointGroups = g&idDisjoint != 0
	r.AntiKnight = g&idKnight != 0
	r.AntiKing = g&idKing != 0
	r.NonConsecutive = g&idNonConsec != 0
	rd := &bitReader{buf: b[at:], ok: true}
	c := &rulesCodec{n: n, rd: rd}
	bad := func(what string) (Rules, int, error) {
		return Rules{}, 0, idError("the id's " + what + " do not decode")
	}
	if f&idRegions != 0 {
		if r.Regions = c.regions(nil); r.Regions == nil {
			return bad("jigsaw regions")
		}
	}
	if f&idCages != 0 {
		if r.Cages = c.cages(nil); r.Cages == nil || !rd.ok {
			return bad("cages")
		}
	}
	if f&(idOdd|idEven) != 0 {
		r.Odd, r.Even = c.parity(nil, nil, f&idOdd != 0, f&idEven != 0)
		if !rd.ok || (f&idOdd != 0) != (len(r.Odd) > 0) || (f&idEven != 0) != (len(r.Even) > 0) {
			return bad("odd and even cells")
		}
	}
	if g&idExtra != 0 {
		if r.ExtraRegions = c.extraRegions(nil); r.ExtraRegions == nil {
			return bad("extra regions")
		}
	}
	used := (rd.n + 7) / 8
	if rd.n%8 != 0 && rd.buf[rd.n/8]&(0xff>>uint(rd.n%8)) != 0 {
		return Rules{}, 0, idError("the id is not in its canonical form (stray bits after its rules)")
	}
	return r, at + used, nil
}

// maxRulesBytes bounds the flags and sections of any valid rules on an
// n×n board.
func maxRulesBytes(n int) int {
	cells := n * n
	ib := bitsFor(cells)
	bitsMax := 2*cells + // regions
		2 + cells*(4+ib) + cells*(bitsFor(cells)+1) + // cages: the walk, then sums of at most N² each
		2*cells + // parity
		ib + cells*n*ib // extra regions
	return 2 + (bitsMax+7)/8
}
