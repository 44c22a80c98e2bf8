#!/usr/bin/env bash
# Runs the in-process override isolation tests (50 parallel parameterized cases, nesting,
# leaks, the trait) N times in a row (default 20) and counts the runs that passed.
# Usage: Scripts/repeat-isolation-tests.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-20}"
swift build --build-tests
passed=0
failed=0
log="$(mktemp)"
for run in $(seq 1 "$runs"); do
    if swift test --skip-build --filter 'OverrideIsolationTests|InjectingTraitTests|InjectingSuiteTests' >"$log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "run $run failed:" >&2
        grep -E '✘' "$log" >&2 || tail -20 "$log" >&2
    fi
done
rm -f "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
