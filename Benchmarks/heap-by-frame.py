#!/usr/bin/env python3
"""Sums a heaptrack flame graph by the deepest frame in the project's own sources: where a room's memory goes.

  heaptrack_print -f HEAPTRACK.zst --print-peaks 0 --print-allocators 0 --print-temporary 0 --print-leaks 0 \\
      -F /tmp/heap.fg --flamegraph-cost-type peak
  Benchmarks/heap-by-frame.py /tmp/heap.fg [--top 40] [--per N]

Each stack's cost goes to its deepest frame that names a Swift file (`(File.swift)`), else to its allocator's caller;
names are demangled with `swift demangle`. `--per N` also divides by N (rooms), in KB.
"""
import argparse
import collections
import re
import subprocess


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("flamegraph")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--per", type=int, default=0)
    args = parser.parse_args()
    by = collections.Counter()
    total = 0
    for line in open(args.flamegraph, encoding="utf-8", errors="replace"):
        stack, _, cost = line.rstrip("\n").rpartition(" ")
        if not cost.isdigit():
            continue
        frames = stack.split(";")
        ours = [frame for frame in frames if re.search(r"\([A-Z][A-Za-z+]*\.swift\)", frame)]
        key = ours[-1] if ours else (frames[-2] if len(frames) > 1 else frames[-1])
        by[key] += int(cost)
        total += int(cost)
    names = [name for name, _ in by.most_common(args.top)]
    demangled = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names), capture_output=True,
                               text=True).stdout.splitlines() or names
    print(f"total {total / 1e6:.2f} MB")
    for name, shown in zip(names, demangled):
        per = f"  {by[name] / args.per / 1e3:8.1f} KB each" if args.per else ""
        print(f"{by[name] / 1e6:8.2f} MB{per}  {shown[:160]}")


if __name__ == "__main__":
    main()
