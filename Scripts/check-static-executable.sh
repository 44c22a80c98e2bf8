#!/usr/bin/env bash
# Checks Relay's depth guard in a fully static executable: builds Examples/StaticStackGuard
# (a tiny program over this repository's Relay) with `-static-executable`, in debug and
# release, and runs each of its chains of nested resolves on a small thread stack of its
# own (a legal 300-deep chain and runaway chains on 32, 40, 48, 56, 64, 128 and 256 KiB
# stacks; a short chain that must resolve). Each run is a process of its own, so its
# chain is the process's first resolve of every type in it (cold: the Swift runtime
# instantiates their metadata on the way). Every deep chain must end in a `DependencyResolutionError`;
# a crash (the stack overflowing: SIGSEGV), a missing error or a warning in Relay's or
# the fixture's code fails the check.
#
# Why static: the guard needs the thread's stack bounds from the C library. In a fully
# static executable nothing can be looked up by name at run time (`dlsym` finds no
# symbol), so the bounds must come from a call the linker resolves — which this check
# holds Relay to.
#
# Linux only (`-static-executable` needs the toolchain's static Swift libraries in
# usr/lib/swift_static and the C library's static archives); elsewhere it says so and
# exits 0. The glibc linker's "Using 'dlopen' in statically linked applications …"
# warnings come from the toolchain's own static libraries and are not Relay's.
#
# Usage: bash Scripts/check-static-executable.sh [debug|release]…   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

if [ "$(uname -s)" != Linux ]; then
    echo "skipped: -static-executable is a Linux option"
    exit 0
fi

configurations=("$@")
if [ "${#configurations[@]}" -eq 0 ]; then configurations=(debug release); fi

# A fresh scratch folder: SwiftPM does not notice source files added to a path
# dependency it has built before.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/relay-static-executable.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

status=0
for configuration in "${configurations[@]}"; do
    build="$scratch/$configuration"
    started=$SECONDS
    log=$(swift build --package-path Examples/StaticStackGuard --scratch-path "$build" -c "$configuration" \
        -Xswiftc -static-executable 2>&1) || {
        echo "FAIL static $configuration build:"; echo "$log" | grep -E 'error' | sed 's/^/    /'; status=1; continue
    }
    if warnings=$(grep -E '^/.*: warning:' <<<"$log" | grep -E "^($root/Sources/|$root/Examples/StaticStackGuard/)"); then
        echo "FAIL static $configuration build: warnings:"; echo "$warnings" | sed 's/^/    /'; status=1
    fi
    app="$build/$configuration/StackGuardCheck"
    # Fully static: no program interpreter (the dynamic loader) in its program headers.
    if LC_ALL=C readelf -l "$app" | grep -q 'INTERP'; then
        echo "FAIL static $configuration build: $app is dynamically linked"; status=1; continue
    fi
    echo "built static $configuration executable in $((SECONDS - started)) s"
    # Each run in a process of its own, so that a crash names its run and spares the rest.
    while IFS= read -r run; do
        set +e
        output=$("$app" "$run" 2>&1)
        code=$?
        set -e
        if [ "$code" -gt 128 ]; then
            echo "FAIL static $configuration $run: crashed (signal $((code - 128)); 11 is SIGSEGV, a stack overflow)"
            echo "$output" | sed 's/^/    /'; status=1
        elif [ "$code" -ne 0 ]; then
            echo "FAIL static $configuration $run: exited $code"; echo "$output" | sed 's/^/    /'; status=1
        else
            echo "$output" | grep -E '^(ok|FAIL) ' | sed "s/^ok  */ok   static $configuration /"
        fi
    done < <("$app" --list)
done
exit "$status"
