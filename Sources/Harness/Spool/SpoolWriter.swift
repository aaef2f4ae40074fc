import Foundation
import Synchronization

/// Appends records to one run's spool file, `<directory>/<run id>.jsonl`.
///
/// The file is held under an exclusive `flock` while the run lives, so a
/// flush started elsewhere (`db flush`, the next run) leaves it alone.
/// `append(_:sync:)` with `sync` calls fsync, which the harness does before
/// each database write; samples are appended as they arrive without it.
/// Safe to use from several threads (parallel jobs).
public final class SpoolWriter: Sendable {
    public let path: String
    private let state: Mutex<State>

    private struct State {
        var descriptor: Int32
        let encoder: JSONEncoder
        var bytes = 0
    }

    /// Creates (or reopens) the file and locks it.
    ///
    /// - Throws: `SpoolError.cannotOpen`.
    /// `part` tells apart the files of processes that share a run (its shards).
    public init(directory: String, runID: UUID, part: String? = nil) throws(SpoolError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: directory, reason: error.localizedDescription)
        }
        path = directory + "/" + runID.uuidString.lowercased() + (part.map { "." + $0 } ?? "") + ".jsonl"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            Glibc.close(descriptor)
            throw .cannotOpen(path: path, reason: "another layoutbench process holds it")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        state = Mutex(State(descriptor: descriptor, encoder: encoder))
    }

    /// Appends one record as one line; with `sync`, waits until it is on disk.
    ///
    /// - Throws: `SpoolError.cannotWrite`.
    public func append(_ record: SpoolRecord, sync: Bool = false) throws(SpoolError) {
        let path = path
        try state.withLock { (state: inout State) throws(SpoolError) in
            guard state.descriptor >= 0 else { throw .cannotWrite(path: path, reason: "the spool is closed") }
            var line: Data
            do { line = try state.encoder.encode(record) } catch {
                throw .cannotWrite(path: path, reason: "\(error)")
            }
            line.append(UInt8(ascii: "\n"))
            let descriptor = state.descriptor
            let written = line.withUnsafeBytes { raw -> Int in
                var offset = 0
                while offset < raw.count {
                    let n = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 { return -1 }
                    offset += n
                }
                return offset
            }
            guard written == line.count else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            state.bytes += written
            if sync, fsync(descriptor) != 0 { throw .cannotWrite(path: path, reason: "fsync: \(String(cString: strerror(errno)))") }
        }
    }

    /// Releases the lock; with `delete`, removes the file first (everything
    /// in it is in the database).
    public func close(delete: Bool) {
        state.withLock { state in
            guard state.descriptor >= 0 else { return }
            if delete { unlink(path) }
            Glibc.close(state.descriptor)
            state.descriptor = -1
        }
    }

    deinit { close(delete: false) }
}
