#!/usr/bin/env bash
# Repeats `layoutbench compare` between the release worker and itself, the
# candidate optionally made slower by a known fraction (LAYOUTBENCH_INJECT_SLOWDOWN,
# a busy wait inside every timed sample), and tallies the verdicts: how often
# an A/A run raises an alarm, how often a known slowdown is caught.
#
#   swift build -c release --product layoutbench && swift build -c release --product layoutbench-worker
#   Scripts/compare_campaign.sh RUNS [SLOWDOWN] [OUT_DIR] [-- extra compare flags]
#
# SLOWDOWN 0 (the default) is A/A. Each run writes OUT_DIR/run-K/ (HTML,
# comparison.json); the tally goes to OUT_DIR/tally.txt. Run it on a quiet
# machine: every timing job shares the two cores with whatever else runs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:?usage: compare_campaign.sh RUNS [SLOWDOWN] [OUT_DIR] [-- compare flags]}
slowdown=${2:-0}
out=${3:-Reports/campaign-$(date +%Y%m%d-%H%M%S)}
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = "--" ] && shift
worker="$PWD/.build/release/layoutbench-worker"
[ -x "$worker" ] && [ -x .build/release/layoutbench ] || {
  echo "compare_campaign: build first: swift build -c release --product layoutbench && swift build -c release --product layoutbench-worker" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
candidate="$worker"
if [ "$slowdown" != 0 ]; then
  # The worker runs in place; the wrapper only sets the slowdown.
  candidate="$out/slowed-worker"
  printf '#!/bin/sh\nLAYOUTBENCH_INJECT_SLOWDOWN=%s exec %q "$@"\n' "$slowdown" "$worker" > "$candidate"
  chmod +x "$candidate"
fi
for k in $(seq 1 "$runs"); do
  start=$(date +%s)
  set +e
  .build/release/layoutbench compare "$worker" "$candidate" --out "$out/run-$k" "$@" > "$out/run-$k.log" 2>&1
  code=$?
  set -e
  echo "run $k: exit $code, $(( $(date +%s) - start )) s, load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/runs.txt"
done
python3 - "$out" "$runs" "$slowdown" <<'EOF' | tee "$out/tally.txt"
import json, sys, collections
out, runs, slowdown = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
alarms = {"slower", "faster", "more work", "less work", "behaviour changed", "error"}
by_workload = collections.Counter()   # workload -> runs where it was flagged slower
any_alarm_runs, workload_trials, cell_trials, cell_verdicts, seconds = 0, 0, 0, collections.Counter(), []
false_alarm_workloads = collections.Counter()
for k in range(1, runs + 1):
    try:
        data = json.load(open(f"{out}/run-{k}/comparison.json"))
    except OSError:
        print(f"run {k}: no comparison.json (see {out}/run-{k}.log)"); continue
    seconds.append(data["seconds"])
    for c in data["cells"]: cell_verdicts[c["verdict"]] += 1
    cell_trials += len(data["cells"])
    flagged = {w for w, v in data["workloads"].items() if v in alarms}
    workload_trials += len(data["workloads"])
    if flagged: any_alarm_runs += 1
    for w, v in data["workloads"].items():
        if v == "slower": by_workload[w] += 1
        if v in alarms and v != "slower": false_alarm_workloads[f"{w}: {v}"] += 1
n = len(seconds)
seconds.sort()
print(f"slowdown injected: {slowdown:.1%}; runs with results: {n} of {runs}; median wall {seconds[n // 2] if n else 0:.0f} s")
print("cell verdicts:", dict(sorted(cell_verdicts.items())))
if slowdown == 0:
    total = sum(by_workload.values()) + sum(false_alarm_workloads.values())
    print(f"A/A runs with any alarm: {any_alarm_runs} of {n}; workload alarms: {total} of {workload_trials} workload comparisons")
    cell_alarms = sum(v for k, v in cell_verdicts.items() if k in alarms)
    print(f"cell alarms: {cell_alarms} of {cell_trials} cell comparisons")
    for w, c in sorted((by_workload + false_alarm_workloads).items()): print(f"  {w} (slower)" if ':' not in w else f"  {w}", c)
else:
    caught = sum(by_workload.values())
    print(f"workloads flagged slower: {caught} of {workload_trials} workload comparisons ({caught / max(workload_trials, 1):.1%})")
    # Every cell carries the slowdown, so each cell is a trial too (a stricter rate: one cell, not any cell of a workload).
    print(f"cells flagged slower: {cell_verdicts['slower']} of {cell_trials} ({cell_verdicts['slower'] / max(cell_trials, 1):.1%}); "
          f"unknown {cell_verdicts['unknown']}, same {cell_verdicts['same']}, faster {cell_verdicts['faster']}")
    print("other alarms:", dict(false_alarm_workloads) or "none")
EOF
