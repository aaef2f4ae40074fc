import Foundation
import ProcessGroups
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
        // In a process group of its own (`ProcessGroup`): if this program
        // dies, Ctrl-C included, the build dies with it.
        guard let output = ProcessGroup.pipe() else { return }
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(null); close(output.read) }
        let arguments = ["build", "-c", configuration, "--product", "layoutbench-worker", "--package-path", packageRoot]
        let group: ProcessGroup
        do {
            defer { close(output.write) }
            group = try ProcessGroup(executable: swift, arguments: arguments, environment: ProcessInfo.processInfo.environment,
                                     input: null, output: output.write, errors: output.write)
        } catch {
            progress?.note("could not run `swift build` for layoutbench-worker: \(error)")
            return
        }
        let text = String(decoding: FileHandle(fileDescriptor: output.read, closeOnDealloc: false).readDataToEndOfFile(), as: UTF8.self)
        if group.wait() != .exited(0) {
            progress?.note("building layoutbench-worker failed (`swift build -c \(configuration) --product layoutbench-worker`):\n"
                           + text.split(separator: "\n").suffix(15).joined(separator: "\n"))
        }
    }
}
