#!/usr/bin/env bash
# What an app pays for Relay: release bytes and clean-build CPU seconds.
#
# Builds, in a scratch package that depends on this repository by path, four release
# executables and strips them:
#   empty        no Relay at all: the baseline every other figure is measured against;
#   one-resolve  one registration and one resolve;
#   readme       the README's start-up exactly as written (Examples/MyApp's sources:
#                inject() at start-up, stubs indexed under #if DEBUG);
#   seed         the seed's start-up: 0.3.2-style code with dynamic injection under #if DEBUG.
# Prints each one's stripped size minus the empty one's, then the CPU seconds (user + sys)
# of a clean release build of the one-resolve app (Relay included) — CPU time varies with
# the machine's load, so it is printed, never checked.
#
# Bytes are deterministic for a toolchain: with --limit N the script fails when the
# readme or seed app carries more than N bytes of Relay. It also fails when the readme
# app's binary contains any of the instruction parser's messages (`strings`), the proof
# that a release app ships without the driver's machinery, and when that app, run with
# RELAY_REPORT_PATH and a -d, does not write the report saying its injection is off (what
# lets a driver fail at once).
#
# With --compare it also builds the same one-registration, one-resolve app over Swinject
# 2.10.0 (resolved like any package on this machine), measured the same way. With
# --breakdown it prints where the README app's bytes sit (sections, Relay's parts, kinds
# of code, the largest symbols: Scripts/binary-cost-breakdown.py).
#
# With --static it also prints the one-resolve app's bytes over the empty one when both are
# linked with --static-swift-stdlib, as server images often are: there every library an app
# links is in the binary, Foundation's included (and with --compare, Swinject's app too).
#
# Usage: bash Scripts/measure-binary-cost.sh [--limit BYTES] [--skip-cpu] [--compare] [--breakdown] [--static]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

limit=""
measure_cpu=1
compare=0
breakdown=0
static=0
while [ $# -gt 0 ]; do
    case "$1" in
        --limit) limit=$2; shift 2 ;;
        --skip-cpu) measure_cpu=0; shift ;;
        --compare) compare=1; shift ;;
        --breakdown) breakdown=1; shift ;;
        --static) static=1; shift ;;
        *) echo "usage: $0 [--limit BYTES] [--skip-cpu] [--compare] [--breakdown] [--static]" >&2; exit 2 ;;
    esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/relay-binary-cost.XXXXXX")
[ -n "${KEEP_WORK:-}" ] && echo "work: $work" || trap 'rm -rf "$work"' EXIT
pkg="$work/AppCost"
mkdir -p "$pkg/Sources/Empty" "$pkg/Sources/OneResolve" "$pkg/Sources/Readme" "$pkg/Sources/Seed"

cat > "$pkg/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "AppCost",
    platforms: [.macOS(.v10_15), .iOS(.v13)],
    dependencies: [.package(name: "Relay", path: "$root")],
    targets: [
        .executableTarget(name: "Empty"),
        .executableTarget(name: "OneResolve", dependencies: [.product(name: "Relay", package: "Relay")]),
        .executableTarget(name: "Readme", dependencies: [.product(name: "Relay", package: "Relay")]),
        .executableTarget(name: "Seed", dependencies: [.product(name: "Relay", package: "Relay")]),
    ],
    swiftLanguageModes: [.v6]
)
EOF

cat > "$pkg/Sources/Empty/main.swift" <<'EOF'
print(CommandLine.arguments.count)
EOF

cat > "$pkg/Sources/OneResolve/main.swift" <<'EOF'
import Relay

protocol Greeter: Sendable { func greet() -> String }
struct Hello: Greeter { func greet() -> String { "hello" } }

DependencyContainer.global.register(Greeter.self) { _ in Hello() }
print(DependencyContainer.global.resolve(Greeter.self).greet())
EOF

# The README's tour app, as the README shows it (Tests/RelayTests/ReadmeTourTests.swift
# keeps Examples/MyApp and the README equal).
cp Examples/MyApp/Sources/MyApp/*.swift "$pkg/Sources/Readme/"

cat > "$pkg/Sources/Seed/main.swift" <<'EOF'
// 0.3.2's README start-up: registries always, dynamic injection under #if DEBUG.
import Relay

protocol BackendServiceType: AnyObject { var name: String { get } }
final class LiveBackend: BackendServiceType { let name = "live backend" }
final class StubBackend: BackendServiceType { let name = "stub backend" }

extension DependencyTypeKey { static let backend = DependencyTypeKey("Seed.BackendServiceType") }
extension DependencyFactoryKey { static let backendStub = DependencyFactoryKey("Seed.BackendServiceType.Stub") }

final class DefaultRegistry: DependencyRegistryType {
    func registerDependencies() throws {
        DependencyContainer.global.register(BackendServiceType.self) { _ in LiveBackend() }
    }
}

#if DEBUG
final class TypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [.backend: BackendServiceType.self]
}
final class FactoryIndex: DependencyFactoryIndexable {
    let index: [DependencyFactoryKey: (DependencyContainer) -> Any] = [.backendStub: { _ in StubBackend() }]
}
#endif

do {
    try DefaultRegistry().registerDependencies()
    #if DEBUG
    DynamicDependencyIndex.shared.add(TypeIndex())
    DynamicDependencyIndex.shared.add(FactoryIndex())
    try CommandLine.parse(with: [InjectDependenciesArgumentParser()])
    #endif
} catch {
    fatalError("\(error)")
}
print(DependencyContainer.global.resolve(BackendServiceType.self).name)
EOF

echo "Building the four release executables (one scratch folder)…"
if ! log=$(swift build -c release --package-path "$pkg" --scratch-path "$work/build" 2>&1); then
    echo "$log"; exit 1
fi
bin="$work/build/release"
size() { strip -o "$work/stripped" "$bin/$1"; stat -c %s "$work/stripped"; }
empty=$(size Empty)
status=0
printf '%-12s %12s\n' "app" "bytes over an empty executable (release, stripped)"
for app in OneResolve Readme Seed; do
    bytes=$(( $(size "$app") - empty ))
    printf '%-12s %12d\n' "$app" "$bytes"
    if [ -n "$limit" ] && [ "$app" != OneResolve ] && [ "$bytes" -gt "$limit" ]; then
        echo "FAIL: $app carries $bytes bytes of Relay, over the limit of $limit"; status=1
    fi
done

# A driver that passes instructions to a release build without dynamic injection must learn
# at once that none was applied: the README app's inject() writes the fixed report that says
# so to RELAY_REPORT_PATH (DriverLaunch fails on it at once, even for a server). A misspelt
# -d, as a test might pass it: ignored, never parsed.
report="$work/report.json"
if ! output=$(RELAY_REPORT_PATH="$report" "$bin/Readme" -d 'type=MyApp.BackendServce,factroy=MyApp.BackendService.Stub' 2>&1); then
    echo "FAIL: the release readme app failed with RELAY_REPORT_PATH set:"; echo "$output"; status=1
elif ! grep -qF '"isApplied":false,"policy":{"isEnabled":false,"reason":"this release build has no dynamic injection; build Relay with its DynamicInjectionInRelease trait' "$report" 2>/dev/null; then
    echo "FAIL: the release readme app wrote no report saying its dynamic injection is off to RELAY_REPORT_PATH:"; cat "$report" 2>/dev/null; status=1
else
    echo "ok: the release readme app reports its dynamic injection off to RELAY_REPORT_PATH"
fi

# Foundation is not part of a release app's cost on Linux: the container reads the
# environment and files itself, and nothing a release build of Relay runs binds a symbol
# of Foundation or FoundationInternationalization (with its ICU data, tens of megabytes in
# a --static-swift-stdlib binary); only FoundationEssentials' LocalizedError, which 0.3's
# errors conform to. `import Relay` still makes Foundation's members visible, as in 0.3, so
# the dynamic libraries stay listed: the check is on the symbols the app binds. The
# one-resolve and seed apps import nothing but Relay (the README app imports Foundation).
if [ "$(uname -s)" = Linux ]; then
    for app in OneResolve Seed; do
        libraries=$(ldd "$bin/$app" | awk '/lib(Foundation|FoundationInternationalization)\.so / {print $3}')
        bound=$(comm -12 <(for library in $libraries; do nm -D --defined-only "$library" | awk '{print $NF}'; done | sort -u) \
                         <(nm -D --undefined-only "$bin/$app" | awk '{print $NF}' | sort -u))
        if [ -n "$bound" ]; then
            echo "FAIL: the release $app app binds Foundation symbols:"; swift demangle <<<"$bound"; status=1
        fi
    done
    [ "$status" = 0 ] && echo "ok: the release one-resolve and seed apps bind no symbol of Foundation (FoundationEssentials only)"
fi

# None of the instruction parser's messages may be in a release app.
parser_messages=("empty pair; remove the extra" "missing key before" "scope header is missing" "malformed Unicode escape")
for message in "${parser_messages[@]}"; do
    if strings "$bin/Readme" | grep -qF "$message"; then
        echo "FAIL: the release readme app contains the parser's message '$message'"; status=1
    fi
done

if [ "$breakdown" = 1 ]; then
    echo "Where the readme app's bytes sit:"
    python3 Scripts/binary-cost-breakdown.py "$bin/Readme" "$bin/Empty"
fi

# Bytes over the empty executable, both built in release with --static-swift-stdlib and
# stripped: one-resolve app of the package at $1, in scratch path $2.
static_bytes() {
    local product
    for product in Empty OneResolve; do
        swift build -c release --static-swift-stdlib --package-path "$1" --scratch-path "$2" --product $product >"$work/static.log" 2>&1 || { cat "$work/static.log"; exit 1; }
    done
    strip -o "$work/stripped" "$2/release/Empty"; local base; base=$(stat -c %s "$work/stripped")
    strip -o "$work/stripped" "$2/release/OneResolve"; echo $(( $(stat -c %s "$work/stripped") - base ))
}
if [ "$static" = 1 ]; then
    printf '%-12s %12d  (--static-swift-stdlib)\n' "OneResolve" "$(static_bytes "$pkg" "$work/static")"
fi

if [ "$measure_cpu" = 1 ]; then
    echo "Clean release build of the one-resolve app (Relay included), CPU seconds (varies with load):"
    TIMEFORMAT='  %U user + %S sys'
    time (swift build -c release --package-path "$pkg" --scratch-path "$work/cpu" --product OneResolve >"$work/cpu.log" 2>&1) \
        || { cat "$work/cpu.log"; exit 1; }
fi

if [ "$compare" = 1 ]; then
    other="$work/SwinjectCost"
    mkdir -p "$other/Sources/Empty" "$other/Sources/OneResolve"
    cat > "$other/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "SwinjectCost",
    platforms: [.macOS(.v10_15), .iOS(.v13)],
    dependencies: [.package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0")],
    targets: [
        .executableTarget(name: "Empty"),
        .executableTarget(name: "OneResolve", dependencies: ["Swinject"]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
    cp "$pkg/Sources/Empty/main.swift" "$other/Sources/Empty/"
    cat > "$other/Sources/OneResolve/main.swift" <<'SWIFT'
import Swinject

protocol Greeter { func greet() -> String }
struct Hello: Greeter { func greet() -> String { "hello" } }

let container = Container()
container.register(Greeter.self) { _ in Hello() }
print(container.resolve(Greeter.self)!.greet())
SWIFT
    swift build -c release --package-path "$other" --scratch-path "$work/swinject" >"$work/swinject.log" 2>&1 || { cat "$work/swinject.log"; exit 1; }
    strip -o "$work/stripped" "$work/swinject/release/Empty"; swinject_empty=$(stat -c %s "$work/stripped")
    strip -o "$work/stripped" "$work/swinject/release/OneResolve"
    printf '%-12s %12d\n' "Swinject" "$(( $(stat -c %s "$work/stripped") - swinject_empty ))"
    if [ "$static" = 1 ]; then
        printf '%-12s %12d  (--static-swift-stdlib)\n' "Swinject" "$(static_bytes "$other" "$work/swinject-static")"
    fi
    if [ "$measure_cpu" = 1 ]; then
        echo "Clean release build of the Swinject one-resolve app, CPU seconds:"
        time (swift build -c release --package-path "$other" --scratch-path "$work/swinject-cpu" --product OneResolve >/dev/null 2>&1)
    fi
fi
exit $status
