#!/usr/bin/env bash
# Checks what the module walls cannot: that the folders inside each library module form
# layers with arrows pointing one way.
#
#   RelayContainer:     Support ← Container
#   RelayInstructions:  Instructions
#   Relay:              DynamicInjection ← {InstructionSources, Overrides}
#                       ← {CommandLine, LaunchArguments}
#
# (The modules depend on each other in that order — RelayContainer ← RelayInstructions ←
# Relay — and the compiler keeps a module from naming anything of one above it: those
# arrows need no check here.) A folder may use the folders to its
# left, never one to its right or a sibling in the same braces. "Uses" means: names a type,
# protocol or free function declared at the top level of a file in that folder (comments
# and the text of string literals are ignored: a message may tell the user to call an API
# of a higher layer; a free function a folder overloads with a higher layer's argument
# type is its own name there too). It also checks that the engine is sealed: only
# Container/Internal touches the lock, the registration tables, Registration and
# SingletonCell; and that no target calls into the Swift runtime or looks symbols up by
# name. Where unsafe code may live is judged by the compiler, not here:
# Scripts/check-memory-safety.sh. Prints every violation as path:line and exits 1 if there
# is any.
set -euo pipefail
cd "$(dirname "$0")/../Sources"

# module/rank:folder — equal ranks are siblings and may not use each other either; only
# folders of the same module are compared.
layers=(
    "RelayContainer/0:Support"
    "RelayContainer/1:Container"
    "RelayInstructions/0:Instructions"
    "Relay/1:DynamicInjection"
    "Relay/2:InstructionSources"
    "Relay/2:Overrides"
    "Relay/3:CommandLine"
    "Relay/3:LaunchArguments"
)

folder_of() { local entry=$1; echo "${entry%%/*}/${entry#*:}"; }
rank_of() { local entry=${1#*/}; echo "${entry%%:*}"; }
module_of() { echo "${1%%/*}"; }

known=$(for entry in "${layers[@]}"; do folder_of "$entry"; done | sort)
# The .docc folders are documentation catalogs, not layers; a module's own main file sits
# at its root.
actual=$(find Relay RelayInstructions RelayContainer -mindepth 1 -maxdepth 1 -type d ! -name '*.docc' | sort)
if [ "$known" != "$actual" ]; then
    echo "check-layers: the folders of Sources/Relay, Sources/RelayInstructions or Sources/RelayContainer changed; update the layer list in $0" >&2
    diff <(echo "$known") <(echo "$actual") >&2 || true
    exit 1
fi

# Top-level names declared in a folder, one per line.
declared() {
    grep -rhoE '^(public |package |internal |fileprivate |private |final |@[A-Za-z]+ )*(struct|class|enum|protocol|actor|typealias|func) [A-Za-z_][A-Za-z0-9_]*' --include='*.swift' "$1" \
        | awk '{print $NF}' | sort -u
}

# Source lines of a folder without comments: path:line:text.
code_lines() {
    grep -rnE --include='*.swift' '' "$1" | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'
}

# code_lines with the text of one-line string literals emptied ("…" becomes ""), for the
# uses check.
code_lines_without_strings() {
    code_lines "$1" | sed -E 's/"([^"\\]|\\.)*"/""/g'
}

status=0
for user in "${layers[@]}"; do
    user_rank=$(rank_of "$user"); user_dir=$(folder_of "$user")
    for used in "${layers[@]}"; do
        [ "$(module_of "$used")" = "$(module_of "$user")" ] || continue
        used_rank=$(rank_of "$used"); used_dir=$(folder_of "$used")
        [ "$used_dir" = "$user_dir" ] && continue
        [ "$used_rank" -lt "$user_rank" ] && continue
        names=$(comm -23 <(declared "$used_dir") <(declared "$user_dir"))
        [ -z "$names" ] && continue
        pattern="\\b($(echo "$names" | paste -sd'|'))\\b"
        hits=$(code_lines_without_strings "$user_dir" | grep -E "$pattern" || true)
        if [ -n "$hits" ]; then
            echo "$user_dir uses $used_dir, which is not below it:"
            echo "$hits" | sed 's/^/  /'
            status=1
        fi
    done
done

# The sealed engine.
sealed='\b(TypedRegistration|UntypedRegistration|SingletonCell|RegistrationTable|Registration)\b|\b(engine|shared)\.lock\b|\btable(\.|\[)|tablesChanged|activeOverrides|OverrideLayer|OverrideContext'
hits=$(for dir in $(find Relay RelayInstructions RelayContainer -mindepth 1 -maxdepth 1 -type d ! -name '*.docc'); do code_lines "$dir"; done \
    | grep -v '^RelayContainer/Container/Internal/' | grep -vE '^RelayContainer/Container/DependencyContainer\.swift:[0-9]+:[[:space:]]*(let (table|injected): RegistrationTable|(table|injected) = RegistrationTable\(scope: scope\))$' \
    | grep -E "$sealed" || true)
if [ -n "$hits" ]; then
    echo "only Container/Internal may touch the engine's lock, tables, registrations and override layers:"
    echo "$hits" | sed 's/^/  /'
    status=1
fi

# No runtime hooks anywhere in the package's sources: public API only.
hooks=$(grep -rnE --include='*.swift' --include='*.h' --include='*.c' '@_silgen_name|\bdlsym\b|\bdlopen\b|\bswift_[a-zA-Z_]+\(' * \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
if [ -n "$hooks" ]; then
    echo "calls into the Swift runtime or symbols looked up by name (use public API):"
    echo "$hooks" | sed 's/^/  Sources\//'
    status=1
fi

# No LockedState holds a function. Its `withLock` hands the value to a generic closure
# as `inout`; when the value is a function (also an optional one, or a tuple holding
# one), every `withLock { $0 }` re-wraps it in reabstraction thunks and writes the wrapped
# function back: the chain grows with each read, each call walks it, and it ends in a
# stack overflow. Wrap the function in a struct or a final class instead (issue 31).
# Flagged: `LockedState<…>` whose type argument has a `->` outside `[…]` and `<…>`, and
# `LockedState({` (a closure literal, the value's type inferred).
function_states() {
    perl -ne '
        my ($place, $text) = /^([^:]+:[0-9]+:)(.*)$/ or next;
        if ($text =~ /\bLockedState\s*\(\s*\{/) { print "$place$text\n"; next; }
        while ($text =~ /\bLockedState</g) {
            my ($depth, $i, $arrow) = (1, pos($text), 0);
            while ($depth > 0 && $i < length $text) {
                my $c = substr($text, $i, 1);
                if (substr($text, $i, 2) eq "->") { $arrow = 1 if $depth == 1; $i += 2; next; }
                $depth++ if $c eq "<" || $c eq "[";
                $depth-- if $c eq ">" || $c eq "]";
                $i++;
            }
            if ($arrow) { print "$place$text\n"; last; }
        }'
}
# The rule checks itself first: each shape below must be flagged, or not.
rule_check=$(printf '%s\n' \
    'bad:1:let a = LockedState<(@Sendable () -> Int)?>(nil)' \
    'bad:2:let b = LockedState<@Sendable (Int) -> Void>({ _ in })' \
    'bad:3:let c = LockedState<(Int, @Sendable () -> Void)>((0, {}))' \
    'bad:4:let d = LockedState({ @Sendable in 1 })' \
    'good:1:let e = LockedState<Provider?>(nil)' \
    'good:2:let f = LockedState<[String: @Sendable () -> Void]>([:])' \
    'good:3:let g = LockedState<Box<@Sendable () -> Void>>(Box {})' \
    'good:4:func h() -> LockedState<Int> { LockedState(0) }' \
    | function_states | cut -d: -f1 | sort | uniq -c | tr -s ' ' | sed 's/^ //')
if [ "$rule_check" != "4 bad" ]; then
    echo "check-layers: the LockedState-of-a-function rule is broken: flagged $(echo "$rule_check" | paste -sd' ') of the samples (expected 4 bad, 0 good)"
    status=1
fi
hits=$(code_lines . | sed 's|^\./||' | function_states || true)
if [ -n "$hits" ]; then
    echo "a LockedState holds a function (every read re-wraps it: wrap it in a struct):"
    echo "$hits" | sed 's/^/  /'
    status=1
fi

# One sort in the library: the standard library's sort, specialised for each element type
# it sorts, costs every app several kilobytes per type (docs/performance.md, "What an app
# pays"); the library's modules sort through `sortedStably` (Support/StableOrder.swift).
hits=$(for dir in RelayContainer RelayInstructions Relay; do code_lines_without_strings "$dir"; done \
    | grep -v '^RelayContainer/Support/StableOrder\.swift:' | grep -E '\.(sorted|sort)[[:space:]]*(\(|\{)' || true)
if [ -n "$hits" ]; then
    echo "a sort outside Support/StableOrder.swift (use sortedStably / sortStably):"
    echo "$hits" | sed 's/^/  /'
    status=1
fi

[ "$status" -eq 0 ] && echo "check-layers: ${#layers[@]} folders in 3 modules, arrows one way, engine sealed, no runtime hooks, no LockedState of a function, one sort"
exit "$status"
