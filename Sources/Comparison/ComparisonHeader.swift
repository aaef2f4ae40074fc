import Foundation

/// What the page and the JSON say about the comparison besides its cells.
public struct ComparisonHeader: Sendable {
    public var id: UUID
    public var baseSpec: String
    public var baseCommit: String?
    public var candidateSpec: String
    public var candidateCommit: String?
    public var threshold: Double
    public var rounds: Int
    public var jobs: Int
    public var seconds: Double
    /// Seconds the check jobs took before round 1 (nil where not known).
    public var checkSeconds: Double? = nil
    /// The comparison's `--time-budget` (nil: none) and `--min-rounds`, for replays of the recording.
    public var timeBudget: Double? = nil
    public var minRounds: Int? = nil
    public var maxRounds: Int? = nil
    /// How each round's jobs shared the machine (`--schedule`).
    public var schedule: RoundSchedule = .sequential
    /// What undecided cells exit with (`--undecided`).
    public var undecided: UndecidedPolicy = .report
    /// What settling did (`--settle`); nil when it was not asked for.
    public var settle: ComparisonSettling? = nil

    public init(id: UUID, baseSpec: String, baseCommit: String? = nil, candidateSpec: String, candidateCommit: String? = nil,
                threshold: Double, rounds: Int, jobs: Int, seconds: Double, checkSeconds: Double? = nil, timeBudget: Double? = nil,
                minRounds: Int? = nil, maxRounds: Int? = nil, schedule: RoundSchedule = .sequential, undecided: UndecidedPolicy = .report) {
        self.id = id; self.baseSpec = baseSpec; self.baseCommit = baseCommit; self.candidateSpec = candidateSpec
        self.candidateCommit = candidateCommit; self.threshold = threshold; self.rounds = rounds; self.jobs = jobs
        self.seconds = seconds; self.checkSeconds = checkSeconds; self.timeBudget = timeBudget; self.minRounds = minRounds
        self.maxRounds = maxRounds; self.schedule = schedule; self.undecided = undecided
    }

    public func exitCode(_ suite: SuiteComparison) -> Int32 { suite.exitCode(undecided: undecided) }
}

/// Settling (`compare --settle`): the cells still unknown when the ordinary
/// rounds end get more rounds, up to a higher round cap, within
/// `--settle-budget` seconds of their own.
public struct ComparisonSettling: Sendable, Equatable {
    /// Cells whose time was unknown when settling began (failed cells excluded).
    public var undecided: [CellKey]
    /// Those of them the extra rounds decided.
    public var settled: [CellKey]
    /// Extra rounds run, their wall seconds, and the budget they had.
    public var rounds: Int
    public var seconds: Double
    public var budget: Double
    /// Why settling ended: every cell decided, the budget spent, the round
    /// cap reached, or the cells left too noisy to decide within it.
    public var stop: String

    public init(undecided: [CellKey], settled: [CellKey], rounds: Int, seconds: Double, budget: Double, stop: String) {
        self.undecided = undecided; self.settled = settled; self.rounds = rounds
        self.seconds = seconds; self.budget = budget; self.stop = stop
    }

    /// `settling: 3 of 4 undecided cells decided in 6 more rounds (41 s of 120 s); stopped: …`
    public var summary: String {
        guard !undecided.isEmpty else { return "settling: no cell was undecided" }
        let r = rounds == 1 ? "round" : "rounds"
        return "settling: \(settled.count) of \(undecided.count) undecided cell\(undecided.count == 1 ? "" : "s") decided in "
            + "\(rounds) more \(r) (\(Int(seconds.rounded())) s of \(Int(budget.rounded())) s)"
            + (settled.count == undecided.count ? "" : "; stopped: \(stop)")
    }
}
