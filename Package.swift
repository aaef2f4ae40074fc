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
    ],
    targets: [
        // The engine, part 1: an incremental Cassowary-family simplex solver.
        .target(name: "LayoutSolver"),
        .executableTarget(name: "solver-bench", dependencies: ["LayoutSolver"]),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver"]),
        // Pure math for the analysis layer: summaries, bootstrap, regression,
        // complexity classification. Knows nothing of benchmarks.
        .target(name: "Statistics"),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics"]),
    ]
)
