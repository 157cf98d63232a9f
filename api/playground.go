package api

import (
	"embed"
	"io/fs"
	"net/http"
)

// web holds the playground page: index.html and the files it loads.
//
//go:embed web
var web embed.FS

// webRoot is the web directory as the root of a file system.
var webRoot, _ = fs.Sub(web, "web")

// handlePlayground serves the playground: index.html at / and every other
// file of api/web at /NAME (for example /app.js).
func handlePlayground() http.Handler {
	return http.FileServerFS(webRoot)
}

// playgroundFiles lists the files of api/web other than index.html, which
// the route table serves at /NAME.
func playgroundFiles() []string {
	var out []string
	fs.WalkDir(webRoot, ".", func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && path != "index.html" {
			out = append(out, path)
		}
		return nil
	})
	return out
}
