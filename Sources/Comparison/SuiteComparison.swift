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
        // Adjusted workloads first, then cells within the workloads found
        // (`FalseDiscoveryFamilies.hierarchical`), under one false-discovery rate.
        let tested = cells.indices.filter { cells[$0].p != nil }
        let adjusted = Self.adjust(cells: tested.map { (cells[$0].key.workload, cells[$0].p!) },
                                   workloads: shifts.map { ($0.workload, $0.p) }, policy: policy)
        for (j, i) in tested.enumerated() { cells[i].adjustedP = adjusted.cells[j] }
        for i in shifts.indices { shifts[i].adjustedP = adjusted.workloads[i] }
        for i in cells.indices { CellJudge.decide(&cells[i], policy: policy) }
        for i in shifts.indices { shifts[i].decide(policy: policy) }
        self.cells = cells
        workloadShifts = shifts
    }

    /// Adjusted p-values for the cells' and the pooled workloads' tests
    /// (`FalseDiscoveryFamilies`); each is compared with the rate. Hierarchical:
    /// a pooled test reports its workload's adjusted p-value, and a cell the
    /// larger of that and its own within the workload scaled by m/R, so
    /// `adjustedP < rate` holds exactly for what the procedure flags.
    static func adjust(cells: [(workload: String, p: Double)], workloads: [(workload: String, p: Double)],
                       policy: ComparisonPolicy) -> (cells: [Double?], workloads: [Double?]) {
        let q = policy.falseDiscoveryRate
        func bh(_ ps: [Double]) -> [Double]? { ps.isEmpty ? [] : try? benjaminiHochberg(ps, rate: q).adjustedPValues }
        switch policy.families {
        case .joint:
            guard let all = bh(cells.map(\.p) + workloads.map(\.p)) else { return (cells.map { _ in nil }, workloads.map { _ in nil }) }
            return (Array(all.prefix(cells.count)), Array(all.dropFirst(cells.count)))
        case .hierarchical:
            let members = Dictionary(grouping: cells.indices, by: { cells[$0].workload })
            let names = members.keys.sorted()
            let pooled = Dictionary(workloads.map { ($0.workload, $0.p) }, uniquingKeysWith: min)
            let familyP = names.map { w -> Double in
                let simes = simesP(members[w]!.map { cells[$0].p })
                return pooled[w].map { min(1, 2 * min($0, simes)) } ?? simes
            }
            guard let stageOne = bh(familyP) else { return (cells.map { _ in nil }, workloads.map { _ in nil }) }
            let family = Dictionary(uniqueKeysWithValues: zip(names, stageOne))
            let selected = stageOne.filter { $0 <= q }.count
            let scale = Double(names.count) / Double(max(1, selected))
            var out = [Double?](repeating: nil, count: cells.count)
            for (w, indices) in members {
                guard let within = bh(indices.map { cells[$0].p }) else { continue }
                for (j, i) in indices.enumerated() { out[i] = min(1, max(family[w]!, within[j] * scale)) }
            }
            return (out, workloads.map { family[$0.workload] })
        }
    }

    /// Simes' combination of p-values: min over j of k·p₍ⱼ₎/j — a valid
    /// p-value for "none of these changed" under positive dependence.
    static func simesP(_ ps: [Double]) -> Double {
        let sorted = ps.sorted()
        return sorted.enumerated().reduce(1.0) { min($0, Double(sorted.count) * $1.element / Double($1.offset + 1)) }
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

    /// Cells whose time is worth another round: still unknown and no failure
    /// on either side (with `policy.settleSlowerWorkloads`, also not in a
    /// workload already *slower* over its pooled cells). Given the runner's
    /// `maxRounds`, cells that even that many rounds could not decide
    /// (`CellJudge.cannotDecide`) stop too — with `NoisyCellRule.whenPoolDecided`,
    /// only once their workload's pooled test is decided.
    public func cellsNeedingAnotherRound(maxRounds: Int? = nil) -> [CellKey] {
        let settled = policy.settleSlowerWorkloads ? Set(workloadShifts.filter { $0.time == .slower }.map(\.workload)) : []
        let poolUndecided = policy.noisyCells == .whenPoolDecided
            ? Set(workloadShifts.filter { $0.time == .unknown }.map(\.workload)) : []
        return cells.filter { c in
            c.time == .unknown && c.failureSide == nil && !settled.contains(c.key.workload)
                && (poolUndecided.contains(c.key.workload)
                    || !(maxRounds.map { CellJudge.cannotDecide(c, maxRounds: $0, policy: policy) } ?? false))
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
}
