import ArgumentParser
import Foundation
import Harness
import Postgres
import ResultStore

/// `layoutbench db …`: the results database.
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Manage the results database (the embedded cluster, or the one --database names).",
        discussion: """
            Examples:
              layoutbench db status
              layoutbench db runs --json | jq -r '.runs[0].id'
              layoutbench db psql -- -c 'SELECT count(*) FROM samples'
              layoutbench db url                      # for scripts: psql "$(layoutbench db url)"
              layoutbench db flush                    # send spooled results after an outage
            """,
        subcommands: [Start.self, Stop.self, Status.self, URLCommand.self, Migrate.self, Psql.self, Flush.self, Runs.self])

    /// Refuses start/stop for a database the harness does not own.
    static func requireEmbedded(_ locator: DatabaseLocator, _ verb: String) throws {
        guard locator.source == .embedded else {
            throw ValidationError("`db \(verb)` manages only the embedded cluster; this command is pointed at "
                                  + "\(locator.source == .flag ? "--database" : "$\(DatabaseLocator.environmentVariable)"). "
                                  + "Drop that to manage .layoutbench/postgres.")
        }
    }

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create (once) and start the embedded cluster; print its URL.")
        @OptionGroup var database: DatabaseOptions
        func run() async throws {
            try await reportingErrors {
                try DatabaseCommand.requireEmbedded(database.locator, "start")
                let store = try await database.openStore()
                print(store.configuration.urlIncludingPassword)
                await store.close()
            }
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop the embedded cluster (its data stays).")
        @OptionGroup var database: DatabaseOptions
        func run() async throws {
            try await reportingErrors {
                try DatabaseCommand.requireEmbedded(database.locator, "stop")
                try await database.locator.embedded.stop()
                print("stopped \(database.locator.embedded.directory)")
            }
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Where results go, whether the server answers, the schema version, spooled files.")
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions
        func run() async throws {
            try await reportingErrors {
                let locator = database.locator
                var document = DatabaseStatusDocument(source: "\(locator.source)", location: "", server: "", schemaVersion: nil,
                                                      latestSchemaVersion: Migrations.latestVersion, runs: nil, spoolFiles: 0, healthy: true)
                var lines: [String] = []
                switch locator.source {
                case .embedded:
                    let cluster = locator.embedded
                    document.location = "\(cluster.directory)"
                    document.server = "\(cluster.status())"
                    lines.append("database: embedded cluster in \(cluster.directory): \(cluster.status())")
                case .flag, .environment:
                    document.location = try await locator.resolve().redacted
                    lines.append("database: \(document.location) (from \(locator.source == .flag ? "--database" : "$\(DatabaseLocator.environmentVariable)"))")
                }
                if locator.source != .embedded || { if case .running = locator.embedded.status() { true } else { false } }() {
                    let store = try await ResultStore.open(try await locator.resolve(startingEmbedded: false), schema: .skip)
                    if locator.source != .embedded { document.server = "answering" }
                    // A fresh database has no tables yet: the first run (or `db migrate`) creates them.
                    let version = try await store.schemaVersion()
                    document.schemaVersion = version
                    document.runs = version == 0 ? 0 : try await store.runCount()
                    document.healthy = version <= Migrations.latestVersion
                    lines.append(version == 0
                        ? "schema: not created yet — the first `layoutbench run` (or `layoutbench db migrate`) creates it"
                        : "schema: version \(version) (this layoutbench: \(Migrations.latestVersion))")
                    lines.append("runs: \(document.runs ?? 0)\(version == 0 ? "" : " — `layoutbench db runs` lists them")")
                    await store.close()
                }
                let pending = SpoolReplayer(directory: locator.spoolDirectory).pendingFiles()
                document.spoolFiles = pending.count
                if !pending.isEmpty { document.healthy = false }
                lines.append("spool: \(pending.isEmpty ? "empty" : "\(pending.count) file(s) waiting in \(locator.spoolDirectory); `layoutbench db flush` sends them")")
                if output.json { output.emit(document) } else { lines.forEach { print($0) } }
            }
        }
    }

    struct URLCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "url", abstract: "Print the database URL (starts the embedded cluster if needed).")
        @OptionGroup var database: DatabaseOptions
        func run() async throws {
            try await reportingErrors { print(try await database.locator.resolve().urlIncludingPassword) }
        }
    }

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Apply pending schema migrations (runs also do this by themselves).")
        @OptionGroup var database: DatabaseOptions
        func run() async throws {
            try await reportingErrors {
                let store = try await database.openStore(schema: .skip)
                let applied = try await store.migrate()
                print(applied.isEmpty ? "schema is current (version \(Migrations.latestVersion))"
                                      : "applied migration(s) \(applied.map(String.init).joined(separator: ", ")); schema is at version \(Migrations.latestVersion)")
                await store.close()
            }
        }
    }

    struct Psql: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open psql on the results database; arguments after -- go to psql.",
            discussion: "Example: layoutbench db psql -- -c 'SELECT workload, count(*) FROM jobs GROUP BY 1'")
        @OptionGroup var database: DatabaseOptions
        @Argument(parsing: .postTerminator, help: "Arguments for psql.") var arguments: [String] = []
        func run() async throws {
            try await reportingErrors {
                let url = try await database.locator.resolve().urlIncludingPassword
                let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
                guard let psql = directories.map({ $0 + "/psql" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
                    throw ValidationError("psql is not installed: apt-get install postgresql-client")
                }
                let argv = ["psql", url] + arguments
                let cArgs = argv.map { strdup($0) } + [nil]
                execv(psql, cArgs)
                throw ValidationError("could not start \(psql): \(String(cString: strerror(errno)))")
            }
        }
    }

    struct Flush: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send spooled results (kept while the database was away) to the database.")
        @OptionGroup var database: DatabaseOptions
        func run() async throws {
            try await reportingErrors {
                let locator = database.locator
                let store = try await database.openStore()
                let summary = try await SpoolReplayer(directory: locator.spoolDirectory).flushAll(into: store)
                print("sent \(summary.files) spool file(s): \(summary.runs) run(s), \(summary.outcomes) job outcome(s), \(summary.samples) sample(s)"
                      + (summary.busy > 0 ? "; \(summary.busy) file(s) belong to runs still going and were left alone" : ""))
                if summary.quarantined > 0 {
                    print(SpoolQuarantine.notice(records: summary.quarantined, files: summary.quarantineFiles))
                }
                await store.close()
            }
        }
    }

    struct Runs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the most recent runs: id, start, status, duration, engines, jobs.",
            discussion: "The ids are what `layoutbench report --run ID` and `runs follow ID` take.")
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "How many runs.") var limit = 20
        func run() async throws {
            try await reportingErrors {
                let store = try await database.openStore()
                let runs = try await store.runs(limit: limit)
                if output.json {
                    output.emit(RunListDocument(runs))
                } else {
                    let formatter = ISO8601DateFormatter()
                    for run in runs {
                        let duration = run.finishedAt.map { String(format: "%.1f s", $0.timeIntervalSince(run.startedAt)) } ?? "—"
                        print("\(run.id.uuidString.lowercased())  \(formatter.string(from: run.startedAt))  \(run.status.rawValue)  \(duration)  "
                              + "\(run.engineLabels.joined(separator: ","))  \(run.jobCount) jobs, \(run.failedJobCount) failed  \(run.machine.hostname)")
                    }
                }
                await store.close()
            }
        }
    }
}
