import Foundation
import Postgres

/// What can go wrong storing or reading results. Every message says what to
/// try next; none shows a password (targets are redacted).
public enum ResultStoreError: Error, Sendable, CustomStringConvertible {
    /// The database could not be reached.
    case unreachable(target: String, underlying: PostgresError)
    /// A migration failed; nothing of it was applied.
    case migrationFailed(version: Int, name: String, underlying: PostgresError)
    /// The database was migrated by a newer LayoutBench than this one.
    case schemaTooNew(found: Int, known: Int)
    /// The schema is older than this build expects and migrating was not asked for.
    case schemaOutdated(found: Int, known: Int)
    /// The job queue's tables are older than this build expects and migrating was not asked for.
    case queueSchemaOutdated(found: Int, known: Int)
    /// A write or read failed. `operation` says which.
    case storage(operation: String, underlying: PostgresError)
    /// No run with this id is stored.
    case runNotFound(String)
    /// A stored value could not be read back (edited by hand, or a bug).
    case corruptValue(table: String, column: String, value: String)

    /// Whether the same work can succeed later, once the server is back:
    /// the spool keeps such writes for `db flush`.
    public var isRetryable: Bool {
        switch self {
        case let .unreachable(_, error), let .storage(_, error): return error.isRetryable
        case .migrationFailed, .schemaTooNew, .schemaOutdated, .queueSchemaOutdated, .runNotFound, .corruptValue: return false
        }
    }

    /// Whether the server refused the values themselves (a data exception
    /// such as a NUL in text, or a broken constraint): the same record is
    /// refused every time, wherever it is sent, so it must be set aside
    /// rather than retried.
    public var isRefusedValue: Bool {
        guard case let .storage(_, underlying) = self else { return false }
        switch underlying {
        case let .queryFailed(state, _, _, _, _): return state.hasPrefix("22") || state.hasPrefix("23")
        case .invalidParameter, .copyRowWidthMismatch: return true
        default: return false
        }
    }

    /// What went wrong.
    public var message: String {
        switch self {
        case let .unreachable(target, underlying):
            return "cannot reach the results database at \(target): \(underlying)"
        case let .migrationFailed(version, name, underlying):
            return "migration \(version) (\(name)) failed and was rolled back: \(underlying)"
        case let .schemaTooNew(found, known):
            return "the database schema is at version \(found), but this layoutbench knows only up to \(known)"
        case let .schemaOutdated(found, known):
            return "the database schema is at version \(found); this layoutbench needs \(known)"
        case let .queueSchemaOutdated(found, known):
            return "the job queue's tables are at version \(found); this layoutbench needs \(known)"
        case let .storage(operation, underlying):
            return "could not \(operation): \(underlying)"
        case let .runNotFound(id):
            return "no run \(id) is stored in this database"
        case let .corruptValue(table, column, value):
            return "\(table).\(column) holds \(value.prefix(80)), which this layoutbench cannot read"
        }
    }

    /// What to try next.
    public var suggestion: String {
        switch self {
        case .unreachable:
            return "check `layoutbench db status`, or leave out --database and LAYOUTBENCH_DATABASE_URL to use the embedded cluster"
        case .migrationFailed:
            return "fix the cause and run `layoutbench db migrate` again"
        case .schemaTooNew:
            return "update layoutbench (git pull, swift build) or point --database at another database"
        case .schemaOutdated, .queueSchemaOutdated:
            return "run `layoutbench db migrate`"
        case let .storage(_, underlying):
            if underlying.isRetryable { return "results are kept in the spool; run `layoutbench db flush` once the database is back" }
            if isRefusedValue {
                return "the database refused a value; `layoutbench db flush` sets such records aside in .layoutbench/spool/quarantine "
                    + "and stores the rest"
            }
            return "check `layoutbench db status` (it says whether the schema needs `layoutbench db migrate`), and report it if it persists"
        case .runNotFound:
            return "list the stored runs with `layoutbench db runs`, or check --database"
        case .corruptValue:
            return "was the row edited by hand? delete the run or fix the value"
        }
    }

    public var description: String { message + ". " + suggestion.prefix(1).uppercased() + suggestion.dropFirst() + "." }
}

extension ResultStoreError {
    /// Wraps errors thrown while doing `operation`: PostgresError becomes
    /// `.storage`, store errors pass through.
    @discardableResult
    static func wrap<T>(_ operation: String, isolation: isolated (any Actor)? = #isolation,
                        _ body: () async throws -> T) async throws(ResultStoreError) -> T {
        do {
            return try await body()
        } catch let error as ResultStoreError {
            throw error
        } catch let error as PostgresError {
            throw .storage(operation: operation, underlying: error)
        } catch {
            throw .storage(operation: operation, underlying: .connectionLost(message: "\(error)", sql: nil))
        }
    }
}
