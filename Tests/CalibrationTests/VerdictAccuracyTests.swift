import Analysis
import Foundation
import Testing

/// Verdict accuracy on real measurements: kernels whose work is known to be
/// O(n), O(n log n) and O(n²), timed for real on this machine 20 times each
/// and run through the same analysis as a benchmark run. The time alone
/// must name the class in at least 19 of 20 runs, and the linear kernel
/// must never be called super-linear — not by its growth finding, not by a
/// failed "linear" verdict.
///
/// It depends on this machine's timing, so it is not part of the default
/// `swift test`: it runs when LAYOUTBENCH_TIMING_TESTS=1 (its own CI step,
/// with retries). The deterministic check of the same rule on synthetic
/// laws is VerdictCalibrationTests.
@Suite("Verdict accuracy on real timings", .serialized, .tags(.timing),
       .enabled(if: ProcessInfo.processInfo.environment["LAYOUTBENCH_TIMING_TESTS"] == "1",
                "timing-dependent: set LAYOUTBENCH_TIMING_TESTS=1"))
struct VerdictAccuracyTests {
    static let runs = 20

    @Test(arguments: [CalibrationKernel.linear, .linearithmic, .quadratic])
    func timeAloneNamesTheClass(kernel: CalibrationKernel) {
        var correct = 0
        var confusion: [String: Int] = [:]
        var superlinearCalls = 0
        var failedVerdicts = 0
        var lines: [String] = []
        for round in 0..<Self.runs {
            let (measured, retaken) = CalibrationHarness.measure(kernel, round: round)
            let timeOnly = RunAnalyzer().analyze(CalibrationHarness.withoutCounters(measured))
            let withCounters = RunAnalyzer().analyze(measured)
            let series = timeOnly.series[0]
            let label = series.time.classification?.complexity.rawValue ?? "unclassified"
            confusion[label, default: 0] += 1
            if label == kernel.expected.rawValue { correct += 1 }
            if kernel.expected == .linear {
                if series.growth.kind == .superlinear { superlinearCalls += 1 }
                if withCounters.series[0].growth.kind == .superlinear { superlinearCalls += 1 }
                if timeOnly.verdicts[0].outcome == .fail || withCounters.verdicts[0].outcome == .fail { failedVerdicts += 1 }
            }
            let k = series.time.powerLaw.map { NumberFormat.fixed($0.exponent, 3) } ?? "–"
            let noise = (series.time.classification.map { NumberFormat.percent($0.logNoise) } ?? "–")
                + ", \(series.time.clock.rawValue) clock (wall/CPU \(series.time.contention.map { NumberFormat.fixed($0, 2) } ?? "–"))"
            var line = "  run \(round): \(label), k = \(k), noise \(noise), verdict \(timeOnly.verdicts[0].outcome.rawValue) / with counters \(withCounters.verdicts[0].outcome.rawValue), \(retaken) interrupted samples retaken"
            if label != kernel.expected.rawValue, let c = series.time.classification {
                // The per-size medians relative to the first, over n relative to the first: where the curve bent.
                let m = series.time.medians
                line += "; χ² by class \(c.chiSquared.map { NumberFormat.fixed($0, 1) }), margin \(NumberFormat.fixed(c.margin, 1)), median per item relative to the smallest size: "
                    + zip(series.time.sizes, m).map { NumberFormat.fixed(($1 / Double($0)) / (m[0] / Double(series.time.sizes[0])), 2) }.joined(separator: " ")
            }
            // Every sample of a misnamed run (of all runs with CALIBRATION_SAMPLES
            // set), wall and CPU: whether the scheduler or the core slowed it.
            if label != kernel.expected.rawValue || ProcessInfo.processInfo.environment["CALIBRATION_SAMPLES"] != nil {
                for job in measured.jobs {
                    let perItem = { (s: Double, i: Int) in NumberFormat.fixed(s / Double(i) * 1e9 / Double(job.size), 2) }
                    line += "\n    n = \(job.size), \(job.samples[0].iterations) per sample, ns per item, wall: "
                        + job.samples.map { perItem($0.wallSeconds, $0.iterations) }.joined(separator: " ")
                    line += "\n      CPU: " + job.samples.map { perItem($0.cpuSeconds, $0.iterations) }.joined(separator: " ")
                }
            }
            lines.append(line)
        }
        print("calibration \(kernel.name) (\(kernel.expected.rawValue)): \(correct)/\(Self.runs) correct, \(confusion.sorted { $0.key < $1.key })")
        print(lines.joined(separator: "\n"))
        #expect(correct >= 19, "\(kernel.name): \(correct)/\(Self.runs) classified \(kernel.expected.rawValue); \(confusion)")
        if kernel.expected == .linear {
            #expect(superlinearCalls == 0, "a linear kernel was called super-linear \(superlinearCalls) times")
            #expect(failedVerdicts == 0, "a linear kernel failed its 'linear' claim \(failedVerdicts) times")
        }
    }
}

extension Tag {
    /// Tests whose outcome depends on the machine's timing.
    @Tag static var timing: Self
}
