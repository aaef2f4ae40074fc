import Foundation
import ResultStore
import Workloads

/// The engines an agent may run: name → worker executable, from the agent's
/// own configuration file, plus `default` → the `layoutbench-worker` next to
/// the agent's binary. This is the only place an agent finds programs to
/// start: a job from the database names an engine, never a path or command,
/// and a name not listed here is refused.
public struct AgentEngines: Sendable, Equatable {
    public private(set) var workers: [String: String]

    public init(workers: [String: String]) { self.workers = workers }

    /// Reads `path` (a JSON object of engine name → worker path; relative
    /// paths are taken from the file's folder) over `defaults`. Every engine
    /// must be an executable file.
    ///
    /// - Throws: `DistributedError.enginesConfigUnreadable`, `.engineMissing`.
    public static func load(path: String?, defaults: [String: String]) throws(DistributedError) -> AgentEngines {
        var workers = defaults.filter { FileManager.default.isExecutableFile(atPath: $0.value) }
        if let path {
            let data: Data
            do { data = Data(try SourceFile.read(path, limit: 1 << 20).utf8) } catch {
                throw .enginesConfigUnreadable(path: path, reason: error.description)
            }
            let parsed: [String: String]
            do { parsed = try JSONDecoder().decode([String: String].self, from: data) } catch {
                throw .enginesConfigUnreadable(path: path, reason: "it is not a JSON object of strings (\(error))")
            }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            for (name, worker) in parsed {
                guard !name.isEmpty else { throw .enginesConfigUnreadable(path: path, reason: "an engine name is empty") }
                let resolved = worker.hasPrefix("/") ? worker : folder.appendingPathComponent(worker).standardizedFileURL.path
                if let problem = ExecutablePath.problem(resolved) { throw .engineMissing(name: name, path: resolved, reason: problem) }
                workers[name] = resolved
            }
        }
        return AgentEngines(workers: workers)
    }

    /// The worker for `engine`, or nil when this agent does not have it.
    public func worker(for engine: String) -> WorkerCommand? {
        workers[engine].map { WorkerCommand(executable: $0) }
    }

    /// Names, sorted, for messages and the agent's fingerprint.
    public var names: [String] { workers.keys.sorted() }
}

/// The default machine class: this machine's CPU model and core count, so
/// that agents on identical hardware share jobs and others never measure
/// them, e.g. `intel-xeon-platinum-8375c-cpu-2-90ghz-x2`.
public enum MachineClass {
    public static func derived(from machine: MachineInfo = MachineProbe.current()) -> String {
        let words = machine.cpuModel.lowercased().unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : " " }
        let slug = String(words).split(separator: " ").joined(separator: "-")
        return String((slug.isEmpty ? "unknown-cpu" : slug).prefix(80)) + "-x\(machine.cores)"
    }

    /// The class `run --distributed` gives jobs when none is asked for;
    /// every agent takes these after its own class's jobs.
    public static let any = "any"

    /// - Throws: `DistributedError.invalidMachineClass`.
    public static func validate(_ name: String) throws(DistributedError) -> String {
        guard !name.isEmpty, name.count <= 100 else { throw .invalidMachineClass(name) }
        return name
    }
}
