package lzstring

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "regenerate testdata/golden.json with node and the npm package lz-string (NODE_PATH must find it)")

type golden struct {
	In  string `json:"in"`
	Out string `json:"out"`
}

func readGolden(t *testing.T) []golden {
	t.Helper()
	if *update {
		cmd := exec.Command("node", "testdata/golden.js")
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("node testdata/golden.js: %v", err)
		}
		if err := os.WriteFile("testdata/golden.json", out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile("testdata/golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []golden
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 100 {
		t.Fatalf("golden.json holds %d cases; the generator writes over 400", len(cases))
	}
	return cases
}

// TestGolden checks both directions against the output of the npm package
// lz-string on the generator's inputs.
func TestGolden(t *testing.T) {
	for i, c := range readGolden(t) {
		if got := CompressToBase64(c.In); got != c.Out {
			t.Errorf("case %d (%d bytes): CompressToBase64 = %.60q…, lz-string gives %.60q…", i, len(c.In), got, c.Out)
		}
		got, err := DecompressFromBase64(c.Out, len(c.In)+1)
		if err != nil || got != c.In {
			t.Errorf("case %d (%d bytes): DecompressFromBase64 = %.60q…, %v; want %.60q…", i, len(c.In), got, err, c.In)
		}
	}
}

func TestDecompressLimit(t *testing.T) {
	in := strings.Repeat("abc", 10000)
	enc := CompressToBase64(in)
	if len(enc) > len(in)/10 {
		t.Fatalf("a repeated text compressed to %d bytes from %d", len(enc), len(in))
	}
	units := len(utf16.Encode([]rune(in)))
	if got, err := DecompressFromBase64(enc, units); err != nil || got != in {
		t.Fatalf("at the limit: %v", err)
	}
	if _, err := DecompressFromBase64(enc, units-1); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("one unit under the limit: err = %v, want ErrTooLarge", err)
	}
}

func TestDecompressInvalid(t *testing.T) {
	for _, s := range []string{
		"",          // lz-string returns null
		"N4Ig zgl",  // a space: not in the alphabet (a URL's + read as a space)
		"%2F",       // URL-escaped
		"N4IgzglgX", // truncated
		"/////",     // the first code is 3
		"ÿ",
	} {
		if got, err := DecompressFromBase64(s, 1000); !errors.Is(err, ErrInvalid) {
			t.Errorf("DecompressFromBase64(%q) = %q, %v; want ErrInvalid", s, got, err)
		}
	}
}

// FuzzRoundTrip: any valid UTF-8 text comes back from its compression, and
// no input makes the decompressor panic or pass its limit.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"", "a", "abababab", `{"size":9,"grid":[[{}]]}`, "😀é中", "Q===", "N4IgzglgXgpiBcBOAvkA"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		const limit = 1 << 16
		if out, err := DecompressFromBase64(s, limit); err == nil && len(utf16.Encode([]rune(out))) > limit {
			t.Fatalf("DecompressFromBase64 returned %d bytes past its limit", len(out))
		}
		if !utf8.ValidString(s) {
			return
		}
		enc := CompressToBase64(s)
		got, err := DecompressFromBase64(enc, len(s)+1)
		if err != nil || got != s {
			t.Fatalf("round trip of %q: got %q, %v (compressed %q)", s, got, err, enc)
		}
	})
}
