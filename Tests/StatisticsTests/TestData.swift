import Statistics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Seeded sample generators and comparisons shared by the tests.

/// `count` sizes spaced evenly in log10 from 10^low to 10^high, rounded to integers.
func logSpacedSizes(from low: Double, to high: Double, count: Int) -> [Double] {
    (0..<count).map { i in
        pow(10, low + (high - low) * Double(i) / Double(count - 1)).rounded()
    }
}

/// `count` values, each drawn uniformly from `range`.
func uniformSample(_ count: Int, in range: ClosedRange<Double>, using rng: inout Xoshiro256StarStar) -> [Double] {
    (0..<count).map { _ in range.lowerBound + (range.upperBound - range.lowerBound) * rng.unitInterval() }
}

/// Log-normal timings: `median · e^(σZ)`.
func logNormalSample(_ count: Int, median: Double, sigma: Double, using rng: inout Xoshiro256StarStar) -> [Double] {
    (0..<count).map { _ in median * exp(sigma * rng.standardNormal()) }
}

func isClose(_ a: Double, _ b: Double, relative: Double = 1e-12, absolute: Double = 1e-12) -> Bool {
    abs(a - b) <= max(absolute, relative * max(abs(a), abs(b)))
}
