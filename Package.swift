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
        .library(name: "Postgres", targets: ["Postgres"]),
    ],
    targets: [
        // The engine, part 1: an incremental Cassowary-family simplex solver.
        .target(name: "LayoutSolver"),
        .executableTarget(name: "solver-bench", dependencies: ["LayoutSolver"]),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver"]),

        // The libpq wrapper the store and the harness sit on. CLibPQ only
        // exposes the C API; Postgres is the Swift surface over it.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "Postgres", dependencies: ["CLibPQ"]),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres"]),
    ]
)
