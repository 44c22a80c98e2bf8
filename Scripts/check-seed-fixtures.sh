#!/usr/bin/env bash
# Builds and runs the Relay 0.3.2-style fixture apps (Examples/Seed5 in the Swift 5
# language mode, Examples/Seed6 in Swift 6) against this repository's Relay, in debug and
# release, and checks what they print. Fails on a build warning, a build error or a wrong
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

for fixture in Seed5 Seed6; do
    for configuration in debug release; do
        build="$scratch/$fixture-$configuration"
        log=$(swift build --package-path "Examples/$fixture" --scratch-path "$build" -c "$configuration" 2>&1) || {
            echo "FAIL $fixture ($configuration): does not build:"; echo "$log" | grep -E 'error' | sed 's/^/    /'; status=1; continue
        }
        if warnings=$(grep -E '^/.*: warning:' <<<"$log" | grep -F "$root/Examples/$fixture/"); then
            echo "FAIL $fixture ($configuration): warnings:"; echo "$warnings" | sed 's/^/    /'; status=1
        fi
        app="$build/$configuration/SeedApp"
        expect "$fixture ($configuration): defaults" "global data store uses: live backend" "$app"
        expect "$fixture ($configuration): -d injects the stub" "global data store uses: stub backend" "$app" -d "$stub"
        expect "$fixture ($configuration): --dependency= injects the stub" "global data store uses: stub backend" "$app" "--dependency=$stub"
        expect "$fixture ($configuration): scoped registry" "useCase1 data store: MyViewControllerFirstUseCaseDataStore" "$app"
        expect "$fixture ($configuration): LaunchArgumentBuilder" "driver would pass: -d $stub" "$app"
    done
done
exit $status
