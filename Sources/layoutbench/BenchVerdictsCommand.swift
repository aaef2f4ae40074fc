import ArgumentParser
import Foundation
import SyntheticTimings
import VerdictCalibration

extension BenchCommand {
    /// `layoutbench bench verdicts`: the scaling verdicts' accuracy on
    /// synthetic laws of known growth, through the real analysis.
    struct Verdicts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Accuracy of the scaling verdicts on synthetic laws t = A + C·g(n) with log-normal noise.")
        @Option(help: "Sample noise σ of ln t (comma-separated).") var sigma = "0.02,0.1,0.3"
        @Option(help: "Seeds per cell of the grid.") var seeds = 5
        @Option(help: "First seed.") var firstSeed: UInt64 = 1
        @Option(help: "Sweep lengths to try (comma-separated, of 3, 4, 5).") var sizes = "3,4,5"
        @Option(help: "Bootstrap resamples for each exponent interval.") var resamples = 1_000
        @Option(help: "Also settle inconclusive verdicts as `run --settle` does, for up to this many rounds, and print the table after.")
        var settleRounds = 0
        @Flag(help: "Also list every false alarm and miss with its reason.") var verbose = false

        func run() async throws {
            var grid = CalibrationGrid()
            let sigmas = sigma.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !sigmas.isEmpty, sigmas.allSatisfy({ $0 >= 0 }) else {
                throw ValidationError("--sigma: give one or more non-negative numbers, e.g. 0.1 or 0.02,0.1,0.3")
            }
            let lengths = Set(sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
            grid.sweeps = grid.sweeps.filter { lengths.contains($0.count) }
            guard !grid.sweeps.isEmpty else { throw ValidationError("--sizes: choose from 3, 4 and 5") }
            guard seeds >= 1 else { throw ValidationError("--seeds: at least 1") }
            grid.sigmas = sigmas
            grid.seeds = (0..<UInt64(seeds)).map { firstSeed &+ $0 }
            let cases = grid.cases
            let started = ContinuousClock.now
            guard settleRounds >= 0 else { throw ValidationError("--settle-rounds: 0 or more") }
            var outcomes = VerdictAccuracy.run(cases, exponentResamples: resamples)
            print(AccuracyTally.report(outcomes))
            print("\(cases.count) series, \(outcomes.count) verdicts in \(BenchCommand.milliseconds(ContinuousClock.now - started) / 1000) s")
            if settleRounds > 0 {
                let (before, after) = VerdictAccuracy.runSettling(cases, rounds: settleRounds, exponentResamples: resamples)
                let open = zip(before, after).filter { $0.0.verdict == .inconclusive }
                let settled = open.filter { $0.1.verdict != .inconclusive }.count
                print("\nafter settling (up to \(settleRounds) round\(settleRounds == 1 ? "" : "s")): \(settled) of \(open.count) inconclusive verdicts settled "
                      + "(\(AccuracyTally.percent(settled, open.count))); "
                      + "\(open.filter { $0.1.verdict == .fail && $0.1.holds }.count) became false alarms, \(open.filter { $0.1.verdict == .pass && !$0.1.holds }.count) misses")
                print(AccuracyTally.report(after))
                outcomes = after
            }
            if verbose {
                for o in outcomes where (o.holds && o.verdict == .fail) || (!o.holds && o.verdict == .pass) {
                    let c = o.testCase
                    print("\(o.holds ? "false alarm" : "miss"): \(c.law.growth.rawValue) A \(c.law.intercept) σ \(c.noise.sample) "
                          + "\(c.sizes.count) sizes × \(c.jobs) jobs, claim \(o.claim): \(o.reason)")
                }
            }
        }
    }
}
