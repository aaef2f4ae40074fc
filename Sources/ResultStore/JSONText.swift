import Foundation
import Workloads

/// Plain JSON for `jsonb` columns: parameters as `{"rows": 100, "mode": "x"}`
/// rather than the tagged form Swift's synthesised Codable would write.
enum JSONText {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Only plain values and our own types reach here; they always encode.
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "null"
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String, table: String, column: String) throws(ResultStoreError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw .corruptValue(table: table, column: column, value: text)
        }
    }

    static func parameters(_ values: [String: ParameterValue]) -> String {
        encode(values.mapValues(PlainParameter.init))
    }

    static func parameters(from text: String, table: String) throws(ResultStoreError) -> [String: ParameterValue] {
        try decode([String: PlainParameter].self, text, table: table, column: "parameters").mapValues(\.value)
    }
}

/// A `ParameterValue` spelt as bare JSON: number, boolean, string or array.
struct PlainParameter: Codable {
    let value: ParameterValue

    init(_ value: ParameterValue) { self.value = value }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            value = .int(number)
        } else if let number = try? container.decode(Double.self) {
            value = .double(number)
        } else if let text = try? container.decode(String.self) {
            value = .string(text)
        } else {
            value = .list(try container.decode([PlainParameter].self).map(\.value))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case let .int(number): try container.encode(number)
        case let .double(number): try container.encode(number)
        case let .bool(flag): try container.encode(flag)
        case let .string(text): try container.encode(text)
        case let .list(items): try container.encode(items.map(PlainParameter.init))
        }
    }
}
