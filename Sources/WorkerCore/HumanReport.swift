import Foundation
import WorkerProtocol

/// The readable summary `layoutbench-worker` prints when run by hand.
public enum HumanReport {
    public static func render(_ s: JobSummary, engine: EngineIdentity) -> String {
        var lines = [
            "\(s.workload) / \(s.variant)  N = \(s.size)  seed \(s.seed)",
            "  engine     \(engine.name) \(engine.version) \(engine.commit.prefix(12)) (\(engine.build), Swift \(engine.swiftVersion))",
            "  time       \(seconds(s.medianSeconds)) per iteration (median of \(s.samples) samples × \(s.iterationsPerSample ?? 0) iterations)",
        ]
        if let cpu = s.medianCPUSeconds { lines.append("  cpu        \(seconds(cpu)) per iteration") }
        if let a = s.allocationsPerIteration, let b = s.allocatedBytesPerIteration {
            lines.append("  allocs     \(number(a)) per iteration, \(bytes(b))")
        } else {
            lines.append("  allocs     not counted (the allocation counter needs glibc)")
        }
        if let p = s.peakMemoryBytes { lines.append("  peak rss   \(bytes(Double(p)))") }
        if let o = s.overheadFraction { lines.append(String(format: "  overhead   %.3f %% of a sample", o * 100)) }
        if let r = s.retakenSamples, r > 0 { lines.append("  retaken    \(r) samples another process interrupted (kept as warm-up)") }
        lines.append("  digest     \(s.digest)")
        lines.append("  counters per iteration:")
        for (name, value) in s.counters.sorted(by: { $0.key < $1.key }) where value != 0 {
            lines.append("    \(name.padding(toLength: max(28, name.count), withPad: " ", startingAt: 0)) \(number(value))")
        }
        if !s.log.isEmpty {
            lines.append("  engine log (last \(s.log.count) lines; the first ones):")
            lines += s.log.prefix(12).map { "    \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    static func seconds(_ s: Double) -> String {
        switch s {
        case ..<1e-6: String(format: "%.1f ns", s * 1e9)
        case ..<1e-3: String(format: "%.2f µs", s * 1e6)
        case ..<1: String(format: "%.3f ms", s * 1e3)
        default: String(format: "%.3f s", s)
        }
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.2f", v)
    }

    static func bytes(_ b: Double) -> String {
        switch b {
        case ..<1024: "\(Int(b)) B"
        case ..<(1024 * 1024): String(format: "%.1f KiB", b / 1024)
        default: String(format: "%.1f MiB", b / 1024 / 1024)
        }
    }
}
