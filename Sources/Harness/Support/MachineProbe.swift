import Foundation
import ResultStore
import WorkerProtocol

/// Reads the machine fingerprint stored with every run.
public enum MachineProbe {
    /// This machine: CPU model, cores, memory, kernel, OS, Swift version.
    public static func current() -> MachineInfo {
        var name = utsname()
        uname(&name)
        let kernel = "\(field(&name.sysname)) \(field(&name.release))"
        return MachineInfo(hostname: ProcessInfo.processInfo.hostName, cpuModel: cpuModel(),
                           cores: ProcessInfo.processInfo.activeProcessorCount,
                           memoryBytes: Int64(ProcessInfo.processInfo.physicalMemory),
                           kernel: kernel, os: osName() ?? field(&name.sysname), swiftVersion: swiftVersion)
    }

    /// The compiler that built the harness (workers report their own).
    public static var swiftVersion: String { WorkerProtocol.compilerVersion }

    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") || line.hasPrefix("Model") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown"
    }

    static func osName() -> String? {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    private static func field<T>(_ value: inout T) -> String {
        withUnsafeBytes(of: &value) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
