import Statistics

/// The comparison of a whole suite: every cell judged, false discoveries
/// controlled across cells, and a verdict per workload.
public struct SuiteComparison: Sendable, Equatable {
    public var cells: [CellComparison]
    public var policy: ComparisonPolicy
    /// The round-to-round variance prior every cell's time test borrows from; nil with fewer than `VariancePrior.minimumCells` cells of two rounds.
    public var prior: VariancePrior?
    /// Each workload's cells pooled (see `WorkloadShift`); workloads with fewer than two testable cells have none.
    public var workloadShifts: [WorkloadShift]

    /// Judges every cell; `thresholds` maps a workload name to its own practical threshold.
    public init(base: [CellKey: SideMeasurements], candidate: [CellKey: SideMeasurements],
                policy: ComparisonPolicy = .init(), thresholds: [String: Double] = [:]) {
        self.policy = policy
        let keys = Set(base.keys).union(candidate.keys).sorted()
        let prior = Self.variancePrior(keys.map { key in
            CellJudge.roundShifts(base: base[key]?.secondsPerIteration ?? [], candidate: candidate[key]?.secondsPerIteration ?? [])
        })
        self.prior = prior
        var cells = keys.map { key in
            CellJudge.judge(key, base: base[key] ?? SideMeasurements(failure: "no measurements"),
                            candidate: candidate[key] ?? SideMeasurements(failure: "no measurements"),
                            policy: policy, threshold: thresholds[key.workload], prior: prior)
        }
        var shifts = WorkloadShift.pool(cells, policy: policy, thresholds: thresholds)
        // One p-value per cell: the smaller one-sided test, doubled (a two-sided
        // test built from two one-sided ones); and one per pooled workload.
        // Adjusted as one family, so adding the workloads' tests does not add
        // a second false-discovery budget.
        let tested = cells.indices.filter { cells[$0].pSlower != nil && cells[$0].pFaster != nil }
        let ps = tested.map { min(1, 2 * min(cells[$0].pSlower!, cells[$0].pFaster!)) } + shifts.map(\.p)
        if let fdr = try? benjaminiHochberg(ps, rate: policy.falseDiscoveryRate) {
            for (j, i) in tested.enumerated() { cells[i].adjustedP = fdr.adjustedPValues[j] }
            for i in shifts.indices { shifts[i].adjustedP = fdr.adjustedPValues[tested.count + i] }
        }
        for i in cells.indices { CellJudge.decide(&cells[i], policy: policy) }
        for i in shifts.indices { shifts[i].decide(policy: policy) }
        self.cells = cells
        workloadShifts = shifts
    }

    /// The prior from every cell's round shifts (their sample variance on rounds − 1 degrees of freedom).
    static func variancePrior(_ shifts: [[Double]]) -> VariancePrior? {
        VariancePrior.estimate(shifts.filter { $0.count >= 2 }.map { d in
            let mean = d.reduce(0, +) / Double(d.count)
            return (d.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(d.count - 1), d.count - 1)
        })
    }

    /// Cells still undecided on time (the runner samples them again, up to its cap).
    public var undecided: [CellKey] { cells.filter { $0.verdict == .unknown }.map(\.key) }

    /// Cells whose time is worth another round: still unknown, no failure on
    /// either side, and not in a workload already *slower* over its pooled
    /// cells. That workload's answer (a regression) cannot change by
    /// sampling its undecided cells more; a pooled *same* can still hide one
    /// slower cell, so those cells keep sampling. Given the runner's
    /// `maxRounds`, cells that even that many rounds could not decide
    /// (`CellJudge.cannotDecide`) stop too.
    public func cellsNeedingAnotherRound(maxRounds: Int? = nil) -> [CellKey] {
        let settled = Set(workloadShifts.filter { $0.time == .slower }.map(\.workload))
        return cells.filter { c in
            c.time == .unknown && c.failureSide == nil && !settled.contains(c.key.workload)
                && !(maxRounds.map { CellJudge.cannotDecide(c, maxRounds: $0, policy: policy) } ?? false)
        }.map(\.key)
    }

    /// Each workload's verdict: the worst of its cells', and *slower* when its
    /// cells pooled are significantly slower though no cell is on its own.
    /// (A pooled *same* or *faster* does not hide an undecided cell.)
    public var workloads: [(name: String, verdict: CellVerdict)] {
        var worst: [String: CellVerdict] = [:]
        for c in cells { worst[c.key.workload] = min(worst[c.key.workload] ?? .same, c.verdict) }
        for w in workloadShifts where w.time == .slower { worst[w.workload] = min(worst[w.workload] ?? .same, .slower) }
        return worst.keys.sorted().map { ($0, worst[$0]!) }
    }

    /// The pooled shift of `workload`, if it had enough cells.
    public func shift(of workload: String) -> WorkloadShift? { workloadShifts.first { $0.workload == workload } }

    public var hasError: Bool { cells.contains { $0.verdict == .error } }
    public var hasRegression: Bool {
        cells.contains { $0.verdict.isRegression } || workloadShifts.contains { $0.time == .slower }
    }

    /// 0 no regression, 1 regression, 2 error — the `compare` command's exit code.
    public var exitCode: Int32 { hasError ? 2 : hasRegression ? 1 : 0 }
}
