# se_setup.sh, sourced by se_compare.sh and se_sets.sh once their flags
# are read: checks SE_CLASSPATH, builds the sudoku command into $tmp
# (removed on exit) and makes the --keep directory.
: "${SE_CLASSPATH:?set SE_CLASSPATH to a Sudoku Explainer build (see bench/se_compare.sh --help)}"
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/sudoku" ./cmd/sudoku)
[ -z "$keep" ] || mkdir -p "$keep"
