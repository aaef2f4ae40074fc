#!/usr/bin/env python3
"""The kiwisolver side of solver-bench: the same blocks, the same operations.

solver-bench runs this script in a child process so both engines are measured
in one run on one machine. Prints one JSON object: {"workload", "n", "seconds"}
(seconds = median of --repeats runs; for "suggest", seconds per suggestion).

Block (see Sources/solver-bench/Blocks.swift): left, width, right, height;
  left == 150*i (required) — or, linked, left == previous.right + 10
  width == 100 (strong)      right == left + width (required)
  height >= 0.5*width (required)   height == 30 (weak, violated)
kiwi's strong/weak stand in for our 750/250.
"""
import argparse
import json
import statistics
import time

import kiwisolver as kiwi

FRAMES = 10
SUGGESTIONS = 10_000


class Block:
    def __init__(self, i, previous):
        self.left, self.width = kiwi.Variable(f"left{i}"), kiwi.Variable(f"width{i}")
        self.right, self.height = kiwi.Variable(f"right{i}"), kiwi.Variable(f"height{i}")
        if previous is not None:
            self.position = self.left == previous.right + 10
        else:
            self.position = self.left == 150 * i
        self.rebuild()

    def rebuild(self):
        self.constraints = [
            self.position,
            (self.width == 100) | "strong",
            self.right == self.left + self.width,
            self.height >= 0.5 * self.width,
            (self.height == 30) | "weak",
        ]


def blocks(n, linked):
    out = []
    for i in range(n):
        out.append(Block(i, out[-1] if linked and out else None))
    return out


def run(workload, n):
    linked = workload in ("linked", "linked-remove", "linked-remove-each")
    bs = blocks(n, linked)
    solver = kiwi.Solver()
    if workload not in ("independent", "linked"):
        for b in bs:
            for c in b.constraints:
                solver.addConstraint(c)
        solver.updateVariables()
    start = time.perf_counter()
    if workload in ("independent", "linked"):
        for b in bs:
            for c in b.constraints:
                solver.addConstraint(c)
        solver.updateVariables()
    elif workload in ("remove", "linked-remove"):
        for b in bs:
            for c in b.constraints:
                solver.removeConstraint(c)
        solver.updateVariables()
    elif workload == "linked-remove-each":
        for b in bs:
            for c in b.constraints:
                solver.removeConstraint(c)
            solver.updateVariables()
    elif workload == "remove-reverse":
        for b in reversed(bs):
            for c in reversed(b.constraints):
                solver.removeConstraint(c)
        solver.updateVariables()
    elif workload == "churn":
        for _ in range(FRAMES):
            for b in bs:
                for c in b.constraints:
                    solver.removeConstraint(c)
                b.rebuild()
                for c in b.constraints:
                    solver.addConstraint(c)
            solver.updateVariables()
    elif workload == "toggle":
        for frame in range(FRAMES):
            for b in bs:
                if frame % 2 == 0:
                    solver.removeConstraint(b.constraints[4])
                else:
                    solver.addConstraint(b.constraints[4])
            solver.updateVariables()
    elif workload == "suggest":
        b = bs[len(bs) // 2]
        solver.addEditVariable(b.width, 999_000)  # just under kiwi's required
        start = time.perf_counter()
        sink = 0.0
        for i in range(SUGGESTIONS):
            solver.suggestValue(b.width, 80 + i % 40)
            solver.updateVariables()
            sink += b.right.value()
        assert sink > 0
        return (time.perf_counter() - start) / SUGGESTIONS
    else:
        raise SystemExit(f"unknown workload {workload!r}")
    return time.perf_counter() - start


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--workload", required=True)
    p.add_argument("--n", type=int, required=True)
    p.add_argument("--repeats", type=int, default=3)
    a = p.parse_args()
    times = []
    for _ in range(max(1, a.repeats)):
        times.append(run(a.workload, a.n))
        if times[-1] > 10:  # one long run is quiet enough alone
            break
    print(json.dumps({"workload": a.workload, "engine": "kiwisolver", "n": a.n,
                      "seconds": statistics.median(times)}))


if __name__ == "__main__":
    main()
