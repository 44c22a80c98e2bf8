#!/usr/bin/env bash
# Finds uses of toolchain API newer than the package's platform floor that nothing guards.
#
#   bash Scripts/check-availability.sh [Target ...]
#   bash Scripts/check-availability.sh --self-test
#
# Linux ignores Apple `@available`, so a call such as `Task.sleep(for:)` (macOS 13) builds
# and passes here and breaks the Apple builds of a package whose floor is macOS 10.15. This
# script is the Linux stand-in for the Apple compiler's availability check. It:
#
#   1. runs `swift build` (a no-op when CI has just built) so the modules the checked
#      targets import (Relay, RelayTesting, RelayDemo, RelayTestSupport) are current; the
#      test targets are type-checked from source, never built;
#   2. type-checks each checked target's sources with the compiler's own arguments (read
#      from .build/debug.yaml) plus `-dump-ast -dump-ast-format json`, which lists every
#      referenced declaration (by USR) and the type of every expression and declaration,
#      with source ranges, `@available` attributes and `if`/`guard #available` conditions;
#   3. asks `swift-symbolgraph-extract` for the public symbols of the toolchain's Swift,
#      _Concurrency, _StringProcessing, RegexBuilder, Synchronization, Observation, Dispatch,
#      Foundation (and FoundationEssentials, FoundationInternationalization,
#      FoundationNetworking) and Testing modules, with each symbol's Apple availability;
#      a member inherits its enclosing type's or extension's availability;
#   4. reports each referenced declaration, and each type named in an expression's or
#      declaration's type (so `Duration`, `ContinuousClock.Instant` and `Regex<…>` count even
#      when only inferred), whose macOS/iOS/tvOS/watchOS/visionOS availability is above the
#      floor in Package.swift and is not covered by an enclosing `@available` declaration,
#      `if #available` branch, code after `guard #available`, or the `else` of
#      `if #unavailable` (or code after `guard #unavailable`'s own `else`), at the version
#      and platform needed. The JSON dump spells `#unavailable` as `#available`; the
#      condition's source text tells them apart.
#
# Exit status: 0 and a one-line summary when nothing is found; 1 with one line per finding
# (path:line:column: ...), at most one per declaration and line; 2 when it cannot run.
#
# `--self-test` checks the checker instead (seconds, no build): it runs on a small file of
# guarded and unguarded uses, embedded below, and fails unless exactly the lines marked
# `REPORTED` are reported, so a toolchain whose AST dump changed shape cannot make it pass
# everything silently. CI runs it before the real check.
#
# What it can see, and what it cannot:
#   - Only what the Linux toolchain's modules declare. swift-corelibs-foundation's own API
#     (FileManager, Process, ProcessInfo, Thread, NSString, ...) carries almost no Apple
#     availability, so a Foundation API that is new on Apple platforms but unannotated here
#     is not found; the API FoundationEssentials provides (Date, Data, URL, String
#     encodings, format styles, ...) is annotated and is checked. Apple-only API (Combine,
#     os, ...) does not build on Linux at all, so it never reaches this script.
#   - Code under `#if os(macOS)` (or any branch not compiled on Linux) is not seen.
#   - visionOS is checked only where a declaration names visionOS itself; its implied
#     availability from iOS is not derived. Guards are matched per platform and version; a
#     guard that uses `*` for a platform does not raise that platform.
#   - `@backDeployed` API is reported like any other (the symbol graph does not say which
#     API is back-deployed); none is used in the checked targets today.
#   - Uses inside macro expansions (`#expect`, `@Test`) are reported at the macro's site.
#   - Two things Linux resolves differently from an Apple build are not reported: a
#     protocol requirement added after the floor that keeps an older default
#     implementation (FixedWidthInteger's `&*`, a requirement since macOS 15: the Apple
#     compiler calls the default implementation), and the `next(isolation:)` (macOS 15)
#     that `for await` calls where the target has it (the Apple compiler calls `next()`).
#   - Code that only refers to a type through a protocol or generic parameter whose
#     concrete type is never spelled or inferred in the checked sources is not seen.
set -euo pipefail
cd "$(dirname "$0")/.."

self_test=false
if [ "${1-}" = --self-test ]; then
    self_test=true
    shift
fi
targets=("$@")
if $self_test; then
    targets=(SelfTest)
elif [ ${#targets[@]} -eq 0 ]; then
    targets=(RelayContainer RelayInstructions Relay RelayTesting RelayTestSupport RelayTests RelayTestingTests RelayDriverTests)
fi

swiftc=$(command -v swiftc)
bin=$(dirname "$(readlink -f "$swiftc")")
for tool in swift-symbolgraph-extract swift-demangle; do
    [ -x "$bin/$tool" ] || { echo "check-availability: $tool not found next to $swiftc" >&2; exit 2; }
done

triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! $self_test; then
    build_log=$(swift build 2>&1) || { echo "$build_log"; echo "check-availability: swift build failed" >&2; exit 2; }
fi

# Symbol graphs of the toolchain modules, written while the targets are type-checked.
mkdir "$work/graphs"
(
    for module in Swift _Concurrency _StringProcessing RegexBuilder Synchronization Observation Dispatch \
                  Foundation FoundationEssentials FoundationInternationalization FoundationNetworking Testing; do
        "$bin/swift-symbolgraph-extract" -module-name "$module" -target "$triple" \
            -minimum-access-level public -output-dir "$work/graphs" >"$work/graphs/$module.log" 2>&1 ||
            echo "$module" >>"$work/graphs/failed"
    done
) &
graphs_pid=$!

# The self-test's file: each line that must be reported says REPORTED; no other may be.
cat >"$work/SelfTest.swift" <<'SWIFT'
import Foundation

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Array {
    func sleepsInAnAvailableExtension() async throws { try await Task.sleep(for: .seconds(1)) }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct AvailableType { var duration: Duration = .zero }

struct Stored { var duration: Duration? }                                  // REPORTED

func branches() async throws {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        try await Task.sleep(for: .milliseconds(1))
    } else {
        try await Task.sleep(for: .milliseconds(1))                       // REPORTED
    }
    if #available(macOS 12, iOS 16, tvOS 16, watchOS 9, *) {
        _ = ContinuousClock()                                             // REPORTED (macOS 12 < 13)
    }
    if #unavailable(macOS 13, iOS 16, tvOS 16, watchOS 9) {
        _ = Duration.zero                                                 // REPORTED
    } else {
        _ = Duration.zero
    }
    guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else {
        _ = SuspendingClock()                                             // REPORTED
        return
    }
    _ = ContinuousClock.now
}

func inferred(_ text: String) -> Bool {
    let later = { Date.now }                                              // REPORTED (macOS 12)
    _ = later
    _ = try? String(validating: Array(text.utf8), as: UTF8.self)         // REPORTED
    return text.contains(/a+b/)                                           // REPORTED
}

func floorSafe(_ key: UInt64, _ stream: AsyncStream<Int>) async throws -> UInt64 {
    try await Task.sleep(nanoseconds: 1)
    for await _ in stream {}
    return key &* 3
}
SWIFT

# The compiler's arguments for each target, as `swift build` would pass them, to dump its AST.
if $self_test; then
    printf '%s\n' "$swiftc" -module-name SelfTest -swift-version 6 -parse-as-library \
        -dump-ast -dump-ast-format json "$work/SelfTest.swift" >"$work/SelfTest.args"
else python3 - "$work" "${targets[@]}" <<'PY' || exit 2
import json, os, sys
work, targets = sys.argv[1], sys.argv[2:]
manifest = open(".build/debug.yaml").read()
for target in targets:
    start = manifest.find('"C.%s-' % target)
    if start < 0 or '-debug.module"' not in manifest[start:manifest.find("\n", start)]:
        sys.exit("check-availability: no Swift target %r in .build/debug.yaml" % target)
    def field(name):
        at = manifest.find("    %s: " % name, start)
        return json.loads(manifest[at + len(name) + 6:manifest.find("\n", at)])
    sources = [path for path in field("inputs") if path.endswith(".swift")]
    dropped = {"-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode",
               "-serialize-diagnostics", "-parseable-output", "-emit-objc-header", "-g", "-j2"}
    dropped_with_value = {"-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path"}
    arguments, given = [], iter(field("args"))
    for argument in given:
        if argument in ("-Xcc", "-Xfrontend", "-Xlinker"):
            arguments += [argument, next(given)]
        elif argument in dropped_with_value:
            next(given)
        elif not (argument.startswith("@") or argument in dropped or argument.startswith("-j")):
            arguments.append(argument)
    with open(os.path.join(work, target + ".args"), "w") as out:
        out.write("\n".join(arguments + ["-dump-ast", "-dump-ast-format", "json"] + sources) + "\n")
PY
fi

# Two type-checks at a time (the machine this runs on may have two cores).
dump() {
    local arguments
    mapfile -t arguments <"$work/$1.args"
    "${arguments[@]}" >"$work/$1.ast" 2>&1 || { echo "check-availability: type-checking $1 failed:" >&2; grep -E 'error:' "$work/$1.ast" | head -20 >&2; return 1; }
}
pids=()
for target in "${targets[@]}"; do
    dump "$target" &
    pids+=($!)
    if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}" || exit 2; pids=("${pids[@]:1}"); fi
done
for pid in "${pids[@]}"; do wait "$pid" || exit 2; done
wait "$graphs_pid"
if [ -f "$work/graphs/failed" ]; then
    # A module the toolchain does not ship (say FoundationNetworking on a minimal install)
    # is skipped; Swift, _Concurrency, Foundation and Testing must be there.
    for module in Swift _Concurrency Foundation Testing; do
        if grep -qx "$module" "$work/graphs/failed"; then
            cat "$work/graphs/$module.log" >&2
            echo "check-availability: no symbol graph for $module" >&2; exit 2
        fi
    done
fi

# Reads the ASTs and symbol graphs in $work; prints the findings.
analyse() {
python3 - "$work" "$bin/swift-demangle" "$PWD" "$@" <<'PY'
import glob, json, os, re, subprocess, sys
work, demangler, root, targets = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
sys.setrecursionlimit(100000)

PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")

def version(text):
    return tuple(int(part) for part in text.split(".")) + (0, 0, 0)[:3 - len(text.split("."))]

def spell(numbers):
    numbers = list(numbers)
    while len(numbers) > 1 and numbers[-1] == 0:
        numbers.pop()
    return ".".join(map(str, numbers))

# The floor, from Package.swift's `platforms:`.
package = open("Package.swift").read()
floor = {}
for platform, major, minor in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?\)", package):
    floor[platform] = version(major + ("." + minor if minor else ""))
if set(floor) != set(PLATFORMS):
    print("check-availability: could not read all five Apple platforms from Package.swift's platforms", file=sys.stderr)
    sys.exit(2)

# Symbols: own Apple availability, enclosing symbol, display name, kind.
own, parent, name, kind, defaults = {}, {}, {}, {}, {}
for path in glob.glob(os.path.join(work, "graphs", "*.symbols.json")):
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        usr = symbol["identifier"]["precise"]
        if "::SYNTHESIZED::" in usr:
            continue
        name[usr] = ".".join(symbol["pathComponents"])
        kind[usr] = symbol["kind"]["identifier"]
        introduced = {}
        for entry in symbol.get("availability") or []:
            if entry.get("domain") in PLATFORMS and "introduced" in entry:
                given = entry["introduced"]
                introduced[entry["domain"]] = (given.get("major", 0), given.get("minor", 0), given.get("patch", 0))
        if introduced:
            own[usr] = introduced
    for relationship in graph["relationships"]:
        if "::SYNTHESIZED::" in relationship["source"]:
            continue
        if relationship["kind"] == "memberOf":
            parent.setdefault(relationship["source"], relationship["target"])
        elif relationship["kind"] == "defaultImplementationOf":
            defaults.setdefault(relationship["target"], []).append(relationship["source"])

def requirement(usr):
    """The platforms on which `usr` is newer than the floor, and from which version."""
    needed, seen = {}, set()
    while usr is not None and usr not in seen:
        seen.add(usr)
        for platform, introduced in own.get(usr, {}).items():
            if introduced > floor[platform] and introduced > needed.get(platform, (0, 0, 0)):
                needed[platform] = introduced
        usr = parent.get(usr)
    return needed

newer = {}
for usr in name:
    needed = requirement(usr)
    # A protocol requirement added after the floor (say FixedWidthInteger's `&*`, a
    # requirement since macOS 15) that keeps an older default implementation: Linux
    # resolves a use to the requirement, the Apple compiler to the implementation.
    if needed and not any(not requirement(implementation) for implementation in defaults.get(usr, [])):
        newer[usr] = needed

# Types newer than the floor, by the qualified name the demangler prints for them.
type_kinds = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"}
newer_types = [usr for usr in newer if kind[usr] in type_kinds and usr.startswith("s:")]

def demangle(manglings):
    if not manglings:
        return []
    out = subprocess.run([demangler, "--compact"], input="\n".join(manglings) + "\n",
                         capture_output=True, text=True, check=True).stdout.split("\n")
    return out[:len(manglings)]

type_by_name = dict(zip(demangle(["$s" + usr[2:] for usr in newer_types]), newer_types))

def merged(context, adds):
    result = dict(context)
    for platform, introduced in adds.items():
        if introduced > result.get(platform, (0, 0, 0)):
            result[platform] = introduced
    return result

sources = {}
def source(file):
    if file not in sources:
        sources[file] = open(file, "rb").read()
    return sources[file]

def conditions(node, file, body):
    """The platform versions an `if`/`guard`/`while` condition list promises when it holds
    (`#available`) and when it fails (`#unavailable`). The JSON dump writes both as
    `#available`; the source text between the statement's start and its body tells them
    apart, in order."""
    queries = [entry for entry in node.get("conditions") or []
               if isinstance(entry, dict) and entry.get("_kind") in ("#available", "#unavailable")]
    holds, fails = {}, {}
    if not queries:
        return holds, fails
    spelled = []
    where, inner = node.get("range"), body.get("range") if isinstance(body, dict) else None
    if isinstance(where, dict) and isinstance(inner, dict) and "buffer_id" not in where and "buffer_id" not in inner:
        text = source(file)[where["start"]:inner["start"]].decode("utf-8", "replace")
        spelled = re.findall(r"#(available|unavailable)\b", text)
    if len(spelled) != len(queries):
        spelled = ["available" if entry["_kind"] == "#available" else "unavailable" for entry in queries]
    for entry, spelling in zip(queries, spelled):
        promised = holds if spelling == "available" else fails
        for query in entry.get("queries") or []:
            if query.get("domain") in PLATFORMS and "version" in query:
                promised[query["domain"]] = version(query["version"])
    return holds, fails

references = []  # (file, offset, usr, context)
typings = []     # (file, offset, mangled type, context)

counted = [0]

def walk(node, context, file, offset):
    if isinstance(node, list):
        for item in node:
            walk(item, context, file, offset)
        return
    if not isinstance(node, dict):
        return
    if node.get("_kind") == "for_each_stmt":
        # `for await` calls its iterator's `next(isolation:)` (macOS 15) where the target
        # has it and `next()` where it does not, so the call it desugars to is not a use.
        node = {key: value for key, value in node.items() if key != "next_call"}
    where = node.get("range")
    if isinstance(where, dict) and "buffer_id" not in where and "start" in where:
        offset = where["start"]  # inside a macro expansion, keep the macro's own site
    attributes = node.get("attrs")
    if isinstance(attributes, list):
        for attribute in attributes:
            if isinstance(attribute, dict) and attribute.get("_kind") == "available_attr" \
                    and attribute.get("domain") in PLATFORMS and "introduced" in attribute:
                context = merged(context, {attribute["domain"]: version(attribute["introduced"])})
    usr = node.get("decl_usr")
    if isinstance(usr, str):
        counted[0] += 1
        if usr in newer:
            references.append((file, offset, usr, context))
    for key in ("type", "interface_type", "result", "thrown_type"):
        value = node.get(key)
        if isinstance(value, str) and value.startswith("$s"):
            counted[0] += 1
            typings.append((file, offset, value, context))
    kind_ = node.get("_kind")
    if kind_ in ("if_stmt", "while_stmt"):
        body = node.get("then_stmt" if kind_ == "if_stmt" else "body")
        holds, fails = conditions(node, file, body)
        for key, value in node.items():
            if key in ("then_stmt", "body"):
                walk(value, merged(context, holds), file, offset)
            elif key == "else_stmt":
                walk(value, merged(context, fails), file, offset)
            else:
                walk(value, context, file, offset)
        return
    if kind_ == "guard_stmt":
        # The guard's own `else` runs when the condition fails; what follows the guard in
        # its block (below) runs when it holds.
        holds, fails = conditions(node, file, node.get("body"))
        for key, value in node.items():
            walk(value, merged(context, fails) if key == "body" else context, file, offset)
        return
    for key, value in node.items():
        if key == "elements" and kind_ == "brace_stmt" and isinstance(value, list):
            inner = context
            for element in value:
                walk(element, inner, file, offset)
                if isinstance(element, dict) and element.get("_kind") == "guard_stmt":
                    inner = merged(inner, conditions(element, file, element.get("body"))[0])
        elif isinstance(value, (dict, list)):
            walk(value, context, file, offset)

decoder = json.JSONDecoder()
for target in targets:
    text = open(os.path.join(work, target + ".ast"), errors="replace").read()
    at = 0
    while True:
        at = text.find('{"_kind":"source_file"', at)
        if at < 0:
            break
        tree, at = decoder.raw_decode(text, at)
        walk(tree, {}, tree["filename"], 0)

# A toolchain whose dump or symbol graphs changed shape would otherwise pass everything.
if counted[0] == 0 or len(newer) < 100:
    print("check-availability: read %d references from the AST dumps and %d newer symbols from the symbol graphs; "
          "has the toolchain's output format changed?" % (counted[0], len(newer)), file=sys.stderr)
    sys.exit(2)

# Which newer types each mangled type mentions.
distinct = sorted({mangled for _, _, mangled, _ in typings})
mentions = {}
for mangled, printed in zip(distinct, demangle(distinct)):
    found = []
    for qualified in re.findall(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+", printed):
        parts = qualified.split(".")
        for end in range(len(parts), 1, -1):
            usr = type_by_name.get(".".join(parts[:end]))
            if usr and usr not in found:
                found.append(usr)
    mentions[mangled] = found

lines = {}
def position(file, offset):
    if file not in lines:
        starts, data = [0], open(file, "rb").read()
        starts += [index + 1 for index, byte in enumerate(data) if byte == 10]
        lines[file] = starts
    starts = lines[file]
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low + 1, offset - starts[low] + 1

findings, reported = [], set()
def consider(file, offset, usr, context):
    unmet = {platform: introduced for platform, introduced in newer[usr].items()
             if context.get(platform, floor[platform]) < introduced}
    if not unmet:
        return
    line, column = position(file, offset)
    key = (file, line, usr)
    if key in reported:
        return
    reported.add(key)
    order = [platform for platform in PLATFORMS if platform in unmet]
    needs = " / ".join("%s %s" % (platform, spell(unmet[platform])) for platform in order)
    floors = " / ".join("%s %s" % (platform, spell(floor[platform])) for platform in order)
    shown = os.path.relpath(file, root) if file.startswith(root + os.sep) else file
    findings.append((shown, line, column, "%s:%d:%d: %s needs %s (floor %s); guard it with if #available or @available"
                     % (shown, line, column, name[usr], needs, floors)))

for file, offset, usr, context in references:
    consider(file, offset, usr, context)
for file, offset, mangled, context in typings:
    for usr in mentions[mangled]:
        consider(file, offset, usr, context)

for *_, message in sorted(findings):
    print(message)
if findings:
    print("check-availability: %d unguarded use(s) of API newer than the floor in %s" % (len(findings), ", ".join(targets)))
    sys.exit(1)
print("check-availability: %d declaration references and types in %s checked against %d toolchain symbols newer than the floor; none used unguarded"
      % (counted[0], ", ".join(targets), len(newer)))
PY
}

if $self_test; then
    status=0
    analyse SelfTest >"$work/self-test.out" || status=$?
    expected=$(grep -n 'REPORTED' "$work/SelfTest.swift" | cut -d: -f1)
    reported=$(grep -oE '^/[^:]+:[0-9]+' "$work/self-test.out" | cut -d: -f2 | sort -un)
    if [ "$status" = 1 ] && [ "$expected" = "$reported" ]; then
        echo "check-availability: self-test passed ($(grep -c 'needs' "$work/self-test.out") findings on the $(wc -l <<<"$expected") lines expected)"
        exit 0
    fi
    cat "$work/self-test.out"
    echo "check-availability: self-test failed: expected findings on lines" $expected "; got" $reported >&2
    exit 2
fi

analyse "${targets[@]}"
