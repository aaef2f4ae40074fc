import Foundation
import Yams

/// What a workload file may cost the loader, checked before the costly
/// steps: the text before YAML composes it (composing hashes mapping keys,
/// and an alias to an alias to an alias… repeats that work exponentially),
/// the composed tree before anything walks it as if aliases were copies.
/// A file over any limit is one problem at the place that crossed it.
enum WorkloadBudget {
    /// The largest file: forty times the largest shipped workload.
    static let maxFileBytes = 256 * 1024
    /// Aliases (`*name`) in a file. Shipped workloads use none; ten bound
    /// what a chain of them can multiply to (at most 3^(10/3) ≈ 39 times).
    static let maxAliases = 10
    /// Nesting of flow collections (`[` and `{`), and block indentation.
    static let maxFlowDepth = 32
    static let maxIndent = 160
    /// Nodes of the composed document with every alias expanded, and its depth.
    static let maxNodes = 100_000
    static let maxDepth = 32
    /// Entries of the lists whose length drives the number of jobs.
    static let maxVariants = 100
    static let maxSizes = 100
    static let maxExpectations = 200

    /// The first limit `source` crosses, if any.
    static func checkText(_ source: String, file: String) -> WorkloadProblem? {
        let bytes = source.utf8.count
        if bytes > maxFileBytes {
            return WorkloadProblem(file: file, line: 1, column: 1, field: "",
                                   message: "the file is \(bytes) bytes; a workload file may have at most \(maxFileBytes)",
                                   hint: "workloads describe a scenario; generate large inputs in the driver, from parameters")
        }
        var aliases = 0, flowDepth = 0
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars)
            let indent = scalars.prefix { $0 == " " }.count
            if indent > maxIndent {
                return problem(file, index, indent + 1, "the line is indented \(indent) columns (at most \(maxIndent))",
                               "nest less deeply; workloads need a handful of levels")
            }
            var quote: Unicode.Scalar?
            var previous: Unicode.Scalar = " "
            for (column, scalar) in scalars.enumerated() {
                defer { previous = scalar }
                if let open = quote {
                    if scalar == open { quote = nil }
                    continue
                }
                let atTokenStart = previous == " " || previous == "\t" || "[{,:-?".unicodeScalars.contains(previous) || column == 0
                switch scalar {
                case "#" where previous == " " || previous == "\t" || column == 0:
                    break
                case "\"" where atTokenStart, "'" where atTokenStart:
                    quote = scalar
                    continue
                case "[", "{":
                    flowDepth += 1
                    if flowDepth > maxFlowDepth {
                        return problem(file, index, column + 1, "brackets nest deeper than \(maxFlowDepth) levels",
                                       "nest less deeply; workloads need a handful of levels")
                    }
                    continue
                case "]", "}":
                    flowDepth = max(0, flowDepth - 1)
                    continue
                case "*" where atTokenStart && column + 1 < scalars.count && !" \t,]}".unicodeScalars.contains(scalars[column + 1]):
                    aliases += 1
                    if aliases > maxAliases {
                        return problem(file, index, column + 1, "more than \(maxAliases) aliases (*name) in one file",
                                       "write the values out; if this `*` is text, quote the value")
                    }
                    continue
                default:
                    continue
                }
                break  // a comment: the rest of the line is not YAML
            }
        }
        return nil
    }

    /// The first place where the document, aliases expanded, grows past
    /// `maxNodes` or nests past `maxDepth`. Stops counting there, so the
    /// walk itself is bounded.
    static func checkTree(_ root: Node, file: String) -> WorkloadProblem? {
        var count = 0
        var pending: [(Node, Int)] = [(root, 1)]
        while let (node, depth) = pending.popLast() {
            count += 1
            if depth > maxDepth {
                return WorkloadProblem(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, field: "",
                                       message: "values nest deeper than \(maxDepth) levels",
                                       hint: "nest less deeply; workloads need a handful of levels")
            }
            if count > maxNodes {
                return WorkloadProblem(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, field: "",
                                       message: "the document expands to more than \(maxNodes) values (aliases counted as copies)",
                                       hint: "remove aliases that repeat large values, or shorten the lists")
            }
            switch node {
            case let .mapping(mapping):
                for (key, value) in mapping { pending.append((key, depth + 1)); pending.append((value, depth + 1)) }
            case let .sequence(sequence):
                for item in sequence { pending.append((item, depth + 1)) }
            default:
                break
            }
        }
        return nil
    }

    private static func problem(_ file: String, _ lineIndex: Int, _ column: Int, _ message: String, _ hint: String) -> WorkloadProblem {
        WorkloadProblem(file: file, line: lineIndex + 1, column: column, field: "", message: message, hint: hint)
    }
}
