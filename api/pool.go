package api

import (
	"context"
	"sync"
	"time"

	"github.com/sudokud/sudokud/engine"
)

// poolKey names the puzzles one pool holds.
type poolKey struct {
	shape    engine.Shape
	level    engine.Level
	symmetry engine.Symmetry
	variant  engine.Variant
}

// pooled is a generated puzzle and the seed that reproduces it.
type pooled struct {
	seed int64
	p    engine.Puzzle
}

// genPool keeps a few ready puzzles for the (shape, level, symmetry)
// triples that are slow to generate, for requests without a seed; a seeded
// request always generates exactly. A triple joins the pool when one of
// its puzzles took at least slow to make. One goroutine per pooled triple
// then keeps its pool full, one puzzle at a time and only on a heavy slot
// that is free when it looks (it never waits in the heavy queue, where it
// would hold a client's place; it looks again a second later), and sleeps
// while the pool is full. Pooled puzzles carry their own random seed, so
// each still reproduces.
type genPool struct {
	ctx     context.Context
	size    int
	slow    time.Duration
	maxKeys int
	heavy   *limiter
	gen     func(ctx context.Context, key poolKey, seed int64) (engine.Puzzle, error)

	mu   sync.Mutex
	keys map[poolKey]chan pooled
	wg   sync.WaitGroup
}

// channel returns key's pool, nil when pooling is off or key is not pooled.
func (p *genPool) channel(key poolKey) chan pooled {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.keys[key]
}

// take returns a pooled puzzle for key, if one is ready.
func (p *genPool) take(key poolKey) (pooled, bool) {
	select {
	case it := <-p.channel(key): // a nil channel never receives
		return it, true
	default:
		return pooled{}, false
	}
}

// observe notes that a puzzle for key took elapsed to generate, and starts
// pooling key when that is slow.
func (p *genPool) observe(key poolKey, elapsed time.Duration) {
	if p == nil || elapsed < p.slow {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.keys[key]; ok || len(p.keys) >= p.maxKeys || p.ctx.Err() != nil {
		return
	}
	ch := make(chan pooled, p.size)
	p.keys[key] = ch
	p.wg.Go(func() { p.fill(key, ch) })
}

// keep puts the puzzles of a request that failed back in key's pool, as
// many as it has room for, and returns how many it kept. It keeps none
// when key is not pooled (its puzzles are not slow to make).
func (p *genPool) keep(key poolKey, items []pooled) int {
	ch := p.channel(key)
	kept := 0
	for _, it := range items {
		select {
		case ch <- it: // a nil channel never sends
			kept++
		default:
			return kept
		}
	}
	return kept
}

// ready returns the number of puzzles pooled for key.
func (p *genPool) ready(key poolKey) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.keys[key])
}

// fill keeps ch full until the pool's context ends.
func (p *genPool) fill(key poolKey, ch chan<- pooled) {
	pause := func() bool {
		t := time.NewTimer(time.Second)
		defer t.Stop()
		select {
		case <-t.C:
			return true
		case <-p.ctx.Done():
			return false
		}
	}
	for p.ctx.Err() == nil {
		release, free := p.heavy.tryAcquire()
		if !free {
			if !pause() {
				return
			}
			continue
		}
		seed := randomSeed()
		puzzle, err := p.gen(p.ctx, key, seed)
		release()
		if err != nil {
			if !pause() {
				return
			}
			continue
		}
		select {
		case ch <- pooled{seed: seed, p: puzzle}:
		case <-p.ctx.Done():
			return
		}
	}
}
