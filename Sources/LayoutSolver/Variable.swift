import Synchronization

/// An unknown the solver assigns a value to: a view's x, y, width or height.
///
/// Variables are plain values with a process-wide unique `id`, so one variable
/// can take part in several solvers (a window's engine and a throw-away
/// `systemLayoutSizeFitting` engine). A solver learns a variable the first time
/// a constraint mentions it; inside the solver it gets a symbol whose id is
/// assigned in the solver's own order, so identifiers never influence pivots.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// Unique within the process; used only for identity, never for ordering.
    public let id: UInt64
    /// Its name's index in the process-wide name table (0: no name). A
    /// plain integer, not a reference, so that a variable, and a term that
    /// holds one, is copied and freed without reference counting: a view
    /// layer queues, keeps and frees thousands of equations for a list of
    /// cells. Names are interned for the life of the process, which holds
    /// each distinct name once.
    private let nameIndex: UInt32

    public init(_ name: String = "") {
        self.id = variableIDs.add(1, ordering: .relaxed).oldValue
        self.nameIndex = name.isEmpty ? 0 : variableNames.withLock { $0.index(of: name) }
    }

    private init(id: UInt64) {
        self.id = id
        self.nameIndex = 0
    }

    /// Four unnamed variables (a view's x, y, width and height) for one
    /// atomic step on the shared counter instead of four, since every view
    /// makes a block of them. The first id is
    /// a multiple of four, so the four are a block of their own: `id / 4`
    /// names it (see `block`). Single variables made in between leave the
    /// rest of their block unused.
    public static func four() -> (Variable, Variable, Variable, Variable) {
        var current = variableIDs.load(ordering: .relaxed)
        while true {
            let first = (current + 3) & ~3
            let (exchanged, original) = variableIDs.compareExchange(expected: current, desired: first + 4,
                                                                     ordering: .relaxed)
            if exchanged {
                return (Variable(id: first), Variable(id: first + 1), Variable(id: first + 2), Variable(id: first + 3))
            }
            current = original
        }
    }

    /// The block of four ids this variable's id lies in: the same for the
    /// four variables of one `four()` call, and no other `four()` call's.
    public var block: UInt64 { id >> 2 }

    /// A name for messages such as "Unable to simultaneously satisfy constraints".
    public var name: String { nameIndex == 0 ? "" : variableNames.withLock { $0.names[Int(nameIndex)] } }

    public static func == (a: Variable, b: Variable) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public var description: String { nameIndex == 0 ? "v\(id)" : name }
}

private let variableIDs = Atomic<UInt64>(1)   // 0 is no variable's id

/// Every variable name used so far, each once.
private struct NameTable: ~Copyable {
    var names: [String] = [""]
    var indexByName: [String: UInt32] = [:]

    mutating func index(of name: String) -> UInt32 {
        if let i = indexByName[name] { return i }
        let i = UInt32(names.count)
        names.append(name)
        indexByName[name] = i
        return i
    }
}

private let variableNames = Mutex(NameTable())
