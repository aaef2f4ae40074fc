#!/usr/bin/env bash
# Times two variants of one workload against each other in interleaved
# rounds, for one or more worker binaries, and prints the medians and the
# median of each round's own ratio (with quartiles). The closing notes'
# time ratios (feed-cell build-constraints / build-manual at N = 100) come
# from this: on two shared cores, a ratio measured within one round moves
# far less with the machine's load than two medians taken minutes apart.
#
#   swift build -c release --product layoutbench-worker
#   Scripts/variant_rounds.sh ROUNDS SIZE [WORKER ...]
#
# WORKER defaults to .build/release/layoutbench-worker; give two (say, a
# copy of the worker built at an older commit, and today's) to compare
# them in the same rounds: the last line is then each round's ratio of
# the second worker's first variant to the first worker's.
# Environment: WORKLOAD (default Workloads/feed-cell.yaml), VARIANTS
# (default "build-constraints build-manual"), SAMPLES per process (default 5).
set -euo pipefail
usage="usage: variant_rounds.sh ROUNDS SIZE [WORKER ...]"
rounds=${1:?$usage}
size=${2:?$usage}
shift 2
workers=()
# Workers named relative to the caller's directory, before moving to the repository's.
for w in "$@"; do case $w in /*) workers+=("$w") ;; *) workers+=("$PWD/$w") ;; esac; done
workload=${WORKLOAD:-}
case $workload in ''|/*) ;; *) workload="$PWD/$workload" ;; esac
cd "$(dirname "$0")/.."
[ ${#workers[@]} -gt 0 ] || workers=("$PWD/.build/release/layoutbench-worker")
for w in "${workers[@]}"; do
    [ -x "$w" ] || { echo "variant_rounds: no worker at $w: build it first (swift build -c release --product layoutbench-worker)" >&2; exit 2; }
done
workload=${workload:-$PWD/Workloads/feed-cell.yaml}
[ -f "$workload" ] || { echo "variant_rounds: no workload file at $workload" >&2; exit 2; }
read -r -a variants <<< "${VARIANTS:-build-constraints build-manual}"
[ ${#variants[@]} -eq 2 ] || { echo "variant_rounds: VARIANTS must name two variants" >&2; exit 2; }
samples=${SAMPLES:-5}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

for r in $(seq "$rounds"); do
    for v in "${variants[@]}"; do
        for i in "${!workers[@]}"; do
            if ! line=$("${workers[$i]}" --workload "$workload" --size "$size" --samples "$samples" --json --variant "$v" 2>/dev/null | tail -n 1); then
                echo "variant_rounds: ${workers[$i]} failed on $v at size $size (round $r): run it by hand to see why" >&2
                exit 1
            fi
            printf '%s %s %s %s\n' "$r" "$v" "$i" "$line" >> "$out"
        done
    done
done

python3 - "$out" "${variants[0]}" "${variants[1]}" "${workers[@]}" <<'PY'
import json, statistics, sys
path, a, b, *workers = sys.argv[1:]
ms = {}
for line in open(path):
    r, v, i, js = line.split(' ', 3)
    ms[(int(r), v, int(i))] = json.loads(js)['median_seconds'] * 1000
rounds = sorted({k[0] for k in ms})
def quartiles(xs):
    xs = sorted(xs)
    return statistics.median(xs), xs[len(xs) // 4], xs[(3 * len(xs)) // 4]
for i, w in enumerate(workers):
    ta = [ms[(r, a, i)] for r in rounds]
    tb = [ms[(r, b, i)] for r in rounds]
    m, lo, hi = quartiles([x / y for x, y in zip(ta, tb)])
    print(f'{w}: {a} {statistics.median(ta):.4g} ms, {b} {statistics.median(tb):.4g} ms; '
          f'per-round {a}/{b} median {m:.3f} (quartiles {lo:.3f}-{hi:.3f}), {len(rounds)} rounds')
if len(workers) > 1:
    m, lo, hi = quartiles([ms[(r, a, 1)] / ms[(r, a, 0)] for r in rounds])
    print(f'{a}, second worker / first, per round: median {m:.3f} (quartiles {lo:.3f}-{hi:.3f})')
PY
