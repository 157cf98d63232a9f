package main

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// refLines is the reference for lineReader: drop a UTF-8 byte order mark
// that starts an input, split on '\n', trim ASCII whitespace, drop blank
// and '#' lines.
func refLines(texts ...string) []string {
	var out []string
	for _, text := range texts {
		if text == "" {
			continue
		}
		text = strings.TrimPrefix(text, "\ufeff")
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			l = strings.Trim(l, " \t\r\n\v\f")
			if l != "" && l[0] != '#' {
				out = append(out, l)
			}
		}
	}
	return out
}

// readAll reads every line of texts (one input each) with a reader of
// bufSize bytes, through readers that return one byte at a time when
// slow is set.
func readAll(tb testing.TB, bufSize int, slow bool, texts ...string) []string {
	tb.Helper()
	var ins inputs
	for i, text := range texts {
		var r io.Reader = strings.NewReader(text)
		if slow {
			r = iotest.OneByteReader(r)
		}
		ins = append(ins, input{name: fmt.Sprint("in", i), r: r, size: -1})
	}
	lr := newLineReader(ins, bufSize)
	var got []string
	for {
		line, ok, err := lr.next(nil)
		if err != nil {
			tb.Fatal(err)
		}
		if !ok {
			return got
		}
		got = append(got, string(line))
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 100)
	tests := [][]string{
		{"a\nb\n"},
		{"a\r\nb\r\n\r\n"},
		{"a\nb"},              // no final newline
		{"a", "b\n", "", "c"}, // lines never run across inputs
		{"# x\n  # y\n\n\t\n z \n"},
		{long + "\n" + long + "\n"},
		{long, "  " + long + "  \n#" + long + "\nq"},
		{"\n\n\n"},
		{},
		{"\ufeffa\r\nb\n", "\ufeff# c\n\ufeffd\n", "\ufeff"}, // a byte order mark starts an input only
	}
	for _, texts := range tests {
		want := refLines(texts...)
		for _, size := range []int{16, 64 << 10} {
			for _, slow := range []bool{false, true} {
				got := readAll(t, size, slow, texts...)
				if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
					t.Errorf("%q (buffer %d, slow %v): got %q, want %q", texts, size, slow, got, want)
				}
			}
		}
	}
}

func TestLineReaderCapsLongLines(t *testing.T) {
	huge := strings.Repeat("9", 3*maxLineBytes)
	got := readAll(t, 16, false, huge+"\nnext\n")
	if len(got) != 2 || len(got[0]) != maxLineBytes || got[1] != "next" {
		t.Fatalf("got %d lines, first %d bytes", len(got), len(got[0]))
	}
	// Through the command: one line in, one error line out.
	out, _, code := runCmd(t, huge+"\n"+easy9+"\n", "solve")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	checkAnswers(t, []string{huge, easy9}, []want{failed("invalid_board"), solved(3, 3)}, out)
}

// FuzzLineReader checks the chunked line reader against the plain
// reference on any input, with tiny and normal buffers.
func FuzzLineReader(f *testing.F) {
	f.Add("a\nb", "c\r\n#d\n\n e ")
	f.Add("", "\n")
	f.Add(strings.Repeat("z", 40)+"\n", "# "+strings.Repeat("y", 40))
	f.Fuzz(func(t *testing.T, a, b string) {
		want := refLines(a, b)
		for _, size := range []int{16, 4096} {
			got := readAll(t, size, false, a, b)
			if len(got) != len(want) {
				t.Fatalf("buffer %d: %d lines, want %d", size, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("buffer %d: line %d = %q, want %q", size, i, got[i], want[i])
				}
			}
		}
	})
}

// TestLineReaderLongLeadingSpace: a puzzle after more than maxLineBytes of
// indentation is still a puzzle line. A cap that kept only the blanks
// would skip it as blank: no answer line, and every later answer one line
// off its puzzle.
func TestLineReaderLongLeadingSpace(t *testing.T) {
	pad := strings.Repeat(" \t", maxLineBytes)
	for _, size := range []int{16, 64 << 10} {
		got := readAll(t, size, false, pad+easy9+"\r\n"+pad+"\n"+hard9+"\n")
		if len(got) != 2 || got[0] != easy9 || got[1] != hard9 {
			t.Errorf("buffer %d: got %d lines %.20q, want the two puzzles", size, len(got), got)
		}
	}
	out, errOut, code := runCmd(t, pad+easy9+"\n"+hard9+"\n", "solve")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkAnswers(t, []string{easy9, hard9}, []want{solved(3, 3), solved(3, 3)}, out)
}

// TestLineReaderByteOrderMarkBeforeLongLeadingSpace: a byte order mark
// before more than maxLineBytes of indentation is dropped before the cap,
// like the blanks after it; a cap that kept the mark and the blanks only
// would skip the puzzle line as blank.
func TestLineReaderByteOrderMarkBeforeLongLeadingSpace(t *testing.T) {
	pad := strings.Repeat(" ", maxLineBytes+1)
	for _, size := range []int{16, 64 << 10} {
		got := readAll(t, size, false, "\ufeff"+pad+easy9+"\n"+hard9+"\n")
		if len(got) != 2 || got[0] != easy9 || got[1] != hard9 {
			t.Errorf("buffer %d: got %d lines %.20q, want the two puzzles", size, len(got), got)
		}
	}
}
