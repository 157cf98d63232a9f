package engine

// Valid reports whether b breaks no rule: no value repeats in a row, column
// or box. Empty cells are ignored. Unlike Conflicts it allocates nothing and
// stops at the first repeat, so it suits checking many boards; call
// Conflicts to learn which cells clash. Cost: O(N²).
func Valid(b *Board) bool {
	t := topologyOf(b.shape)
	var seen [3 * MaxSize]uint32
	for c, v := range b.cells[:t.cells] {
		if v == 0 {
			continue
		}
		bit := uint32(1) << v
		us := &t.cellUnits[c]
		if seen[us[0]]&bit|seen[us[1]]&bit|seen[us[2]]&bit != 0 {
			return false
		}
		seen[us[0]] |= bit
		seen[us[1]] |= bit
		seen[us[2]] |= bit
	}
	return true
}
