import Foundation
import JobQueue
import Postgres

/// LayoutBench's results in PostgreSQL: the schema, the writes the harness
/// makes during a run, and the reads reports and comparisons make after it.
///
///     let store = try await ResultStore.open(configuration)   // connects, migrates
///     try await store.beginRun(run, jobs: plan)
///     try await store.recordOutcome(outcome)                   // per job: samples by COPY
///     try await store.finishRun(run.id, status: .finished)
///     let details = try await store.runDetails(run.id)          // for the report
///
/// Every write is idempotent, so the harness's spool can replay any of them
/// after a failure without duplicating rows. All SQL is parameterised.
public actor ResultStore {
    /// Where the store is connected; safe to print (`redacted`).
    public nonisolated let configuration: PostgresConfiguration
    let connection: PostgresConnection
    /// Ids of machines and engines already upserted by this store.
    var machineIDs: [String: Int64] = [:]
    var engineIDs: [EngineInfo: Int64] = [:]

    private init(configuration: PostgresConfiguration, connection: PostgresConnection) {
        self.configuration = configuration
        self.connection = connection
    }

    /// What `open` does about the schema.
    public enum SchemaPolicy: Sendable {
        /// Apply pending migrations (what a run does).
        case migrate
        /// Refuse a schema that is not exactly current.
        case requireCurrent
        /// Leave it alone (for `db migrate`, which migrates and reports itself).
        case skip
    }

    /// Connects, and by default brings the schema up to date.
    ///
    /// - Throws: `ResultStoreError.unreachable`, `.migrationFailed`,
    ///   `.schemaTooNew`, or `.schemaOutdated` with `.requireCurrent`.
    public static func open(_ configuration: PostgresConfiguration, schema: SchemaPolicy = .migrate) async throws(ResultStoreError) -> ResultStore {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration)
        } catch let error as PostgresError {
            throw .unreachable(target: configuration.redacted, underlying: error)
        } catch {
            throw .unreachable(target: configuration.redacted, underlying: .connectionFailed(target: configuration.redacted, message: "\(error)"))
        }
        let store = ResultStore(configuration: configuration, connection: connection)
        switch schema {
        case .skip: break
        case .migrate: try await store.migrate()
        case .requireCurrent:
            let version = try await store.schemaVersion()
            if version < Migrations.latestVersion { throw .schemaOutdated(found: version, known: Migrations.latestVersion) }
            if version > Migrations.latestVersion { throw .schemaTooNew(found: version, known: Migrations.latestVersion) }
            let queue = try await ResultStoreError.wrap("read the job queue's schema version") {
                try await JobQueueSchema.appliedVersions(connection).max() ?? 0
            }
            if queue < JobQueueSchema.latestVersion { throw .queueSchemaOutdated(found: queue, known: JobQueueSchema.latestVersion) }
        }
        return store
    }

    /// Applies the store's pending migrations, then the job queue's (the
    /// queue keeps its own ledger, `queue_schema_migrations`); returns the
    /// store's versions applied by this call (empty when already current).
    ///
    /// - Throws: `ResultStoreError.migrationFailed`, `.schemaTooNew`, `.storage`.
    @discardableResult
    public func migrate() async throws(ResultStoreError) -> [Int] {
        let applied = try await Migrator(connection: connection, migrations: Migrations.all).migrate()
        try await ResultStoreError.wrap("migrate the job queue's tables") { _ = try await JobQueueSchema.migrate(connection) }
        return applied
    }

    /// The highest applied migration, 0 for an empty database.
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func schemaVersion() async throws(ResultStoreError) -> Int {
        try await Migrator(connection: connection, migrations: Migrations.all).appliedVersions(creatingTable: false).max() ?? 0
    }

    /// Whether the last statement found the server there.
    public var isConnected: Bool { get async { await connection.isConnected } }

    /// Opens the session again after a lost connection.
    ///
    /// - Throws: `ResultStoreError.unreachable`.
    public func reconnect() async throws(ResultStoreError) {
        do {
            try await connection.reconnect()
        } catch let error as PostgresError {
            throw .unreachable(target: configuration.redacted, underlying: error)
        } catch {
            throw .unreachable(target: configuration.redacted, underlying: .connectionLost(message: "\(error)", sql: nil))
        }
    }

    /// Ends the session.
    public func close() async { await connection.close() }
}
