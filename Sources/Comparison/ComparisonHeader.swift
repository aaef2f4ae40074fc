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
