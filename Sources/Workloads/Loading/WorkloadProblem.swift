/// One thing wrong with a workload file, located precisely enough to fix it.
///
/// The loader collects every problem it finds before giving up, so one run of
/// `layoutbench workloads validate` lists all of them.
public struct WorkloadProblem: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The file as given to the loader (a path, or the `file:` argument of `load(source:file:)`).
    public var file: String
    /// 1-based line; 0 when the problem concerns the file as a whole.
    public var line: Int
    /// 1-based column, counted in Unicode scalars; 0 when unknown.
    public var column: Int
    /// Key path of the offending value, e.g. `expectations[2].variant`; empty for the whole document.
    public var field: String
    /// What is wrong.
    public var message: String
    /// What to do about it.
    public var hint: String

    public init(file: String, line: Int, column: Int, field: String, message: String, hint: String) {
        self.file = file; self.line = line; self.column = column
        self.field = field; self.message = message; self.hint = hint
    }

    /// `file:line:col: field: message — what to do`, the format editors and
    /// CI logs link; `file: message` for a problem of the file as a whole.
    public var description: String {
        let location = line > 0 ? "\(file):\(line):\(column)" : file
        let subject = field.isEmpty ? "" : "\(field): "
        return hint.isEmpty ? "\(location): \(subject)\(message)" : "\(location): \(subject)\(message) — \(hint)"
    }
}

/// Why a workload could not be loaded: every problem found, in file order.
public enum WorkloadLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's problems, sorted by line and column. Never empty.
    case problems([WorkloadProblem])

    /// The problems, in file order.
    public var all: [WorkloadProblem] {
        switch self { case .problems(let p): p }
    }

    /// One problem per line, ready to print.
    public var description: String {
        all.map(\.description).joined(separator: "\n")
    }
}

extension [WorkloadProblem] {
    /// Problems in reading order: by file, then line, then column.
    func sortedByLocation() -> [WorkloadProblem] {
        enumerated().sorted { a, b in
            (a.element.file, a.element.line, a.element.column, a.offset)
                < (b.element.file, b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }
}
