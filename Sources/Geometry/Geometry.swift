/// Plain geometry values shared by the view layer and the collection layouts.
/// Points are in the engine's unit (UIKit points); y grows downwards.

public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(fmt(x)), \(fmt(y)))" }
}

public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(fmt(width))×\(fmt(height))" }
}

public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// True when the two rectangles share interior area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    /// The overlap of two rectangles, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The rectangle shrunk by `insets` (sizes clamp at zero).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: max(0, width - insets.left - insets.right),
             height: max(0, height - insets.top - insets.bottom))
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    public var description: String { "(\(fmt(minX)), \(fmt(minY)), \(fmt(width)), \(fmt(height)))" }
}

public struct EdgeInsets: Hashable, Sendable, Codable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
    public var description: String { "{\(fmt(top)), \(fmt(left)), \(fmt(bottom)), \(fmt(right))}" }
}

/// Leading/trailing insets: which physical side they land on depends on the
/// layout direction (right-to-left swaps them).
public struct DirectionalEdgeInsets: Hashable, Sendable, Codable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = DirectionalEdgeInsets()
    public func resolved(rightToLeft: Bool) -> EdgeInsets {
        rightToLeft
            ? EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }
}

/// Shortest decimal that reads back the same, without a trailing ".0" for integers.
func fmt(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    return String(v)
}
