#!/usr/bin/env bash
# Builds the documentation of the Relay and RelayTesting libraries, offline, with the
# toolchain's own `docc` (no package plug-in), and fails on any warning and on any public
# symbol without documentation.
#
#   Scripts/build-docs.sh [OUTPUT-DIRECTORY]     (default: .build/docs)
#
# For each module it:
#   1. extracts the public symbol graph with the toolchain's swift-symbolgraph-extract from
#      the debug build that `swift build` and `swift test` use (Relay's includes the
#      container and instruction modules it re-exports);
#   2. runs `docc convert` on Sources/<Module>/<Module>.docc with `--warnings-as-errors`, so
#      an unresolved ``Symbol`` link, a broken <doc:Article> link or a curation mistake fails
#      the build, and with documentation coverage, which is printed;
#   3. checks that every public symbol written in the sources has a documentation comment
#      of its own — one that only inherits a protocol's text (`description`, `==`) does not
#      count — and that docc found an abstract for every symbol. Members the compiler
#      synthesizes (`init(from:)` of a Codable type, `init(rawValue:)`) have no source to
#      comment; docc shows their protocol's documentation (`--enable-inherited-docs`).
#
# Writes <OUTPUT-DIRECTORY>/<Module>.doccarchive; open one with `docc preview`, or serve it
# as a static site. Exits 1 on the first module with a problem.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
output="${1:-.build/docs}"
modules=(Relay RelayTesting)

fail() { echo "build-docs: $*" >&2; exit 1; }

# The toolchain's docc: next to `swift`, or found by xcrun on macOS.
swift_path="$(command -v swift)" || fail "swift is not on PATH"
docc="$(dirname "$(readlink -f "$swift_path" 2>/dev/null || echo "$swift_path")")/docc"
if [ ! -x "$docc" ]; then
    docc="$(xcrun --find docc 2>/dev/null || command -v docc || true)"
fi
[ -n "$docc" ] && [ -x "$docc" ] || fail "cannot find the toolchain's docc (looked next to swift, then xcrun and PATH)"
command -v jq >/dev/null || fail "jq is needed to read the symbol graphs and the coverage report"

# 1. Symbol graphs of every module, public symbols only. Extension blocks keep the members
# added to other modules' types (CommandLine.parse(with:), Trait.injecting(…)) on pages
# of their own.
tmp="$(mktemp -d "${TMPDIR:-/tmp}/relay-docs.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
graphs="$tmp/symbolgraph"
mkdir -p "$graphs"
swift build >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; fail "swift build failed"; }
bin="$(swift build --show-bin-path)"
triple="$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
# The C targets' module maps, for the modules that import them.
module_maps=()
while IFS= read -r map; do module_maps+=(-Xcc "-fmodule-map-file=$map"); done \
    < <(find "$bin/" -maxdepth 2 -name module.modulemap)
extract="$(dirname "$(readlink -f "$(command -v swift)")")/swift-symbolgraph-extract"
for module in "${modules[@]}"; do
    # Relay re-exports RelayContainer and RelayInstructions (`@_exported import`): their
    # symbols are documented on Relay's pages, where `import Relay` users find them.
    "$extract" -module-name "$module" -target "$triple" -I "$bin/Modules" "${module_maps[@]}" \
        -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
        -experimental-allowed-reexported-modules=RelayContainer,RelayInstructions \
        -output-dir "$graphs" >"$tmp/extract-$module.log" 2>&1 || { cat "$tmp/extract-$module.log" >&2; fail "no symbol graph for $module"; }
done
mkdir -p "$output"

for module in "${modules[@]}"; do
    catalog="Sources/$module/$module.docc"
    [ -d "$catalog" ] || fail "$catalog is missing"
    input="$tmp/$module-graphs"
    mkdir -p "$input"
    cp "$graphs/$module.symbols.json" "$input/"
    for extension_graph in "$graphs/$module@"*.symbols.json; do
        [ -e "$extension_graph" ] && cp "$extension_graph" "$input/"
    done

    # 2. docc, every warning an error.
    archive="$output/$module.doccarchive"
    rm -rf "$archive"
    echo "build-docs: $module"
    if ! "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$input" \
        --output-dir "$archive" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.relay.$module" \
        --enable-inherited-docs \
        --warnings-as-errors \
        --experimental-documentation-coverage \
        --coverage-summary-level brief; then
        fail "docc reported problems in $module (see above)"
    fi

    # 3a. Written public symbols without a comment of their own.
    # A comment counts when it is written in the module or in one it re-exports.
    undocumented="$(jq -r --arg owner "$module" '
        .symbols[]
        | select(.location != null and .kind.identifier != "swift.extension")
        | select((.docComment.module // "") as $m | [$owner, "RelayContainer", "RelayInstructions"] | index($m) | not)
        | "\(.location.uri | sub("^file://"; "") | sub("^\($ENV.PWD)/"; "")):\(.location.position.line + 1): \(.pathComponents | join(".")) has no documentation comment"
    ' "$input"/*.symbols.json | sort -u)"
    if [ -n "$undocumented" ]; then
        echo "$undocumented" >&2
        fail "$module has public symbols without documentation comments"
    fi

    # 3b. Every symbol docc made a page for has an abstract, including the pages of the
    # standard library and Swift Testing types Relay extends (given in the catalogs'
    # Extensions folders).
    coverage="$archive/documentation-coverage.json"
    [ -f "$coverage" ] || fail "docc wrote no coverage report for $module"
    missing="$(jq -r '
        .[] | select(.kind.isSymbol and (.hasAbstract | not))
        | .referencePath' "$coverage")"
    if [ -n "$missing" ]; then
        echo "$missing" >&2
        fail "$module has symbols without an abstract"
    fi
    total="$(jq '[.[] | select(.kind.isSymbol)] | length' "$coverage")"
    echo "build-docs: $module: $total symbols, every one documented; archive at $archive"
done
