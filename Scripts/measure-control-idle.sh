#!/usr/bin/env bash
# What an idle control channel costs a running program (docs/performance.md, "The control
# channel at rest"), on Linux: CPU time, and what each look at the control file asks the
# system.
#
#   bash Scripts/measure-control-idle.sh [seconds] [program]
#
# Starts `program` (default: the debug build of RelayTestingFixture, which injects and then
# sleeps) three times for `seconds` (default 20) each — without RELAY_CONTROL, with a
# control file at the default interval, and with RELAY_CONTROL_INTERVAL=1 — and prints the
# CPU it used (all threads, from /proc/PID/task/*/schedstat, as a share of one core). Then,
# if strace is installed, it runs the default-interval case once more under strace and
# prints the system calls that named the control file and the opens of the user database
# (/etc/passwd, /etc/group, /etc/nsswitch.conf): each look should be one stat and no open.
# Nothing here is a pass/fail check; CI does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
program=${2:-.build/debug/RelayTestingFixture}
[ -x "$program" ] || { echo "measure-control-idle: no $program; run swift build first" >&2; exit 2; }
[ -r /proc/self/stat ] || { echo "measure-control-idle: needs Linux /proc" >&2; exit 2; }

folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
chmod 700 "$folder"
control="$folder/control.relay"
printf '# an idle control file: nothing to apply\n' >"$control"
chmod 644 "$control"
# CPU time of process $1, all its threads, in nanoseconds (the scheduler's own count:
# finer than the 10 ms ticks of /proc/PID/stat).
cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ sum += $1 } END { printf "%d", sum }'; }

# Runs the program with the environment assignments given, lets it start, then prints the
# share of one core it used over `seconds`.
measure() {
    local label=$1; shift
    env "$@" "$program" inject forever >/dev/null 2>&1 &
    local pid=$!
    sleep 2
    local before after
    before=$(cpu_ns "$pid")
    sleep "$seconds"
    after=$(cpu_ns "$pid")
    kill "$pid"; wait "$pid" 2>/dev/null || true
    awk -v label="$label" -v ns=$((after - before)) -v s="$seconds" \
        'BEGIN { printf "%-44s %6.3f %% of a core (%.1f ms of CPU in %d s)\n", label, 100 * ns / 1e9 / s, ns / 1e6, s }'
}

echo "$program, $seconds s each, $(nproc) cores"
measure "no RELAY_CONTROL" RELAY_CONTROL=
measure "control file, default interval (100 ms)" RELAY_CONTROL="$control"
measure "control file, RELAY_CONTROL_INTERVAL=1" RELAY_CONTROL="$control" RELAY_CONTROL_INTERVAL=1

if ! command -v strace >/dev/null; then
    echo "strace not installed: skipping the system-call count"
    exit 0
fi
log="$folder/strace.log"
RELAY_CONTROL="$control" strace -f -qq -e trace=openat,open,stat,lstat,newfstatat,statx,readlink,readlinkat,getxattr,lgetxattr -o "$log" \
    "$program" inject forever >/dev/null 2>&1 &
tracer=$!
sleep "$seconds"
# End the program, not strace (which, told to stop, may keep tracing a multi-threaded one).
kill $(ps -o pid= --ppid "$tracer") 2>/dev/null || true
wait "$tracer" 2>/dev/null || true
# Every call naming the control file, other than the start-up read's open, is a look (or
# the check right after a read).
looks=$(grep -F "\"$control\"" "$log" | grep -cvE 'openat|open\(' || true)
users=$(grep -cE 'open(at)?\(.*"/etc/(passwd|group|nsswitch\.conf)"' "$log" || true)
echo "under strace for $seconds s: $looks looks at the control file, made of:"
grep -F "\"$control\"" "$log" | grep -vE 'openat|open\(' | sed -E 's/^[0-9]+ +//; s/\(.*//' | sort | uniq -c | sed 's/^/    /'
awk -v looks="$looks" -v users="$users" 'BEGIN { printf "  opens of /etc/passwd, /etc/group, /etc/nsswitch.conf: %d (%.2f per look)\n", users, looks ? users / looks : 0 }'
