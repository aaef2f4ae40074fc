import Foundation

/// A process on this machine, as /proc shows it.
public struct LivingProcess: Sendable, CustomStringConvertible {
    public var pid: Int32
    /// The short name (`comm`): swift-build, swift-frontend, clang, ld…
    public var name: String
    public var description: String { "\(name) (\(pid))" }
}

/// Every living process (zombies excluded: they are dead, only not yet
/// reaped) other than this one whose command line mentions every one of `texts`.
public func livingProcesses(mentioning texts: String...) -> [LivingProcess] {
    livingProcesses(mentioning: texts)
}

private func livingProcesses(mentioning texts: [String]) -> [LivingProcess] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> LivingProcess? in
        guard let pid = Int32(entry), pid != getpid(),
              let raw = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
              case let line = String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self),
              texts.allSatisfy(line.contains) else { return nil }
        let stat = (try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8)) ?? ""
        if stat.split(separator: ")").last?.split(separator: " ").first == "Z" { return nil }
        let name = (try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        return LivingProcess(pid: pid, name: name)
    }
}

/// Whether a compiler (swift-frontend or clang) runs whose command line
/// mentions every one of `texts`: a path, a source file.
public func compilerRuns(mentioning texts: String...) -> Bool {
    livingProcesses(mentioning: texts).contains { $0.name.hasPrefix("swift-frontend") || $0.name.hasPrefix("clang") }
}
