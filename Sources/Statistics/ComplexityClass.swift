#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The growth classes the classifier chooses between, simplest first.
/// Each is fitted as t ≈ a + b·g(n) with a, b ≥ 0; logarithms are natural
/// (the base only rescales b).
public enum ComplexityClass: Int, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    /// g(n) = 1: the model is just t ≈ a.
    case constant
    /// g(n) = ln n.
    case logarithmic
    /// g(n) = n.
    case linear
    /// g(n) = n ln n.
    case linearithmic
    /// g(n) = n².
    case quadratic
    /// g(n) = n³.
    case cubic

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// g(n); non-decreasing and ≥ 0 for n ≥ 1.
    public func growth(_ n: Double) -> Double {
        switch self {
        case .constant: return 1
        case .logarithmic: return log(n)
        case .linear: return n
        case .linearithmic: return n * log(n)
        case .quadratic: return n * n
        case .cubic: return n * n * n
        }
    }

    /// Free parameters of t ≈ a + b·g(n): 1 for `.constant` (a and b merge), else 2.
    public var parameterCount: Int { self == .constant ? 1 : 2 }

    /// Big-O notation, e.g. "O(n log n)".
    public var description: String {
        switch self {
        case .constant: return "O(1)"
        case .logarithmic: return "O(log n)"
        case .linear: return "O(n)"
        case .linearithmic: return "O(n log n)"
        case .quadratic: return "O(n²)"
        case .cubic: return "O(n³)"
        }
    }
}
