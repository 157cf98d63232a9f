package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
)

// maxLineBytes caps one input line. A longer line is cut to its first
// maxLineBytes bytes after its leading whitespace (and so still gives
// exactly one output line, which for a puzzle is an invalid_board error:
// no board has that many cells).
const maxLineBytes = 64 << 10

// lineReader yields the puzzle lines of inputs in order: surrounding
// whitespace trimmed, blank lines and lines starting with '#' skipped.
type lineReader struct {
	ins     inputs
	cur     int
	reading bool // br reads ins[cur]
	atStart bool // no line of ins[cur] read yet
	br      *bufio.Reader
	bytes   int64 // bytes consumed so far, for progress
	long    []byte

	mu     sync.Mutex // guards file and closed: Close may come from another goroutine
	file   *os.File   // the file being read, if any
	closed bool
}

// Close closes the file being read, ending a read in progress, and keeps
// next from opening any other.
func (lr *lineReader) Close() {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	lr.closed = true
	if lr.file != nil {
		lr.file.Close()
		lr.file = nil
	}
}

// open starts reading ins[cur].
func (lr *lineReader) open() error {
	in := &lr.ins[lr.cur]
	if in.path == "" {
		lr.br.Reset(in.r)
		return nil
	}
	lr.mu.Lock()
	defer lr.mu.Unlock()
	if lr.closed {
		return os.ErrClosed
	}
	f, err := os.Open(in.path)
	if err != nil {
		return err
	}
	lr.file = f
	lr.br.Reset(f)
	return nil
}

// closeFile closes the file read to its end.
func (lr *lineReader) closeFile() {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	if lr.file != nil {
		lr.file.Close()
		lr.file = nil
	}
}

func newLineReader(ins inputs, bufSize int) *lineReader {
	return &lineReader{ins: ins, br: bufio.NewReaderSize(nil, bufSize)}
}

// next appends the next puzzle line to dst. It returns ok false at the end
// of the input or on a read error (err, naming the input).
func (lr *lineReader) next(dst []byte) (_ []byte, ok bool, err error) {
	for lr.cur < len(lr.ins) {
		if !lr.reading {
			if err := lr.open(); err != nil {
				return dst, false, err
			}
			lr.reading, lr.atStart = true, true
		}
		line, err := lr.raw()
		if err == io.EOF && line == nil {
			lr.closeFile()
			lr.cur++
			lr.reading = false
			continue
		}
		if err != nil && err != io.EOF {
			return dst, false, fmt.Errorf("read %s: %w", lr.ins[lr.cur].name, err)
		}
		line = trimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		return append(dst, line...), true, nil
	}
	return dst, false, nil
}

// raw returns the next raw line without its newline, nil with io.EOF at the
// end of the current input. The slice is valid until the next call.
func (lr *lineReader) raw() ([]byte, error) {
	line, err := lr.br.ReadSlice('\n')
	lr.bytes += int64(len(line))
	if lr.atStart {
		// A file saved by some Windows editors starts with a UTF-8 byte
		// order mark: not part of its first puzzle. Dropped here, before a
		// long line is cut after its leading whitespace.
		line, lr.atStart = bytes.TrimPrefix(line, utf8BOM), false
	}
	if err == nil {
		return line[:len(line)-1], nil
	}
	if err == io.EOF {
		if len(line) == 0 {
			return nil, io.EOF
		}
		return line, nil
	}
	if err != bufio.ErrBufferFull {
		return nil, err
	}
	// A line longer than the buffer: gather it, keeping at most
	// maxLineBytes after its leading whitespace (had the cap kept only
	// blanks, the line would be skipped as blank and give no answer).
	lr.long = append(lr.long[:0], trimLeftSpace(line)...)
	for {
		line, err = lr.br.ReadSlice('\n')
		lr.bytes += int64(len(line))
		if len(lr.long) == 0 {
			line = trimLeftSpace(line)
		}
		if room := maxLineBytes - len(lr.long); room > 0 {
			lr.long = append(lr.long, line[:min(room, len(line))]...)
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil, io.EOF:
			if n := len(lr.long); n > 0 && lr.long[n-1] == '\n' {
				lr.long = lr.long[:n-1]
			}
			return lr.long, nil
		default:
			return nil, err
		}
	}
}

// idle reports whether the next read may block (nothing is buffered), so
// that a chunk gathered so far should go out now: lines typed at a
// terminal or arriving slowly through a pipe are answered at once.
func (lr *lineReader) idle() bool { return lr.br.Buffered() == 0 }

func (lr *lineReader) done() int64 { return lr.bytes }

func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

var utf8BOM = []byte("\ufeff")

func trimLeftSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return b
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}
