package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokud/sudokud/internal/dataset"
)

// mustRoundTrip checks that b's id decodes back to b and is URL-safe.
func mustRoundTrip(tb testing.TB, b Board) string {
	tb.Helper()
	id := EncodeID(b)
	if id == "" {
		tb.Fatalf("EncodeID(%v %s) is empty", b.Shape(), b)
	}
	if i := strings.IndexFunc(id, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}); i >= 0 {
		tb.Fatalf("id %q has %q, not URL-safe", id, id[i])
	}
	got, err := DecodeID(id)
	if err != nil {
		tb.Fatalf("DecodeID(%q) of %v %s: %v", id, b.Shape(), b, err)
	}
	if got != b {
		tb.Fatalf("DecodeID(EncodeID(b)) = %v %s, want %v %s", got.Shape(), got, b.Shape(), b)
	}
	return id
}

// TestIDRoundTripGenerated generates a puzzle of every shape and level the
// tests reach quickly and round-trips it and its solution through its id.
func TestIDRoundTripGenerated(t *testing.T) {
	longest := 0
	for _, s := range Shapes() {
		for _, l := range LevelsOf(s) {
			if l > Medium || (testing.Short() && s.Size > 16) {
				continue
			}
			p, err := Generate(context.Background(), NewRand(int64(s.Size*10+int(l))), Options{Shape: s, Level: l})
			if err != nil {
				t.Fatalf("%v %v: %v", s, l, err)
			}
			id := mustRoundTrip(t, p.Puzzle)
			mustRoundTrip(t, p.Solution)
			if s.Size == 9 {
				longest = max(longest, len(id))
			}
		}
	}
	// 9×9: every level, many seeds; the longest id must stay within 40.
	n := 60
	if testing.Short() {
		n = 12
	}
	for _, l := range AllLevels {
		for seed := range n / int(l) {
			p, err := Generate(context.Background(), NewRand(int64(seed)), Options{Shape: Shape{9, 3, 3}, Level: l})
			if err != nil {
				t.Fatalf("9x9 %v seed %d: %v", l, seed, err)
			}
			longest = max(longest, len(mustRoundTrip(t, p.Puzzle)))
		}
	}
	if longest > 40 {
		t.Errorf("longest generated 9x9 id has %d characters, want at most 40", longest)
	}
	t.Logf("longest generated 9x9 id: %d characters", longest)
}

// TestIDRoundTripDataSets round-trips every puzzle of the shared data sets
// and reports the longest 9×9 id.
func TestIDRoundTripDataSets(t *testing.T) {
	for _, name := range []string{
		"9x9/17_clue.txt", "9x9/magictour_top1465.txt", "9x9/forum_hardest_1905_11plus.txt",
		"9x9/serg_benchmark.txt", "9x9/gecode_9x9.txt",
		"16x16/goomii17_puzzles.txt", "16x16/gecode_16x16.txt", "25x25/gecode_25x25.txt",
	} {
		max := 0
		if testing.Short() {
			max = 500
		}
		longest, most := 0, 0
		for _, line := range dataset.Load(t, name, max) {
			b := mustParse(t, line)
			id := mustRoundTrip(t, b)
			if len(id) > longest {
				longest, most = len(id), b.Givens()
			}
			if b.Size() == 9 && b.Givens() <= 37 && len(id) > 40 {
				t.Errorf("%s: %s has an id of %d characters, want at most 40", name, line, len(id))
			}
		}
		t.Logf("%s: longest id %d characters (%d givens)", name, longest, most)
	}
}

// TestIDLengths pins the length of 9×9 ids by their number of givens, as
// the format promises: ≤ 40 characters up to 37 givens.
func TestIDLengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := Shape{9, 3, 3}
	for k := 0; k <= 81; k++ {
		b := NewBoard(s)
		for _, i := range rng.Perm(81)[:k] {
			b.SetAt(i, 9) // the largest digit: the longest id for k givens
		}
		id := mustRoundTrip(t, b)
		if k <= 37 && len(id) > 40 {
			t.Errorf("%d givens: id of %d characters, want at most 40", k, len(id))
		}
		if k == 81 && len(id) != 64 {
			t.Errorf("full grid: id of %d characters, want 64", len(id))
		}
	}
}

// TestIDEveryShape round-trips an empty, a random and a full-valued board
// of every supported shape: the shape byte names each one.
func TestIDEveryShape(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	seen := map[string]Shape{}
	for _, s := range Shapes() {
		empty := NewBoard(s)
		id := mustRoundTrip(t, empty)
		if prev, ok := seen[id]; ok {
			t.Fatalf("%v and %v have the same empty-board id %q", prev, s, id)
		}
		seen[id] = s
		b := NewBoard(s)
		for i := range s.Cells() {
			if rng.IntN(3) == 0 {
				b.SetAt(i, 1+rng.IntN(s.Size))
			}
		}
		mustRoundTrip(t, b)
		for i := range s.Cells() {
			b.SetAt(i, s.Size)
		}
		if id := mustRoundTrip(t, b); len(id) > maxIDLen {
			t.Fatalf("%v full: %d characters, maxIDLen %d", s, len(id), maxIDLen)
		}
	}
}

// TestDecodeIDInvalid holds malformed ids to ErrInvalidID.
func TestDecodeIDInvalid(t *testing.T) {
	p := mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	good := EncodeID(p)
	raw, err := idEncoding.DecodeString(good)
	if err != nil {
		t.Fatal(err)
	}
	// with returns the id of raw with byte i set to c and a check that
	// holds, so that the decoder must find what else is wrong.
	with := func(i int, c byte) string {
		r := append([]byte(nil), raw...)
		r[i] = c
		return resum(r)
	}
	for _, tc := range []struct{ name, id string }{
		{"empty", ""},
		{"not base64url", good[:10] + "+" + good[11:]},
		{"padding", good + "="},
		{"space", " " + good},
		{"truncated header", good[:3]},
		{"truncated givens", good[:len(good)-4]},
		{"one character short", good[:len(good)-1]},
		{"extra character", good + "A"},
		{"version 0", with(0, 0)},
		{"version 2", with(0, 2)},
		{"no such size", with(1, 30<<3)},
		{"no such box", with(1, 5<<3|1)},
		{"rules flags", with(2, 1)},
		{"leading zero byte", resum(append(append(append([]byte(nil), raw[:idHeader]...), 0), raw[idHeader:]...))},
		{"more than the givens", resum(append(append([]byte(nil), raw[:idHeader]...), 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0))}, // one given, a value of 23 bits
		{"a mistyped character", good[:5] + string(good[5]^1) + good[6:]},
		{"too long", strings.Repeat("A", maxIDLen+1)},
	} {
		b, err := DecodeID(tc.id)
		if !errors.Is(err, ErrInvalidID) {
			t.Errorf("%s: DecodeID(%q) = %v, %v; want ErrInvalidID", tc.name, tc.id, b, err)
		}
		// The error names a character only when it is not one of an id.
		if strings.Contains(err.Error(), "is not part of an id") && !strings.ContainsAny(tc.id, "+= ") {
			t.Errorf("%s: %v, but every character of %q is one of an id", tc.name, err, tc.id)
		}
	}
}

// resum returns raw, an id's bytes with its check at the end, with the
// check recomputed, as an id.
func resum(raw []byte) string {
	r := append([]byte(nil), raw...)
	size := len(r) - idCheck
	r[size], r[size+1] = byte(idSum(r[:size])>>8), byte(idSum(r[:size]))
	return idEncoding.EncodeToString(r)
}

// FuzzDecodeID: any text either fails with ErrInvalidID or decodes to a
// board whose id is that same text; and a board built from the input
// round-trips through its id.
func FuzzDecodeID(f *testing.F) {
	for _, s := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"1234341221434321",
		"...............................................................................",
	} {
		if b, err := ParseBoard(s, Shape{}); err == nil {
			f.Add(EncodeID(b), []byte(s))
		}
	}
	f.Add("AQAA", []byte{0})
	f.Add("AUgA_w", []byte{1, 2, 3})
	shapes := Shapes()
	f.Fuzz(func(t *testing.T, id string, cells []byte) {
		b, err := DecodeID(id)
		if err != nil {
			if !errors.Is(err, ErrInvalidID) {
				t.Fatalf("DecodeID(%q): %v, not ErrInvalidID", id, err)
			}
		} else if got := EncodeID(b); got != id {
			t.Fatalf("DecodeID(%q) = %v %s, whose id is %q", id, b.Shape(), b, got)
		}
		if len(cells) == 0 {
			return
		}
		s := shapes[int(cells[0])%len(shapes)]
		fb := NewBoard(s)
		for i, c := range cells[1:] {
			if i >= s.Cells() {
				break
			}
			fb.SetAt(i, int(c)%(s.Size+1))
		}
		mustRoundTrip(t, fb)
	})
}

func ExampleEncodeID() {
	b, _ := ParseBoard("1.3...1.2.4....2", Shape{})
	id := EncodeID(b)
	back, _ := DecodeID(id)
	fmt.Println(id, back)
	// Output: AQAAB0iFReka 1.3...1.2.4....2
}

func BenchmarkEncodeID(b *testing.B) {
	p := mustParse(b, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	b.ReportAllocs()
	for b.Loop() {
		EncodeID(p)
	}
}

func BenchmarkDecodeID(b *testing.B) {
	id := EncodeID(mustParse(b, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeID(id); err != nil {
			b.Fatal(err)
		}
	}
}
