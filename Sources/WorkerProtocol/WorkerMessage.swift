import Foundation

/// One line on the worker's standard output.
public enum WorkerMessage: Sendable, Equatable {
    case hello(Hello)
    case sample(Sample)
    case summary(JobSummary)
    case error(WorkerFailure)
}

/// Why a line from a worker could not be understood.
public enum ProtocolError: Error, Equatable, CustomStringConvertible {
    case malformedLine(String, reason: String)
    case unknownType(String)
    case versionMismatch(expected: Int, got: Int)

    public var description: String {
        switch self {
        case .malformedLine(let line, let reason):
            "worker printed a line that is not a protocol message (\(reason)): \(line.prefix(200)) — workers must print only JSON lines on stdout; send human output to stderr"
        case .unknownType(let type):
            "worker sent a message of unknown type '\(type)' — expected hello, sample, summary or error; is the worker built from a newer protocol?"
        case .versionMismatch(let expected, let got):
            "worker speaks protocol version \(got) but the harness speaks \(expected) — rebuild the worker and the harness from the same revision"
        }
    }
}

extension WorkerMessage: Codable {
    private enum TypeKey: String, CodingKey { case type }

    public init(from decoder: Decoder) throws {
        let type = try decoder.container(keyedBy: TypeKey.self).decode(String.self, forKey: .type)
        switch type {
        case "hello": self = .hello(try Hello(from: decoder))
        case "sample": self = .sample(try Sample(from: decoder))
        case "summary": self = .summary(try JobSummary(from: decoder))
        case "error": self = .error(try WorkerFailure(from: decoder))
        default: throw ProtocolError.unknownType(type)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: TypeKey.self)
        switch self {
        case .hello(let m): try c.encode("hello", forKey: .type); try m.encode(to: encoder)
        case .sample(let m): try c.encode("sample", forKey: .type); try m.encode(to: encoder)
        case .summary(let m): try c.encode("summary", forKey: .type); try m.encode(to: encoder)
        case .error(let m): try c.encode("error", forKey: .type); try m.encode(to: encoder)
        }
    }
}

/// Encodes and decodes protocol lines (one JSON object, no newline inside).
public enum ProtocolCoding {
    public static func encodeLine<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    public static func decodeMessage(_ line: Substring) throws(ProtocolError) -> WorkerMessage {
        do {
            return try JSONDecoder().decode(WorkerMessage.self, from: Data(line.utf8))
        } catch let error as ProtocolError {
            throw error
        } catch {
            throw .malformedLine(String(line), reason: Self.reason(error))
        }
    }

    public static func decodeJob(_ line: Substring) throws(ProtocolError) -> JobRequest {
        let job: JobRequest
        do { job = try JSONDecoder().decode(JobRequest.self, from: Data(line.utf8)) }
        catch { throw .malformedLine(String(line), reason: Self.reason(error)) }
        guard job.protocolVersion == WorkerProtocol.version else {
            throw .versionMismatch(expected: WorkerProtocol.version, got: job.protocolVersion)
        }
        return job
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let ctx), DecodingError.valueNotFound(_, let ctx):
            "wrong type at '\(ctx.codingPath.map(\.stringValue).joined(separator: "."))'"
        case DecodingError.dataCorrupted: "not valid JSON"
        default: "\(error)"
        }
    }
}
