/// Why an engine could not be made ready to run.
public enum EngineBuildError: Error, Equatable, CustomStringConvertible {
    case notARepository(path: String)
    case unknownRevision(String, side: String)
    case buildFailed(side: String, revision: String, commit: String, log: String, logTail: String)
    case commandFailed(command: String, status: Int32, output: String)
    case notExecutable(path: String, side: String)
    /// The worker reports a commit whose engine inputs are not the ones it was built from.
    case identityMismatch(side: String, binary: String, inputKey: String, reported: String)
    /// The build was stopped (Ctrl-C, SIGTERM) before it finished.
    case interrupted(side: String, revision: String)

    public var description: String {
        switch self {
        case .notARepository(let path):
            "\(path) is not inside a git repository — run compare from a clone of the project, or pass worker binaries instead of revisions"
        case .unknownRevision(let rev, let side):
            "\(side): '\(rev)' is neither a git revision nor an executable file — check the name with `git rev-parse \(rev)`, fetch it (`git fetch origin \(rev)`), or give a path to a layoutbench-worker binary"
        case .buildFailed(let side, let rev, let commit, let log, let tail):
            "\(side): the worker at \(rev) (\(commit.prefix(12))) does not build; full log in \(log). Last lines:\n\(tail)"
        case .commandFailed(let command, let status, let output):
            "`\(command)` failed with exit status \(status): \(output.suffix(600))"
        case .interrupted(let side, let rev):
            "\(side): the build of the worker at \(rev) was stopped before it finished; nothing of it runs, and the next build of it picks up what was already compiled"
        case .notExecutable(let path, let side):
            "\(side): \(path) exists but is not executable — `chmod +x` it or build it with `swift build -c release --product layoutbench-worker`"
        case .identityMismatch(let side, let binary, let key, let reported):
            "\(side): \(binary) reports engine commit \(reported.prefix(40)), whose engine inputs are not \(key.prefix(12)) — "
                + "remove .layoutbench/builds/lines (or rebuild .build/release) and compare again"
        }
    }
}
