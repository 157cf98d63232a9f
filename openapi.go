// Package sudokud holds the files at the root of the repository that the
// programs embed: the OpenAPI description of the HTTP API.
package sudokud

import _ "embed"

// OpenAPI is openapi.yaml, the canonical description of the HTTP API,
// embedded so the server serves exactly the file in the repository.
//
//go:embed openapi.yaml
var OpenAPI []byte
