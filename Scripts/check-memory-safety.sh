#!/usr/bin/env bash
# Unsafe code lives only inside the perimeter, and the compiler is the judge.
#
# Builds every target of the package, test targets included, with `-strict-memory-safety`
# (in its own scratch path, so the normal build keeps its cache) and fails on any
# memory-safety diagnostic in a file outside the perimeter folders below. Everything
# outside them is plain Swift: no unsafe pointers (explicit or through an implicit
# `&value` / `String` → C string conversion), no `Unmanaged`, no unchecked casts, no C
# calls that take or return pointers.
#
# It also fails on the escape hatches the compiler takes on trust — the `unsafe`
# keyword, `@unchecked Sendable`, `nonisolated(unsafe)`, `@safe` and `@unsafe` — in any
# .swift file under Sources/ or Tests/ outside the perimeter, unless
# Scripts/memory-safety-exceptions.txt lists it with the argument why it is safe.
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
    "Sources/RelayContainer/Support/RawInput/"  # the environment, the working directory, a file's existence
    "Sources/RelayContainer/Support/RawOutput/" # one write(2) to standard error; a file replaced whole
    "Sources/Relay/InstructionSources/RawInput/" # argv bytes, regular-file reads, the control file's stat
    "Sources/RelayTesting/Driver/RawProcess/"  # spawning and signalling child processes, the image this code was loaded from
    "Tests/RelayTests/Raw/"                    # the tests' system calls: threads with a stack of an exact size, files, pipes, links
)
# Not library code: the child program the driver tests launch. Its signal handler writes
# with write(2), which is unsafe by nature and allowed there alone.
# Nor is the test runner SwiftPM generates into the scratch path.
exempt=("Sources/RelayTestingFixture/" ".build-safety/")
# The escape hatches allowed outside the perimeter, one a line: `path:symbol — why`.
exceptions="Scripts/memory-safety-exceptions.txt"

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

# Prints each escape hatch — the `unsafe` keyword, `@unchecked Sendable`,
# `nonisolated(unsafe)`, `@safe`, `@unsafe` — in the .swift files under `root`'s Sources/
# and Tests/, outside the folders given, that the exceptions file does not allow, as
# path:line: text; and each entry of the file that is malformed (no ` — ` and argument)
# or allows nothing any more. Exits 1 if there is any. An entry `path:symbol — why`
# allows the hatches on the lines of `path` that name `symbol` as a word. Comments and
# the text of one-line string literals are ignored.
escape_hatches() {
    local root=$1 allowed=$2; shift 2
    (cd "$root" && find Sources Tests -name '*.swift' 2>/dev/null | LC_ALL=C sort) \
        | ROOT=$root ALLOWED=$allowed perl -e '
            my @inside = @ARGV;
            my (@entries, $bad);
            if (open(my $list, "<", "$ENV{ROOT}/$ENV{ALLOWED}")) {
                while (<$list>) {
                    chomp; next if /^\s*(#|$)/;
                    if (/^([^:\s]+):([A-Za-z_][A-Za-z0-9_]*) \x{e2}\x{80}\x{94} \S/) { push @entries, [$1, $2, $., 0]; }
                    else { print "  $ENV{ALLOWED}:$.: not `path:symbol — why`: $_\n"; $bad = 1; }
                }
            }
            my $hatch = qr/\@unchecked\s+Sendable|\bnonisolated\s*\(\s*unsafe\s*\)|\@(?:safe|unsafe)\b|(?<![\w.\@(])unsafe\s+(?=[\w(&\[\$])/;
            FILE: while (my $path = <STDIN>) {
                chomp $path;
                for my $prefix (@inside) { next FILE if index($path, $prefix) == 0; }
                open(my $file, "<", "$ENV{ROOT}/$path") or next;
                while (my $line = <$file>) {
                    chomp(my $text = $line);
                    next if $text =~ m{^\s*//};
                    $text =~ s/"(?:[^"\\]|\\.)*"/""/g;
                    $text =~ s{//.*$}{};
                    next unless $text =~ $hatch;
                    my $ok = 0;
                    for my $entry (@entries) {
                        if ($entry->[0] eq $path && $text =~ /\b\Q$entry->[1]\E\b/) { $entry->[3]++; $ok = 1; }
                    }
                    next if $ok;
                    $line =~ s/^\s+//; chomp $line;
                    print "  $path:$.: $line\n"; $bad = 1;
                }
                close $file;
            }
            for my $entry (@entries) {
                next if $entry->[3];
                print "  $ENV{ALLOWED}:$entry->[2]: $entry->[0]:$entry->[1] allows nothing (gone or moved): remove the line\n"; $bad = 1;
            }
            exit($bad ? 1 : 0);
        ' "$@"
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
    # Escape hatches: inside the perimeter, allowed; outside, allowed only when listed.
    cat >"$fixture/Sources/Lib/Inside/Box.swift" <<'EOF'
final class InsideBox: @unchecked Sendable { var count = 0 }
EOF
    cat >"$fixture/Sources/Lib/Hatches.swift" <<'EOF'
final class Listed: @unchecked Sendable { let count = 0 }
final class Counter: @unchecked Sendable { var count = 0 }
nonisolated(unsafe) var shared = 0
func identity(_ value: Int) -> Int { unsafe value }
// A comment may say @unchecked Sendable, and a message "nonisolated(unsafe)".
let message = "unsafe words in a string: @unchecked Sendable"
EOF
    mkdir -p "$fixture/Scripts"
    printf '%s\n' '# path:symbol — why' 'Sources/Lib/Hatches.swift:Listed — immutable: one let of a Sendable type' \
        'Sources/Lib/Gone.swift:Removed — a file that no longer exists' >"$fixture/Scripts/exceptions.txt"
    log=$(cd "$fixture" && swift build -Xswiftc -strict-memory-safety 2>&1) || { echo "$log"; echo "check-memory-safety --self-test: the fixture did not build" >&2; exit 2; }
    report=$(outside_perimeter "$fixture" "Sources/Lib/Inside/" <<<"$log" || true)
    if ! grep -q '^  Sources/Lib/Plain.swift:4:' <<<"$report" || grep -q 'Inside/' <<<"$report"; then
        echo "check-memory-safety --self-test: expected exactly Sources/Lib/Plain.swift:4 to be flagged; got:" >&2
        echo "${report:-<nothing>}" >&2
        exit 2
    fi
    hatches=$(escape_hatches "$fixture" Scripts/exceptions.txt "Sources/Lib/Inside/" || true)
    flagged=$(grep -oE '^  (Sources/Lib/[A-Za-z/]+\.swift:[0-9]+|Scripts/exceptions\.txt:[0-9]+)' <<<"$hatches" | sed 's/^  //' | paste -sd' ')
    if [ "$flagged" != "Sources/Lib/Hatches.swift:2 Sources/Lib/Hatches.swift:3 Sources/Lib/Hatches.swift:4 Scripts/exceptions.txt:3" ]; then
        echo "check-memory-safety --self-test: expected Hatches.swift lines 2-4 and the stale exception (line 3) to be flagged; got:" >&2
        echo "${hatches:-<nothing>}" >&2
        exit 2
    fi
    echo "check-memory-safety --self-test: the implicit pointer outside the perimeter is flagged, the one inside is not;"
    echo "  unlisted @unchecked Sendable, nonisolated(unsafe) and unsafe outside it are flagged; a listed one, one inside, comments and strings are not; a stale exception is"
    exit 0
fi

# From scratch every time: an incremental build would not compile (so not report) a file
# that did not change since the last run.
rm -rf .build-safety
log=$(swift build --build-tests --scratch-path .build-safety -Xswiftc -strict-memory-safety 2>&1) || { echo "$log"; exit 1; }
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
if ! report=$(escape_hatches "$PWD" "$exceptions" "${perimeter[@]}" "${exempt[@]}"); then
    echo "check-memory-safety: escape hatches the compiler takes on trust, outside the perimeter and not allowed by $exceptions:"
    echo "$report"
    echo "Write it in plain Swift (a lock, a Sendable value), move it into a perimeter folder, or add 'path:symbol — why it is safe' to $exceptions."
    exit 1
fi
echo "check-memory-safety: $(grep -E '^/[^:]+:[0-9]+:[0-9]+: warning: .*\[#StrictMemorySafety\]' <<<"$log" | sort -u | wc -l) unsafe sites, all inside the perimeter (${#perimeter[@]} folders, tests included); $(grep -cvE '^[[:space:]]*(#|$)' "$exceptions") escape hatches outside it, each argued in $exceptions"
