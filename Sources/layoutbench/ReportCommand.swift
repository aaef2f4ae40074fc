import ArgumentParser
import Foundation
import Harness
import ResultStore
import Workloads

/// `layoutbench report`: (re)write a stored run's report and verdicts.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the HTML report (and JSON, CSV, Markdown) of a stored run.",
        discussion: """
            Analyses the run's samples — per-cell statistics, scaling fits, the workloads' expectations — \
            and writes Reports/<run-id>/ (index.html, analysis.json, samples.csv, cells.csv, summary.md) \
            and the index of runs, Reports/index.html. The pages are self-contained: open them from disk. \
            The verdicts are stored with the run. `layoutbench run` does this at its end; use this command \
            for an older run, another output folder, or after `layoutbench db flush`.

            Examples:
              layoutbench report                       # the latest run
              layoutbench report --run 3f2a…           # a run id from `layoutbench db runs`
              layoutbench report --run gha-812-1       # the --run-id a sharded run's shards shared
              layoutbench report --out /tmp/reports
            """)

    @Option(name: .long, help: ArgumentHelp("The run: its id, the --run-id its shards shared, or 'latest'.", valueName: "id|latest"))
    var run: String = "latest"

    @Option(name: .long, help: ArgumentHelp("Reports folder (default: Reports/ in the project).", valueName: "dir"))
    var out: String?

    @Option(name: .long, help: ArgumentHelp("Directory of workload files, for titles and expectations (default: Workloads/).", valueName: "path"))
    var workloadsDirectory: String?

    @OptionGroup var database: DatabaseOptions

    @Option(name: .long, help: ArgumentHelp("Colour: auto (a terminal, unless NO_COLOR is set), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    func run() async throws {
        try await reportingErrors {
            let store = try await database.openStore()
            let id: UUID
            if run == "latest" {
                guard let latest = try await store.latestRun() else {
                    throw ValidationError("there are no runs in the database yet — start one with `layoutbench run`")
                }
                id = latest.id
            } else {
                guard let parsed = SharedRunID.uuid(for: run) else {
                    throw ValidationError("--run takes a run id (`layoutbench db runs` lists them), the --run-id its shards shared, or 'latest'")
                }
                id = parsed
            }
            let details: RunDetails
            do { details = try await store.runDetails(id) } catch ResultStoreError.runNotFound {
                throw ValidationError("no stored run has the id \"\(run)\"\(UUID(uuidString: run) == nil ? " (nor was it a shared --run-id)" : "") — "
                                      + "`layoutbench db runs` lists the stored runs' ids")
            }
            let root = database.locator.root
            let directory = workloadsDirectory.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("Workloads")
            let workloads = Self.workloads(named: Set(details.jobs.map(\.plan.workload)), in: directory)
            let reports = out.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("Reports")
            let outcome = try RunReporting.report(details, workloads: workloads, reportsDirectory: reports)
            try await store.recordVerdicts(outcome.storedVerdicts, runID: id)
            try await store.setReportPath(outcome.runPage.path, runID: id)
            print(ExpectationTable.render(outcome.storedVerdicts, style: .standardOutput(color)), terminator: "")
            print("report: \(outcome.runPage.path)")
        }
    }

    /// The run's workloads as they are on disk now (titles, talks, expectations);
    /// a workload whose file is gone is reported without its expectations.
    static func workloads(named names: Set<String>, in directory: URL) -> [Workload] {
        names.sorted().compactMap { name in
            try? WorkloadLoader.load(file: directory.appendingPathComponent("\(name).yaml"))
        }
    }
}
