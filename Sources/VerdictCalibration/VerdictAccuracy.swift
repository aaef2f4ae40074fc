import Analysis
import Foundation
import SyntheticTimings
import WorkerProtocol
import Workloads

/// The verdicts of the real analysis on a synthetic case, with the truth.
public struct CalibrationOutcome: Sendable {
    public var testCase: CalibrationCase
    public var claim: ScalingClaim
    public var verdict: ExpectationVerdict.Outcome
    public var reason: String
    /// The exponent interval of the series and whether it covers the true slope.
    public var covers: Bool?
    public var holds: Bool
    /// True slope minus the claim's slope over the sweep.
    public var excess: Double
}

/// Runs the analysis on synthetic cases and tallies its verdicts.
public enum VerdictAccuracy {
    /// The run a set of jobs of `testCase` would store, built directly.
    public static func runData(_ testCase: CalibrationCase, claims: [ScalingClaim] = CalibrationCase.claims) -> RunData {
        let engine = EngineRecord(name: "synthetic",
                                  identity: EngineIdentity(name: "synthetic", version: "1", commit: "", build: "release", swiftVersion: ""))
        var jobs: [JobRecord] = []
        for n in testCase.sizes {
            for j in 0..<(testCase.jobs + testCase.extraJobs[n, default: 0]) {
                let t = testCase.noise.samples(testCase.law, n: n, smallest: testCase.sizes[0], job: j, count: testCase.samplesPerJob)
                jobs.append(JobRecord(workload: "law", variant: "v", size: n, engine: engine.name, seed: UInt64(j + 1),
                                      samples: t.map { SampleRecord(iterations: 1, wallSeconds: $0, cpuSeconds: $0) }))
            }
        }
        let workload = Workload(
            name: "law", title: "Synthetic law", talk: TalkReference(title: "synthetic", time: "", scenario: ""),
            description: "t = A + C·g(n)", driver: "synthetic", sweep: SizeSweep(parameter: "n", sizes: testCase.sizes),
            variants: [Variant(name: "v")],
            expectations: claims.map { .scaling(variant: "v", metric: .time, claim: $0) })
        return RunData(id: "calibration", startedAt: Date(timeIntervalSince1970: 0),
                       machine: MachineInfo(hostname: "", cpuModel: "", cores: 1, memoryBytes: 0, kernel: "", swiftVersion: ""),
                       engines: [engine], workloads: [workload], jobs: jobs)
    }

    /// The analysis's verdict on each claim of `testCase`, against the truth.
    public static func evaluate(_ testCase: CalibrationCase, analysis: RunAnalysis) -> [CalibrationOutcome] {
        let truth = testCase.law.trueSlope(sizes: testCase.sizes)
        let p = analysis.series.first?.time.powerLaw
        let covers = p.map { $0.lower <= truth && truth <= $0.upper }
        return analysis.verdicts.compactMap { v in
            guard case .scaling(_, _, let claim) = v.expectation else { return nil }
            return CalibrationOutcome(testCase: testCase, claim: claim, verdict: v.outcome, reason: v.reason, covers: covers,
                                      holds: testCase.holds(claim), excess: truth - testCase.claimSlope(claim))
        }
    }

    /// Settles the inconclusive verdicts of `testCase` as `layoutbench run
    /// --settle` does (``SettleAdvice``), for up to `rounds` rounds, and
    /// returns the outcomes of the last analysis with the case as extended.
    public static func settle(_ testCase: CalibrationCase, rounds: Int, analyzer: RunAnalyzer,
                              firstAnalysis: RunAnalysis? = nil) -> [CalibrationOutcome] {
        var c = testCase
        var analysis = firstAnalysis ?? analyzer.analyze(runData(c))
        var outcomes = evaluate(c, analysis: analysis)
        var round = 0
        while round < rounds, outcomes.contains(where: { $0.verdict == .inconclusive }) {
            round += 1
            let requests = SettleAdvice.requests(for: analysis, round: round, maximumSize: { _ in 1_000_000 })
            guard !requests.isEmpty else { break }
            for r in requests {
                if r.isNewSize { c.sizes.append(r.sizes[0]) } else { for n in r.sizes { c.extraJobs[n, default: 0] += c.jobs * r.jobs } }
            }
            analysis = analyzer.analyze(runData(c))
            outcomes = evaluate(c, analysis: analysis)
        }
        // Report against the sweep as first planned, so the truth is judged on the same sizes.
        return outcomes.map { o in var o = o; o.testCase = testCase; return o }
    }

    /// ``settle(_:rounds:analyzer:firstAnalysis:)`` for every case whose first analysis
    /// has an inconclusive verdict; the others as they are.
    public static func runSettling(_ cases: [CalibrationCase], rounds: Int, exponentResamples: Int = 1_000) -> (before: [CalibrationOutcome], after: [CalibrationOutcome]) {
        var options = AnalysisOptions()
        options.cellResamples = 20
        options.exponentResamples = exponentResamples
        let analyzer = RunAnalyzer(options: options)
        let pairs = parallelMap(cases.count) { i -> ([CalibrationOutcome], [CalibrationOutcome]) in
            let analysis = analyzer.analyze(runData(cases[i]))
            let first = evaluate(cases[i], analysis: analysis)
            guard first.contains(where: { $0.verdict == .inconclusive }) else { return (first, first) }
            return (first, settle(cases[i], rounds: rounds, analyzer: analyzer, firstAnalysis: analysis))
        }
        return (pairs.flatMap(\.0), pairs.flatMap(\.1))
    }

    /// Analyses every case (in parallel) with few cell resamples: cells do not enter scaling verdicts.
    public static func run(_ cases: [CalibrationCase], exponentResamples: Int = 1_000) -> [CalibrationOutcome] {
        var options = AnalysisOptions()
        options.cellResamples = 20
        options.exponentResamples = exponentResamples
        let analyzer = RunAnalyzer(options: options)
        return parallelMap(cases.count) { i in evaluate(cases[i], analysis: analyzer.analyze(runData(cases[i]))) }.flatMap { $0 }
    }
}

