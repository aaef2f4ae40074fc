import Foundation
import UntrustedText

/// One line of a spool file: its number, its bytes, and its record when it decodes.
struct SpoolLine: Sendable {
    var number: Int
    var text: Data
    var record: SpoolRecord?
}

/// Where spool records the store refuses for good are kept:
/// `<spool directory>/quarantine/<spool file name>`, one JSON object a line
/// (`line`, `reason`, `record` as it was spooled). Keeping them aside lets
/// the rest of the file, and every later run, be stored; the file stays
/// until someone has looked at it.
public struct SpoolQuarantine {
    let path: String

    init(spoolFile: String) {
        let url = URL(fileURLWithPath: spoolFile)
        path = url.deletingLastPathComponent().appendingPathComponent("quarantine")
            .appendingPathComponent(url.lastPathComponent).path
    }

    /// Appends `line` with `reason`, unless an earlier replay already kept it.
    ///
    /// - Throws: `SpoolError.cannotWrite` (then the spool file stays whole).
    func keep(_ line: SpoolLine, reason: String) throws(SpoolError) {
        let entry: [String: Any] = ["line": line.number, "reason": UntrustedText.clean(reason, limit: UntrustedText.messageLimit),
                                    "record": String(decoding: line.text, as: UTF8.self)]
        guard var data = try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            throw .cannotWrite(path: path, reason: "the record cannot be encoded")
        }
        let existing = FileManager.default.contents(atPath: path) ?? Data()
        if existing.range(of: data) != nil { return }
        data.append(UInt8(ascii: "\n"))
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: path, reason: "\(error.localizedDescription)")
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count, fsync(descriptor) == 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// What to tell the user about `files`.
    public static func notice(records: Int, files: [String]) -> String {
        "\(records) spooled record(s) could not be stored and were set aside in \(files.joined(separator: ", ")); "
            + "the rest were stored. Inspect with `cat \(files.first ?? "")`; delete the file once read"
    }
}
