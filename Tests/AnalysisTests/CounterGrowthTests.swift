import Testing
import Foundation
import Analysis
import Statistics

@Suite("Counter growth: exact classes from deterministic counters")
struct CounterGrowthTests {
    @Test(arguments: ComplexityClass.allCases)
    func exactCountersGetTheirClassExactly(complexity: ComplexityClass) throws {
        let sizes = [10, 30, 100, 300, 1000]
        let values = sizes.map { 7 + (complexity == .constant ? 0 : 3 * complexity.growth(Double($0))) }
        let g = try #require(CounterGrowth.fit(counter: "pivots", sizes: sizes, values: values))
        #expect(g.complexity == ComplexityClassName(complexity))
        #expect(g.isExact)
        #expect(abs(g.intercept - 7) < 1e-6 * 7 || complexity == .constant)
    }

    @Test func sortComparisonsAreNLogNWithinFivePercent() throws {
        // Merge sort's worst case: n⌈log₂ n⌉ − 2^⌈log₂ n⌉ + 1 comparisons.
        let sizes = [1_000, 3_000, 10_000, 30_000, 100_000]
        let values = sizes.map { n -> Double in
            let k = (log2(Double(n))).rounded(.up)
            return Double(n) * k - pow(2, k) + 1
        }
        let g = try #require(CounterGrowth.fit(counter: "comparisons", sizes: sizes, values: values))
        #expect(g.complexity == .linearithmic)
        #expect(!g.isExact)
    }

    @Test func zeroEverywhereIsExactlyConstant() throws {
        let g = try #require(CounterGrowth.fit(counter: "merges", sizes: [1, 10, 100], values: [0, 0, 0]))
        #expect(g.complexity == .constant && g.isExact)
        #expect(g.exponent == nil)
    }

    @Test func quadraticCounterHasAnOnset() throws {
        let sizes = [100, 300, 1000, 10_000]
        let g = try #require(CounterGrowth.fit(counter: "terms", sizes: sizes, values: sizes.map { Double($0 * ($0 - 1) / 2) }))
        #expect(g.complexity == .quadratic)
        #expect(!g.isExact)
        #expect(g.superlinearOnset == 100)
        #expect(abs(g.exponent! - 2) < 0.01)
    }

    @Test func linearCounterNeverHasAnOnset() throws {
        let sizes = [10, 100, 1000, 10_000]
        let g = try #require(CounterGrowth.fit(counter: "rows", sizes: sizes, values: sizes.map { 5 * Double($0) + 40 }))
        #expect(g.complexity == .linear && g.isExact)
        #expect(g.superlinearOnset == nil)
    }

    /// "One fewer than three per view": a negative intercept does not make a
    /// linear counter any less linear, while a tangent line to n log n
    /// never fits exactly.
    @Test func aCounterWithANegativeInterceptIsExactlyInItsClass() throws {
        let sizes = [3, 10, 100, 1000]
        let g = try #require(CounterGrowth.fit(counter: "constantChanges", sizes: sizes, values: sizes.map { 3 * Double($0) - 1 }))
        #expect(g.complexity == .linear && g.isExact)
        #expect(abs(g.intercept + 1) < 1e-9 && abs(g.coefficient - 3) < 1e-9)

        let bent = try #require(CounterGrowth.fit(counter: "comparisons", sizes: sizes, values: sizes.map { Double($0) * log(Double($0)) }))
        #expect(bent.complexity == .linearithmic && bent.isExact)
        let offset = try #require(CounterGrowth.fit(counter: "work", sizes: [100, 300, 1000],
                                                     values: [100, 300, 1000].map { Double($0) * log(Double($0)) - 50 }))
        #expect(offset.complexity == .linearithmic && offset.isExact, "n log n − 50 is exactly n log n, never linear")
    }

    /// Work whose first items are cheaper than the rest (the engine's rows
    /// touched per feed cell run 33, 40, 41, 41 from 10 to 500 cells) is
    /// linear with a negative intercept, inexactly: its marginal cost is
    /// flat at the top of the sweep, within what random content moves it
    /// (frames applied: 12.4, 13.2, 11.7 per cell). No steeper law passes.
    @Test func cheaperFirstItemsAreLinearWithinFivePercent() throws {
        let frames = try #require(CounterGrowth.fit(counter: "framesApplied", sizes: [10, 50, 100, 500], values: [108, 602, 1260, 5930]))
        #expect(frames.complexity == .linear && !frames.isExact)
        for (sizes, values) in [([10, 50, 100, 500], [327.0, 1976, 4053, 20456]),
                                ([25, 80, 250, 800], [547.0, 3345, 11545, 38424]),
                                ([2, 10, 50, 250], [40.0, 327, 1976, 10117])] {
            let g = try #require(CounterGrowth.fit(counter: "rowsTouched", sizes: sizes, values: values))
            #expect(g.complexity == .linear && !g.isExact, "\(values)")
            #expect(g.intercept < 0 && abs(g.intercept + g.coefficient * Double(sizes.last!) - values.last!) < 1e-6 * values.last!)
        }
    }

    /// Over any sweep, steeper laws than linear are never taken for linear,
    /// with no intercept or a negative one: secants that agree at the top
    /// and a top slope within 5 % of 1 are both required. (A positive
    /// intercept can hold n^1.1's slope at the top under 1.05, inside
    /// linear's band by definition.)
    @Test func noSteeperLawIsFlatAtTheTop() throws {
        let laws: [(String, (Double) -> Double)] = [
            ("n ln n", { $0 * log($0) }), ("n ln² n", { $0 * log($0) * log($0) }),
            ("n^1.1", { pow($0, 1.1) }), ("n^1.5", { pow($0, 1.5) }), ("n²", { $0 * $0 }),
        ]
        let sweeps: [[Double]] = [[10, 50, 100, 500], [2, 10, 50, 250], [100, 200, 400, 800], [250_000, 500_000, 1e6, 2e6],
                                  [1e6, 1.5e6, 2.25e6], [3, 10, 100, 1000], [1e7, 2e7, 4e7, 8e7],
                                  [1000, 1500, 2250, 3375], [1e5, 1.2e5, 1.44e5]]
        for (name, law) in laws {
            for sweep in sweeps {
                let low = law(sweep[0])
                for intercept in [-0.5 * low, -0.1 * low, 0] {
                    let g = try #require(CounterGrowth.fit(counter: "work", sizes: sweep.map { Int($0) }, values: sweep.map { law($0) + intercept }))
                    #expect(g.complexity.map { $0 > .linear } ?? true, "\(name) + \(intercept) over \(sweep) came out \(String(describing: g.complexity))")
                }
            }
        }
        // Linear up to the last size, quadratic after it: a knee at the top.
        let knee = try #require(CounterGrowth.fit(counter: "work", sizes: [10, 100, 1000, 2000], values: [10, 100, 1000, 4000]))
        #expect(knee.complexity.map { $0 > .linear } ?? true)
    }

    /// Work that saturates (a copied cell's pivots: new content shapes met
    /// at small N, none after) costs nothing more per item at the top: O(1),
    /// not exact. A slow log n keeps growing at the top and is not.
    @Test func saturatingWorkIsConstantAtTheTop() throws {
        let sizes = [10, 50, 100, 500, 1_800, 6_600]
        let pivots = try #require(CounterGrowth.fit(counter: "pivots", sizes: sizes, values: [18, 30, 34, 39, 39, 39]))
        #expect(pivots.complexity == .constant && !pivots.isExact)
        let logarithmic = try #require(CounterGrowth.fit(counter: "depth", sizes: sizes, values: sizes.map { 3 * log(Double($0)) }))
        #expect(logarithmic.complexity == .logarithmic && logarithmic.isExact)
        let stillRising = try #require(CounterGrowth.fit(counter: "shapes", sizes: sizes, values: [18, 30, 34, 39, 42, 46]))
        #expect(stillRising.complexity != .constant, "\(String(describing: stillRising.complexity))")
    }

    @Test func twoSizesAreNotEnough() {
        #expect(CounterGrowth.fit(counter: "x", sizes: [1, 2], values: [1, 2]) == nil)
    }
}
