import Foundation
import ResultStore
import ScenarioCatalog
import Workloads

/// A workload file as loaded, with its text (sent to workers with each job).
public struct LoadedWorkload: Sendable {
    public var workload: Workload
    public var path: String
    public var source: String
}

/// An engine to measure: the label from `--engine NAME=PATH` and its worker.
public struct EngineChoice: Sendable, Equatable {
    public var label: String
    public var command: WorkerCommand

    public init(label: String, command: WorkerCommand) { self.label = label; self.command = command }

    /// Parses `NAME=PATH`.
    ///
    /// - Throws: `HarnessError.invalidEngineSpec`, `.engineNotUsable`.
    public static func parse(_ spec: String) throws(HarnessError) -> EngineChoice {
        guard let equals = spec.firstIndex(of: "="), equals != spec.startIndex, spec.index(after: equals) != spec.endIndex else {
            throw .invalidEngineSpec(spec)
        }
        let path = String(spec[spec.index(after: equals)...])
        if let problem = ExecutablePath.problem(path) { throw .engineNotUsable(path: path, reason: problem) }
        return EngineChoice(label: String(spec[..<equals]), command: WorkerCommand(executable: path))
    }
}

/// Which jobs a run has: workloads × variants × sizes × engines, narrowed by
/// the command line's filters, engines innermost so that the engines'
/// measurements of one configuration are taken close together.
public struct JobPlanner: Sendable {
    public var workloadsDirectory: URL
    public var catalog: DriverCatalog?

    public init(workloadsDirectory: URL, catalog: DriverCatalog? = ScenarioCatalog.catalog) {
        self.workloadsDirectory = workloadsDirectory; self.catalog = catalog
    }

    /// The named workloads (names or paths), or every file in the directory when `names` is empty.
    ///
    /// - Throws: `HarnessError.unknownWorkload`, `.workloadProblems`, `.workloadsDirectoryMissing`.
    public func load(_ names: [String]) throws(HarnessError) -> [LoadedWorkload] {
        var files: [URL]
        if names.isEmpty {
            guard FileManager.default.fileExists(atPath: workloadsDirectory.path) else {
                throw .workloadsDirectoryMissing(workloadsDirectory.path)
            }
            files = ((try? FileManager.default.contentsOfDirectory(at: workloadsDirectory, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "yaml" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        } else {
            files = []
            for name in names {
                let file = WorkloadLoader.locate(name, in: workloadsDirectory)
                guard FileManager.default.fileExists(atPath: file.path) else {
                    throw .unknownWorkload(name, available: availableNames())
                }
                files.append(file)
            }
        }
        var loaded: [LoadedWorkload] = [], problems: [WorkloadProblem] = []
        for file in files {
            do {
                let workload = try WorkloadLoader.load(file: file, catalog: catalog)
                let source = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                loaded.append(LoadedWorkload(workload: workload, path: file.path, source: source))
            } catch {
                problems += error.all
            }
        }
        if !problems.isEmpty { throw .workloadProblems(problems) }
        return loaded
    }

    /// Workload names in the directory.
    public func availableNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: workloadsDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The jobs of a run.
    ///
    /// - Throws: `HarnessError.unknownVariants`, `.noJobs`.
    public func plan(runID: UUID, workloads: [LoadedWorkload], variants: [String]?, sizes: [Int]?, samples: Int?,
                     seed: UInt64, engines: [EngineChoice]) throws(HarnessError) -> [PlannedJob] {
        if let variants {
            let known = Set(workloads.flatMap { $0.workload.variants.map(\.name) })
            let unknown = variants.filter { !known.contains($0) }
            if !unknown.isEmpty { throw .unknownVariants(unknown, available: known.sorted()) }
        }
        guard !engines.isEmpty else { throw .noJobs(reason: "no engine to run") }
        var jobs: [PlannedJob] = []
        for loaded in workloads {
            let workload = loaded.workload
            // A variant measured in several processes is planned once per
            // process, round after round: a cell's processes then run seconds
            // apart, not back to back, so one stretch of load meets one of them.
            let rounds = workload.variants.map { workload.processes(of: $0.name) }.max() ?? 1
            for round in 0..<rounds {
                for variant in workload.variants where variants?.contains(variant.name) ?? true
                    && round < workload.processes(of: variant.name) {
                    for size in Self.sizes(of: workload, asked: sizes).run {
                        for engine in engines {
                            jobs.append(PlannedJob(runID: runID, ordinal: jobs.count, workload: workload.name,
                                                   workloadPath: loaded.path, variant: variant.name, size: size, seed: seed,
                                                   engineLabel: engine.label,
                                                   parameters: workload.resolvedParameters(variant: variant, size: size),
                                                   requestedSamples: samples))
                        }
                    }
                }
            }
        }
        if jobs.isEmpty {
            let offered = Set(workloads.flatMap(\.workload.sweep.sizes)).sorted().map(String.init).joined(separator: ", ")
            throw .noJobs(reason: sizes == nil ? "the selected workloads have no variants" : "no selected workload runs the sizes asked for (they offer \(offered))")
        }
        return jobs
    }

    /// The sizes a workload runs. Without `asked`, its sweep. With `asked`
    /// (`--sizes`), every asked size its driver's sweep parameter accepts,
    /// whether or not the sweep lists it — asked sizes extend the sweep —
    /// and, in `dropped`, those outside the driver's bounds.
    public static func sizes(of workload: Workload, asked: [Int]?,
                             catalog: DriverCatalog = ScenarioCatalog.catalog) -> (run: [Int], dropped: [Int]) {
        guard let asked else { return (workload.sweep.sizes, []) }
        let spec = catalog.driver(named: workload.driver)?.parameter(named: workload.sweep.parameter)
        var run: [Int] = [], dropped: [Int] = []
        for size in Array(Set(asked)).sorted() {
            let inside = Double(size) >= (spec?.minimum ?? 1) && Double(size) <= (spec?.maximum ?? Double(Int.max))
            if inside { run.append(size) } else { dropped.append(size) }
        }
        return (run, dropped)
    }
}
