/// Which undecided cells another round can afford before a time budget runs
/// out (`compare --time-budget`). A pull request's check must end in bounded
/// time and must not miss a regression, so the cells showing the most
/// evidence of a slowdown (smallest one-sided p) go first, then the cheapest.
public enum RoundBudget {
    /// The cells of `pending` whose next round — four jobs, each as long as
    /// the cell's last (`jobSeconds`, 0 when unknown) — fits in `secondsLeft`.
    public static func affordable(_ pending: [CellKey], suite: SuiteComparison, jobSeconds: [CellKey: Double],
                                  secondsLeft: Double) -> Set<CellKey> {
        let pSlower = Dictionary(suite.cells.map { ($0.key, $0.pSlower ?? 1) }) { a, _ in a }
        let cost = { (key: CellKey) in 4 * (jobSeconds[key] ?? 0) }
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
