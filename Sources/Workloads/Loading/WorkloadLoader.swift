import Foundation
import UntrustedText
import Yams

/// Loads and validates workload files (`Workloads/NAME.yaml`; format in
/// `Workloads/README.md`).
///
/// Every problem is collected before failing, each with file, line, column,
/// key path and what to do. Pass a `DriverCatalog` (from `ScenarioCatalog`)
/// to also check the driver name, its parameters' names, types and limits,
/// and the counters expectations name; without one only the file's own
/// structure is checked.
public enum WorkloadLoader {
    /// Largest size a sweep may list unless the caller allows more.
    public static let defaultSizeLimit = 1_000_000

    /// Loads one file; its `name:` must equal the file name without `.yaml`.
    /// - Throws: `WorkloadLoadError.problems` with every problem found
    ///   (an unreadable file is one problem at line 0).
    public static func load(file: URL, catalog: DriverCatalog? = nil,
                            sizeLimit: Int = defaultSizeLimit) throws(WorkloadLoadError) -> Workload {
        let path = file.path
        let source: String
        do { source = try SourceFile.read(path, limit: WorkloadBudget.maxFileBytes) } catch {
            if case .tooLarge(_, let limit) = error {
                // Point at the byte where the file crosses the limit, so an editor opens there.
                let (line, column) = Self.position(ofByte: limit, inFileAt: path)
                throw .problems([WorkloadProblem(file: path, line: line, column: column, field: "", message: error.description,
                                                 hint: "everything from here on is over the limit: split the workload into files, or shorten it")])
            }
            throw .problems([WorkloadProblem(file: path, line: 0, column: 0, field: "", message: error.description,
                                             hint: "check the path; workload files are UTF-8 text in Workloads/NAME.yaml")])
        }
        let stem = file.pathExtension == "yaml" ? file.deletingPathExtension().lastPathComponent : nil
        return try parse(source: source, file: path, expectedName: stem, catalog: catalog, sizeLimit: sizeLimit)
    }

    /// The 1-based line and column of byte `offset` of the file at `path`,
    /// reading no more than `offset` bytes; (1, 1) when it cannot be read.
    static func position(ofByte offset: Int, inFileAt path: String) -> (line: Int, column: Int) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return (1, 1) }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: offset)) ?? Data()
        return position(ofByte: offset, in: String(decoding: head, as: UTF8.self))
    }

    /// Loads a workload from text; `file` is used only in problem locations.
    /// - Throws: `WorkloadLoadError.problems` with every problem found.
    public static func load(source: String, file: String, catalog: DriverCatalog? = nil,
                            sizeLimit: Int = defaultSizeLimit) throws(WorkloadLoadError) -> Workload {
        try parse(source: source, file: file, expectedName: nil, catalog: catalog, sizeLimit: sizeLimit)
    }

    /// Loads every `*.yaml` file in `url` (not recursing), sorted by file name.
    /// Files with problems are left out of `workloads`; their problems are all in `problems`.
    public static func loadDirectory(_ url: URL, catalog: DriverCatalog? = nil,
                                     sizeLimit: Int = defaultSizeLimit) -> (workloads: [Workload], problems: [WorkloadProblem]) {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "yaml" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            return ([], [WorkloadProblem(file: url.path, line: 0, column: 0, field: "",
                                         message: "cannot list the directory (\(Self.reason(error)))",
                                         hint: "pass the Workloads/ directory of a LayoutBench checkout")])
        }
        var workloads: [Workload] = [], problems: [WorkloadProblem] = []
        for file in files {
            do { workloads.append(try load(file: file, catalog: catalog, sizeLimit: sizeLimit)) }
            catch { problems += error.all }
        }
        return (workloads, problems)
    }

    /// Finds `NAME.yaml` in `directory`, or the file at `nameOrPath` when it is a path.
    public static func locate(_ nameOrPath: String, in directory: URL) -> URL {
        if nameOrPath.hasSuffix(".yaml") || nameOrPath.contains("/") { return URL(fileURLWithPath: nameOrPath) }
        return directory.appendingPathComponent("\(nameOrPath).yaml")
    }

    private static func parse(source: String, file: String, expectedName: String?, catalog: DriverCatalog?,
                              sizeLimit: Int) throws(WorkloadLoadError) -> Workload {
        let reader = NodeReader(file: file)
        if let problem = WorkloadBudget.checkText(source, file: file) { throw .problems([problem]) }
        let root: Node?
        do { root = try Yams.compose(yaml: source) } catch {
            throw .problems([syntaxProblem(error, file: file, source: source)])
        }
        if let root, let problem = WorkloadBudget.checkTree(root, file: file) { throw .problems([problem]) }
        guard let root else {
            throw .problems([WorkloadProblem(file: file, line: 1, column: 1, field: "", message: "the file is empty",
                                             hint: "start from the example in Workloads/README.md")])
        }
        let workload = WorkloadParser(reader: reader, sizeLimit: sizeLimit).parse(root)
        if let workload {
            WorkloadValidator(reader: reader, catalog: catalog, expectedName: expectedName).validate(workload)
        }
        guard let workload, reader.problems.isEmpty else {
            throw .problems(reader.problems.sortedByLocation())
        }
        return workload
    }

    private static func syntaxProblem(_ error: Error, file: String, source: String) -> WorkloadProblem {
        // Never the error's own text: Yams quotes the offending lines, and the file may be anything.
        var line = 1, column = 1, message = "the YAML cannot be read"
        switch error as? YamlError {
        case .reader(let problem, let offset, _, _):
            if let offset { (line, column) = position(ofByte: offset, in: source) }
            message = UntrustedText.clean(problem, limit: 200)
        case .scanner(_, let problem, let m, _), .parser(_, let problem, let m, _), .composer(_, let problem, let m, _):
            (line, column) = (m.line, m.column); message = UntrustedText.clean(problem, limit: 200)
        case .duplicatedKeysInMapping(let keys, let context):
            (line, column) = (context.mark.line, context.mark.column)
            message = "duplicate key\(keys.count > 1 ? "s" : "") \(keys.prefix(5).map { "'\(UntrustedText.clean($0, limit: 40))'" }.joined(separator: ", "))"
        default: break
        }
        return WorkloadProblem(file: file, line: line, column: column, field: "",
                               message: "YAML syntax error: \(message)",
                               hint: "fix the YAML (indent with spaces; quote values containing ': ' or '#')")
    }

    /// Line and column (1-based, in Unicode scalars) of the byte at `offset`.
    static func position(ofByte offset: Int, in source: String) -> (line: Int, column: Int) {
        var line = 1, column = 1, consumed = 0
        for scalar in source.unicodeScalars {
            if consumed >= offset { break }
            consumed += UTF8.width(scalar)
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    private static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
