import Foundation
import Testing
@testable import WorkerCore
import Scenarios
import WorkerProtocol
import Workloads

/// The measurement loop with a scripted driver: warm-up, one counted step,
/// calibration to the minimum sample time, and failures passed through.
@Suite struct MeasurementLoopTests {
    final class SpinDriver: ScenarioDriver {
        static let name = "spin"
        var steps = 0
        var failAt: Int?
        private(set) var sink = 0.0
        let log: [String] = ["spin log"]
        init(parameters: DriverParameters, seed: UInt64) throws(ScenarioError) {}
        init(failAt: Int? = nil) { self.failAt = failAt }
        func step() throws(ScenarioError) {
            steps += 1
            if steps == failAt { throw .engine("scripted failure", log: ["line"]) }
            var x = 0.0
            for i in 0..<2_000 { x += Double(i).squareRoot() }   // ~µs of work
            sink += x
        }
        func counters() -> [String: Int] { ["steps": steps, "work": steps * 3] }
        func digest() -> String { "0000000000000000" }
    }

    @Test func samplesReachTheMinimumTimeAndCountersArePerIteration() throws {
        let driver = SpinDriver()
        var emitted: [Sample] = []
        let settings = MeasurementSettings(warmupIterations: 3, samples: 4, minSampleSeconds: 0.005)
        let result = try MeasurementLoop(settings: settings).run(driver) { emitted.append($0) }
        #expect(result.counters == ["steps": 1, "work": 3])
        #expect(result.samples.count == 4)
        #expect(result.samples.allSatisfy { !$0.warmup && $0.wallSeconds >= 0.005 * 0.5 && $0.iterations > 1 })
        #expect(emitted.first?.warmup == true && emitted.first?.iterations == 3)
        #expect(emitted.map(\.index) == Array(0..<emitted.count))
        #expect(emitted.filter { !$0.warmup } == result.samples)
        #expect(result.samples.allSatisfy { $0.cpuSeconds > 0 && $0.cpuSeconds <= $0.wallSeconds * 1.5 + 0.001 })
    }

    /// A step that sleeps at least 1 ms: with a slowdown of 1 injected, every
    /// sample lasts at least 2 ms per iteration (a lower bound, which load
    /// cannot break).
    final class SleepDriver: ScenarioDriver {
        static let name = "sleep"
        let sink = 0.0
        let log: [String] = []
        init(parameters: DriverParameters, seed: UInt64) throws(ScenarioError) {}
        init() {}
        func step() throws(ScenarioError) { usleep(1_000) }
        func counters() -> [String: Int] { [:] }
        func digest() -> String { "0000000000000000" }
    }

    @Test func injectedSlowdownIsInsideTheTimedRegion() throws {
        var loop = MeasurementLoop(settings: MeasurementSettings(warmupIterations: 0, samples: 3, minSampleSeconds: 0.004))
        loop.wasInterrupted = { _ in false }   // its steps sleep: every sample would look interrupted
        #expect(loop.injectedSlowdown == 0)   // the test run does not set LAYOUTBENCH_INJECT_SLOWDOWN
        loop.injectedSlowdown = 1
        let result = try loop.run(SleepDriver()) { _ in }
        #expect(result.samples.allSatisfy { $0.wallSeconds >= 0.002 * Double($0.iterations) }, "\(result.samples)")
    }

    @Test func anInjectedSlowdownCanBeLimitedToNamedWorkloads() {
        let slow = ["LAYOUTBENCH_INJECT_SLOWDOWN_WORKLOADS": "churn, hierarchy-removal"]
        #expect(MeasurementLoop.injectedSlowdown(forWorkload: "hierarchy-removal", environment: slow, slowdown: 0.05) == 0.05)
        #expect(MeasurementLoop.injectedSlowdown(forWorkload: "churn", environment: slow, slowdown: 0.05) == 0.05)
        #expect(MeasurementLoop.injectedSlowdown(forWorkload: "feed-cell", environment: slow, slowdown: 0.05) == 0)
        // Without the list every workload is slowed; without a slowdown none is.
        #expect(MeasurementLoop.injectedSlowdown(forWorkload: "feed-cell", environment: [:], slowdown: 0.05) == 0.05)
        #expect(MeasurementLoop.injectedSlowdown(forWorkload: "churn", environment: slow, slowdown: 0) == 0)
    }

    @Test func aCountedStepThatLastsASampleSkipsCalibration() throws {
        // Each step sleeps ≥ 1 ms, over the 0.5 ms minimum: the counted step has calibrated.
        let settings = MeasurementSettings(warmupIterations: 0, samples: 2, minSampleSeconds: 0.0005)
        var emitted: [Sample] = []
        var loop = MeasurementLoop(settings: settings)
        loop.wasInterrupted = { _ in false }
        let result = try loop.run(SleepDriver()) { emitted.append($0) }
        #expect(emitted.count == 2 && emitted.allSatisfy { !$0.warmup && $0.iterations == 1 }, "\(emitted)")
        #expect(result.samples == emitted)
    }

    @Test func aShortCountedStepIsFollowedByCalibrationSamples() throws {
        // A 1 ms step against a 100 ms minimum: short even on a machine busy enough
        // to stretch a sleep severalfold (a 4 ms minimum was not, under the full test run).
        let settings = MeasurementSettings(warmupIterations: 0, samples: 1, minSampleSeconds: 0.1)
        var emitted: [Sample] = []
        _ = try MeasurementLoop(settings: settings).run(SleepDriver()) { emitted.append($0) }
        #expect(emitted.first?.warmup == true && emitted.first.map { $0.iterations > 1 } == true, "\(emitted)")
    }

    /// Warm-up lasts at least `warmupSeconds` from the first step: more
    /// warm-up samples of the calibrated length come before the measured
    /// ones. (Without it this job takes a few milliseconds.)
    @Test func warmUpLastsTheWarmUpTime() throws {
        var settings = MeasurementSettings(warmupIterations: 1, samples: 2, minSampleSeconds: 0.0005)
        settings.warmupSeconds = 0.05
        var loop = MeasurementLoop(settings: settings)
        loop.wasInterrupted = { _ in false }
        var emitted: [(sample: Sample, at: Double)] = []
        let start = ProcessMeters.wallSeconds()
        let result = try loop.run(SleepDriver()) { emitted.append(($0, ProcessMeters.wallSeconds())) }
        let firstMeasured = try #require(emitted.firstIndex { !$0.sample.warmup })
        #expect(emitted[firstMeasured].at - emitted[firstMeasured].sample.wallSeconds - start >= 0.05)
        #expect(firstMeasured >= 2 && emitted[1..<firstMeasured].allSatisfy { $0.sample.warmup }, "\(emitted.map(\.sample))")
        #expect(result.samples.count == 2 && emitted[firstMeasured...].allSatisfy { !$0.sample.warmup })
        #expect(emitted.map(\.sample.index) == Array(0..<emitted.count))
    }

    /// A step whose chosen runs count as interrupted: the test scripts the
    /// loop's judgement (real preemption under a loaded test run would make
    /// any other sample interrupted too), and checks the clocks' rule apart.
    final class ScriptedDriver: ScenarioDriver {
        static let name = "scripted"
        private(set) var sink = 0.0
        let log: [String] = []
        var steps = 0
        let interruptedAt: Set<Int>
        init(parameters: DriverParameters, seed: UInt64) throws(ScenarioError) { interruptedAt = [] }
        init(interruptedAt: Set<Int>) { self.interruptedAt = interruptedAt }
        /// Whether the last step is one the script interrupts (-1: all of them).
        var lastInterrupted: Bool { interruptedAt.contains(steps) || interruptedAt.contains(-1) }
        func step() throws(ScenarioError) {
            steps += 1
            var x = 0.0
            for i in 0..<20_000 { x += Double(i).squareRoot() }
            sink += x
        }
        func counters() -> [String: Int] { [:] }
        func digest() -> String { "0000000000000000" }
    }

    /// The loop with `driver`'s script as its judgement; one iteration per
    /// sample (the counted step, step 1, already lasts the minimum).
    func run(_ driver: ScriptedDriver, samples: Int) throws -> (MeasurementLoop.Result, [Sample]) {
        var loop = MeasurementLoop(settings: MeasurementSettings(warmupIterations: 0, samples: samples, minSampleSeconds: 1e-9))
        loop.wasInterrupted = { _ in driver.lastInterrupted }
        var emitted: [Sample] = []
        let result = try loop.run(driver) { emitted.append($0) }
        return (result, emitted)
    }

    @Test func anInterruptedSampleIsTakenAgainAndKeptAsWarmUp() throws {
        // Steps 3 and 5 are interrupted: samples 2 and 4 are taken again.
        let (result, emitted) = try run(ScriptedDriver(interruptedAt: [3, 5]), samples: 4)
        #expect(result.samples.count == 4 && result.retakenSamples == 2, "\(emitted)")
        #expect(emitted.map(\.warmup) == [false, true, false, true, false, false], "\(emitted)")
        #expect(emitted.map(\.index) == Array(0..<6))
        #expect(result.samples == emitted.filter { !$0.warmup })
        // Judged uninterrupted, the same samples are measured as they came.
        let driver = ScriptedDriver(interruptedAt: [3, 5])
        var loop = MeasurementLoop(settings: MeasurementSettings(warmupIterations: 0, samples: 4, minSampleSeconds: 1e-9))
        loop.wasInterrupted = { _ in false }
        let kept = try loop.run(driver) { _ in }
        #expect(kept.retakenSamples == 0 && kept.samples.count == 4 && driver.steps == 5)
    }

    @Test func retakesStopWhenTheMachineIsBusyThroughout() throws {
        // Interrupted throughout: three retakes in a row, then the samples count.
        let (busy, emitted) = try run(ScriptedDriver(interruptedAt: [-1]), samples: 5)
        #expect(busy.retakenSamples == 3 && busy.samples.count == 5 && emitted.count == 8)
        // Scattered: at most `samples` retakes in all. After the counted step 1:
        // 2 is retaken, 3 is sample one, 4 is retaken (the second and last
        // retake allowed), 5 is interrupted and kept as sample two.
        let (scattered, all) = try run(ScriptedDriver(interruptedAt: [2, 4, 5]), samples: 2)
        #expect(scattered.retakenSamples == 2 && scattered.samples.count == 2, "\(all)")
        #expect(all.map(\.warmup) == [true, false, true, false], "\(all)")
    }

    @Test func aSampleIsInterruptedWhenItsWallTimeExceedsItsCPUTimeByATenth() {
        func sample(wall: Double, cpu: Double) -> Sample { Sample(index: 0, iterations: 1, wallSeconds: wall, cpuSeconds: cpu) }
        #expect(!MeasurementLoop.looksInterrupted(sample(wall: 0.0101, cpu: 0.0100)))
        #expect(!MeasurementLoop.looksInterrupted(sample(wall: 0.0110, cpu: 0.0100)))
        #expect(MeasurementLoop.looksInterrupted(sample(wall: 0.0111, cpu: 0.0100)))
        #expect(MeasurementLoop.looksInterrupted(sample(wall: 0.0400, cpu: 0.0100)))   // a time slice lost: 3–4×
        // Real clocks: a step that sleeps is off its core, and reads so.
        var loop = MeasurementLoop(settings: MeasurementSettings(warmupIterations: 0, samples: 1, minSampleSeconds: 0.0005))
        loop.wasInterrupted = { _ in false }
        let slept = try? loop.run(SleepDriver()) { _ in }
        #expect(slept.map { $0.samples.allSatisfy { MeasurementLoop.looksInterrupted($0) } } == true)
    }

    @Test func engineFailuresComeThrough() {
        #expect(throws: ScenarioError.engine("scripted failure", log: ["line"])) {
            _ = try MeasurementLoop(settings: MeasurementSettings(warmupIterations: 1, samples: 2, minSampleSeconds: 0.001))
                .run(SpinDriver(failAt: 5)) { _ in }
        }
    }

    @Test func gitCommitIsReadWithoutGit() {
        let commit = GitCommit.find(from: WorkerProcess.root)
        #expect(commit?.count == 40)
    }
}
