import ArgumentParser
import Foundation
import Harness
import ScenarioCatalog
import Workloads

/// `layoutbench workloads …`: list, show and validate workload files.
struct WorkloadsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workloads",
        abstract: "List, show and validate workload files (Workloads/*.yaml).",
        discussion: """
            Examples:
              layoutbench workloads list
              layoutbench workloads list --json | jq -r '.workloads[].name'
              layoutbench workloads show independent-blocks
              layoutbench workloads validate                 # every file in Workloads/
              layoutbench workloads validate my-draft.yaml
            """,
        subcommands: [List.self, Show.self, Validate.self])

    struct DirectoryOption: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("Directory of workload files (default: Workloads/ in the project).", valueName: "path"))
        var workloadsDirectory: String?

        var planner: JobPlanner {
            JobPlanner(workloadsDirectory: workloadsDirectory.map { URL(fileURLWithPath: $0) }
                ?? DatabaseLocator.projectRoot().appendingPathComponent("Workloads"))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One line per workload: name, variants, sizes, title.")
        @OptionGroup var directory: DirectoryOption
        @OptionGroup var output: OutputOptions
        func run() async throws {
            try await reportingErrors {
                let loaded = try directory.planner.load([])
                if output.json { return output.emit(WorkloadListDocument(loaded)) }
                let width = loaded.map(\.workload.name.count).max() ?? 0
                for item in loaded {
                    let workload = item.workload
                    let name = workload.name.padding(toLength: width, withPad: " ", startingAt: 0)
                    print("\(name)  \(workload.variants.count) variant(s) × sizes \(workload.sweep.sizes.map(String.init).joined(separator: ","))  \(workload.title)")
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Everything about one workload: talk, driver, parameters, variants, expectations.")
        @OptionGroup var directory: DirectoryOption
        @Argument(help: "Workload name or file path.") var name: String
        @OptionGroup var output: OutputOptions
        func run() async throws {
            try await reportingErrors {
                guard let item = try directory.planner.load([name]).first else { return }
                if output.json { return output.emit(WorkloadDocument(item)) }
                let w = item.workload
                print("\(w.name): \(w.title)")
                print("file:        \(item.path)")
                print("talk:        \(w.talk.title)\(w.talk.time.isEmpty ? "" : " at \(w.talk.time)") (docs/scenarios.md \(w.talk.scenario))")
                print("driver:      \(w.driver)")
                print("parameters:  " + w.parameters.keys.sorted().map { "\($0)=\(w.parameters[$0]!)" }.joined(separator: ", "))
                print("sweep:       \(w.sweep.parameter) = \(w.sweep.sizes.map(String.init).joined(separator: ", "))")
                print("measurement: \(w.measurement.samples) samples, \(w.measurement.warmupIterations) warm-up iteration(s), ≥ \(w.measurement.minSampleSeconds) s per sample")
                print("variants:")
                for variant in w.variants {
                    let overrides = variant.overrides.keys.sorted().map { "\($0)=\(variant.overrides[$0]!)" }.joined(separator: ", ")
                    print("  \(variant.name)\(overrides.isEmpty ? "" : " (\(overrides))")\(variant.description.isEmpty ? "" : ": \(variant.description)")")
                }
                print("expectations:")
                for (index, expectation) in w.expectations.enumerated() { print("  \(index). \(expectation.summary)") }
                print("\n" + w.description)
            }
        }
    }

    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check workload files against the format and the driver catalog; exit 1 on any problem.")
        @OptionGroup var directory: DirectoryOption
        @Argument(help: "Files to check (default: every file in the workloads directory).") var files: [String] = []
        func run() async throws {
            try await reportingErrors {
                let planner = directory.planner
                let targets = files.isEmpty
                    ? planner.availableNames().map { planner.workloadsDirectory.appendingPathComponent($0 + ".yaml") }
                    : files.map { URL(fileURLWithPath: $0) }
                var problems: [WorkloadProblem] = []
                for file in targets {
                    do throws(WorkloadLoadError) { _ = try WorkloadLoader.load(file: file, catalog: ScenarioCatalog.catalog) } catch { problems += error.all }
                }
                if !problems.isEmpty { throw HarnessError.workloadProblems(problems) }
                print("\(targets.count) workload file(s) valid")
            }
        }
    }
}
