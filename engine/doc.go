// Package engine solves, generates, grades and explains Sudoku puzzles on
// every board from 4×4 to 25×25.
//
// A board is N×N cells split into boxes of R rows × C columns, with R·C = N
// and R, C ≥ 2 (a [Shape]). Each row, column and box must hold every value
// 1…N exactly once. The string form of a board lists its N·N cells row by
// row: '.' or '0' is an empty cell, '1'–'9' are the values 1–9 and 'A'–'Z'
// (either case) are 10–35, so a 16×16 board uses 1–9 and A–G. White space
// (any Unicode kind, such as the no-break space of a grid copied from a web
// page) and the separators '|', '-' and '+' are ignored, so a pretty-printed
// grid parses as is.
//
// Solve and CountSolutions propagate candidates (naked and hidden singles,
// locked candidates) and search on the smallest choice among cells and
// digit places; 9×9 boards have their own bitboard solver. Boards from
// 16×16 that outlast 200 nodes of that search (minimal 25×25 puzzles
// do) go to a clause-learning search that keeps what each dead end taught.
//
// Variants: [Rules] add to (or, for jigsaw regions, put in place of) the
// classic constraints: diagonals, windows, extra regions, disjoint groups,
// anti-knight and anti-king, non-consecutive, odd/even cells and killer
// cages. [Board.WithRules] checks them and attaches them, compiled once per
// distinct shape and rules into a bounded cache; Solve, CountSolutions,
// Valid, Conflicts, Hint, Grade and Explain then obey them, through a
// search and a logical solver of their own (cage combinations, innies and
// outies, eliminations by knight and king sight, …).
//
// The package is pure: it knows no HTTP and no logging, keeps no global
// state but a cache of peer tables (one per shape, built once) and the
// bounded cache of compiled rules, and takes its randomness from the
// caller.
//
//	b, _ := engine.ParseBoard("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", engine.Shape{})
//	res, err := engine.Solve(context.Background(), b, engine.Limits{})
//	if err == nil {
//		fmt.Println(res.Solution, res.Unique)
//	}
//
// # Adding a technique
//
// The human techniques behind Grade, Hint and Explain share one state,
// logic (logic.go), and one table (techniques.go). A new one takes:
//
//  1. A tech constant (anywhere before numTech: no code depends on the
//     order) and its row in techs: API name, level, weight (rising with
//     the level), title, Sudoku Explainer rating and flags (fSingle,
//     fUniqueness, fForcing) where one applies.
//  2. Its function, a logic method in the tech_*.go file of its family:
//     begin, then elim (or placeMove) for what it removes, then accept for
//     each instance found (Hint's trials skip instances through it), the
//     cells and pattern recorded, and l.counts[tc] counted.
//  3. Its row in stepTable, where step tries it; seTable takes it from
//     there, after Sudoku Explainer's basic techniques.
//  4. Its sentence: a case in describe (explain.go), or in placement for a
//     single.
//  5. Tests: a known position in testdata/grade/positions.txt (go test
//     -run TestFindPositions -gradefind rewrites it), a test of the
//     technique beside its family's, and TestTechTable and
//     TestTechniquesExplained, which fail until 1 to 4 are done.
//  6. The outputs that change with it: the golden puzzles (go test -run
//     Golden -update), ExampleTechniques, and the technique list of
//     openapi.yaml.
package engine
