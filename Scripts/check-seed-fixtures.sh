#!/usr/bin/env bash
# Builds and runs the Relay 0.3.2-style fixture apps (Examples/Seed5 in the Swift 5
# language mode, Examples/Seed6 in Swift 6) against this repository's Relay, in debug, in
# release with the DynamicInjectionInRelease trait and in release without it, and checks
# what they print. Fails on a build warning, a build error or a wrong
# answer. Each build uses a fresh scratch folder: SwiftPM does not notice source files
# added to a path dependency it has built before.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/relay-seed-fixtures.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

stub='type=Seed.MyBackendServiceType,factory=Seed.MyBackendServiceType.TestCase56789'
status=0
expect() { # name, expected line, command...
    local name=$1 expected=$2; shift 2
    local output
    if ! output=$("$@" 2>&1); then
        echo "FAIL $name: exited non-zero:"; echo "$output" | sed 's/^/    /'; status=1; return
    fi
    if grep -qxF "$expected" <<<"$output"; then
        echo "ok   $name"
    else
        echo "FAIL $name: expected the line '$expected' in:"; echo "$output" | sed 's/^/    /'; status=1
    fi
}

# debug; release with Relay's DynamicInjectionInRelease trait (the opt-in 0.3.2 code needs
# to keep honouring -d in a release build); release without it, where the same code builds
# and runs on its defaults, every -d ignored.
for fixture in Seed5 Seed6; do
    for variant in debug release-with-trait release; do
        configuration=${variant%%-*}
        build="$scratch/$fixture-$variant"
        trait=0; [ "$variant" = release-with-trait ] && trait=1
        log=$(SEED_RELEASE_INJECTION=$trait swift build --package-path "Examples/$fixture" --scratch-path "$build" -c "$configuration" 2>&1) || {
            echo "FAIL $fixture ($variant): does not build:"; echo "$log" | grep -E 'error' | sed 's/^/    /'; status=1; continue
        }
        if warnings=$(grep -E '^/.*: warning:' <<<"$log" | grep -F "$root/Examples/$fixture/"); then
            echo "FAIL $fixture ($variant): warnings:"; echo "$warnings" | sed 's/^/    /'; status=1
        fi
        app="$build/$configuration/SeedApp"
        injected="stub backend"; [ "$variant" = release ] && injected="live backend"
        expect "$fixture ($variant): defaults" "global data store uses: live backend" "$app"
        expect "$fixture ($variant): -d" "global data store uses: $injected" "$app" -d "$stub"
        expect "$fixture ($variant): --dependency=" "global data store uses: $injected" "$app" "--dependency=$stub"
        expect "$fixture ($variant): scoped registry" "useCase1 data store: MyViewControllerFirstUseCaseDataStore" "$app"
        expect "$fixture ($variant): LaunchArgumentBuilder" "driver would pass: -d $stub" "$app"
        if [ "$variant" = release ] && strings "$app" | grep -qF "missing key before '='"; then
            echo "FAIL $fixture ($variant): the binary contains the instruction parser"; status=1
        fi
    done
done
exit $status
