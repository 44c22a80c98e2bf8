#!/usr/bin/env bash
# Proves that the README's Install snippet works as written: a new package that uses it
# resolves Relay and builds against both of its library products.
#
# The snippet is the text between `<!-- install-snippet -->` and `<!-- /install-snippet -->`
# in README.md (the working tree's copy). The script:
#
#   1. clones this repository into a temporary directory and points a `main` branch at
#      the committed HEAD (uncommitted changes are not part of the clone; tags are);
#   2. writes a scratch package whose Package.swift is the snippet, with the URL of its
#      one `.package(url:…)` line replaced by `file://` and the clone's path — whatever
#      follows the URL (`branch: "main"`, `from: "1.0.0"`, `revision: …`) is kept, so a
#      snippet that names a branch or tag the repository does not have fails here;
#   3. gives the snippet's targets, MyApp and MyAppTests, one small file each that imports
#      Relay and RelayTesting, and runs `swift build --build-tests` there.
#
# Everything lives in one temporary directory, removed at the end (set KEEP_TEMP=1 to keep
# it). Exits 0 when the scratch package builds, non-zero otherwise.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
readme="$root/README.md"

fail() { echo "check-install: $*" >&2; exit 1; }
command -v jq >/dev/null || fail "jq is needed to read Relay's platforms from its manifest"

# --- 1. The snippet -----------------------------------------------------------------------
snippet="$(awk '
    /<!-- \/install-snippet -->/ { inside = 0 }
    inside && !/^```/ { print }
    /<!-- install-snippet -->/ { inside = 1; found = 1 }
    END { if (!found) exit 1 }
' "$readme")" || fail "README.md has no <!-- install-snippet --> marker"
[ -n "$snippet" ] || fail "the install snippet in README.md is empty"

url_lines="$(grep -c '\.package(url: *"[^"]*"' <<<"$snippet" || true)"
[ "$url_lines" = 1 ] || fail "the install snippet must have exactly one .package(url: \"…\") line; it has $url_lines"

# --- 2. A clone of the committed HEAD ----------------------------------------------------
tmp="$(mktemp -d "${TMPDIR:-/tmp}/relay-check-install.XXXXXX")"
if [ "${KEEP_TEMP:-0}" = 1 ]; then
    echo "check-install: keeping $tmp"
else
    trap 'rm -rf "$tmp"' EXIT
fi

head="$(git -C "$root" rev-parse HEAD)"
# The clone's directory name is the package identity SwiftPM derives from the URL; the
# snippet's `package: "Relay"` needs it to be Relay.
clone="$tmp/Relay"
git clone --quiet --no-hardlinks "$root" "$clone"
git -C "$clone" cat-file -e "$head^{commit}" 2>/dev/null || git -C "$clone" fetch --quiet "$root" "$head"
git -C "$clone" checkout --quiet -B main "$head"
if [ -n "$(git -C "$root" status --porcelain -- Package.swift Sources)" ]; then
    echo "check-install: note: Package.swift or Sources has uncommitted changes; the check uses the committed HEAD ($head)" >&2
fi

# --- 3. The scratch package --------------------------------------------------------------
# The snippet does not declare platforms; on Apple platforms the scratch package needs at
# least Relay's, which are read from Relay's own manifest.
platforms="$(cd "$clone" && TMPDIR="$tmp" swift package dump-package | jq -r '
    [.platforms[]? | {macos: "macOS", ios: "iOS", tvos: "tvOS", watchos: "watchOS",
                      visionos: "visionOS", maccatalyst: "macCatalyst", driverkit: "DriverKit"}[.platformName] as $name
     | select($name != null) | ".\($name)(\"\(.version)\")"] | join(", ")')"

app="$tmp/MyApp"
mkdir -p "$app/Sources/MyApp" "$app/Tests/MyAppTests"
{
    echo '// swift-tools-version: 6.0'
    echo 'import PackageDescription'
    echo
    echo 'let package = Package('
    echo '    name: "MyApp",'
    echo "    platforms: [$platforms],"
    sed -E "s#(\\.package\\(url: *)\"[^\"]*\"#\\1\"file://$clone\"#" <<<"$snippet" | sed 's/^/    /'
    echo ')'
} >"$app/Package.swift"

cat >"$app/Sources/MyApp/Greeting.swift" <<'SWIFT'
import Relay

public protocol Greeting: Sendable { var text: String { get } }
struct LiveGreeting: Greeting { let text = "hello" }

public func registerDependencies() {
    DependencyContainer.global.register(Greeting.self) { _ in LiveGreeting() }
}
SWIFT

cat >"$app/Tests/MyAppTests/GreetingTests.swift" <<'SWIFT'
import MyApp
import Relay
import RelayTesting
import Testing

@Test(.injecting()) func resolvesTheGreeting() {
    registerDependencies()
    #expect(DependencyContainer.global.resolve(Greeting.self).text == "hello")
}

#if os(macOS) || os(Linux)
@Test func driverHelpersAreVisible() {
    #expect(InstructionChannel.allCases.count == 4)
    _ = DriverLaunch(.product("my-app"))
}
#endif
SWIFT

echo "check-install: Package.swift of the scratch package:"
sed 's/^/    /' "$app/Package.swift"

# Its own scratch path, no shared repository cache, and TMPDIR inside $tmp (SwiftPM puts
# its lock files there), so nothing outside $tmp is used or left behind.
if ! TMPDIR="$tmp" swift build --build-tests --package-path "$app" --scratch-path "$app/.build" --disable-dependency-cache --manifest-cache local; then
    fail "the README's install snippet does not resolve or build (see above)"
fi
echo "check-install: the README's install snippet resolves and builds against $head"
