#!/usr/bin/env bash
# Checks that every C-library conditional in the Swift sources names all three C libraries
# Relay builds against: Darwin (Apple platforms), Glibc (most Linux distributions) and Musl
# (Alpine, and the fully static Linux SDK).
#
# A conditional is an `#if … #elseif … #else … #endif` chain; it is a C-library conditional
# when any of its `#if`/`#elseif` conditions mentions canImport(Darwin), canImport(Glibc) or
# canImport(Musl). Such a chain must mention all three, in separate branches or combined
# (`#elseif canImport(Glibc) || canImport(Musl)`); an `#else` does not count, since it
# silently hands one library's code to another.
#
# Looks at every .swift file under Sources/, Tests/ and Benchmarks/Sources. Prints
# `path:line: …` for each chain that lacks a library and exits 1; otherwise prints a
# one-line summary and exits 0. Needs only bash, find, sort and awk.
#
# Usage: bash Scripts/check-libc.sh
set -euo pipefail
cd "$(dirname "$0")/.."

roots=()
for root in Sources Tests Benchmarks/Sources; do
    if [ -d "$root" ]; then roots+=("$root"); fi
done

files=()
if [ "${#roots[@]}" -gt 0 ]; then
    while IFS= read -r -d '' file; do
        files+=("$file")
    done < <(find "${roots[@]}" -type f -name '*.swift' -print0 | LC_ALL=C sort -z)
fi

if [ "${#files[@]}" -eq 0 ]; then
    echo "check-libc: no Swift files under Sources/, Tests/ or Benchmarks/Sources"
    exit 0
fi

awk '
    function condition(text) {
        sub(/[ \t]*\/\/.*$/, "", text)   # a trailing comment is not part of the condition
        return text
    }

    # Checks the chain that ends at an #endif (the innermost open one).
    function close_chain(    libraries, count, i, missing) {
        if (depth == 0) return
        if (conditions[depth] ~ /canImport\( *(Darwin|Glibc|Musl) *\)/) {
            chains++
            count = split("Darwin Glibc Musl", libraries, " ")
            missing = ""
            for (i = 1; i <= count; i++) {
                if (conditions[depth] !~ ("canImport\\( *" libraries[i] " *\\)")) {
                    missing = missing (missing == "" ? "" : " or ") libraries[i]
                }
            }
            if (missing != "") {
                bad++
                printf "%s:%d: C-library conditional has no %s branch; name all three of canImport(Darwin), canImport(Glibc), canImport(Musl)\n", FILENAME, starts[depth], missing
            }
        }
        depth--
    }

    # Chains left open at the end of a file are malformed Swift; the compiler reports them.
    FNR == 1 { depth = 0; files++ }

    {
        line = $0
        sub(/^[ \t]+/, "", line)
    }

    line ~ /^#if[ \t(!]/ {
        depth++
        starts[depth] = FNR
        conditions[depth] = condition(substr(line, 4))
        next
    }

    line ~ /^#elseif[ \t(!]/ {
        if (depth > 0) conditions[depth] = conditions[depth] " " condition(substr(line, 8))
        next
    }

    line ~ /^#endif([ \t\/]|$)/ {
        close_chain()
        next
    }

    END {
        if (bad > 0) {
            printf "check-libc: %d of %d C-library conditionals lack a Darwin, Glibc or Musl branch\n", bad, chains
            exit 1
        }
        printf "check-libc: ok: %d C-library conditionals in %d Swift files, each with Darwin, Glibc and Musl branches\n", chains, files
    }
' "${files[@]}"
