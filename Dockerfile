# sudokud container image: a static binary on distroless, non-root, no shell.
#   docker build --build-arg VERSION=$(git describe --tags --always) -t sudokud .
#   docker run --rm -p 8080:8080 sudokud
# The build line below is also run by deploy/deploy_test.go; CI builds this
# file with podman and runs the image as the Deployment does
# (deploy/container_test.go: TestContainerSmoke, TestKubePlay); and
# deploy/metrics_test.go lints it (TestDockerfile).

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=devel
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X main.version=${VERSION}" -o /out/sudokud ./cmd/sudokud

FROM gcr.io/distroless/static-debian12:nonroot
LABEL org.opencontainers.image.title="sudokud" \
      org.opencontainers.image.description="Sudoku engine and HTTP JSON API" \
      org.opencontainers.image.source="https://github.com/sudokud/sudokud"
COPY --from=build /out/sudokud /sudokud
USER nonroot:nonroot
EXPOSE 8080
ENTRYPOINT ["/sudokud"]
