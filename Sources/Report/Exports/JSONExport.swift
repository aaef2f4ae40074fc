import Analysis
import Foundation

/// `analysis.json`: the run's description and its whole analysis — cells,
/// series fits, counter fits, ratios and verdicts — for other tools.
/// Samples are in `samples.csv`, not here, so the file stays small.
/// Keys are sorted so two reports of one run are byte-identical.
public struct JSONExport: ReportRenderer {
    public init() {}
    public var fileName: String { "analysis.json" }
    public var location: ReportLocation { .runDirectory }

    /// The exported document (format version 1).
    public struct Document: Codable, Sendable {
        public var format = "layoutbench-analysis"
        public var version = 1
        public var run: RunHeader
        public var analysis: RunAnalysis
    }

    /// The run without its samples.
    public struct RunHeader: Codable, Sendable {
        public var id: String
        public var startedAt: Date
        public var finishedAt: Date?
        public var label: String
        public var machine: MachineInfo
        public var engines: [EngineRecord]
        public var workloads: [String]
        public var jobs: Int
        public var samples: Int
    }

    public func render(_ input: ReportInput) -> String {
        let r = input.run
        let doc = Document(run: RunHeader(id: r.id, startedAt: r.startedAt, finishedAt: r.finishedAt, label: r.label,
                                          machine: r.machine, engines: r.engines, workloads: r.workloads.map(\.name),
                                          jobs: r.jobs.count, samples: r.sampleCount),
                           analysis: input.analysis)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // NaN and infinity are not JSON; they only arise for undefined ratios.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        guard let data = try? encoder.encode(doc) else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

}
