import Foundation

/// Checks that a prepared worker is the engine it is meant to be, by what
/// the worker itself says in its hello (`--protocol`), not by where it lies:
/// a binary that moved on with its worktree, or a `.build/release` left from
/// another checkout, names another commit.
extension RevisionBuilder {
    /// The commit the worker at `binary` reports in its hello line, nil when it says none.
    public static func reportedCommit(of binary: String) -> String? {
        // Standard input is empty: the worker says hello, finds no request and exits.
        let (_, output) = Shell.capture(binary, ["--protocol"])
        guard let line = output.split(separator: "\n").first,
              let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              object["type"] as? String == "hello",
              let engine = object["engine"] as? [String: Any] else { return nil }
        return engine["commit"] as? String
    }

    /// Throws unless the worker of `build` reports a commit whose engine
    /// inputs are the build's (the checkout's own build: this checkout's HEAD).
    /// A binary given by path is taken as it is.
    public func verify(_ build: EngineBuild, side: String) throws(EngineBuildError) {
        guard let expected = build.inputKey else { return }
        let reported = Self.reportedCommit(of: build.binary)
        let matches: Bool
        if let reported, reported.count == 40, reported.allSatisfy(\.isHexDigit) {
            matches = build.isWorkingTreeBuild ? reported == (try? resolve("HEAD", side: side))
                : (try? inputKey(commit: reported)) == expected
        } else {
            matches = false
        }
        guard matches else {
            throw .identityMismatch(side: side, binary: build.binary, inputKey: expected, reported: reported ?? "no commit")
        }
    }
}
