/// Cuts a byte stream into lines as bytes arrive.
struct LineBuffer {
    private var pending: [UInt8] = []
    /// A line longer than this is cut off (a worker must not flood memory).
    static let maxLineBytes = 16 << 20

    /// Appends `bytes` and returns every line completed by them, without newlines.
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> [Substring] {
        var lines: [Substring] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(Substring(String(decoding: pending, as: UTF8.self)))
                pending.removeAll(keepingCapacity: true)
            } else if pending.count < Self.maxLineBytes {
                pending.append(byte)
            }
        }
        return lines
    }

    /// What is left after the stream ended without a final newline.
    mutating func finish() -> Substring? {
        defer { pending.removeAll() }
        return pending.isEmpty ? nil : Substring(String(decoding: pending, as: UTF8.self))
    }
}

/// Keeps the first and the last bytes written to a stream (a worker's
/// stderr): a crash report's first lines say what happened, the last ones
/// where it ended.
struct TailBuffer {
    private var head: [UInt8] = []
    private var tail: [UInt8] = []
    private var dropped = false
    let headLimit: Int
    let tailLimit: Int

    init(headLimit: Int = 1024, tailLimit: Int = 4096) {
        self.headLimit = headLimit; self.tailLimit = tailLimit
    }

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        var rest = chunk[...]
        if head.count < headLimit {
            let taken = rest.prefix(headLimit - head.count)
            head.append(contentsOf: taken)
            rest = rest.dropFirst(taken.count)
        }
        tail.append(contentsOf: rest)
        if tail.count > tailLimit * 2 {
            tail.removeFirst(tail.count - tailLimit)
            dropped = true
        }
    }

    /// The head's first lines, and up to `lines` lines of the tail.
    func text(lines: Int = 20) -> String {
        let first = String(decoding: head, as: UTF8.self)
        guard !tail.isEmpty else { return first.trimmingCharacters(in: .newlines) }
        let last = String(decoding: tail.suffix(tailLimit), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).suffix(lines + 1).joined(separator: "\n")
        let gap = dropped || tail.count > tailLimit ? "\n…\n" : ""
        return (first + gap + last).trimmingCharacters(in: .newlines)
    }
}

import Foundation
