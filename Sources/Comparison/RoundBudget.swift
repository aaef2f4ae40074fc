/// Which undecided cells another round can afford before a time budget runs
/// out (`compare --time-budget`). A pull request's check must end in bounded
/// time and must not miss a regression, so the cells showing the most
/// evidence of a slowdown go first, then the cheapest. A cell's evidence is
/// the smaller one-sided p of its own test and its workload's pooled one:
/// a slowdown a whole workload shares shows in the pool long before in any
/// one cell, and the workload's verdict is what the check reports.
public enum RoundBudget {
    /// The cells of `pending` whose next round — four jobs, each as long as
    /// the cell's last (`jobSeconds`, 0 when unknown), run as `schedule`
    /// runs them — fits in `secondsLeft`.
    public static func affordable(_ pending: [CellKey], suite: SuiteComparison, jobSeconds: [CellKey: Double],
                                  secondsLeft: Double, schedule: RoundSchedule = .sequential) -> Set<CellKey> {
        let pooled = Dictionary(suite.workloadShifts.map { ($0.workload, $0.pSlower) }) { a, _ in a }
        let pSlower = Dictionary(suite.cells.map { ($0.key, min($0.pSlower ?? 1, pooled[$0.key.workload] ?? 1)) }) { a, _ in a }
        let cost = { (key: CellKey) in schedule.roundCost(jobSeconds: jobSeconds[key] ?? 0) }
        let order = pending.sorted { a, b in
            let pa = pSlower[a] ?? 1, pb = pSlower[b] ?? 1
            return pa != pb ? pa < pb : cost(a) != cost(b) ? cost(a) < cost(b) : a < b
        }
        var left = secondsLeft, chosen = Set<CellKey>()
        for key in order where cost(key) <= left {
            chosen.insert(key); left -= cost(key)
        }
        return chosen
    }
}
