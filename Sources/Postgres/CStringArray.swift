/// Strings packed NUL-terminated into one buffer, lent to C as a
/// `const char *const *` array that ends with a NULL pointer.
///
/// One buffer instead of one allocation per string: a statement with many
/// parameters, or a connection's keyword list, costs two allocations. The
/// embedded cluster lends its spawned commands' arguments the same way.
package struct CStringArray {
    private var bytes: [UInt8] = []
    /// Start of each string in `bytes`; nil marks a NULL entry.
    private var starts: [Int?] = []

    init() {}

    package init(_ strings: [String]) {
        for string in strings { append { $0.append(contentsOf: string.utf8) } }
    }

    var count: Int { starts.count }

    /// Adds one string written by `write`; a NUL terminator follows it.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        starts.append(bytes.count)
        write(&bytes)
        bytes.append(0)
    }

    mutating func appendNull() { starts.append(nil) }

    /// Lends the pointer array to `body`; the pointers die when it returns.
    package func withPointers<R>(_ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        bytes.withUnsafeBytes { raw in
            let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
            var pointers = starts.map { start in start.flatMap { offset in base.map { UnsafePointer($0 + offset) } } }
            pointers.append(nil)
            return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
        }
    }
}

/// Statement parameters as `PQexecParams` wants them: type OIDs and
/// NUL-terminated text values.
struct ParameterBuffer {
    private var values = CStringArray()
    private var types: [UInt32] = []

    mutating func append(_ value: PostgresValue?) {
        types.append(value?.typeOID ?? 0)
        if let value {
            values.append { value.appendText(to: &$0) }
        } else {
            values.appendNull()
        }
    }

    package func withPointers<R>(_ body: (UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        types.withUnsafeBufferPointer { types in
            values.withPointers { values in body(types.isEmpty ? nil : types.baseAddress, values) }
        }
    }
}
