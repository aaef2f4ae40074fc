import UntrustedText
import Yams

/// Reads typed values out of a composed YAML tree, recording a located
/// problem for every key or value that does not fit instead of stopping at
/// the first. Every value it reads leaves its position under its key path in
/// `marks`, so later semantic checks can point at the right line too.
final class NodeReader {
    let file: String
    private(set) var problems: [WorkloadProblem] = []
    /// Position of each value read, by key path (`variants.grouped.overrides.strategy`).
    private(set) var marks: [String: Mark] = [:]
    /// Position of each key, by key path: where to point when the name itself is wrong.
    private(set) var keyMarks: [String: Mark] = [:]

    init(file: String) { self.file = file }

    // MARK: Reporting

    func report(at mark: Mark?, _ field: String, _ message: String, _ hint: String) {
        problems.append(WorkloadProblem(file: file, line: mark?.line ?? 0, column: mark?.column ?? 0,
                                        field: field, message: message, hint: hint))
    }

    /// Reports at the position recorded for `field`'s value (or its key, with `atKey`),
    /// falling back to the nearest recorded parent.
    func report(field: String, atKey: Bool = false, _ message: String, _ hint: String) {
        report(at: mark(of: field, atKey: atKey), field, message, hint)
    }

    func mark(of field: String, atKey: Bool = false) -> Mark? {
        var path = Substring(field)
        while true {
            if atKey, let m = keyMarks[String(path)] { return m }
            if let m = marks[String(path)] ?? keyMarks[String(path)] { return m }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return marks[""] }
            path = path[..<cut]
        }
    }

    func remember(_ node: Node, at field: String) { if let m = node.mark { marks[field] = m } }

    // MARK: Mappings

    /// A mapping's entries in file order, with unknown keys reported (with the closest valid key)
    /// and missing required keys reported at the mapping.
    struct Fields {
        var entries: [(key: String, keyNode: Node, value: Node)] = []
        var path: String
        var mark: Mark?
        subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }
        func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    }

    func fields(_ node: Node, at path: String, allowed: [String]?, required: [String] = [],
                what: String = "a mapping") -> Fields? {
        remember(node, at: path)
        guard let mapping = node.mapping else {
            // At the root, no value is quoted: the path may have been a
            // mistyped argument naming any file, a password file included.
            report(at: node.mark, path, "expected \(what), found \(path.isEmpty ? Self.kind(of: node) : Self.describe(node))",
                   path.isEmpty ? "is this a workload file? Workloads/README.md shows the format"
                       : "write it as `key: value` lines indented under `\(path.split(separator: ".").last ?? "")`")
            return nil
        }
        var result = Fields(path: path, mark: node.mark)
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                report(at: keyNode.mark, path, "keys must be plain strings", "write the key as a word")
                continue
            }
            let field = result.path(key)
            if let allowed, !allowed.contains(key) {
                report(at: keyNode.mark, field, "unknown key '\(key)'", Self.suggestion(for: key, among: allowed))
                continue
            }
            if let m = keyNode.mark { keyMarks[field] = m }
            result.entries.append((key, keyNode, value))
        }
        for key in required where result[key] == nil {
            report(at: node.mark, result.path(key), "missing required key '\(key)'",
                   "add `\(key):` to \(path.isEmpty ? "the top level" : "`\(path)`")")
        }
        return result
    }

    static func suggestion(for key: String, among allowed: [String]) -> String {
        if let best = KeySuggestion.closest(to: key, among: allowed) {
            return "did you mean '\(best)'? Valid keys: \(allowed.joined(separator: ", "))"
        }
        return "valid keys: \(allowed.joined(separator: ", "))"
    }

    // MARK: Scalars

    func string(_ node: Node, at field: String) -> String? {
        remember(node, at: field)
        guard let scalar = node.scalar, node.tagName != .null else {
            report(at: node.mark, field, "expected a string, found \(Self.describe(node))", "write a single line of text")
            return nil
        }
        return scalar.string
    }

    func int(_ node: Node, at field: String) -> Int? {
        remember(node, at: field)
        guard node.scalar != nil, node.tagName == .int, let v = node.int else {
            report(at: node.mark, field, "expected an integer, found \(Self.describe(node))",
                   "write a whole number such as 1000")
            return nil
        }
        return v
    }

    func double(_ node: Node, at field: String) -> Double? {
        remember(node, at: field)
        guard node.scalar != nil, node.tagName == .int || node.tagName == .float, let v = node.float else {
            report(at: node.mark, field, "expected a number, found \(Self.describe(node))", "write a number such as 0.01")
            return nil
        }
        return v
    }

    func list(_ node: Node, at field: String, of what: String) -> [Node]? {
        remember(node, at: field)
        guard let sequence = node.sequence else {
            report(at: node.mark, field, "expected a list of \(what), found \(Self.describe(node))",
                   "write a list such as [a, b] or one `- item` per line")
            return nil
        }
        return Array(sequence)
    }

    /// A parameter value: scalars by their YAML type, lists element by element; mappings are refused.
    func parameterValue(_ node: Node, at field: String) -> ParameterValue? {
        remember(node, at: field)
        switch node {
        case .scalar(let s):
            switch node.tagName {
            case .int: if let v = node.int { return .int(v) }
            case .float: if let v = node.float { return .double(v) }
            case .bool: if let v = node.bool { return .bool(v) }
            case .null:
                report(at: node.mark, field, "a parameter needs a value", "write a value after the colon or remove the key")
                return nil
            default: break
            }
            return .string(s.string)
        case .sequence(let seq):
            var items: [ParameterValue] = []
            for (i, item) in seq.enumerated() {
                guard let v = parameterValue(item, at: "\(field)[\(i)]") else { return nil }
                items.append(v)
            }
            return .list(items)
        default:
            report(at: node.mark, field, "expected a number, boolean, string or list, found \(Self.describe(node))",
                   "parameters are flat: write `name: value`")
            return nil
        }
    }

    /// What sort of value `node` is, without the value.
    static func kind(of node: Node) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        case let .scalar(scalar): node.tagName == .null ? "nothing" : "a single value of \(scalar.string.count) characters"
        }
    }

    static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let s):
            switch node.tagName {
            case .null: return "nothing"
            case .int: return "the integer \(UntrustedText.clean(s.string, limit: 40))"
            case .float: return "the number \(UntrustedText.clean(s.string, limit: 40))"
            case .bool: return "the boolean \(UntrustedText.clean(s.string, limit: 40))"
            // Short and escaped: the file may be anything (a password file, a binary).
            default: return "the string '\(UntrustedText.clean(s.string, limit: 40))'"
            }
        }
    }
}

extension Node {
    /// The resolved YAML type (`Tag.name` is internal to Yams).
    var tagName: Tag.Name { Tag.Name(rawValue: tag.rawValue) }
}
