import Foundation
import Testing
import LayoutSolver

/// Random sessions (RandomSteps.swift) checked after every step against the
/// reference LP (SolverSession.swift lists the properties). A new kind of
/// failure prints the 1-minimal sequence of solver calls that still fails the
/// same way; failures matching a `KnownBug` are recorded as known issues.
///
/// To search further, set `SOLVER_SEEDS=N` (and optionally
/// `SOLVER_FIRST_SEED`, `SOLVER_SIZE`, `SOLVER_SCALE`, `SOLVER_FRACTIONS`,
/// `SOLVER_BLOCKS`, `SOLVER_LINK_THRESHOLD`, `SOLVER_FOLD_THRESHOLD`,
/// `SOLVER_DEGENERATE=1`): then
/// `searchManySeeds` runs, prints a shrunk reproduction of every stopping
/// failure and tallies the known bugs.
@Suite struct SolverPropertyTests {
    static let seeds = 0..<UInt64(320)
    static let degenerate = RandomSteps.Options(cloneRate: 0.5, zeroRate: 0.1)

    @Test(arguments: seeds.split(into: 8))
    func randomSessionsMatchTheReference(seeds: Range<UInt64>) {
        for seed in seeds {
            report(SolverSession.random(seed: seed), seed: seed)
        }
    }

    /// Sessions with many redundant rows: half the constraints clone the terms
    /// of a live one, and coefficients are often 0.
    @Test func degenerateSessionsMatchTheReference() {
        for seed in UInt64(10_000)..<10_060 {
            report(SolverSession.random(seed: seed, options: Self.degenerate), seed: seed)
        }
    }

    /// The same sessions with every basic row linked, with rows of two terms
    /// or more linked, and with none: links change how rows are written,
    /// never the answers. Larger sessions in blocks, so links cross
    /// components that merge and split.
    @Test(arguments: [1, 2, Int.max])
    func linkedSessionsMatchTheReference(threshold: Int) {
        for seed in UInt64(0)..<160 {
            var options = RandomSteps.Options(linkThreshold: threshold)
            if seed % 2 == 1 { options.size = 10; options.blocks = 3 }
            let session = SolverSession.random(seed: seed, options: options)
            if let finding = session.finding {
                Issue.record("seed \(seed), link threshold \(threshold): \(finding.kind.rawValue): \(finding.detail)")
            }
        }
    }

    /// The same sessions with every row's dummies folded, as they come and
    /// through phase one, linked by default and not at all: folding changes
    /// how rows are written, never the answers.
    @Test(arguments: [(1, nil), (2, nil), (1, Int.max)] as [(Int, Int?)])
    func foldedSessionsMatchTheReference(fold: Int, link: Int?) {
        for seed in UInt64(0)..<160 {
            var options = RandomSteps.Options(linkThreshold: link, foldThreshold: fold)
            if seed % 2 == 1 { options.size = 10; options.blocks = 3 }
            let session = SolverSession.random(seed: seed, options: options)
            if let finding = session.finding {
                Issue.record("seed \(seed), fold threshold \(fold): \(finding.kind.rawValue): \(finding.detail)")
            }
        }
    }

    /// The same calls in the same order do the same work and produce the same
    /// bits, in one process (no hash-order or address dependence).
    @Test func sameSeedSameCountersAndValues() {
        for seed in UInt64(0)..<20 {
            let first = SolverSession.random(seed: seed)
            let second = SolverSession.random(seed: seed)
            #expect(first.trace == second.trace, "seed \(seed) differs between runs")
            #expect(first.solver.counters == second.solver.counters)
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SOLVER_SEEDS"] != nil))
    func searchManySeeds() {
        let env = ProcessInfo.processInfo.environment
        let first = UInt64(env["SOLVER_FIRST_SEED"].flatMap { Int($0) } ?? 0)
        let count = UInt64(env["SOLVER_SEEDS"].flatMap { Int($0) } ?? 0)
        var tally: [String: Int] = [:]
        var options = env["SOLVER_DEGENERATE"] != nil ? Self.degenerate : RandomSteps.Options()
        if let size = env["SOLVER_SIZE"].flatMap({ Int($0) }) { options.size = size }
        if let scale = env["SOLVER_SCALE"].flatMap({ Double($0) }) { options.scale = scale }
        if let rate = env["SOLVER_FRACTIONS"].flatMap({ Double($0) }) { options.fractionRate = rate }
        if let blocks = env["SOLVER_BLOCKS"].flatMap({ Int($0) }) { options.blocks = blocks }
        if let link = env["SOLVER_LINK_THRESHOLD"].flatMap({ Int($0) }) { options.linkThreshold = link }
        if let fold = env["SOLVER_FOLD_THRESHOLD"].flatMap({ Int($0) }) { options.foldThreshold = fold }
        for seed in first..<(first + count) {
            let session = SolverSession.random(seed: seed, options: options)
            for known in session.tolerated { tally[known.knownBug!.rawValue, default: 0] += 1 }
            guard let finding = session.finding else { continue }
            tally[finding.knownBug?.rawValue ?? "NEW \(finding.kind.rawValue)", default: 0] += 1
            print("seed \(seed): \(SolverSession.shrink(finding, variables: session.variables, scale: options.scale))\n")
        }
        print("findings per bug:", tally.sorted { $0.key < $1.key })
    }

    /// Every finding fails the test with a shrunk reproduction; one that
    /// matches a fixed bug's signature says so (a regression).
    private func report(_ session: SolverSession, seed: UInt64) {
        for known in session.tolerated {
            Issue.record("seed \(seed): \(known.kind.rawValue): \(known.detail)")
        }
        guard let finding = session.finding else { return }
        let regression = finding.knownBug.map { " (regression of \($0.rawValue))" } ?? ""
        Issue.record("seed \(seed)\(regression): \(SolverSession.shrink(finding, variables: session.variables))")
    }
}

extension Range where Bound == UInt64 {
    /// `count` contiguous pieces, so parameterised tests can run them in parallel.
    func split(into count: UInt64) -> [Range<UInt64>] {
        let size = (upperBound - lowerBound + count - 1) / count
        return stride(from: lowerBound, to: upperBound, by: Int(size)).map { $0..<Swift.min($0 + size, upperBound) }
    }
}
