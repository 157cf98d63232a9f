package engine

// This file holds the singles, the techniques that place a value: full
// house (the last empty cell of a unit), naked single (a cell with one
// candidate left) and hidden single (a value with one place left in a
// unit). In a batch (Grade) one call places every single it finds.

// fullHouse places the last empty cell of a unit.
func (l *logic) fullHouse() bool {
	t := l.t
	found := false
	for u := 0; u < 3*l.n; u++ {
		if l.uempty[u] != 1 {
			continue
		}
		for _, c := range t.unit(u) {
			if l.val[c] != 0 {
				continue
			}
			m := l.cand[c]
			if m == 0 || m&(m-1) != 0 {
				// The one value missing from the unit is not (only) a
				// candidate: it clashes with a peer.
				l.bad = true
				return true
			}
			l.placeMove(tFullHouse, int(c), lowValue(m), u)
			break
		}
		found = true
		if !l.batch || l.bad {
			return true
		}
	}
	return found
}

// nakedSingle places a cell that has one candidate left.
func (l *logic) nakedSingle() bool {
	found := false
	// Sudoku Explainer rates a naked single 2.3, but takes a hidden single
	// (1.2 to 1.5) first when there is one: a sweep made while there is
	// one is rated as a hidden single.
	if l.maxSE < techs[tNakedSingle].se && l.hiddenAvailable() {
		defer func() {
			if found {
				l.mv.se = techs[tHiddenSingle].se
			}
		}()
	}
	for c := 0; c < l.t.cells; c++ {
		if l.val[c] != 0 {
			continue
		}
		m := l.cand[c]
		if m == 0 {
			l.bad = true
			return true
		}
		if m&(m-1) == 0 {
			l.placeMove(tNakedSingle, c, lowValue(m), -1)
			found = true
			if !l.batch || l.bad {
				return true
			}
		}
	}
	return found
}

// hiddenAvailable reports whether the grid has a hidden single.
func (l *logic) hiddenAvailable() bool {
	t := l.t
	for u := 0; u < 3*l.n; u++ {
		if l.uempty[u] == 0 {
			continue
		}
		var once, twice uint32
		for _, c := range t.unit(u) {
			m := l.cand[c]
			twice |= once & m
			once |= m
		}
		if once&^twice != 0 {
			return true
		}
	}
	return false
}

// hiddenSingle places a value that fits only one cell of a unit. Boxes are
// searched first, as players do.
func (l *logic) hiddenSingle() bool {
	t, n := l.t, l.n
	found := false
	for k := 0; k < 3*n; k++ {
		if k == n && found && l.seOrder {
			// Sudoku Explainer takes the hidden singles of boxes
			// first and rates them 1.2 (1.5 in a row or column).
			l.mv.se = 12
			return true
		}
		u := k + 2*n
		if u >= 3*n {
			u -= 3 * n
		}
		if l.uempty[u] == 0 {
			continue
		}
		var once, twice uint32
		cells := t.unit(u)
		for _, c := range cells {
			m := l.cand[c]
			twice |= once & m
			once |= m
		}
		if once|l.uval[u] != l.all {
			l.bad = true // a value has no place in this unit
			return true
		}
		for h := once &^ twice; h != 0; h &= h - 1 {
			bit := h & -h
			for _, c := range cells {
				if l.cand[c]&bit != 0 {
					l.placeMove(tHiddenSingle, int(c), lowValue(bit), u)
					break
				}
			}
			found = true
			if !l.batch || l.bad {
				return true
			}
		}
	}
	return found
}
