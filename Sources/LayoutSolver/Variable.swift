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
    /// Boxed, and absent when empty: a view layer's variables have no name,
    /// and a `String` field made every copy of a term (building, installing
    /// and freeing each constraint's expression) a retain and a release.
    private let label: Label?

    public init(_ name: String = "") {
        self.id = variableIDs.add(1, ordering: .relaxed).oldValue
        self.label = name.isEmpty ? nil : Label(name)
    }

    private init(id: UInt64) {
        self.id = id
        self.label = nil
    }

    /// Four unnamed variables (a view's x, y, width and height) for one
    /// atomic step on the shared counter instead of four: creating the
    /// variables was a tenth of making a feed cell's views.
    public static func four() -> (Variable, Variable, Variable, Variable) {
        let first = variableIDs.add(4, ordering: .relaxed).oldValue
        return (Variable(id: first), Variable(id: first + 1), Variable(id: first + 2), Variable(id: first + 3))
    }

    /// A name for messages such as "Unable to simultaneously satisfy constraints".
    public var name: String { label?.text ?? "" }

    public static func == (a: Variable, b: Variable) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public var description: String { label.map(\.text) ?? "v\(id)" }

    private final class Label: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }
}

private let variableIDs = Atomic<UInt64>(1)
