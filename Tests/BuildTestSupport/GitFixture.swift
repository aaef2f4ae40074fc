import Foundation

/// Packages as git repositories, the way `compare` and agents find revisions.
public enum GitFixture {
    /// A new git repository in a temporary folder holding `files`, committed and tagged `tag`.
    public static func repository(_ files: [String: String], tag: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-repo-\(UUID().uuidString)")
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        for args in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", tag], ["tag", tag]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git", "-C", dir.path] + args
            git.standardOutput = FileHandle.nullDevice
            git.standardError = FileHandle.nullDevice
            try git.run()
            git.waitUntilExit()
            guard git.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["git": args.joined(separator: " ")]) }
        }
        return dir
    }
}
