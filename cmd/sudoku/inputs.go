package main

import (
	"fmt"
	"io"
	"os"
)

// input is one input stream. A regular file is opened by the line reader
// when its turn comes and closed when it is read, so that a run holds one
// open at a time whatever the number named (opening all at once failed
// with "too many open files"); stdin and other files (a pipe, a device,
// which a reopening could lose data of) stay open as r.
type input struct {
	name string
	path string    // the regular file to open, "" when r is the stream
	r    io.Reader // stdin or an open file
	size int64     // bytes, -1 when unknown (a pipe, a terminal)
	tty  bool      // a terminal: someone is typing
	c    io.Closer // r when it is a file
}

// inputs are the opened inputs of a command, read in turn.
type inputs []input

// openInputs opens the files named by args ("-" is stdin; no args means
// stdin alone). All files are opened before any work starts, so a missing
// one fails the command at once; regular files are closed again, for the
// line reader to reopen in turn. On error nothing stays open.
func openInputs(args []string, stdin io.Reader) (inputs, error) {
	if len(args) == 0 {
		args = []string{"-"}
	}
	var ins inputs
	for _, name := range args {
		if name == "-" {
			ins = append(ins, input{name: "stdin", r: stdin, size: sizeOf(stdin), tty: isTerminal(stdin)})
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			ins.Close()
			return nil, err
		}
		st, err := f.Stat()
		if err != nil {
			f.Close()
			ins.Close()
			return nil, err
		}
		if st.IsDir() {
			f.Close()
			ins.Close()
			return nil, fmt.Errorf("%s: is a directory", name)
		}
		if st.Mode().IsRegular() {
			f.Close()
			ins = append(ins, input{name: name, path: name, size: st.Size()})
			continue
		}
		ins = append(ins, input{name: name, r: f, size: -1, tty: st.Mode()&os.ModeCharDevice != 0, c: f})
	}
	return ins, nil
}

// sizeOf returns the size of a regular file behind r, -1 otherwise.
func sizeOf(r io.Reader) int64 {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size()
		}
	}
	return -1
}

// Size returns the total size in bytes, -1 when some input's size is
// unknown.
func (ins inputs) Size() int64 {
	var n int64
	for _, in := range ins {
		if in.size < 0 {
			return -1
		}
		n += in.size
	}
	return n
}

// Close closes the files that stay open (not stdin, not the regular files,
// which the line reader closes).
func (ins inputs) Close() {
	for _, in := range ins {
		if in.c != nil {
			in.c.Close()
		}
	}
}
