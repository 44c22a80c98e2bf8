#!/usr/bin/env bash
# Unsafe code lives only inside the perimeter, and the compiler is the judge.
#
# Builds every target of the package with `-strict-memory-safety` (in its own scratch path,
# so the normal build keeps its cache) and fails on any memory-safety diagnostic in a file
# outside the perimeter folders below. Everything outside them is plain Swift: no unsafe
# pointers (explicit or through an implicit `&value` / `String` → C string conversion), no
# `Unmanaged`, no unchecked casts, no C calls that take or return pointers.
#
#   bash Scripts/check-memory-safety.sh              # the package (about a minute)
#   bash Scripts/check-memory-safety.sh --self-test  # the check itself, on a two-file package
#
# What the compiler cannot see — calls into the Swift runtime, symbols looked up by name —
# is checked by Scripts/check-layers.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

# The perimeter: folders, relative to the package root. Keep this list and the folders'
# names in step; docs/architecture.md names them too.
perimeter=(
    "Sources/RelayContainer/Container/Internal/Raw/" # per-thread state and caches, atomic words, stack probing, and the resolve paths that read them
    "Sources/RelayContainer/Support/Locks/"    # mutexes and conditions over pthreads
    "Sources/RelayContainer/Support/RawOutput/" # one write(2) to standard error
    "Sources/Relay/InstructionSources/RawInput/" # argv bytes, regular-file reads, the control file's stat
    "Sources/RelayTesting/Driver/RawProcess/"  # spawning and signalling child processes
)
# Not library code: the child program the driver tests launch. Its signal handler writes
# with write(2), which is unsafe by nature and allowed there alone.
exempt=("Sources/RelayTestingFixture/")

# Reads a build log; prints each memory-safety diagnostic outside the perimeter (once) as
# path:line:column: text, relative to `root`; exits 1 if there is any.
outside_perimeter() {
    local root=$1; shift
    local -a inside=("$@")
    local found=0 line path relative allowed prefix
    while IFS= read -r line; do
        path=${line%%:*}
        relative=${path#"$root"/}
        allowed=0
        for prefix in "${inside[@]}"; do
            [[ "$relative" == "$prefix"* ]] && allowed=1
        done
        if [ "$allowed" -eq 0 ]; then
            echo "  ${relative}${line#"$path"}"
            found=1
        fi
    done < <(grep -E '^/[^:]+:[0-9]+:[0-9]+: (warning|error): .*\[#StrictMemorySafety\]' | sort -u)
    [ "$found" -eq 0 ]
}

if [ "${1:-}" = "--self-test" ]; then
    fixture=$(mktemp -d)
    trap 'rm -rf "$fixture"' EXIT
    mkdir -p "$fixture/Sources/Lib/Inside"
    cat >"$fixture/Package.swift" <<'EOF'
// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "Lib", targets: [.target(name: "Lib")])
EOF
    cat >"$fixture/Sources/Lib/Inside/Raw.swift" <<'EOF'
public func firstByte(_ bytes: [UInt8]) -> UInt8? { bytes.withUnsafeBufferPointer { $0.first } }
EOF
    # Outside the perimeter: an implicit `&` pointer conversion, as a regex would miss it.
    cat >"$fixture/Sources/Lib/Plain.swift" <<'EOF'
import Foundation
public func isFolder(_ path: String) -> Bool {
    var folder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
}
EOF
    log=$(cd "$fixture" && swift build -Xswiftc -strict-memory-safety 2>&1) || { echo "$log"; echo "check-memory-safety --self-test: the fixture did not build" >&2; exit 2; }
    report=$(outside_perimeter "$fixture" "Sources/Lib/Inside/" <<<"$log" || true)
    if ! grep -q '^  Sources/Lib/Plain.swift:4:' <<<"$report" || grep -q 'Inside/' <<<"$report"; then
        echo "check-memory-safety --self-test: expected exactly Sources/Lib/Plain.swift:4 to be flagged; got:" >&2
        echo "${report:-<nothing>}" >&2
        exit 2
    fi
    echo "check-memory-safety --self-test: the implicit pointer outside the perimeter is flagged, the one inside is not"
    exit 0
fi

# From scratch every time: an incremental build would not compile (so not report) a file
# that did not change since the last run.
rm -rf .build-safety
log=$(swift build --scratch-path .build-safety -Xswiftc -strict-memory-safety 2>&1) || { echo "$log"; exit 1; }
sites=$(grep -cE '^/[^:]+:[0-9]+:[0-9]+: warning: .*\[#StrictMemorySafety\]' <<<"$log" || true)
if [ "$sites" -eq 0 ]; then
    # Every build of this package has unsafe code inside the perimeter: no diagnostic at all
    # means the flag did not take effect, and the check would pass whatever the code says.
    echo "check-memory-safety: the strict build reported no unsafe site at all; was -strict-memory-safety applied?" >&2
    exit 2
fi
for folder in "${perimeter[@]}"; do
    [ -d "$folder" ] || { echo "check-memory-safety: perimeter folder $folder does not exist; update the list in $0" >&2; exit 2; }
done
if ! report=$(outside_perimeter "$PWD" "${perimeter[@]}" "${exempt[@]}" <<<"$log"); then
    echo "check-memory-safety: unsafe code outside the perimeter (${perimeter[*]}):"
    echo "$report"
    echo "Move it into a perimeter folder behind a safe API, or write it in plain Swift."
    exit 1
fi
echo "check-memory-safety: $(grep -E '^/[^:]+:[0-9]+:[0-9]+: warning: .*\[#StrictMemorySafety\]' <<<"$log" | sort -u | wc -l) unsafe sites, all inside the perimeter (${#perimeter[@]} folders)"
