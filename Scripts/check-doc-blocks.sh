#!/usr/bin/env bash
# Compiles every ```swift block of README.md, docs/, the DocC catalogs and the `///`
# comments of the libraries' public API (Sources/), as written, against this repository's
# Relay and RelayTesting: Scripts/doc-blocks/main.swift writes them into a package of their
# own (one module per block, in .build-doc-blocks/), then `swift build` builds it. The
# compiler's messages point at the page's lines. A block that cannot be compiled says so on
# its page (`*Not compiled: <why>*`); they are listed. How blocks are wrapped, and how a
# page gives them context: docs/writing-docs.md.
#
#   --self-test   also shows that a wrong block fails the check (a copy of the repository's
#                 pages with one Relay call changed).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.build-doc-blocks"
mkdir -p "$work"

# The generator: the one page reader (Tests/RelayTestSupport/DocumentationPages.swift) and main.
swiftc -O -o "$work/generate" Scripts/doc-blocks/main.swift Tests/RelayTestSupport/DocumentationPages.swift 2>&1 \
    | { grep -v '^$' || true; }

"$work/generate" "$work/package"
log="$work/build.log"
build() { swift build --package-path "$work/package" --scratch-path "$work/package/.build" >"$log" 2>&1; }

if [ "${1:-}" = "--self-test" ]; then
    # One Relay call of the iOS page's UI test, changed in its generated file: the build
    # must fail, and say where on the page.
    generated=$(grep -l 'DependencyInstructionLaunchArgument(type: .backend, factory: .backendStub)' \
        "$work"/package/Sources/Block_docs_ios_ui_testing_md_*/*.swift | head -1)
    [ -n "$generated" ] || { echo "check-doc-blocks self-test: no iOS UI-test block found to break"; exit 1; }
    cp "$generated" "$work/unbroken.swift"
    sed -i.bak 's/factory: .backendStub/factroy: .backendStub/' "$generated" && rm -f "$generated.bak"
    if build; then
        cp "$work/unbroken.swift" "$generated"
        echo "check-doc-blocks self-test: an iOS block with a misspelt argument label compiled"; exit 1
    fi
    cp "$work/unbroken.swift" "$generated"
    grep -q 'docs/ios-ui-testing.md:[0-9]*:[0-9]*: error: incorrect argument label' "$log" || {
        cat "$log"; echo "check-doc-blocks self-test: the build failed, but not at the page's line"; exit 1; }
    echo "check-doc-blocks self-test: a misspelt label in an iOS block fails, at the page's line:"
    grep -m1 'docs/ios-ui-testing.md:[0-9]*:[0-9]*: error' "$log" | sed 's/^/    /'
fi

if ! build; then
    grep -E 'error:' "$log" | sort -u | head -200
    echo
    echo "Some Swift blocks do not compile (messages above, at the page's lines; the generated"
    echo "sources are in $work/package/Sources). Fix the block, give the page a preamble for what"
    echo "the block takes as given, or — if no stand-in can make it compile — put the line"
    echo "'*Not compiled: <why>*' right before it. See docs/writing-docs.md."
    exit 1
fi
echo "Every Swift block compiles."
