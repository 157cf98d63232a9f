package engine

import (
	"fmt"
	"strings"
)

// Level is the difficulty of a puzzle: the hardest kind of technique a
// player needs to solve it.
type Level int

// The levels, from easiest.
const (
	Easy    Level = iota + 1 // singles only: full house, naked and hidden singles
	Medium                   // intersections (pointing, claiming) and subsets: naked and hidden pairs, triples and quads
	Hard                     // fish, wings, single-digit patterns (simple coloring, …), uniqueness
	Expert                   // chains (X-chains, …) and ALS: Sudoku Explainer rating below 7.5
	Master                   // forcing chains, long chains: Sudoku Explainer rating 7.5 to 8.9
	Extreme                  // dynamic and nested forcing chains, forcing nets: Sudoku Explainer rating 9.0 and above
)

// AllLevels lists the levels from easiest to hardest.
var AllLevels = []Level{Easy, Medium, Hard, Expert, Master, Extreme}

var levelNames = [...]string{Easy: "easy", Medium: "medium", Hard: "hard", Expert: "expert", Master: "master", Extreme: "extreme"}

// Sudoku Explainer ratings (tenths) from which a puzzle is master and
// extreme: above the hard techniques, a puzzle's level follows the rating
// of its hardest step (seLevel).
const (
	masterSE  = 75
	extremeSE = 90
)

// seLevel returns the level a step rated se tenths makes a puzzle at least:
// Master from 7.5, Extreme from 9.0, otherwise Easy (no bound).
func seLevel(se uint8) Level {
	switch {
	case se >= extremeSE:
		return Extreme
	case se >= masterSE:
		return Master
	}
	return Easy
}

// stepLevel returns the level a step of technique tc rated se tenths makes
// a puzzle at least.
func stepLevel(tc tech, se uint8) Level { return max(techs[tc].level, seLevel(se)) }

// String returns the level's name: "easy", "medium", "hard", "expert",
// "master" or "extreme".
func (l Level) String() string {
	if l >= Easy && l <= Extreme {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// ParseLevel returns the level named s ("easy", "medium", "hard",
// "expert", "master", "extreme", in any case).
func ParseLevel(s string) (Level, error) {
	ls := strings.ToLower(strings.TrimSpace(s))
	for _, l := range AllLevels {
		if levelNames[l] == ls {
			return l, nil
		}
	}
	return 0, fmt.Errorf("unknown difficulty %q (want easy, medium, hard, expert, master or extreme)", s)
}

// LevelError is the error of Generate for a level its shape never offers.
// It wraps ErrDifficultyUnavailable.
type LevelError struct {
	Shape   Shape
	Level   Level
	Variant Variant // zero for classic
}

func (e *LevelError) Error() string {
	if e.Variant != 0 {
		return fmt.Sprintf("difficulty unavailable: %s %s offers %s, not %s", e.Shape, e.Variant, LevelNames(e.Offered()), e.Level)
	}
	return fmt.Sprintf("difficulty unavailable: %s offers %s, not %s", e.Shape, LevelNames(LevelsOf(e.Shape)), e.Level)
}

// Is makes errors.Is(err, ErrDifficultyUnavailable) true.
func (e *LevelError) Is(target error) bool { return target == ErrDifficultyUnavailable }

// Offered returns the levels the shape (and variant) offers.
func (e *LevelError) Offered() []Level { return VariantLevels(e.Shape, e.Variant) }

// LevelNames joins the names of levels with ", ": "easy, medium".
func LevelNames(ls []Level) string {
	names := make([]string, len(ls))
	for i, l := range ls {
		names[i] = l.String()
	}
	return strings.Join(names, ", ")
}

// offer is one row of the levels table: a shape (by its box) and the
// attempts Generate makes by default for each level; 0 means the shape
// does not offer the level.
type offer struct {
	rows, cols int
	attempts   tries
}

// tries holds the attempts of each level (by Level; [0] is unused). For
// master and extreme an attempt is one climb (see climb).
type tries [Extreme + 1]int

// Default attempts per level. Measured (BENCHMARKS.md, "Generator"): easy
// succeeds at the first attempt on every shape; medium takes about 2.5
// attempts on 9×9 and one on the large boards, but a few hundred on 6×6,
// whose puzzles almost all need singles only; hard takes about 7 on 9×9
// and a few on larger boards; expert about 3.
const (
	easyTries   = 4
	mediumTries = 64
	hardTries   = 400
	expertTries = 400
	// 6×6 medium: about 300 attempts on average, 1,400 at most in 40
	// seeds; each attempt takes about 0.1 ms. With rotational symmetry
	// about twice that, 3,500 at most in 100 seeds.
	medium6Tries = 5000
	// 6×6 hard and expert with rotational symmetry: about 55 to 80
	// attempts on average, 1,300 at most in 1,300 seeds (1 % of them over
	// 400); without symmetry 350 at most in 300 seeds.
	hard6Tries = 2000
	// 6×6 expert, rare because W-Wing, WXYZ-Wing, finned fish and the
	// single-digit patterns rate hard: 125 to 2,700 attempts (median
	// about 500) over 14 seeds per box with and without rotational
	// symmetry.
	expert6Tries = 8000
	// 8×8 medium with rotational symmetry: a median of 9 attempts, 112 at
	// most in 800 seeds (5 of them over 64); without symmetry 26 at most.
	medium8Tries = 256
	// master: climbs (see climb); the first one reaches it for most
	// seeds.
	masterTries = 100
	// extreme: climbs; most seeds reach it in the first few
	// (BENCHMARKS.md), and the request's deadline bounds them.
	extremeTries = 100
)

// levelTable lists, for every supported shape, the levels it offers,
// found by experiment (BENCHMARKS.md summarizes the runs): a level is
// offered when Generate reached it for every seed tried, well within the
// attempts given here. 4×4 puzzles never need more than singles (no
// medium, hard or expert puzzle came out of 5,000 attempts for any of 20
// seeds), so 4×4 offers easy alone. Master is offered from 8×8 to 16×16,
// where a climb reaches it in under a second (6×6 puzzles never needed a
// forcing chain in 400 climbs; from 18×18 up a climb takes seconds, 10 s
// on 24×24 and 25×25). Extreme is offered on 9×9, where Sudoku
// Explainer's chaining rules rate the climb (tech_sechain.go) and a climb
// reaches SE 9.0 within seconds, and on 12×12 with 3x4 boxes and 16×16
// with 4x4, where a forcing net rates 9.0 and up: over seeds 0–4 the
// climbs took 0.9 to 4.3 s CPU on 12×12 3x4 (median 3.1 s, 2 to 5 climbs)
// and 0.26 to 3.4 s on 16×16 (median 1.3 s, 1 or 2 climbs), 2-core EPYC
// at load 8. Not offered: 12×12 4x3 (one seed took 20 climbs, 15 s) and
// 2x6 (18 climbs, 8.6 s for seed 0), 8×8 and 10×10 (no seed in 100
// climbs).
var levelTable = []offer{
	{2, 2, tries{0, easyTries, 0, 0, 0, 0, 0}},
	{2, 3, tries{0, easyTries, medium6Tries, hard6Tries, expert6Tries, 0, 0}},
	{3, 2, tries{0, easyTries, medium6Tries, hard6Tries, expert6Tries, 0, 0}},
	{2, 4, tries{0, easyTries, medium8Tries, hardTries, expertTries, masterTries, 0}},
	{4, 2, tries{0, easyTries, medium8Tries, hardTries, expertTries, masterTries, 0}},
	{3, 3, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, extremeTries}},
	{2, 5, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{5, 2, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{2, 6, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{3, 4, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, extremeTries}},
	{4, 3, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{6, 2, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{2, 7, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{7, 2, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{3, 5, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{5, 3, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{2, 8, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{4, 4, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, extremeTries}},
	{8, 2, tries{0, easyTries, mediumTries, hardTries, expertTries, masterTries, 0}},
	{2, 9, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{3, 6, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{6, 3, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{9, 2, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{2, 10, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{4, 5, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{5, 4, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{10, 2, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{3, 7, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{7, 3, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{2, 11, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{11, 2, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{2, 12, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{3, 8, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{4, 6, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{6, 4, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{8, 3, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{12, 2, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
	{5, 5, tries{0, easyTries, mediumTries, hardTries, expertTries, 0, 0}},
}

// offerOf returns the table row of s, nil when s is not a supported shape.
func offerOf(s Shape) *offer {
	if !s.valid() {
		return nil
	}
	for i := range levelTable {
		if o := &levelTable[i]; o.rows == s.BoxRows && o.cols == s.BoxCols {
			return o
		}
	}
	return nil
}

// LevelsOf returns the levels shape s offers, easiest first: every shape
// but 4×4 offers easy to expert, the shapes from 8×8 to 16×16 master too,
// 9×9, 12×12 with 3x4 boxes and 16×16 with 4x4 extreme too, 4×4 easy
// alone. Generate answers
// ErrDifficultyUnavailable for the others. It returns nil for an invalid
// shape.
func LevelsOf(s Shape) []Level {
	o := offerOf(s)
	if o == nil {
		return nil
	}
	var ls []Level
	for _, l := range AllLevels {
		if o.attempts[l] > 0 {
			ls = append(ls, l)
		}
	}
	return ls
}

// Offers reports whether shape s offers level l.
func Offers(s Shape, l Level) bool {
	o := offerOf(s)
	return o != nil && l >= Easy && l <= Extreme && o.attempts[l] > 0
}

// DefaultAttempts returns the attempts Generate makes for level l on shape
// s when Options.MaxAttempts is zero: enough that every seed tried, with
// either symmetry, reached every offered level well within it. It is 0 for
// a level s does not offer.
func DefaultAttempts(s Shape, l Level) int {
	if o := offerOf(s); o != nil && l >= Easy && l <= Extreme {
		return o.attempts[l]
	}
	return 0
}
