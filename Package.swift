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
        .executable(name: "solver-bench", targets: ["solver-bench"]),
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
    ]
)
