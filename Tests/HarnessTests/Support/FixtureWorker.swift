import Foundation
import Harness
import WorkerProtocol

/// The `fixture-worker` executable, built beside the tests.
enum FixtureWorker {
    static var path: String {
        var dir = Bundle.main.bundleURL
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("fixture-worker")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            dir.deleteLastPathComponent()
        }
        return ".build/debug/fixture-worker"
    }

    static func command(_ environment: [String: String] = [:]) -> WorkerCommand {
        WorkerCommand(executable: path, arguments: ["--protocol"], environment: environment)
    }

    /// A job whose variant tells the fixture how to behave.
    static func request(_ behaviour: String, size: Int = 10, samples: Int = 3) -> JobRequest {
        JobRequest(workloadPath: "Workloads/fixture.yaml", variant: behaviour, size: size, samples: samples)
    }
}
