import Foundation
import UntrustedText

/// Reads a text file given by a user, saying what the path is when it is
/// not a readable UTF-8 file, and never echoing what it holds: a path
/// mistyped onto a password file must not print the password.
public enum SourceFile {
    /// Why a path could not be read as text.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        case missing
        case notAFile(kind: String)
        case unreadable(reason: String)
        case tooLarge(bytes: Int, limit: Int)
        case notUTF8(offset: Int)

        public var description: String {
            switch self {
            case .missing: "there is no file at this path"
            case let .notAFile(kind): "the path is \(kind), not a file"
            case let .unreadable(reason): "the file cannot be read (\(reason))"
            case let .tooLarge(bytes, limit): "the file is \(bytes) bytes; at most \(limit) are read"
            case let .notUTF8(offset): "the file is not UTF-8 text (an invalid byte at offset \(offset))"
            }
        }
    }

    /// The text of the regular file at `path`, at most `limit` bytes.
    ///
    /// - Throws: `ReadError` naming what the path is.
    public static func read(_ path: String, limit: Int) throws(ReadError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing }
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notAFile(kind: "a directory")
        case S_IFIFO: throw .notAFile(kind: "a FIFO (named pipe)")
        case S_IFSOCK: throw .notAFile(kind: "a socket")
        case S_IFCHR, S_IFBLK: throw .notAFile(kind: "a device")
        default: throw .notAFile(kind: "not a regular file")
        }
        guard Int(info.st_size) <= limit else { throw .tooLarge(bytes: Int(info.st_size), limit: limit) }
        // O_NONBLOCK: should the path turn into a FIFO between stat and open, open must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let got = bytes[count...].withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { throw .unreadable(reason: String(cString: strerror(errno))) }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { throw .tooLarge(bytes: count, limit: limit) }
        let data = bytes.prefix(count)
        guard let text = String(validating: data, as: UTF8.self) else { throw .notUTF8(offset: Self.firstInvalidByte(data)) }
        return text
    }

    /// Where decoding `data` as UTF-8 first fails.
    private static func firstInvalidByte(_ data: ArraySlice<UInt8>) -> Int {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case let .scalarValue(scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }
}
