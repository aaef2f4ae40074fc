import ResultStore
import WorkerProtocol
import Workloads

/// The requests workers get for planned jobs.
///
/// A workload's `measurement` section is the harness's to read: `processes`
/// plans jobs, and the other settings travel in the request's own fields.
/// Workers get the workload's text without that section (its lines left
/// blank, so a worker's error still names the file's own line), because a
/// worker from an older revision refuses a key it does not know, and a
/// `compare` or an agent running an older engine would fail every job of a
/// workload that uses a newer setting. Such a worker reads the
/// settings it knows from the request and ignores the fields it does not
/// (it then warms up without `warmup_seconds`).
public struct WorkerRequests: Sendable {
    struct Prepared: Sendable {
        var source: String
        var measurement: MeasurementSettings?
    }
    private let prepared: [String: Prepared]

    /// - Parameter sources: workload path → the file's text, as planned.
    public init(sources: [String: String]) {
        var prepared: [String: Prepared] = [:]
        for (path, source) in sources {
            prepared[path] = Self.prepare(source, file: path)
        }
        self.prepared = prepared
    }

    /// The request for `job`: its workload's text without the measurement
    /// section, and that section's settings (`--samples` first) as fields.
    public func request(for job: PlannedJob) -> JobRequest {
        let entry = prepared[job.workloadPath]
        var request = JobRequest(workloadPath: job.workloadPath, workloadSource: entry?.source, variant: job.variant,
                                 size: job.size, seed: job.seed, samples: job.requestedSamples)
        if let m = entry?.measurement {
            request.samples = job.requestedSamples ?? m.samples
            request.warmupIterations = m.warmupIterations
            request.minSampleSeconds = m.minSampleSeconds
            if m.warmupSeconds > 0 { request.warmupSeconds = m.warmupSeconds }
        }
        return request
    }

    /// The text without its top-level `measurement` section, and the
    /// section's settings; the text as given (and no settings) when it
    /// does not parse, or does not parse to the same workload without them.
    static func prepare(_ source: String, file: String) -> Prepared {
        let unchanged = Prepared(source: source, measurement: nil)
        guard let original = try? WorkloadLoader.load(source: source, file: file) else { return unchanged }
        let stripped = withoutMeasurement(source)
        guard stripped != source else { return unchanged }
        guard var reread = try? WorkloadLoader.load(source: stripped, file: file),
              reread.measurement == MeasurementSettings() else { return unchanged }
        reread.measurement = original.measurement
        guard reread == original else { return unchanged }
        return Prepared(source: stripped, measurement: original.measurement)
    }

    /// `source` with the lines of its top-level `measurement:` entry blank:
    /// the key's line and every following line that is indented, blank or
    /// a comment, up to the next top-level line.
    static func withoutMeasurement(_ source: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix("measurement:") || lines[i].hasPrefix("measurement :") else { i += 1; continue }
            lines[i] = ""
            i += 1
            while i < lines.count, lines[i].isEmpty || lines[i].first == " " || lines[i].first == "\t"
                    || lines[i].first == "#" || lines[i].first == "\r" {
                lines[i] = ""
                i += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
