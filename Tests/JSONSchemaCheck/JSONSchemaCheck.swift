import Foundation

/// A JSON value as parsed, keeping booleans, integers and other numbers apart
/// (what `type` in a schema tells apart).
public indirect enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), int(Int), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let v = try? c.decode(Bool.self) { self = .bool(v) }
        else if let v = try? c.decode(Int.self) { self = .int(v) }
        else if let v = try? c.decode(Double.self) { self = .number(v) }
        else if let v = try? c.decode(String.self) { self = .string(v) }
        else if let v = try? c.decode([JSONValue].self) { self = .array(v) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    public static func parse(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    public subscript(key: String) -> JSONValue? { if case let .object(o) = self { o[key] } else { nil } }
    public var string: String? { if case let .string(s) = self { s } else { nil } }
    public var int: Int? { if case let .int(i) = self { i } else { nil } }
    public var items: [JSONValue]? { if case let .array(a) = self { a } else { nil } }

    fileprivate var typeName: String {
        switch self {
        case .null: "null"; case .bool: "boolean"; case .int: "integer"; case .number: "number"
        case .string: "string"; case .array: "array"; case .object: "object"
        }
    }
}

/// Checks a document against the part of JSON Schema the checked-in schemas
/// (docs/schemas/) use: `type` (one or a list), `properties`, `required`,
/// `additionalProperties` (false or a schema), `items`, `enum`, `minimum`.
/// A keyword outside that subset is reported, so a schema cannot silently
/// ask for more than is checked.
public enum JSONSchemaCheck {
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/schemas")

    static let understood: Set = ["$schema", "title", "type", "properties", "required", "additionalProperties", "items", "enum", "minimum"]

    /// The problems of `document` (JSON text) against `docs/schemas/<name>`; empty when it conforms.
    public static func problems(_ document: String, schema name: String) throws -> [String] {
        let schema = try JSONValue.parse(String(contentsOf: schemas.appendingPathComponent(name), encoding: .utf8))
        let value: JSONValue
        do { value = try JSONValue.parse(document) } catch { return ["not JSON: \(error); the text was: \(document.prefix(300))"] }
        return problems(value, schema, at: "$")
    }

    public static func problems(_ value: JSONValue, _ schema: JSONValue, at path: String) -> [String] {
        guard case let .object(s) = schema else { return ["\(path): the schema is not an object"] }
        var found = s.keys.filter { !understood.contains($0) }.map { "\(path): schema keyword \($0) is not checked" }
        if let type = s["type"] {
            let allowed = type.items?.compactMap(\.string) ?? [type.string ?? ""]
            let name = value.typeName
            if !(allowed.contains(name) || (name == "integer" && allowed.contains("number"))) {
                return found + ["\(path): \(name), the schema wants \(allowed.joined(separator: " or "))"]
            }
        }
        if let options = s["enum"]?.items, !options.contains(value) { found.append("\(path): \(value) is not one of \(options)") }
        if let minimum = s["minimum"] {
            let bound: Double = switch minimum { case let .int(i): Double(i); case let .number(d): d; default: -.infinity }
            let actual: Double? = switch value { case let .int(i): Double(i); case let .number(d): d; default: nil }
            if let actual, actual < bound { found.append("\(path): \(actual) is below \(bound)") }
        }
        if case let .object(object) = value {
            let properties: [String: JSONValue] = if case let .object(p)? = s["properties"] { p } else { [:] }
            for key in s["required"]?.items?.compactMap(\.string) ?? [] where object[key] == nil {
                found.append("\(path): \(key) is missing")
            }
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] {
                    found += problems(member, property, at: "\(path).\(key)")
                } else if let extra = s["additionalProperties"] {
                    if extra == .bool(false) { found.append("\(path).\(key) is not in the schema") }
                    else if case .object = extra { found += problems(member, extra, at: "\(path).\(key)") }
                }
            }
        }
        if case let .array(elements) = value, let items = s["items"] {
            for (index, element) in elements.enumerated() { found += problems(element, items, at: "\(path)[\(index)]") }
        }
        return found
    }
}
