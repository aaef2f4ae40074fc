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

    @Test func twoSizesAreNotEnough() {
        #expect(CounterGrowth.fit(counter: "x", sizes: [1, 2], values: [1, 2]) == nil)
    }
}
