#!/usr/bin/env bash
# Runs the in-process override tests N times in a row (default 20) and counts the runs
# that passed. Each run is:
#   - the isolation suites together: 50 parallel parameterized cases, nesting, leaks, the
#     trait, and the index that fills itself (IndexPreparationTests);
#   - then each trait-bootstrap test on its own, so that a test which passes only because
#     another one filled the index first is caught (a filter that runs no test fails).
# Usage: Scripts/repeat-isolation-tests.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-20}"
together='OverrideIsolationTests|InjectingTraitTests|InjectingSuiteTests|InjectingBootstrapSuiteTests|freeFunctionTraitFillsTheIndexFirst|listFormWithExpectTryAwaitInside|IndexPreparationTests'
alone=(
    'freeFunctionTraitFillsTheIndexFirst'
    'listFormWithExpectTryAwaitInside'
    'InjectingBootstrapSuiteTests'
)
swift build --build-tests
passed=0
failed=0
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
for run in $(seq 1 "$runs"); do
    ok=true
    for filter in "$together" "${alone[@]}"; do
        if ! swift test --skip-build --filter "$filter" >"$log" 2>&1 || ! grep -qE 'Test run with [1-9][0-9]* tests? ' "$log"; then
            ok=false
            echo "run $run failed (--filter '$filter'):" >&2
            grep -E '✘' "$log" >&2 || tail -20 "$log" >&2
        fi
    done
    if $ok; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
