#!/usr/bin/env python3
"""Where an app's bytes of Relay sit: run by `Scripts/measure-binary-cost.sh --breakdown`.

Usage: binary-cost-breakdown.py APP EMPTY — two unstripped release executables, the app
and the empty one built beside it. Prints, over the empty executable:
  1. the sections a stripped binary keeps (code, unwind tables, relocations, metadata…);
  2. the code and data symbols by part — each Relay module's own code, the standard
     library's generic code specialised for Relay's types — and, across them, by kind:
     text of errors, warnings and descriptions (the functions that build messages),
     Codable, Hashable/Equatable, metadata and witness tables;
  3. the largest symbols.
Deterministic for a toolchain, like the byte count itself (nm and swift demangle only).
"""
import collections
import re
import subprocess
import sys

app, empty = sys.argv[1], sys.argv[2]
KEPT = re.compile(r"^(\.text|\.eh_frame|\.eh_frame_hdr|\.rela\.dyn|\.rela\.plt|\.rodata|\.data\.rel\.ro|\.data|\.dynsym|\.dynstr|\.plt|\.got|\.got\.plt|swift5_.*|\.swift_modhash)$")


def sections(path):
    out = subprocess.run(["size", "-A", path], capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines()[2:]:
        parts = line.split()
        if len(parts) == 3 and parts[1].isdigit():
            found[parts[0]] = int(parts[1])
    return found


def group(name):
    if name in (".text", ".plt"):
        return "code (.text)"
    if name.startswith(".eh_frame"):
        return "unwind tables (.eh_frame, .eh_frame_hdr)"
    if name.startswith(".rela"):
        return "relocations (.rela.*)"
    if name.startswith("swift5_") or name == ".swift_modhash":
        return "Swift reflection metadata (swift5_*)"
    if name in (".rodata",):
        return "constants and strings (.rodata)"
    if name.startswith(".data"):
        return "type metadata and tables (.data*)"
    return "symbol tables and the rest"


mine, base = sections(app), sections(empty)
by_group = collections.Counter()
for name in set(mine) | set(base):
    if KEPT.match(name):
        by_group[group(name)] += mine.get(name, 0) - base.get(name, 0)
total = sum(by_group.values())
print(f"Sections over the empty executable ({total:,} bytes, before stripping's rounding):")
for name, size in by_group.most_common():
    print(f"  {size:>9,}  {name}")

# Symbols: nm sizes, demangled once.
rows = []
for line in subprocess.run(["nm", "-S", "--size-sort", app], capture_output=True, text=True, check=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 4 and parts[2] in "tTwWdDrRvV":
        rows.append((int(parts[1], 16), parts[3]))
names = subprocess.run(["swift", "demangle", "--compact"], input="\n".join(n for _, n in rows),
                       capture_output=True, text=True, check=True).stdout.split("\n")


def part(mangled, name):
    for prefix, label in (("$s14RelayContainer", "RelayContainer"), ("$s17RelayInstructions", "RelayInstructions"), ("$s5Relay", "Relay")):
        if mangled.startswith(prefix):
            return label
    if re.search(r"\b(RelayContainer|RelayInstructions|Relay)\.", name):
        return "standard library specialised for Relay's types"
    return None


TEXT = re.compile(r"\b(description|debugDescription|errorDescription|recoverySuggestion|fix|hint|note|message|warning|nearMiss\w*|suggestions|quoted\w*|escaped|Warning|Hint|NearMatch|UserText|ShellQuoting|Error)\b")


def kind(name):
    if "Codable" in name or "CodingKey" in name or "init(from:" in name or "encode(to:" in name or "Decoder" in name or "Encoder" in name:
        return "Codable"
    if re.search(r"\b(hash\(into|hashValue|__derived_\w+_equals|static .*\.== infix)", name):
        return "Hashable / Equatable"
    if re.search(r"metadata|descriptor|witness table|value witness|conformance", name):
        return "conformances: witness thunks and tables, metadata, descriptors"
    if name.startswith("generic specialization") or "specialization <" in name:
        if not re.search(r"^(function signature specialization <[^>]*> of )*generic specialization <.*> of (RelayContainer|RelayInstructions|Relay)\.", name):
            return "standard library generics specialised (sorts aside: dictionaries, sets, arrays)"
    if TEXT.search(name):
        return "messages: errors, warnings, descriptions"
    return "the rest (resolving, registering, the index…)"


by_part, by_kind, listed = collections.Counter(), collections.Counter(), []
for (size, mangled), name in zip(rows, names):
    label = part(mangled, name)
    if label is None:
        continue
    by_part[label] += size
    by_kind[kind(name)] += size
    listed.append((size, label, name))
print(f"\nRelay's code and data symbols ({sum(by_part.values()):,} bytes), by part:")
for label, size in by_part.most_common():
    print(f"  {size:>9,}  {label}")
print("by kind:")
for label, size in by_kind.most_common():
    print(f"  {size:>9,}  {label}")
print("the largest:")
for size, label, name in sorted(listed, reverse=True)[:15]:
    print(f"  {size:>9,}  {name[:150]}")
