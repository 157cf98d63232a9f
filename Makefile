# Targets for everyday work. `make test` is exactly what CI runs (see .ci/run).
GO ?= go
NODE ?= node
FUZZTIME ?= 30s

.PHONY: test bench lint fuzz build generate

build:
	$(GO) build -trimpath -o bin/ ./cmd/...

# The playground's scripts (api/web) are tested with Node's own test runner;
# the TypeScript client against servers its test.sh starts and stops.
test:
	$(NODE) --test api/web/test/*.test.js
	$(GO) vet ./... && $(GO) test -race -short -timeout 30m ./... && $(GO) test -timeout 30m ./...
	clients/typescript/test.sh

# The clients from openapi.yaml: client/ (oapi-codegen) and clients/typescript
# (openapi-typescript). .ci/run runs it and fails if anything changed.
generate:
	$(GO) generate ./client
	cd clients/typescript && npm ci --no-audit --no-fund --silent && npm run --silent generate

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/ ./api/ ./render/

lint:
	test -z "$$(gofmt -l .)" || (gofmt -l . && exit 1)
	$(GO) vet ./...

# Each fuzz target runs for FUZZTIME; crashers land in testdata/fuzz/ and stay.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done
