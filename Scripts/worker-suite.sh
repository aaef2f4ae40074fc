#!/bin/bash
# Runs every job of Workloads/ (every workload, variant and size, default
# measurement settings) through the release worker, one after another, and
# prints one line per job plus the total wall time. A stand-in for the
# harness's full run, to check the default suite's duration.
#   Scripts/worker-suite.sh [WORKER] [WORKLOADS_DIR]
set -euo pipefail
worker=${1:-.build/release/layoutbench-worker}
dir=${2:-Workloads}
start=$(date +%s.%N)
failed=0
"$worker" --list-jobs "$dir" | while read -r file variant size; do
    t0=$(date +%s.%N)
    if out=$("$worker" --workload "$file" --variant "$variant" --size "$size" --json 2>/tmp/worker-suite.err); then
        line=$(printf '%s\n' "$out" | tail -n 1)
        median=$(printf '%s' "$line" | sed -n 's/.*"median_seconds":\([^,]*\).*/\1/p')
        printf '%-22s %-20s %8s  median %-12s job %.2fs\n' "$(basename "$file" .yaml)" "$variant" "$size" "$median" \
            "$(echo "$(date +%s.%N) - $t0" | bc)"
    else
        printf '%-22s %-20s %8s  FAILED: %s\n' "$(basename "$file" .yaml)" "$variant" "$size" "$(head -c 200 /tmp/worker-suite.err)"
    fi
done
echo "total $(echo "$(date +%s.%N) - $start" | bc) s"
