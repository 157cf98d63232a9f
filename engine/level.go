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
	Easy   Level = iota + 1 // singles only: full house, naked and hidden singles
	Medium                  // intersections (pointing, claiming) and subsets: naked and hidden pairs, triples and quads
	Hard                    // fish, wings, single-digit patterns (simple coloring, …), uniqueness
	Expert                  // chains (X-chains, …), ALS, forcing chains, or more than this grader's techniques
)

// AllLevels lists the levels from easiest to hardest.
var AllLevels = []Level{Easy, Medium, Hard, Expert}

var levelNames = [...]string{Easy: "easy", Medium: "medium", Hard: "hard", Expert: "expert"}

// String returns the level's name: "easy", "medium", "hard" or "expert".
func (l Level) String() string {
	if l >= Easy && l <= Expert {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// ParseLevel returns the level named s ("easy", "medium", "hard",
// "expert", in any case).
func ParseLevel(s string) (Level, error) {
	ls := strings.ToLower(strings.TrimSpace(s))
	for _, l := range AllLevels {
		if levelNames[l] == ls {
			return l, nil
		}
	}
	return 0, fmt.Errorf("unknown difficulty %q (want easy, medium, hard or expert)", s)
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
	attempts   [Expert + 1]int // by Level; [0] is unused
}

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
)

// levelTable lists, for every supported shape, the levels it offers,
// found by experiment (BENCHMARKS.md summarizes the runs): a level is
// offered when Generate reached it for every seed tried, well within the
// attempts given here. 4×4 puzzles never need more than singles (no
// medium, hard or expert puzzle came out of 5,000 attempts for any of 20
// seeds), so 4×4 offers easy alone.
var levelTable = []offer{
	{2, 2, [5]int{0, easyTries, 0, 0, 0}},
	{2, 3, [5]int{0, easyTries, medium6Tries, hard6Tries, expert6Tries}},
	{3, 2, [5]int{0, easyTries, medium6Tries, hard6Tries, expert6Tries}},
	{2, 4, [5]int{0, easyTries, medium8Tries, hardTries, expertTries}},
	{4, 2, [5]int{0, easyTries, medium8Tries, hardTries, expertTries}},
	{3, 3, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{2, 5, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{5, 2, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{2, 6, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{3, 4, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{4, 3, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{6, 2, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{2, 7, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{7, 2, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{3, 5, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{5, 3, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{2, 8, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{4, 4, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{8, 2, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{2, 9, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{3, 6, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{6, 3, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{9, 2, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{2, 10, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{4, 5, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{5, 4, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{10, 2, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{3, 7, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{7, 3, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{2, 11, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{11, 2, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{2, 12, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{3, 8, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{4, 6, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{6, 4, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{8, 3, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{12, 2, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
	{5, 5, [5]int{0, easyTries, mediumTries, hardTries, expertTries}},
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
// but 4×4 offers all four, 4×4 offers easy alone. Generate answers
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
	return o != nil && l >= Easy && l <= Expert && o.attempts[l] > 0
}

// DefaultAttempts returns the attempts Generate makes for level l on shape
// s when Options.MaxAttempts is zero: enough that every seed tried, with
// either symmetry, reached every offered level well within it. It is 0 for
// a level s does not offer.
func DefaultAttempts(s Shape, l Level) int {
	if o := offerOf(s); o != nil && l >= Easy && l <= Expert {
		return o.attempts[l]
	}
	return 0
}
