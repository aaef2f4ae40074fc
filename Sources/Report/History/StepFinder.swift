/// Finds the points where a series of medians moved beyond its noise, as
/// asv's regression finder names the commit that changed a benchmark.
///
/// The noise of a stretch is its points' median intervals. A step is at
/// point i when the `confirm` points from i on all lie, interval and all,
/// on one side of every interval of the (up to `window`) points before i
/// since the last step: one noisy run does not make a step, and a lasting
/// move is named at its first point. The stretch then starts again at i.
public struct StepFinder: Sendable {
    public struct Point: Sendable, Equatable {
        public var median, lower, upper: Double
        public init(median: Double, lower: Double, upper: Double) { self.median = median; self.lower = lower; self.upper = upper }
    }

    public struct Step: Sendable, Equatable {
        /// Index of the first point after the step.
        public var index: Int
        /// Median of the points after over median of the points before (> 1: slower).
        public var ratio: Double
    }

    public var window: Int
    public var confirm: Int

    public init(window: Int = 5, confirm: Int = 3) { self.window = window; self.confirm = confirm }

    public func steps(_ points: [Point]) -> [Step] {
        var steps: [Step] = []
        var start = 0
        var i = 1
        while i + confirm <= points.count {
            let before = points[max(start, i - window)..<i]
            let after = points[i..<(i + confirm)]
            let beforeHigh = before.map(\.upper).max() ?? 0, beforeLow = before.map(\.lower).min() ?? 0
            let above = after.allSatisfy { $0.lower > beforeHigh }
            let below = after.allSatisfy { $0.upper < beforeLow }
            if !before.isEmpty, above || below {
                let ratio = Self.median(after.map(\.median)) / max(Self.median(before.map(\.median)), .leastNonzeroMagnitude)
                steps.append(Step(index: i, ratio: ratio))
                start = i
                i += confirm
            } else {
                i += 1
            }
        }
        return steps
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
