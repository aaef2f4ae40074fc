import ArgumentParser
import Foundation
import Harness

/// `layoutbench`: benchmark runs, the results database, the workloads.
@main
struct LayoutBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutbench",
        abstract: "Benchmark LayoutBench's layout engine on the talks' workloads and keep every sample in PostgreSQL.",
        discussion: """
            Start with `layoutbench run`: it runs every workload in Workloads/ and stores the results. \
            With no --database and no \(DatabaseLocator.environmentVariable), results go to a private \
            PostgreSQL cluster in .layoutbench/postgres, started on demand.

            Examples:
              layoutbench run
              layoutbench run independent-blocks --sizes 10,100 --samples 5
              layoutbench workloads list
              layoutbench db status
              layoutbench compare origin/main HEAD --markdown compare.md
            """,
        version: HarnessVersion.current,
        subcommands: [RunCommand.self, ReportCommand.self, CompareCommand.self, AgentCommand.self, RunsCommand.self, DatabaseCommand.self,
                      WorkloadsCommand.self, BenchCommand.self]
    )
}

/// Runs a command body and turns any error into `error: …` / `try: …` and exit code 1.
func reportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        ErrorRenderer.report(error)
        throw ExitCode.failure
    }
}
