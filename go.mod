module github.com/sudokud/sudokud

go 1.26
