// Input checks shared by every public entry point. They run in O(n) and are
// what lets the rest of the module assume finite, non-empty data.

@inline(__always)
func requireFinite(_ x: [Double], minimumCount: Int = 1) throws(StatisticsError) {
    if x.isEmpty { throw .emptySample }
    if x.count < minimumCount { throw .tooFewValues(needed: minimumCount, got: x.count) }
    for (i, v) in x.enumerated() where !v.isFinite {
        throw .nonFiniteValue(index: i, value: v)
    }
}

@inline(__always)
func requirePositive(_ x: [Double]) throws(StatisticsError) {
    try requireFinite(x)
    for (i, v) in x.enumerated() where v <= 0 {
        throw .nonPositiveValue(index: i, value: v)
    }
}

@inline(__always)
func requireConfidence(_ c: Double) throws(StatisticsError) {
    guard c > 0, c < 1 else { throw .invalidConfidence(c) }
}

@inline(__always)
func requireResamples(_ n: Int) throws(StatisticsError) {
    guard n >= 1 else { throw .invalidResampleCount(n) }
}

@inline(__always)
func requireSameLength(_ a: [Double], _ b: [Double]) throws(StatisticsError) {
    guard a.count == b.count else { throw .lengthMismatch(first: a.count, second: b.count) }
}
