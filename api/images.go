package api

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/sudokud/sudokud/engine"
	"github.com/sudokud/sudokud/render"
)

// imageFormat is a drawing's file format: its media type and its writer.
type imageFormat struct {
	ext, mediaType string
	write          func(io.Writer, engine.Board, render.Options) error
}

var (
	formatSVG = imageFormat{"svg", "image/svg+xml", render.SVG}
	formatPNG = imageFormat{"png", "image/png", render.PNG}
)

// handlePuzzleImage serves GET /puzzles/{id}.svg and .png: the drawing of
// the puzzle (?solution=true: the solved grid), ?px wide (render.MinWidth
// to render.MaxWidth), in ?theme light or dark. Like the puzzle, it never
// changes: it is cached for good, its ETag naming the id and the options.
func handlePuzzleImage(d *deps, f imageFormat) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := puzzleParam(r)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		opt, solution, err := readImageQuery(r.URL.RawQuery)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		etag := fmt.Sprintf(`"%s.%s-%d-%s"`, engine.EncodeID(b), f.ext, opt.Width, opt.Theme)
		if solution {
			etag = etag[:len(etag)-1] + `-solution"`
		}
		if notModified(w, r, etag, cacheForever) {
			return
		}
		img, err := d.draw(r, b, f, opt, solution)
		if err != nil {
			writeProblem(w, r, err)
			return
		}
		h := w.Header()
		cacheHeaders(w, etag, cacheForever)
		h.Set("Content-Type", f.mediaType)
		h.Set("Content-Length", strconv.Itoa(len(img)))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'none'")
		w.WriteHeader(http.StatusOK)
		if _, err := w.Write(img); err != nil {
			writeFailed(r)
		}
	})
}

// draw draws b in format f, with its solution when asked, holding a heavy
// slot while it works.
func (d *deps) draw(r *http.Request, b engine.Board, f imageFormat, opt render.Options, solution bool) ([]byte, error) {
	release, err := d.acquireHeavy(r)
	if err != nil {
		return nil, err
	}
	defer release()
	if solution {
		res, _, err := d.solve(r.Context(), b)
		if err != nil {
			return nil, err
		}
		opt.Solution = &res.Solution
	}
	var buf bytes.Buffer
	err = f.write(&buf, b, opt)
	return buf.Bytes(), err
}

// readImageQuery reads the query string of a drawing: px, theme and
// solution.
func readImageQuery(raw string) (render.Options, bool, error) {
	var px *int
	var theme *string
	var solution bool
	err := readQuery(raw, map[string]queryField{
		"px":       intQuery(&px),
		"theme":    stringQuery(&theme),
		"solution": boolQuery(&solution),
	})
	if err != nil {
		return render.Options{}, false, err
	}
	opt := render.Options{Width: render.DefaultWidth}
	if px != nil {
		if *px < render.MinWidth || *px > render.MaxWidth {
			return opt, false, fieldProblem("px", fmt.Sprintf("must be from %d to %d, not %d", render.MinWidth, render.MaxWidth, *px))
		}
		opt.Width = *px
	}
	if theme != nil {
		if opt.Theme, err = render.ParseTheme(*theme); err != nil {
			return opt, false, fieldProblem("theme", "must be light or dark, not "+strconv.Quote(*theme))
		}
	}
	return opt, solution, nil
}
