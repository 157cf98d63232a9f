//go:build race

package engine

// raceEnabled is true under the race detector, where sync.Pool drops a
// quarter of what is put back, so pooled solvers allocate anew.
const raceEnabled = true
