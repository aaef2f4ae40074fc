// swift-tools-version:6.0
// LayoutBench: a benchmark harness for an Auto Layout–style engine.
// Dependencies point one way: solver ← view layer ← scenarios ← worker;
// statistics ← analysis ← report; libpq wrapper ← store ← harness.
import PackageDescription

let package = Package(
    name: "LayoutBench",
    // No `platforms`: Linux is what is built and tested. The allocation
    // counter forwards to glibc's allocator and a layout test reads glibc's
    // malloc_usable_size, so a macOS build is not claimed.
    // Internal modules need no library products; the executables are the products.
    products: [
        .executable(name: "solver-bench", targets: ["solver-bench"]),
        .executable(name: "layoutbench-worker", targets: ["layoutbench-worker"]),
        .executable(name: "report-bench", targets: ["report-bench"]),
        .executable(name: "layoutbench", targets: ["layoutbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // Tests only: the exact LP that judges the solver works in rationals of any size.
        .package(url: "https://github.com/attaswift/BigInt", exact: "6.0.1"),
    ],
    targets: [
        // The engine, part 1: an incremental Cassowary-family simplex solver.
        .target(name: "LayoutSolver", swiftSettings: [
            // The solver is the thing being measured: drop bounds and overflow
            // checks in release builds (the tests run the checked debug build).
            .unsafeFlags(["-Ounchecked", "-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]),
        .executableTarget(name: "solver-bench", dependencies: ["LayoutSolver"]),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver", "Randomness",
                                                           .product(name: "BigInt", package: "BigInt")]),
        // Runs the built solver-bench executable (it must exist: `swift build` first, as `swift test` does).
        .testTarget(name: "SolverBenchTests", dependencies: ["solver-bench"]),

        // The engine's counter names, one list for the view layer that counts and
        // the scenario catalog that checks workload files against them.
        .target(name: "EngineCounterNames"),
        // Points, sizes, rects and insets shared by the view layer and the collection layouts.
        .target(name: "Geometry"),
        // SplitMix64, the one seeded generator: shared by the engine, the scenarios, the job queue and the statistics.
        .target(name: "Randomness"),

        // Collection view layouts without views: the layout protocol, flow and
        // mosaic layouts, and batch updates as a pure function. The view layer
        // wires them into a collection view.
        .target(name: "CollectionLayout", dependencies: ["Geometry", "Randomness"]),
        .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout", "CollectionTestSupport", "Randomness"]),
        // What the collection layout and view tests share: the random valid
        // batch-update generator.
        .target(name: "CollectionTestSupport", dependencies: ["CollectionLayout"], path: "Tests/CollectionTestSupport"),
        // The engine, part 2: the UIKit-like view layer (views, anchors,
        // constraints, intrinsic sizes, text, the render loop) on the solver.
        .target(name: "LayoutEngine", dependencies: ["LayoutSolver", "TextMeasurement", "Geometry", "EngineCounterNames"], swiftSettings: [
            // Measured like the solver: no exclusivity checks on every property access in release builds.
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]),
        // Reusable view hierarchies the benchmark scenarios drive.
        .target(name: "SampleViews", dependencies: ["LayoutEngine", "Randomness"]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "SampleViews", "EngineCounterNames"]),
        // The collection view: a scroll view that drives a CollectionLayout
        // with cells from a data source, reuse, self-sizing in the window's
        // engine (or a fresh engine per call, for comparison) and batch
        // updates; plus a self-sizing feed cell and FeedScroller. The
        // self-sizing-cells and batch-updates scenarios run through it with
        // `through: collection-view` (the default drives the layout object
        // alone). Depends on SampleViews for seeded text.
        .target(name: "CollectionViews", dependencies: ["LayoutEngine", "CollectionLayout", "Geometry", "SampleViews"]),
        .testTarget(name: "CollectionViewsTests", dependencies: ["CollectionViews", "CollectionTestSupport", "Randomness"]),

        // Text measurement for labels: FreeType loads fonts, HarfBuzz shapes.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .target(name: "TextMeasurement", dependencies: ["CFreeType", "CHarfBuzz"]),
        .testTarget(name: "TextMeasurementTests", dependencies: ["TextMeasurement", "Statistics", "Randomness"],
                    exclude: ["Fixtures/make_expected_widths.py"]),

        // The libpq wrapper the store and the harness sit on. CLibPQ only
        // exposes the C API; Postgres is the Swift surface over it.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "Postgres", dependencies: ["CLibPQ"]),
        // A private PostgreSQL cluster run from the installed server binaries
        // (initdb, pg_ctl) as the postgres account on a Unix socket: the
        // harness's database when none is given, and every database test's.
        .target(name: "EmbeddedCluster", dependencies: ["Postgres"]),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "EmbeddedCluster"]),
        // The versioned line protocol between the harness and a worker process.
        .target(name: "WorkerProtocol"),
        // Text from outside (workers, files) made safe to store and print:
        // control characters escaped visibly, lengths capped.
        .target(name: "UntrustedText"),
        // Workload files: the data model every side reads, and the YAML loader.
        .target(name: "Workloads", dependencies: ["UntrustedText", .product(name: "Yams", package: "Yams")]),
        // Descriptions of the scenario drivers (names, parameters, counters) for the
        // loader's checks; no engine inside, so the harness can link it.
        .target(name: "ScenarioCatalog", dependencies: ["Workloads", "EngineCounterNames"]),
        // The scenario drivers the worker runs (the engine side of the catalog).
        .target(name: "Scenarios", dependencies: ["ScenarioCatalog", "Workloads", "LayoutSolver", "Geometry", "TextMeasurement",
                                                 "CollectionLayout", "CollectionViews", "LayoutEngine", "SampleViews", "Randomness"]),
        // The worker: measurement loop, protocol I/O, allocation and memory meters, engine identity.
        // Its summaries use the same median as the analysis (Statistics is pure math, no harness).
        .target(name: "WorkerCore", dependencies: ["Scenarios", "ScenarioCatalog", "Workloads", "WorkerProtocol", "Statistics"]),
        // Allocation counts: CAllocationCounter defines malloc and its
        // siblings for the whole process (forwarding to glibc's), so only the
        // worker executable links it; test targets run the worker instead.
        // It also sets the worker's heap policy (HeapSettings).
        .target(name: "CAllocationCounter"),
        .target(name: "AllocationInterposer", dependencies: ["WorkerCore", "CAllocationCounter"]),
        .executableTarget(name: "layoutbench-worker", dependencies: [
            "WorkerCore", "AllocationInterposer", "Workloads", "ScenarioCatalog",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "ScenarioCatalog", "Workloads", "LayoutEngine", "LayoutSolver", "Randomness"]),
        // Runs the built layoutbench-worker executable (`swift build` first, as `swift test` does).
        .testTarget(name: "WorkerTests", dependencies: ["WorkerCore", "WorkerProtocol", "Workloads"]),
        .testTarget(name: "WorkloadsTests", dependencies: ["Workloads", "ScenarioCatalog", "Randomness"],
                    resources: [.copy("Fixtures")]),

        // The distributed job queue in PostgreSQL (leases, fencing, backoff,
        // rescue). The harness enqueues; `layoutbench agent` claims.
        .target(name: "JobQueue", dependencies: ["Postgres", "WorkerProtocol", "Randomness"], exclude: ["README.md"]),
        // A stand-in agent the queue's tests run as separate processes; it
        // "runs" trivial jobs (sleep, spin) instead of a worker.
        .executableTarget(name: "queue-test-agent", dependencies: ["JobQueue"], path: "Tests/queue-test-agent"),
        // Starts real agent processes (queue-test-agent must be built, as `swift test` does).
        .testTarget(name: "JobQueueTests", dependencies: ["JobQueue", "Postgres", "EmbeddedCluster", "Randomness", "queue-test-agent"]),
        // Results in PostgreSQL: schema and migrations, writes (samples by COPY)
        // and the read queries reports and comparisons use. Migrating the store
        // also runs the queue's own migrations.
        .target(name: "ResultStore", dependencies: ["Postgres", "WorkerProtocol", "Workloads", "JobQueue"]),
        .testTarget(name: "ResultStoreTests", dependencies: ["ResultStore", "JobQueue", "EmbeddedCluster"]),
        // Plans jobs, runs each in a worker process, spools and stores results.
        // It never links the engine it measures: workers are separate programs.
        .target(name: "Harness", dependencies: ["ResultStore", "Postgres", "EmbeddedCluster", "WorkerProtocol", "Workloads", "ScenarioCatalog", "JobQueue",
                                              "EngineBuilds", "ProcessGroups", "UntrustedText"]),
        // A test fixture, not a product: a worker that speaks the protocol and
        // misbehaves on request (crash, hang, garbage, exit codes).
        .executableTarget(name: "fixture-worker", dependencies: ["WorkerProtocol", "Randomness"], path: "Tests/fixture-worker"),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "UntrustedText", "Postgres", "EmbeddedCluster", "fixture-worker", "layoutbench",
                                                        "synthetic-worker", "JSONSchemaCheck", "BuildTestSupport"]),
        // Checks `--json` output against docs/schemas/ in the CLI tests.
        .target(name: "JSONSchemaCheck", path: "Tests/JSONSchemaCheck"),
        // The command users start with; wires store, harness and the subcommands.
        .executableTarget(name: "layoutbench", dependencies: [
            "Harness", "ResultStore", "JobQueue", "Analysis", "Report", "Comparison", "EngineBuilds", "Statistics", "VerdictCalibration",
            "ProcessGroups", "UntrustedText",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Distributed runs end to end: real `layoutbench agent` processes on a
        // password-protected PostgreSQL over loopback TCP (layoutbench,
        // layoutbench-worker and fixture-worker must be built, as `swift test`
        // does; the worker is run, never linked: it carries the allocation counter).
        .testTarget(name: "AgentTests", dependencies: ["Harness", "ResultStore", "JobQueue", "Postgres", "EmbeddedCluster",
                                                      "layoutbench", "fixture-worker", "JSONSchemaCheck", "BuildTestSupport"]),

        // Pure math for the analysis layer: summaries, bootstrap, regression,
        // complexity classification. Knows nothing of benchmarks.
        .target(name: "Statistics", dependencies: ["Randomness"]),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics", "Randomness"]),
        // Judging a candidate engine against a base: time, counters, digests, per cell and suite.
        .target(name: "Comparison", dependencies: ["Statistics", "Randomness"]),
        .testTarget(name: "ComparisonTests", dependencies: ["Comparison", "Statistics"]),
        // Child processes in a group of their own, ended as a whole on a
        // timeout, a Ctrl-C or the parent's death, with an allow-listed
        // environment. CProcessGroups is the fork/exec keeper underneath.
        .target(name: "CProcessGroups"),
        .target(name: "ProcessGroups", dependencies: ["CProcessGroups"]),
        .testTarget(name: "ProcessGroupsTests", dependencies: ["ProcessGroups"]),
        // Worker binaries for compare: git revisions built once per commit in cached worktrees.
        .target(name: "EngineBuilds", dependencies: ["ProcessGroups"]),
        .testTarget(name: "EngineBuildsTests", dependencies: ["EngineBuilds", "ProcessGroups", "BuildTestSupport"]),
        // Slow packages to stop mid-build and the processes left afterwards, for the build-stopping tests.
        .target(name: "BuildTestSupport", path: "Tests/BuildTestSupport"),
        // Runs the built `layoutbench compare` against real worker processes
        // (layoutbench-worker and the fixture) and a real PostgreSQL.
        // Runs layoutbench and layoutbench-worker as processes (never links the worker: it carries the allocation counter).
        .testTarget(name: "CompareTests", dependencies: ["layoutbench", "fixture-worker", "ResultStore", "Postgres", "EmbeddedCluster", "JSONSchemaCheck",
                                                        "BuildTestSupport"]),

        // Applies the statistics to a run: per-cell summaries, scaling fits,
        // variant ratios and the verdict on every workload expectation.
        // Input is plain `RunData`; knows nothing of the store or the engine.
        .target(name: "Analysis", dependencies: ["Statistics", "Workloads", "WorkerProtocol"]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis"]),
        // Calibration: real in-process kernels of known complexity, measured
        // and classified 20 times (verdict accuracy on this machine).
        .testTarget(name: "CalibrationTests", dependencies: ["Analysis", "Randomness"]),
        // Known timing laws t = A + C·g(n) with seeded log-normal noise, for
        // checking verdicts against the truth.
        .target(name: "SyntheticTimings", dependencies: ["Randomness"]),
        // Runs the real analysis on synthetic laws and tallies its verdicts.
        .target(name: "VerdictCalibration", dependencies: ["Analysis", "SyntheticTimings", "Workloads", "WorkerProtocol"]),
        // A worker (protocol v1) whose timings follow a known law: verdicts checked end to end.
        .executableTarget(name: "synthetic-worker", dependencies: ["WorkerProtocol", "SyntheticTimings"], path: "Tests/synthetic-worker"),
        .testTarget(name: "VerdictCalibrationTests", dependencies: ["VerdictCalibration", "SyntheticTimings", "synthetic-worker"]),
        // Renders a run and its analysis: static HTML, JSON, CSV, Markdown, terminal table.
        .target(name: "Report", dependencies: ["Analysis", "Comparison"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "Comparison"]),
        // Generates a synthetic 100,000-sample run and times analysis + report.
        .executableTarget(name: "report-bench", dependencies: ["Report"]),
    ]
)
