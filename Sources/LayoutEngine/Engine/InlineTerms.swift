import LayoutSolver

/// Where `ExpressionBuilder` appends an expression's terms.
protocol TermSink {
    mutating func append(_ term: Term)
}

extension Array: TermSink where Element == Term {}

/// One expression's terms on the stack, up to eight (a view constraint
/// names two to six variables). `Engine.install` builds into one and
/// appends it to the queue: a scratch array borrowed from the engine
/// (entering an item can install other constraints meanwhile, so it cannot
/// build into the queue itself) cost two calls through the arrays' generic
/// paths per constraint, emptying and copying. A plain value (no array for
/// the rare longer expression, which `install` builds again into one), so
/// it needs no destroying either.
struct InlineTerms: TermSink {
    /// Raw words, as `Term` is trivial: a tuple of terms would need a
    /// variable to start from.
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private static var capacity: Int {
        MemoryLayout<(UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)>.size
            / MemoryLayout<Term>.stride
    }
    /// Terms appended, including any past the capacity (then not kept).
    private(set) var count = 0

    init() {}

    /// Whether more terms were appended than it holds.
    var overflowed: Bool { count > Self.capacity }

    @inline(__always) mutating func append(_ term: Term) {
        if count < Self.capacity {
            let i = count
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.assumingMemoryBound(to: Term.self)[i] = term }
        }
        count += 1
    }

    /// Appends the terms, in order, to `terms` (all of them: not overflowed).
    /// Mutating only so that the words are read in place, not copied first.
    mutating func copy(to terms: inout [Term]) {
        precondition(!overflowed, "an overflowed expression is built again into an array")
        let n = count
        withUnsafeMutableBytes(of: &words) { raw in
            let p = raw.baseAddress!.assumingMemoryBound(to: Term.self)
            for i in 0..<n { terms.append(p[i]) }
        }
    }
}
