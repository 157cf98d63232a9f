package engine

// Valid reports whether b breaks no rule: every value is in 0…N and no
// value repeats in a row, column or box; on a variant board, none of its
// rules is broken either (a cage sum must still be reachable). Empty cells
// are ignored. Unlike Conflicts it allocates nothing and stops at the first
// repeat, so it suits checking many boards; call Conflicts to learn which
// cells clash. Cost: O(N²), on a variant board O(N² + peers).
func Valid(b *Board) bool {
	if b.rules != nil {
		return validVariant(b)
	}
	t := topologyOf(b.shape)
	var seen [3 * MaxSize]uint32
	n := b.shape.Size
	for c, v := range b.cells[:t.cells] {
		if v == 0 {
			continue
		}
		if int(v) > n {
			return false
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

// rejected is the error for a board Valid refused: ErrInvalidBoard for a
// value above N, otherwise a *ConflictError naming the cells that clash.
func rejected(b *Board) error {
	if err := b.outOfRange(); err != nil {
		return err
	}
	return &ConflictError{Conflicts: Conflicts(*b)}
}
