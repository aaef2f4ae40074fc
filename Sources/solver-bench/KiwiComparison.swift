import Foundation

/// Runs the same workload on the `kiwisolver` Python package in a child
/// process (Scripts/kiwi_solver_bench.py), so both engines are measured in
/// one run on the same systems. Returns nil with a note when Python or the
/// package is missing.
struct KiwiComparison {
    let script: URL
    private(set) var unavailable: String?

    init() {
        script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/kiwi_solver_bench.py")
        let check = Self.run(["-c", "import kiwisolver"])
        if check == nil {
            unavailable = "kiwisolver is not installed (pip install kiwisolver); comparison skipped"
        }
    }

    func seconds(workload: String, n: Int, repeats: Int) -> Double? {
        guard unavailable == nil,
              let out = Self.run([script.path, "--workload", workload, "--n", String(n), "--repeats", String(repeats)]),
              let line = out.split(separator: "\n").last,
              let data = line.data(using: .utf8),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let s = json["seconds"] as? Double else { return nil }
        return s
    }

    private static func run(_ arguments: [String]) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3"] + arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
