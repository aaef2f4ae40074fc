#!/usr/bin/env python3
"""Summarises a refcount census: operations per step, by type and by call site.

usage: summarise.py CENSUS_FILE WORKER_BINARY STEPS [TOP]
Call sites in the worker are named by the function around them (nm), demangled.
"""
import bisect
import collections
import signal
import subprocess
import sys

signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # `| head` is a normal way to read it

census, binary, steps = sys.argv[1], sys.argv[2], float(sys.argv[3])
top = int(sys.argv[4]) if len(sys.argv) > 4 else 25

symbols = []
for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tTwW":
        symbols.append((int(parts[0], 16), parts[2]))
symbols.sort()
starts = [a for a, _ in symbols]

types, sites = collections.Counter(), collections.Counter()
for line in open(census):
    kind, rest = line.split(" ", 1)
    if kind == "T":
        n, name = rest.rstrip("\n").split(" ", 1)
        types[name] += int(n)
    elif kind == "C":
        left, module = rest.rstrip("\n").split(" | ")
        n, offset, name = left.split(" ", 2)
        if module.endswith(binary.split("/")[-1]):
            i = bisect.bisect_right(starts, int(offset, 16)) - 1
            where = symbols[i][1] if i >= 0 else "?"
        else:
            where = module.split("/")[-1]
        sites[(name, where)] += int(n)

names = sorted({w for _, w in sites})
demangled = dict(zip(names, subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names),
                                           capture_output=True, text=True).stdout.split("\n")))
short = lambda t: t.replace("Swift._ContiguousArrayStorage", "[]")
print(f"atomic reference-count operations per step: {sum(types.values()) / steps:,.0f}")
print("\nby type:")
for name, n in types.most_common(top):
    print(f"{n / steps:10,.0f}  {short(name)}")
print("\nby call site:")
for (name, where), n in sites.most_common(top):
    print(f"{n / steps:10,.0f}  {short(name)[:44]:44}  {demangled.get(where, where)[:100]}")
