import JobQueue
import Testing
import Randomness

@Suite struct RetryBackoffTests {
    @Test func ceilingDoublesUpToTheCap() throws {
        let backoff = try RetryBackoff(baseSeconds: 1, capSeconds: 10, jitter: 0.5)
        #expect((1...6).map { backoff.ceiling(afterFailures: $0) } == [1, 2, 4, 8, 10, 10])
        #expect(backoff.ceiling(afterFailures: 5000) == 10)
    }

    @Test func delaysStayWithinTheJitterBandAndNeverPassTheCap() throws {
        let backoff = try RetryBackoff(baseSeconds: 0.5, capSeconds: 30, jitter: 0.5)
        var random = SplitMix64(seed: 42)
        for failures in 1...40 {
            let ceiling = backoff.ceiling(afterFailures: failures)
            for _ in 0..<50 {
                let delay = backoff.delay(afterFailures: failures, using: &random)
                #expect(delay >= ceiling * 0.5 && delay <= ceiling && delay <= 30)
            }
        }
    }

    @Test func jitterSpreadsDelaysAndTheSeedPinsThem() throws {
        let backoff = try RetryBackoff(baseSeconds: 1, capSeconds: 60, jitter: 1)
        var a = SplitMix64(seed: 7), b = SplitMix64(seed: 7), c = SplitMix64(seed: 8)
        let first = (0..<20).map { _ in backoff.delay(afterFailures: 4, using: &a) }
        let again = (0..<20).map { _ in backoff.delay(afterFailures: 4, using: &b) }
        let other = (0..<20).map { _ in backoff.delay(afterFailures: 4, using: &c) }
        #expect(first == again)
        #expect(first != other)
        #expect(Set(first).count == 20)
        // Full jitter spreads over the whole band [0, 8).
        #expect(first.min()! < 3 && first.max()! > 5)
        let none = try RetryBackoff(baseSeconds: 1, capSeconds: 60, jitter: 0)
        #expect(none.delay(afterFailures: 3, using: &a) == 4)
    }

    @Test func badSettingsSayWhatIsWrong() {
        #expect(throws: JobQueueError.self) { try RetryBackoff(baseSeconds: 0) }
        #expect(throws: JobQueueError.self) { try RetryBackoff(baseSeconds: 5, capSeconds: 1) }
        #expect(throws: JobQueueError.self) { try RetryBackoff(jitter: 1.5) }
        #expect(throws: JobQueueError.self) { try QueueSettings(leaseSeconds: 0) }
    }
}
