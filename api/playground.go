package api

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"strings"
)

// web holds the playground page: index.html, its style sheet and its
// scripts, ES modules the browser loads as they are. The Node tests of the
// scripts (web/test) and web/package.json, which tells Node they are
// modules, stay out of the binary.
//
//go:embed web/*.html web/*.css web/*.js
var web embed.FS

// webRoot is the web directory as the root of a file system.
var webRoot, _ = fs.Sub(web, "web")

// playgroundCSP keeps the page to its own origin: its script, its styles and
// its API calls come from the server that sent it, nothing from outside, and
// no inline script can run.
const playgroundCSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// handlePlayground serves the playground: index.html at / and every other
// file of web at /NAME (for example /app.js). Each file has an ETag from
// its content, so a browser revalidates it (Cache-Control: no-cache) and gets
// 304 Not Modified until a new release changes it. Range and If-Match are
// ignored (RFC 9110 §14.2 lets a server ignore Range): the files are small,
// and http.FileServer answers a range it cannot serve with 416 text/plain
// and a stale If-Match with a bare 412, where every error of the API is
// problem+json.
func handlePlayground() http.Handler {
	files := http.FileServerFS(webRoot)
	etags := playgroundETags()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		h := w.Header()
		if tag, ok := etags[name]; ok {
			h.Set("ETag", tag)
		}
		h.Set("Cache-Control", "no-cache")
		h.Set("Content-Security-Policy", playgroundCSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		r.Header.Del("Range")
		r.Header.Del("If-Range")
		r.Header.Del("If-Match")
		files.ServeHTTP(w, r)
	})
}

// playgroundETags maps each file of web to a strong ETag of its content.
func playgroundETags() map[string]string {
	tags := map[string]string{}
	fs.WalkDir(webRoot, ".", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return nil
		}
		b, err := fs.ReadFile(webRoot, path)
		if err != nil {
			return nil
		}
		sum := sha256.Sum256(b)
		tags[path] = `"` + hex.EncodeToString(sum[:12]) + `"`
		return nil
	})
	return tags
}

// playgroundFiles lists the files of web other than index.html, which
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
