import Foundation
import Randomness

/// How long a job waits before its next attempt: exponential in the number
/// of failures, capped, with jitter so that jobs failing together (a server
/// restart, a bad machine) do not all return at the same instant.
///
/// After `n` failures (n ≥ 1) the ceiling is `min(cap, base · 2^(n-1))` and
/// the delay is drawn uniformly from `[ceiling · (1 - jitter), ceiling]`
/// ("equal jitter" for jitter = 0.5). The delay never exceeds `cap`.
public struct RetryBackoff: Sendable, Hashable {
    public var baseSeconds: Double
    public var capSeconds: Double
    /// Fraction of the ceiling that is random, from 0 (none) to 1 (full jitter).
    public var jitter: Double

    /// - Throws: `JobQueueError.invalidSettings` for a non-positive base, a cap
    ///   below the base or a jitter outside 0...1.
    public init(baseSeconds: Double = 2, capSeconds: Double = 300, jitter: Double = 0.5) throws(JobQueueError) {
        guard baseSeconds > 0, baseSeconds.isFinite else {
            throw .invalidSettings(reason: "the backoff base must be a positive number of seconds, not \(baseSeconds)")
        }
        guard capSeconds >= baseSeconds, capSeconds.isFinite else {
            throw .invalidSettings(reason: "the backoff cap (\(capSeconds) s) must be at least the base (\(baseSeconds) s)")
        }
        guard (0...1).contains(jitter) else {
            throw .invalidSettings(reason: "jitter must be between 0 and 1, not \(jitter)")
        }
        self.baseSeconds = baseSeconds
        self.capSeconds = capSeconds
        self.jitter = jitter
    }

    /// The largest delay after `failures` failures (no jitter).
    public func ceiling(afterFailures failures: Int) -> Double {
        let exponent = Double(max(failures, 1) - 1)
        // 2^exponent overflows to infinity for huge counts; min() then caps it.
        return min(capSeconds, baseSeconds * Foundation.pow(2, exponent))
    }

    /// The delay before the next attempt after `failures` failures.
    public func delay(afterFailures failures: Int, using random: inout some RandomNumberGenerator) -> Double {
        let ceiling = ceiling(afterFailures: failures)
        guard jitter > 0 else { return ceiling }
        return ceiling * (1 - jitter) + ceiling * jitter * Double.random(in: 0..<1, using: &random)
    }
}
