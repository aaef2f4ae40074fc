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
    static func choice() throws -> EngineChoice {
        let path = path()
        guard FileManager.default.isExecutableFile(atPath: path) else { throw HarnessError.defaultWorkerMissing(expectedAt: path) }
        return EngineChoice(label: label, command: WorkerCommand(executable: path))
    }
}
