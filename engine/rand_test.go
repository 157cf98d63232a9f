package engine

import "math/rand/v2"

// NewRandForTest returns a seeded source for tests.
func NewRandForTest(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5d0c)) }
