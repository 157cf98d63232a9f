package engine

import "context"

// Solve and CountSolutions go through these stages, each in its own file:
//
//	validate.go   the givens must keep the rules (Valid)
//	solve9.go     9×9 boards: a bitboard search of their own, all stages in one
//	smallest.go   sparse boards: the row-major search (lexFirst); and, for a
//	              board with several solutions, the smallest one (smallest)
//	search.go     the propagation search: depth first on the smallest choice
//	propagate.go  its propagation: singles and locked candidates
//	alldiff.go    and, where the search asks for it, all-different filtering
//	cdcl*.go      the clause-learning search that large boards are handed to

// DefaultMaxNodes is the node budget of a search whose Limits leave
// MaxNodes zero.
const DefaultMaxNodes = 2_000_000

// Limits bound a search. The context passed alongside bounds it in time.
type Limits struct {
	// MaxNodes is the number of search nodes (propagations) after which the
	// search gives up with ErrSearchLimit; zero means DefaultMaxNodes.
	MaxNodes int64
}

// NodeBudget is the node budget l sets: MaxNodes, or DefaultMaxNodes
// when that is zero or less.
func (l Limits) NodeBudget() int64 {
	if l.MaxNodes <= 0 {
		return DefaultMaxNodes
	}
	return l.MaxNodes
}

// Stats describe the work a search did.
type Stats struct {
	Nodes   int64 // search nodes: positions propagated to a fixed point
	Guesses int64 // branches taken at choice points beyond the first
}

// Result is the answer of Solve.
type Result struct {
	Solution Board // the unique solution, or the lexicographically smallest
	Unique   bool  // whether Solution is the only solution
	Stats    Stats
}

// Solve solves b. It proves uniqueness by searching for a second solution;
// when b has several solutions the answer is the lexicographically smallest
// (row-major), so the same input always gives the same output.
//
// Errors: ErrInvalidBoard (a *BoardError naming the cell) for a value above
// N, which only Set and SetAt can store; ErrConflict (a *ConflictError
// naming the cells) when givens break a rule, ErrUnsolvable when there is no solution, ErrSearchLimit when the
// node budget runs out or ctx is done first. Solve allocates nothing once
// warm, except on error paths.
func Solve(ctx context.Context, b Board, lim Limits) (Result, error) {
	if b.rules != nil {
		return solveVariant(ctx, b, lim)
	}
	if b.shape == shape9 {
		return solve9(ctx, &b, lim)
	}
	return solveGeneric(ctx, b, lim)
}

// solveGeneric is Solve for any shape.
func solveGeneric(ctx context.Context, b Board, lim Limits) (Result, error) {
	if !b.shape.valid() {
		return Result{}, boardError("invalid shape " + b.shape.Box())
	}
	if !Valid(&b) {
		return Result{}, rejected(&b)
	}
	s := getSolver(b.shape)
	defer solverPool.Put(s)
	s.begin(ctx, lim)
	res := Result{}
	n, ok := s.lexFirst(&b)
	var err error
	if !ok {
		n, err = s.solutions(&b, 2, true)
		if err == nil && n > 1 {
			err = s.smallest(&b)
		}
	}
	if err == nil && n == 0 {
		err = ErrUnsolvable
	}
	res.Solution = Board{shape: b.shape}
	copy(res.Solution.cells[:s.cells], s.out[:s.cells])
	res.Unique = n == 1
	res.Stats = Stats{Nodes: s.nodes, Guesses: s.guesses}
	if err != nil {
		return Result{Stats: res.Stats}, err
	}
	return res, nil
}

// CountSolutions counts the solutions of b, stopping at max (max ≥ 1).
// Errors are those of Solve, except that no solution is a count of 0, not an
// error.
func CountSolutions(ctx context.Context, b Board, max int, lim Limits) (int, Stats, error) {
	return countFirst(ctx, b, max, lim, nil)
}

// countFirst is CountSolutions that, with out non-nil, also writes the first
// solution it finds there (any solution, not the smallest): what a caller
// needs that must know b is solvable, and whose use of the solution is the
// same whichever it is, without Solve's cost of the smallest one.
func countFirst(ctx context.Context, b Board, max int, lim Limits, out *Board) (int, Stats, error) {
	if b.rules != nil {
		return countVariant(ctx, b, max, lim, out)
	}
	if b.shape == shape9 {
		return count9(ctx, &b, max, lim, out)
	}
	return countGeneric(ctx, b, max, lim, out)
}

// countGeneric is CountSolutions for any shape; with out non-nil, the first
// solution found is written there.
func countGeneric(ctx context.Context, b Board, max int, lim Limits, out *Board) (int, Stats, error) {
	if !b.shape.valid() {
		return 0, Stats{}, boardError("invalid shape " + b.shape.Box())
	}
	if !Valid(&b) {
		return 0, Stats{}, rejected(&b)
	}
	if max < 1 {
		max = 1
	}
	s := getSolver(b.shape)
	defer solverPool.Put(s)
	s.begin(ctx, lim)
	n, err := s.solutions(&b, max, out != nil)
	if out != nil && n > 0 {
		*out = Board{shape: b.shape}
		copy(out.cells[:s.cells], s.out[:s.cells])
	}
	return n, Stats{Nodes: s.nodes, Guesses: s.guesses}, err
}

// Boards from cdclMinSize up whose search outlasts cdclAfter nodes of the
// propagation search go to the clause-learning search. Handing over after
// 200 nodes rather than 2,000 was faster on most kinds of board measured
// and slower on none, beyond the noise (generated puzzles of every level,
// grids with 15–60 % of their cells given, goomii17; see BENCHMARKS.md):
// on 25×25 a node of the propagation search, with its probing, costs about
// 40 µs, so 2,000 nodes cost 80 ms even on puzzles that the clause-learning
// search then solves in 20 ms.
const (
	cdclMinSize = 16
	cdclAfter   = 200
)

// solutions searches b for up to max solutions and returns how many it found,
// the first written to s.out when record is set: the propagation search
// first, then on large boards that outlast it the clause-learning search,
// from scratch with the rest of the budget.
func (s *solver) solutions(b *Board, max int, record bool) (int, error) {
	if s.n < cdclMinSize {
		return s.run(b, max, record)
	}
	global := s.limit
	s.limit = min(global, s.nodes+cdclAfter)
	n, err := s.run(b, max, record)
	local := s.limit
	s.limit = global
	if err == nil || local == global || s.ctx.Err() != nil {
		return n, err // done, or out of the caller's budget
	}
	s.err = nil
	return s.runCDCL(b, max, record)
}
