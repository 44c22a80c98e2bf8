#!/usr/bin/env bash
# Validates the GitHub Actions workflows (.github/workflows/*.yml) against GitHub's workflow
# schema, as vendored by check-jsonschema (installed from PyPI into .build-tools/ on first
# use). The workflows cannot run here; this catches what GitHub would reject before running
# them: a misspelt key, a wrong type, a job without `runs-on`.
#
#   --self-test   also shows that a broken copy of a workflow fails the check.
set -euo pipefail
cd "$(dirname "$0")/.."

tools=.build-tools
checker="$tools/venv/bin/check-jsonschema"
if [ ! -x "$checker" ]; then
    python3 -m venv "$tools/venv"
    "$tools/venv/bin/pip" install --quiet 'check-jsonschema==0.39.0'
fi

check() { "$checker" --builtin-schema vendor.github-workflows "$@"; }

if [ "${1:-}" = "--self-test" ]; then
    broken=$(mktemp -d)
    trap 'rm -rf "$broken"' EXIT
    # A job whose `runs-on` is misspelt, as a typo would leave it.
    sed 's/^    runs-on:/    run-on:/' .github/workflows/apple.yml >"$broken/apple.yml"
    if cmp -s .github/workflows/apple.yml "$broken/apple.yml"; then
        echo "check-workflows self-test: could not break the copy (no '    runs-on:' line)"; exit 1
    fi
    if check "$broken/apple.yml" >"$broken/out.txt" 2>&1; then
        cat "$broken/out.txt"
        echo "check-workflows self-test: a workflow with a misspelt 'runs-on' passed the schema check"
        exit 1
    fi
    echo "check-workflows self-test: a broken copy fails, as it should:"
    sed 's/^/    /' "$broken/out.txt" | head -5
fi

check .github/workflows/*.yml
