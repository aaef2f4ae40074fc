import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs short helper commands (git, swift build). Output goes to a file or
/// is captured whole after exit, so a grandchild holding a pipe open can
/// never hang the caller.
enum Shell {
    static func run(_ executable: String, _ args: [String], outputFile: String, input: String? = nil) -> Int32 {
        // open(2), not FileManager.createFile: that one writes atomically, by
        // renaming a temporary file over the path — which replaced /dev/null
        // with a plain file once.
        let fd = open(outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return -1 }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { try? handle.close() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        p.standardOutput = handle
        p.standardError = handle
        if let input {
            guard let from = FileHandle(forReadingAtPath: input) else { return -1 }
            p.standardInput = from
        } else {
            p.standardInput = FileHandle.nullDevice
        }
        do { try p.run() } catch { return -1 }
        p.waitUntilExit()
        return p.terminationStatus
    }

    static func capture(_ executable: String, _ args: [String], input: String? = nil) -> (Int32, String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-sh-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: file) }
        let status = run(executable, args, outputFile: file.path, input: input)
        return (status, (try? String(contentsOf: file, encoding: .utf8)) ?? "")
    }
}

/// An exclusive `flock` on a file, held until `unlock`.
final class FileLock {
    private let fd: Int32
    init(path: String) throws(EngineBuildError) {
        fd = open(path, O_CREAT | O_RDWR, 0o644)
        guard fd >= 0 else { throw .commandFailed(command: "open \(path)", status: errno, output: String(cString: strerror(errno))) }
        _ = flock(fd, LOCK_EX)
    }
    func unlock() {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}
