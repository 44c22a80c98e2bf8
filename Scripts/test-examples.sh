#!/usr/bin/env bash
# Builds and tests the example packages in Examples/, which depend on this Relay by path
# and are written only from the README and docs/:
#
#   1. the whole test suite, RUNS times in a row (default 1);
#   2. each test on its own, RUNS times, so that no test passes only because another ran
#      first (a test that runs no test counts as a failure);
#   3. MyApp's and ForecastServer's index manifests, exported by each app itself with
#      RELAY_MANIFEST_PATH, then `relay check --index` over its fixtures (the server is
#      started on a free port, and stopped with SIGTERM once it listens).
#
# ForecastServer depends on Hummingbird and AsyncHTTPClient, PriceServer on Vapor, Fluent
# and SQLite, StatusCtl on swift-argument-parser (Relay itself has no dependency): a
# server's first build takes a few minutes, later ones are incremental. Each package's
# line gives the seconds its build and its tests took.
#
# Usage: Scripts/test-examples.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
runs="${1:-1}"
log="$(mktemp)"
manifest="$(mktemp)"
server_manifest="$(mktemp)"
trap 'rm -f "$log" "$manifest" "$server_manifest"' EXIT
failed=0

run_logged() {   # description, command…
    local what="$1"; shift
    if "$@" >"$log" 2>&1 && grep -qE 'Test run with [1-9][0-9]* tests? ' "$log"; then
        return 0
    fi
    echo "FAILED: $what" >&2
    grep -E '✘|error:' "$log" >&2 || tail -30 "$log" >&2
    failed=$((failed + 1))
}

for package in Examples/*/; do
    package="${package%/}"
    # The seed fixture apps have no tests; Scripts/check-seed-fixtures.sh runs them.
    [ -d "$package/Tests" ] || continue
    echo "== $package"
    started=$SECONDS
    if ! (cd "$package" && swift build --build-tests) >"$log" 2>&1; then
        cat "$log" >&2
        exit 1
    fi
    # Every warning counts but a dependency's package-level note about its own files
    # (`warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled…`).
    if grep -E 'warning:' "$log" | grep -vE "^warning: '[^']+': found [0-9]+ file\(s\) which are unhandled" \
        | grep -v '/\.build/checkouts/' >&2; then
        echo "$package builds with warnings" >&2
        exit 1
    fi
    built=$SECONDS
    tests=$(cd "$package" && swift test list --skip-build 2>/dev/null)
    count=$(echo "$tests" | grep -c . || true)
    [ "$count" -gt 0 ] || { echo "$package lists no test" >&2; exit 1; }
    for run in $(seq 1 "$runs"); do
        run_logged "$package: full suite, run $run" bash -c "cd '$package' && swift test --skip-build"
        while IFS= read -r test; do
            pattern="^$(printf '%s' "$test" | sed 's/[][\.*^$()+?{}|]/\\&/g')"
            run_logged "$package: $test alone, run $run" bash -c "cd '$package' && swift test --skip-build --filter '$pattern'"
        done <<<"$tests"
    done
    echo "$package: $count tests, the suite and each test alone, $runs run(s): $failed failure(s) so far" \
        "(build $((built - started)) s, tests $((SECONDS - built)) s)"
done

# The keys MyApp exports, checked offline by the relay tool, as CI would.
(cd Examples/MyApp && RELAY_MANIFEST_PATH="$manifest" swift run --skip-build my-app >/dev/null)
swift run relay check --index "$manifest" Examples/MyApp/Fixtures/*.relay

# The server exports its keys at start-up, then serves until SIGTERM (a graceful exit, 0).
server_out="$(mktemp)"
server_bin="$(cd Examples/ForecastServer && swift build --show-bin-path)/forecast-server"
(cd Examples/ForecastServer && RELAY_MANIFEST_PATH="$server_manifest" exec "$server_bin" --port 0) >"$server_out" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q 'listening on port' "$server_out" && break; sleep 0.1; done
kill -TERM "$server"
wait "$server" || { echo "forecast-server did not exit cleanly on SIGTERM" >&2; failed=$((failed + 1)); }
rm -f "$server_out"
swift run relay check --index "$server_manifest" Examples/ForecastServer/Fixtures/*.relay

[ "$failed" -eq 0 ] || { echo "$failed failure(s)" >&2; exit 1; }
echo "test-examples: every example passed"
