import Foundation
import ResultStore

/// What stops a distributed run or an agent before it does any work. Like
/// `HarnessError`, `message` says what is wrong and `suggestion` what to try
/// (`ErrorRenderer` prints both). None of them contains a database URL.
public enum DistributedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--engines-config` could not be read or parsed.
    case enginesConfigUnreadable(path: String, reason: String)
    /// An engine in the agent's configuration does not point at an executable.
    case engineMissing(name: String, path: String, reason: String)
    /// `--shard` is not `I/N` with 0 ≤ I < N.
    case invalidShard(String)
    /// `--database-file` could not be read, or is empty.
    case databaseFileUnreadable(path: String, reason: String)
    /// The machine class is empty or too long.
    case invalidMachineClass(String)

    public var message: String {
        switch self {
        case let .enginesConfigUnreadable(path, reason): "the agent's engines configuration \(path) cannot be used: \(reason)"
        case let .engineMissing(name, path, reason): "engine \"\(name)\" points at \(path), which cannot be run: \(reason)"
        case let .invalidShard(text): "--shard \(text) is not I/N with 0 ≤ I < N"
        case let .databaseFileUnreadable(path, reason): "the database URL file \(path) cannot be used: \(reason)"
        case let .invalidMachineClass(text): "the machine class \"\(text)\" is not usable (1 to 100 characters)"
        }
    }

    public var suggestion: String {
        switch self {
        case .enginesConfigUnreadable:
            "write a JSON object of engine name to worker path, e.g. {\"default\": \"/usr/local/bin/layoutbench-worker\"}"
        case .engineMissing: "build the worker (`swift build -c release --product layoutbench-worker`) or fix the path in --engines-config"
        case .invalidShard: "write e.g. --shard 0/2 and --shard 1/2 for two CI jobs that together run the whole plan"
        case .databaseFileUnreadable: "put the URL (postgresql://user:password@host/db) on the file's first line and make it readable"
        case .invalidMachineClass: "pass a short name such as --machine-class docker, or leave it out to use this machine's fingerprint"
        }
    }

    public var description: String { message + " — " + suggestion }
}

/// `--shard I/N`: the plan's jobs whose ordinal ≡ I (mod N), for CI matrices
/// without agents. N shards together run every job exactly once.
public struct Shard: Sendable, Equatable {
    public var index: Int
    public var count: Int

    /// Parses `I/N`.
    ///
    /// - Throws: `DistributedError.invalidShard`.
    public init(parsing text: String) throws(DistributedError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 0, index < count else {
            throw .invalidShard(text)
        }
        self.index = index
        self.count = count
    }

    /// The jobs of this shard, keeping their ordinals in the whole plan.
    public func select(_ plan: [PlannedJob]) -> [PlannedJob] {
        plan.filter { $0.ordinal % count == index }
    }
}
