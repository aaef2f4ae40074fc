import Foundation
import Harness

/// The engine `layoutbench run` measures when no --engine is given: the
/// `layoutbench-worker` built next to this program.
enum DefaultWorker {
    static let label = "default"

    /// The directory this executable lives in.
    static var binaryDirectory: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static func path(named name: String = "layoutbench-worker") -> String {
        binaryDirectory.appendingPathComponent(name).path
    }

    /// - Throws: `HarnessError.defaultWorkerMissing`.
    static func choice(progress: (any ProgressReporter)? = nil) throws -> EngineChoice {
        buildIfInPackage(progress: progress)
        let path = path()
        guard FileManager.default.isExecutableFile(atPath: path) else { throw HarnessError.defaultWorkerMissing(expectedAt: path) }
        return EngineChoice(label: label, command: WorkerCommand(executable: path))
    }

    /// When this program runs from a SwiftPM build folder (`swift run
    /// layoutbench`), builds `layoutbench-worker` in the same configuration
    /// first: `swift run` builds only `layoutbench`, which on purpose does
    /// not link the engine, so the worker could be missing or stale. Up to
    /// date, this costs about a second. A failed build is reported and the
    /// existing worker, if any, is used.
    static func buildIfInPackage(progress: (any ProgressReporter)?) {
        let directory = binaryDirectory.path
        let configuration = binaryDirectory.lastPathComponent
        guard configuration == "debug" || configuration == "release",
              let build = directory.range(of: "/.build/") else { return }
        let packageRoot = String(directory[..<build.lowerBound])
        let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        guard FileManager.default.fileExists(atPath: packageRoot + "/Package.swift"),
              let swift = searchPath.map({ $0 + "/swift" }).first(where: FileManager.default.isExecutableFile(atPath:))
        else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["build", "-c", configuration, "--product", "layoutbench-worker", "--package-path", packageRoot]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                progress?.note("building layoutbench-worker failed (`swift build -c \(configuration) --product layoutbench-worker`):\n"
                               + text.split(separator: "\n").suffix(15).joined(separator: "\n"))
            }
        } catch {
            progress?.note("could not run `swift build` for layoutbench-worker: \(error)")
        }
    }
}
