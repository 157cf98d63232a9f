// Command sudoku does batch work with the sudokud engine on puzzle files,
// one puzzle per line.
//
// Usage:
//
//	sudoku solve [flags] [file ...]   solve puzzles, one answer line per puzzle
//	sudoku generate [flags]           generate unique puzzles of a difficulty
//	sudoku rate [flags] [file ...]    grade puzzles: level, score, SE estimate, hardest technique, techniques
//	sudoku hint [flags] [file ...]    the logical path of puzzles, one step per line
//	sudoku print [flags] [file ...]   a printable PDF booklet of puzzles, solutions at the back
//	sudoku help [command]             print usage
//
// Flags may be spelled -flag or --flag. Run 'sudoku <command> -h' for the
// flags of a command. What the commands share (flag sets, input files, the
// line reader, the ordered parallel pipeline, progress bar and summary) is
// described in lines.go.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Exit statuses.
const (
	exitOK      = 0 // every line processed (some puzzles may have failed)
	exitFailure = 1 // unreadable input, failed output, interrupted
	exitUsage   = 2 // unusable arguments
)

// stdio holds a command's standard streams.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// command is one subcommand. run gets the arguments after the command name
// and returns the exit status.
type command struct {
	name     string
	synopsis string
	run      func(ctx context.Context, name string, args []string, std stdio) int
}

// commands lists the subcommands in the order usage shows them.
func commands() []command {
	return []command{
		{"solve", "solve puzzles, one answer line per puzzle", runSolve},
		{"generate", "generate unique puzzles of a difficulty, one per line", runGenerate},
		{"rate", "grade puzzles: level, score, SE estimate, hardest technique and techniques, one line per puzzle", runRate},
		{"hint", "print the logical path of puzzles, one step per line, as a teaching tool", runHint},
		{"print", "make a printable PDF booklet of puzzles (ids or boards), solutions at the back", runPrint},
	}
}

// run runs the command line args (without the program name) and returns
// the exit status: 0 when every input line was processed, 1 when the input
// could not be read or the output written, 2 for unusable arguments.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	std := stdio{in: stdin, out: stdout, err: stderr}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "--h", "-help", "--help":
		if len(rest) == 0 || name != "help" {
			usage(stdout)
			return exitOK
		}
		name, rest = rest[0], []string{"-h"}
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(ctx, name, rest, std)
		}
	}
	fmt.Fprintf(stderr, "sudoku: unknown command %q\n", name)
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "usage: sudoku <command> [flags] [file ...]\n\nCommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.synopsis)
	}
	fmt.Fprintf(w, "\nFlags may be spelled -flag or --flag; 'sudoku <command> -h' lists them.\n")
}
