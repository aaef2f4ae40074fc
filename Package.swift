// swift-tools-version:6.0
// LayoutBench: a benchmark harness for an Auto Layout–style engine.
// Dependencies point one way: solver ← view layer ← scenarios ← worker;
// statistics ← analysis ← report; libpq wrapper ← store ← harness.
import PackageDescription

let package = Package(
    name: "LayoutBench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LayoutSolver", targets: ["LayoutSolver"]),
        .library(name: "Statistics", targets: ["Statistics"]),
        .executable(name: "solver-bench", targets: ["solver-bench"]),
        .library(name: "TextMeasurement", targets: ["TextMeasurement"]),
        .library(name: "Postgres", targets: ["Postgres"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "WorkerProtocol", targets: ["WorkerProtocol"]),
        .library(name: "Workloads", targets: ["Workloads"]),
        .library(name: "Analysis", targets: ["Analysis"]),
        .library(name: "Report", targets: ["Report"]),
        .executable(name: "report-bench", targets: ["report-bench"]),
    ],
    targets: [
        // The engine, part 1: an incremental Cassowary-family simplex solver.
        .target(name: "LayoutSolver", swiftSettings: [
            // The solver is the thing being measured: drop bounds and overflow
            // checks in release builds (the tests run the checked debug build).
            .unsafeFlags(["-Ounchecked", "-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]),
        .executableTarget(name: "solver-bench", dependencies: ["LayoutSolver"]),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver"]),
        // Runs the built solver-bench executable (it must exist: `swift build` first, as `swift test` does).
        .testTarget(name: "SolverBenchTests", dependencies: ["solver-bench"]),

        // Points, sizes, rects and insets shared by the view layer and the collection layouts.
        .target(name: "Geometry"),

        // Text measurement for labels: FreeType loads fonts, HarfBuzz shapes.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .target(name: "TextMeasurement", dependencies: ["CFreeType", "CHarfBuzz"]),
        .testTarget(name: "TextMeasurementTests", dependencies: ["TextMeasurement"],
                    exclude: ["Fixtures/make_expected_widths.py"]),

        // The libpq wrapper the store and the harness sit on. CLibPQ only
        // exposes the C API; Postgres is the Swift surface over it.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "Postgres", dependencies: ["CLibPQ"]),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres"]),
        // The versioned line protocol between the harness and a worker process.
        .target(name: "WorkerProtocol"),
        // Workload files: the data model every side reads, and the YAML loader.
        .target(name: "Workloads"),

        // Pure math for the analysis layer: summaries, bootstrap, regression,
        // complexity classification. Knows nothing of benchmarks.
        .target(name: "Statistics"),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics"]),

        // Applies the statistics to a run: per-cell summaries, scaling fits,
        // variant ratios and the verdict on every workload expectation.
        // Input is plain `RunData`; knows nothing of the store or the engine.
        .target(name: "Analysis", dependencies: ["Statistics", "Workloads", "WorkerProtocol"]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis"]),
        // Calibration: real in-process kernels of known complexity, measured
        // and classified 20 times (verdict accuracy on this machine).
        .testTarget(name: "CalibrationTests", dependencies: ["Analysis"]),
        // Renders a run and its analysis: static HTML, JSON, CSV, Markdown, terminal table.
        .target(name: "Report", dependencies: ["Analysis"]),
        .testTarget(name: "ReportTests", dependencies: ["Report"]),
        // Generates a synthetic 100,000-sample run and times analysis + report.
        .executableTarget(name: "report-bench", dependencies: ["Report"]),
    ]
)
