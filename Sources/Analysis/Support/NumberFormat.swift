import Foundation

/// Locale-independent number formatting for verdict reasons and reports
/// (the same digits on every machine, so reports diff cleanly).
public enum NumberFormat {
    /// `value` with `digits` decimals, e.g. fixed(1.2345, 2) = "1.23".
    public static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "−∞") }
        return String(format: "%.\(digits)f", locale: nil, value)
    }

    /// Three significant digits, plain notation for 0.001…99 999, e.g. "0.0123", "12.3", "1.23e+07".
    public static func significant(_ value: Double) -> String {
        guard value.isFinite else { return fixed(value, 0) }
        let a = abs(value)
        if a == 0 { return "0" }
        if a >= 1e5 || a < 1e-3 { return String(format: "%.2e", locale: nil, value) }
        let digits = max(0, 2 - Int(floor(log10(a))))
        return String(format: "%.\(digits)f", locale: nil, value)
    }

    /// A duration in the unit that keeps 1–999 before the point: "812 ns", "3.40 µs", "1.25 s".
    public static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return fixed(value, 0) }
        let a = abs(value)
        let (scale, unit): (Double, String) =
            a >= 1 ? (1, "s") : a >= 1e-3 ? (1e3, "ms") : a >= 1e-6 ? (1e6, "µs") : (1e9, "ns")
        let v = value * scale
        let digits = abs(v) >= 100 ? 0 : abs(v) >= 10 ? 1 : 2
        return fixed(v, digits) + " " + unit
    }

    /// An integer with thin thousands separators, e.g. 100000 → "100,000".
    public static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return value < 0 ? "−" + out : out
    }

    /// A count with its noun in agreement: "1 outlier", "3 outliers", "1,200 samples".
    public static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(grouped(n)) \(n == 1 ? noun : plural ?? noun + "s")"
    }

    /// A ratio as "0.42×".
    public static func ratio(_ value: Double) -> String { significant(value) + "×" }

    /// A percentage with one decimal: 0.123 → "12.3 %".
    public static func percent(_ value: Double) -> String { fixed(value * 100, 1) + " %" }

    /// ISO 8601 in UTC, to the second.
    public static func timestamp(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }
}
