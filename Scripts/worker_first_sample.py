# Start-to-first-sample and measurement overhead of layoutbench-worker, as the
# harness sees them: spawn with --protocol, write one job, time the hello and
# the first sample line; overhead is the summary's overhead_fraction (median
# time between samples / sample time), medians over 10 runs per job.
#   python3 Scripts/worker_first_sample.py .build/release/layoutbench-worker
import json, subprocess, sys, time, statistics, os
worker = sys.argv[1]
jobs = [("Workloads/long-row.yaml","build",100), ("Workloads/independent-blocks.yaml","independent",10), ("Workloads/mosaic.yaml","binary-search",1000), ("Workloads/cheap-operations.yaml","set-constant",100)]
for path, variant, size in jobs:
    hello, first, end, over = [], [], [], []
    for _ in range(10):
        t0 = time.perf_counter()
        p = subprocess.Popen([worker, "--protocol"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        p.stdin.write(json.dumps({"protocol":1,"workload_path":os.path.abspath(path),"variant":variant,"size":size,"seed":1})+"\n"); p.stdin.flush()
        th = tf = None
        for line in p.stdout:
            m = json.loads(line)
            if m["type"] == "hello" and th is None: th = time.perf_counter()
            if m["type"] == "sample" and tf is None: tf = time.perf_counter()
            if m["type"] in ("summary","error"): s = m
        p.wait()
        over.append(s.get('overhead_fraction', 0) * 100)
        hello.append((th-t0)*1e3); first.append((tf-t0)*1e3); end.append((time.perf_counter()-t0)*1e3)
    print(f"{path} {variant} {size}: hello {statistics.median(hello):.1f} ms, first sample {statistics.median(first):.1f} ms (min {min(first):.1f}, max {max(first):.1f}), job {statistics.median(end):.0f} ms; overhead median {statistics.median(over):.3f} % (max {max(over):.3f} %), iters/sample {s.get('iterations_per_sample')}")
