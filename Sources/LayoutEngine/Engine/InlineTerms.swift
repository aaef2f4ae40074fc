import LayoutSolver

/// Where `ExpressionBuilder` appends an expression's terms.
protocol TermSink {
    mutating func append(_ term: Term)
}

extension Array: TermSink where Element == Term {}

/// One expression's terms on the stack: eight inline (a view constraint
/// names two to six variables), any more in an array. `Engine.install`
/// builds into one and appends it to the queue: a scratch array borrowed
/// from the engine (entering an item can install other constraints
/// meanwhile, so it cannot build into the queue itself) cost two calls
/// through the arrays' generic paths per constraint, emptying and copying.
struct InlineTerms: TermSink {
    /// Raw words, as `Term` is trivial: a tuple of terms would need a
    /// variable to start from.
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private static let inlineCount = MemoryLayout<(UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                                                   UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                                                   UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)>.size
        / MemoryLayout<Term>.stride
    /// Nil until needed: an empty array still cost a release per expression.
    private var overflow: [Term]?
    private(set) var count = 0

    init() {}

    @inline(__always) mutating func append(_ term: Term) {
        if count < Self.inlineCount {
            let i = count
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.assumingMemoryBound(to: Term.self)[i] = term }
        } else {
            overflow = (overflow ?? []) + [term]
        }
        count += 1
    }

    /// Appends the terms, in order, to `terms`. Mutating only so that the
    /// words are read in place, not copied first.
    mutating func copy(to terms: inout [Term]) {
        let inline = min(count, Self.inlineCount)
        withUnsafeMutableBytes(of: &words) { raw in
            let p = raw.baseAddress!.assumingMemoryBound(to: Term.self)
            for i in 0..<inline { terms.append(p[i]) }
        }
        if let overflow { terms.append(contentsOf: overflow) }
    }
}
