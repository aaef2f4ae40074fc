import Foundation

/// `--run-id`: the id every shard of one run shares. A UUID is taken as it
/// is; any other text (a CI run number, `"$GITHUB_RUN_ID-$GITHUB_RUN_ATTEMPT"`)
/// names the same UUID on every machine — a name-based UUID (version 5
/// layout) from the SHA-256 of the text — so a matrix needs no step that
/// makes an id and hands it to its jobs.
public enum SharedRunID {
    public static func uuid(for text: String) -> UUID? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if let id = UUID(uuidString: trimmed) { return id }
        let hex = SHA256.hex(Array(("layoutbench run " + trimmed).utf8))
        var bytes = stride(from: 0, to: 32, by: 2).map { offset -> UInt8 in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
