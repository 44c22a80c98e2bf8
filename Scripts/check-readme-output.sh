#!/usr/bin/env bash
# Runs every README shell example that shows its output and fails if the output differs.
#
# An example is a fenced code block in README.md with lines that start with `$ `. In such
# a block, each run of consecutive `$ ` lines is followed by the output that every one of
# those commands must print (standard output and standard error together, as a terminal
# shows them); blank lines at the end of an output are layout, not output. The commands
# of one block run in order in one shell, from the repository root, so `$ echo $?` sees
# the status of the command before it. Standard input is empty unless the command
# redirects it, and every RELAY_* variable of the calling environment is removed first.
#
# Skipped: `$ swift run -q relay-demo` with no arguments prints the recipe of *today*, so
# its output changes every day. It is still run, and must exit 0.
#
# Prints a diff for every mismatch and exits 1 if there is any.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

# The one example whose output depends on the date (see above).
date_dependent='swift run -q relay-demo'

tmp="$(mktemp -d "${TMPDIR:-/tmp}/relay-readme.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# Build first, so a build failure reads as one and not as a mismatch of every example.
swift build -q --product relay-demo

# Every fenced block with a `$ ` line, one file each: block-<first line number>.txt.
awk -v dir="$tmp" '
    /^```/ {
        if (inside) {
            if (hasCommand) { file = sprintf("%s/block-%05d.txt", dir, start); printf "%s", text > file; close(file) }
            inside = 0
        } else {
            inside = 1; start = NR + 1; text = ""; hasCommand = 0
        }
        next
    }
    inside { text = text $0 "\n"; if ($0 ~ /^\$ /) hasCommand = 1 }
' README.md

failures=0
examples=0
for block in "$tmp"/block-*.txt; do
    [ -e "$block" ] || continue
    first_line=$((10#$(basename "$block" .txt | sed 's/^block-//')))

    # Split the block into commands (with their README line numbers) and the expected
    # output of each run of commands.
    commands=(); lines=(); group_of=(); expected=()
    group=-1; previous_was_command=0; line_number=$first_line
    while IFS= read -r line || [ -n "$line" ]; do
        if [[ "$line" == '$ '* ]]; then
            if [ "$previous_was_command" = 0 ]; then group=$((group + 1)); expected[group]=""; fi
            commands+=("${line#\$ }"); lines+=("$line_number"); group_of+=("$group")
            previous_was_command=1
        else
            [ "$group" -ge 0 ] && expected[group]+="$line"$'\n'
            previous_was_command=0
        fi
        line_number=$((line_number + 1))
    done <"$block"

    # One shell for the whole block; each command's output goes to its own file, and the
    # status of the previous command is restored before the next one runs, for `echo $?`.
    runner="$tmp/run.sh"
    {
        echo 'cd "$1"'
        echo 'for name in $(compgen -e); do case "$name" in RELAY_*) unset "$name";; esac; done'
        echo '__status=0'
        for i in "${!commands[@]}"; do
            printf '( exit $__status ); { %s\n} >"$2/out-%d" 2>&1 </dev/null; __status=$?; echo $__status >"$2/status-%d"\n' \
                "${commands[i]}" "$i" "$i"
        done
    } >"$runner"
    bash "$runner" "$root" "$tmp"

    for i in "${!commands[@]}"; do
        examples=$((examples + 1))
        command="${commands[i]}"
        if [ "$command" = "$date_dependent" ]; then
            status="$(cat "$tmp/status-$i")"
            if [ "$status" != 0 ]; then
                echo "README.md:${lines[i]}: \`$command\` exited with status $status" >&2
                sed 's/^/    /' "$tmp/out-$i" >&2
                failures=$((failures + 1))
            fi
            continue
        fi
        # Command substitution drops trailing newlines, and with them trailing blank lines.
        want="$(printf '%s' "${expected[${group_of[i]}]}")"
        got="$(cat "$tmp/out-$i")"
        if [ "$want" != "$got" ]; then
            echo "README.md:${lines[i]}: the output of \`$command\` differs from the README (- README, + actual):" >&2
            diff -u <(printf '%s\n' "$want") <(printf '%s\n' "$got") | tail -n +3 | sed 's/^/    /' >&2 || true
            failures=$((failures + 1))
        fi
    done
done

if [ "$examples" = 0 ]; then
    echo "check-readme-output: no examples found in README.md" >&2
    exit 1
fi
if [ "$failures" != 0 ]; then
    echo "check-readme-output: $failures of $examples README examples do not match" >&2
    exit 1
fi
echo "check-readme-output: all $examples README examples match (the date-dependent one checked for exit status 0 only)"
