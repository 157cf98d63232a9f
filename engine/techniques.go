package engine

import (
	"math"
	"slices"
)

// This file holds the technique enum, its table and the step loop of the
// logical solver behind Grade, Hint and Explain (its state is in
// logic.go). Each technique is written once for every shape by working on
// the shape's units (rows, columns and boxes, which may be rectangular),
// in the file of its family: tech_singles.go, tech_intersections.go,
// tech_subsets.go, tech_fish.go, tech_wings.go, tech_single_digit.go,
// tech_coloring.go, tech_chains.go, tech_als.go, tech_uniqueness.go and
// tech_forcing.go.

// tech identifies a solving technique. The constants run roughly from
// cheapest to hardest, but no code depends on their order: what a
// technique is (a single, a uniqueness technique, …) is in its flags in
// techs, and the order in which the logical solver tries them is the order
// of stepTable.
type tech uint8

const (
	tFullHouse tech = iota
	tNakedSingle
	tHiddenSingle
	tPointing
	tClaiming
	tNakedPair
	tHiddenPair
	tNakedTriple
	tHiddenTriple
	tNakedQuad
	tHiddenQuad
	tXWing
	tSwordfish
	tJellyfish
	tFinnedXWing
	tFinnedSwordfish
	tFinnedJellyfish
	tXYWing
	tXYZWing
	tWXYZWing
	tWWing
	tSkyscraper
	tTwoStringKite
	tTurbotFish
	tEmptyRectangle
	tSimpleColoring
	tUniqueRectangle1
	tUniqueRectangle2
	tUniqueRectangle3
	tUniqueRectangle4
	tHiddenUniqueRectangle
	tBUGPlus1
	tXChain
	tRemotePair
	tXYChain
	tAIC
	tNiceLoop
	tALSXZ
	tALSXYWing
	tCellForcingChain
	tUnitForcingChain
	tDigitForcingChain
	tForcingNet
	tBudgetExhausted // not a technique: logic gave up when the request's budget ran out
	tSearch          // not a technique: a cell taken from the solution when logic stalls
	numTech
)

// techFlag says what a technique is, where the code must know it.
type techFlag uint8

const (
	// fSingle: the technique places a value by itself (full house, naked
	// and hidden single). The singles come first in stepTable, one call
	// may place several (a sweep), and Hint's trials pass over them.
	fSingle techFlag = 1 << iota
	// fUniqueness: the technique rests on the puzzle having exactly one
	// solution: it runs only when logic.unique is set, and its
	// explanation says so.
	fUniqueness
	// fForcing: a forcing chain or net. It runs only when logic.unique is
	// set (on a board with several solutions it could search ever deeper)
	// and spends the request's budget (logic.limits).
	fForcing
	// fStandIn: not a technique but what Grade and Hint record when logic
	// gives up for the budget (budget_exhausted) or stalls (search); no
	// row of stepTable runs it.
	fStandIn
)

// techInfo describes a technique: its API name, the level it makes a
// puzzle, its weight (which orders the techniques by difficulty for
// Rating.Hardest), how a player calls it and se, its base rating on the
// Sudoku Explainer scale in tenths (23 is 2.3); a move may carry its own
// (move.se, for a longer chain). For a technique Sudoku Explainer does not
// know, se is what it rates the step it takes instead (measured with
// bench/se_compare.sh): a W-Wing, WXYZ-Wing, empty rectangle or finned
// Swordfish is a forcing chain to it (7.1), a finned X-Wing or hidden
// unique rectangle an X-cycle (6.6). flags say what the technique is.
type techInfo struct {
	name   string
	level  Level
	weight float64
	title  string
	se     uint8
	flags  techFlag
}

// techs is the technique table (Techniques lists it, ExampleTechniques
// shows it). Weights rise with the level (TestTechTable), so the technique
// of highest weight used is the one that sets the level.
var techs = [numTech]techInfo{
	tFullHouse:             {"full_house", Easy, 1, "full house", 10, fSingle},
	tNakedSingle:           {"naked_single", Easy, 2, "naked single", 23, fSingle},
	tHiddenSingle:          {"hidden_single", Easy, 3, "hidden single", 15, fSingle},
	tPointing:              {"pointing", Medium, 20, "pointing", 26, 0},
	tClaiming:              {"claiming", Medium, 22, "claiming", 28, 0},
	tNakedPair:             {"naked_pair", Medium, 25, "naked pair", 30, 0},
	tHiddenPair:            {"hidden_pair", Medium, 30, "hidden pair", 34, 0},
	tNakedTriple:           {"naked_triple", Medium, 35, "naked triple", 36, 0},
	tHiddenTriple:          {"hidden_triple", Medium, 40, "hidden triple", 40, 0},
	tNakedQuad:             {"naked_quad", Medium, 45, "naked quad", 50, 0},
	tHiddenQuad:            {"hidden_quad", Medium, 50, "hidden quad", 54, 0},
	tXWing:                 {"x_wing", Hard, 60, "X-Wing", 32, 0},
	tSwordfish:             {"swordfish", Hard, 85, "Swordfish", 38, 0},
	tJellyfish:             {"jellyfish", Hard, 100, "Jellyfish", 52, 0},
	tFinnedXWing:           {"finned_x_wing", Hard, 90, "finned X-Wing", 66, 0},
	tFinnedSwordfish:       {"finned_swordfish", Hard, 105, "finned Swordfish", 71, 0},
	tFinnedJellyfish:       {"finned_jellyfish", Hard, 120, "finned Jellyfish", 72, 0},
	tXYWing:                {"xy_wing", Hard, 65, "XY-Wing", 42, 0},
	tXYZWing:               {"xyz_wing", Hard, 70, "XYZ-Wing", 44, 0},
	tWXYZWing:              {"wxyz_wing", Hard, 110, "WXYZ-Wing", 71, 0},
	tWWing:                 {"w_wing", Hard, 95, "W-Wing", 71, 0},
	tSkyscraper:            {"skyscraper", Hard, 90, "Skyscraper", 66, 0},
	tTwoStringKite:         {"two_string_kite", Hard, 90, "2-String Kite", 66, 0},
	tTurbotFish:            {"turbot_fish", Hard, 95, "Turbot Fish", 66, 0},
	tEmptyRectangle:        {"empty_rectangle", Hard, 95, "Empty Rectangle", 71, 0},
	tSimpleColoring:        {"simple_coloring", Hard, 150, "simple coloring", 65, 0},
	tUniqueRectangle1:      {"unique_rectangle_1", Hard, 75, "Unique Rectangle type 1", 45, fUniqueness},
	tUniqueRectangle2:      {"unique_rectangle_2", Hard, 80, "Unique Rectangle type 2", 46, fUniqueness},
	tUniqueRectangle3:      {"unique_rectangle_3", Hard, 85, "Unique Rectangle type 3", 46, fUniqueness},
	tUniqueRectangle4:      {"unique_rectangle_4", Hard, 80, "Unique Rectangle type 4", 45, fUniqueness},
	tHiddenUniqueRectangle: {"hidden_unique_rectangle", Hard, 90, "hidden Unique Rectangle", 66, fUniqueness},
	tBUGPlus1:              {"bug_plus_1", Hard, 100, "BUG+1", 56, fUniqueness},
	tXChain:                {"x_chain", Expert, 180, "X-Chain", 66, 0},
	tRemotePair:            {"remote_pair", Expert, 170, "remote pair", 66, 0},
	tXYChain:               {"xy_chain", Expert, 190, "XY-Chain", 70, 0},
	tAIC:                   {"aic", Expert, 220, "alternating inference chain", 70, 0},
	tNiceLoop:              {"nice_loop", Expert, 220, "nice loop", 70, 0},
	tALSXZ:                 {"als_xz", Expert, 230, "ALS-XZ", 70, 0},
	tALSXYWing:             {"als_xy_wing", Expert, 250, "ALS-XY-Wing", 72, 0},
	tCellForcingChain:      {"cell_forcing_chain", Master, 280, "cell forcing chain", 82, fForcing},
	tUnitForcingChain:      {"unit_forcing_chain", Master, 280, "unit forcing chain", 82, fForcing},
	tDigitForcingChain:     {"digit_forcing_chain", Master, 280, "digit forcing chain", 80, fForcing},
	tForcingNet:            {"forcing_net", Extreme, 350, "forcing net", 90, fForcing},
	tBudgetExhausted:       {"budget_exhausted", Expert, 400, "budget exhausted", 0, fStandIn},
	tSearch:                {"search", Expert, 400, "search", 0, fStandIn},
}

// directSE is Sudoku Explainer's rating (tenths) of a locked-candidates or
// subset step that leads straight to a hidden single: it rates those
// "direct" variants lower (direct pointing 1.7, direct hidden pair 2.0,
// direct hidden triple 2.5) and takes them first. A naked pair or triple
// that does so rates as the direct hidden set in its unit's other cells.
var directSE = [numTech]uint8{
	tPointing: 17, tClaiming: 17,
	tNakedPair: 20, tHiddenPair: 20,
	tNakedTriple: 25, tHiddenTriple: 25,
}

// stepTable lists the techniques in the order step tries them: cheapest
// first, roughly in Sudoku Explainer order. Adding a technique is one row
// here (and its constant and techs row) plus its function in its own file.
var stepTable = []stepRow{
	{tFullHouse, (*logic).fullHouse},
	{tNakedSingle, (*logic).nakedSingle},
	{tHiddenSingle, (*logic).hiddenSingle},
	{tPointing, (*logic).pointing},
	{tClaiming, (*logic).claiming},
	{tNakedPair, func(l *logic) bool { return l.nakedSubset(2, tNakedPair) }},
	{tHiddenPair, func(l *logic) bool { return l.hiddenSubset(2, tHiddenPair) }},
	{tNakedTriple, func(l *logic) bool { return l.nakedSubset(3, tNakedTriple) }},
	{tHiddenTriple, func(l *logic) bool { return l.hiddenSubset(3, tHiddenTriple) }},
	{tXWing, func(l *logic) bool { return l.fish(2, tXWing) }},
	{tXYWing, (*logic).xyWing},
	{tXYZWing, (*logic).xyzWing},
	{tNakedQuad, func(l *logic) bool { return l.nakedSubset(4, tNakedQuad) }},
	{tHiddenQuad, func(l *logic) bool { return l.hiddenSubset(4, tHiddenQuad) }},
	{tSwordfish, func(l *logic) bool { return l.fish(3, tSwordfish) }},
	{tJellyfish, func(l *logic) bool { return l.fish(4, tJellyfish) }},
	{tUniqueRectangle1, (*logic).uniqueRect1},
	{tUniqueRectangle2, (*logic).uniqueRect2},
	{tUniqueRectangle4, (*logic).uniqueRect4},
	{tUniqueRectangle3, (*logic).uniqueRect3},
	{tHiddenUniqueRectangle, (*logic).hiddenUniqueRect},
	{tBUGPlus1, (*logic).bugPlus1},
	{tSkyscraper, (*logic).skyscraper},
	{tTwoStringKite, (*logic).twoStringKite},
	{tTurbotFish, (*logic).turbotFish},
	{tEmptyRectangle, (*logic).emptyRectangle},
	{tWWing, (*logic).wWing},
	{tFinnedXWing, func(l *logic) bool { return l.finnedFish(2, tFinnedXWing) }},
	{tFinnedSwordfish, func(l *logic) bool { return l.finnedFish(3, tFinnedSwordfish) }},
	{tWXYZWing, (*logic).wxyzWing},
	{tFinnedJellyfish, func(l *logic) bool { return l.finnedFish(4, tFinnedJellyfish) }},
	{tSimpleColoring, (*logic).simpleColoring},
	{tXChain, (*logic).xChain},
	{tRemotePair, (*logic).remotePair},
	{tXYChain, (*logic).xyChain},
	{tAIC, (*logic).aic}, // also finds nice loops (tNiceLoop)
	{tALSXZ, (*logic).alsXZ},
	{tALSXYWing, (*logic).alsXYWing},
	{tDigitForcingChain, func(l *logic) bool { return l.forcingChain(tDigitForcingChain) }},
	{tCellForcingChain, func(l *logic) bool { return l.forcingChain(tCellForcingChain) }},
	{tUnitForcingChain, func(l *logic) bool { return l.forcingChain(tUnitForcingChain) }},
	{tForcingNet, (*logic).forcingNet},
}

// stepRow is a technique and the function that tries it.
type stepRow struct {
	tc  tech
	run func(*logic) bool
}

// seTable is stepTable in Sudoku Explainer's order, which Grade follows
// for Rating.SE and Rating.Score (see seRate): hidden singles (boxes
// first) before naked singles, and before naked singles the "direct"
// locked candidates and hidden sets, those whose eliminations leave a
// hidden single, which it rates lower (pointing 1.7, claiming 1.9, hidden
// pair 2.0; a direct hidden triple, 2.5, comes after naked singles); then
// its order of the basic techniques up to BUG+1, then on 9×9 its chaining
// rules (seChainStep), on other boards the rest of stepTable.
var seTable = func() []stepRow {
	row := func(tc tech) stepRow {
		return stepTable[slices.IndexFunc(stepTable, func(r stepRow) bool { return r.tc == tc })]
	}
	direct := func(tc tech, se uint8) stepRow {
		run := row(tc).run
		return stepRow{tc, func(l *logic) bool {
			l.direct = true
			ok := run(l)
			l.direct = false
			if ok {
				l.mv.se = se
			}
			return ok
		}}
	}
	rows := []stepRow{
		row(tFullHouse),
		row(tHiddenSingle),
		direct(tPointing, 17),
		direct(tClaiming, 19),
		direct(tHiddenPair, 20),
		row(tNakedSingle),
		direct(tHiddenTriple, 25),
	}
	for _, tc := range []tech{tPointing, tClaiming, tNakedPair, tXWing, tHiddenPair,
		tNakedTriple, tSwordfish, tHiddenTriple, tXYWing, tXYZWing, tUniqueRectangle1,
		tUniqueRectangle2, tUniqueRectangle4, tUniqueRectangle3,
		tNakedQuad, tJellyfish, tHiddenQuad, tBUGPlus1} {
		rows = append(rows, row(tc))
	}
	basic := len(rows)
	// On 9×9, Explainer's chaining rules (tech_sechain.go); on other
	// boards, the rest of stepTable.
	rows = append(rows, stepRow{tAIC, (*logic).seChainStep})
	for _, r := range stepTable {
		if !slices.ContainsFunc(rows[:basic], func(s stepRow) bool { return s.tc == r.tc }) {
			rows = append(rows, stepRow{r.tc, func(l *logic) bool { return l.n != 9 && r.run(l) }})
		}
	}
	return rows
}()

// Technique describes one technique of the logical solver behind Grade,
// Hint and Explain.
type Technique struct {
	Name  string  // the API name, e.g. "x_wing"
	Title string  // how players call it, e.g. "X-Wing"
	Level Level   // the level it makes a puzzle
	SE    float64 // its base rating on the Sudoku Explainer scale (0: none)
}

// Techniques lists the techniques in the order Grade, Hint and Explain try
// them (cheapest first), then "search", Grade's stand-in for a cell taken
// from the solution on a board with several solutions. Uniqueness
// techniques (unique_rectangle_*, bug_plus_1), forcing chains and forcing
// nets run only on a board known to have one solution.
func Techniques() []Technique {
	out := make([]Technique, 0, len(stepTable)+2)
	add := func(tc tech) {
		t := &techs[tc]
		out = append(out, Technique{Name: t.name, Title: t.title, Level: t.level, SE: float64(t.se) / 10})
	}
	for _, r := range stepTable {
		add(r.tc)
		if r.tc == tAIC {
			add(tNiceLoop) // the aic row finds nice loops too
		}
	}
	add(tSearch)
	return out
}

// isSingle reports whether tc places a value by itself (the singles).
func isSingle(tc tech) bool { return techs[tc].flags&fSingle != 0 }

// needsUnique reports whether tc runs only on a board known to have one
// solution (logic.unique): the uniqueness and forcing techniques.
func needsUnique(tc tech) bool { return techs[tc].flags&(fUniqueness|fForcing) != 0 }

// step applies the cheapest technique that makes progress and reports
// which, or false when logic stalls (or found a contradiction: l.bad).
// Uniqueness and forcing techniques run only when l.unique is set. It keeps the
// rating's running maximum: the step's Sudoku Explainer rating and the
// hardest technique (highest weight).
func (l *logic) step() (tech, bool) {
	table := stepTable
	switch {
	case l.seOrder:
		table = seTable
	case l.seChains && l.n == 9 && l.cap == 0:
		table = chainTable
	}
	for i := range table {
		if l.cap != 0 && !l.seOrder && stepFloor[i] > l.cap {
			return 0, false // every technique left is above the cap
		}
		r := &table[i]
		if !l.unique && needsUnique(r.tc) {
			continue
		}
		before := l.counts[r.tc]
		if r.run(l) {
			tc, k := r.tc, 1
			if isSingle(tc) {
				k = l.counts[tc] - before // a sweep places k values
			} else {
				tc = l.mv.tech // a row may find more than one technique
			}
			l.note(tc, k)
			return tc, true
		}
	}
	return 0, false
}

// scoreSlope is how steeply Rating.Score weights a step by its Sudoku
// Explainer rating: a step rated 0.1 higher weighs e times as much.
const scoreSlope = 10

// seWeight[r] is the weight of a step rated r tenths: e^(scoreSlope·r/10).
var seWeight = func() (w [256]float64) {
	for r := range w {
		w[r] = math.Exp(scoreSlope * float64(r) / 10)
	}
	return w
}()

// isUniqueness reports whether tc assumes the board has one solution.
func isUniqueness(tc tech) bool { return techs[tc].flags&fUniqueness != 0 }

// note folds a step of technique tc (the move l.mv; k values placed by a
// sweep of singles) into the rating: its Sudoku Explainer rating into the
// maximum and, weighted, into the score's sum.
func (l *logic) note(tc tech, k int) {
	se := techs[tc].se
	if l.mv.tech == tc && l.mv.se != 0 {
		se = l.mv.se
	} else if d := directSE[tc]; d != 0 && l.hiddenAvailable() {
		se = d
	}
	l.stepSE = se
	if se > l.maxSE || !l.used {
		l.maxSE, l.seTech = se, tc
	}
	l.seSum += float64(k) * seWeight[se]
	if !l.used || techs[tc].weight > techs[l.hardest].weight {
		l.hardest, l.used = tc, true
	}
}

// stepFloor[i] is the lowest level among stepTable[i:].
var stepFloor = func() []Level {
	f := make([]Level, len(stepTable))
	low := Extreme + 1
	for i := len(stepTable) - 1; i >= 0; i-- {
		low = min(low, techs[stepTable[i].tc].level)
		f[i] = low
	}
	return f
}()
