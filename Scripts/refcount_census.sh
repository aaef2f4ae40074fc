#!/usr/bin/env bash
# Counts the atomic reference-count operations (retain, release, unowned
# retain/release on objects that are not immortal) of one worker job, per
# step, by object type and by call site: where the feed-cell build's
# reference counting comes from.
#
#   swift build -c release --product layoutbench-worker
#   Scripts/refcount_census.sh [WORKLOAD] [VARIANT] [SIZE] [STEPS]
#
# Defaults: Workloads/feed-cell.yaml build-constraints 100 20. The job runs
# STEPS samples of one step each, plus its counted step; the counts cover
# the whole process (start-up is small beside 21 steps). Needs gcc.
# Environment: TOP, the rows of each table (default 25).
set -euo pipefail
cd "$(dirname "$0")/.."
workload=${1:-Workloads/feed-cell.yaml}
variant=${2:-build-constraints}
size=${3:-100}
steps=${4:-20}
worker="$PWD/.build/release/layoutbench-worker"
[ -x "$worker" ] || { echo "refcount_census: build first: swift build -c release --product layoutbench-worker" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swiftlib=$(dirname "$(command -v swift)")/../lib/swift/linux
gcc -O2 -shared -fPIC -o "$work/census.so" Scripts/refcount_census/census.c -ldl \
  -L"$swiftlib" -lswiftCore -Wl,-rpath,"$swiftlib"
REFCOUNT_CENSUS_OUT="$work/census.txt" LD_PRELOAD="$work/census.so" "$worker" --workload "$workload" \
  --variant "$variant" --size "$size" --samples "$steps" --warmup 0 --warmup-seconds 0 --min-sample-seconds 0 --json > "$work/job.json"
python3 Scripts/refcount_census/summarise.py "$work/census.txt" "$worker" $((steps + 1)) ${TOP:-25}
