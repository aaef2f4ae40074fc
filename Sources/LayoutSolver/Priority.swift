/// How strongly a constraint wants to hold, on UIKit's scale.
///
/// 1000 is required: it must hold or the constraint is rejected as
/// unsatisfiable. Anything lower is a preference. Preferences are compared
/// lexicographically, never summed across levels: one constraint at 751 beats
/// any number of constraints at 750.
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Float

    /// Creates a priority. Values are clamped to 1...1000.
    public init(_ rawValue: Float) {
        self.rawValue = min(1000, max(1, rawValue.isFinite ? rawValue : 1))
    }

    public static let required = Priority(1000)
    public static let defaultHigh = Priority(750)
    public static let defaultLow = Priority(250)
    public static let fittingSizeLevel = Priority(50)

    public var isRequired: Bool { rawValue >= 1000 }

    public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    public var description: String {
        rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
    }
}

extension Priority: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self.init(Float(value)) }
    public init(floatLiteral value: Double) { self.init(Float(value)) }
}
