/// What a worker may claim: every number finite and in a physical range,
/// samples numbered 0, 1, 2… and a summary that answers the request it was
/// given. The harness checks each message as it arrives; the first
/// violation fails the job as `protocol`, so nothing a broken or hostile
/// engine says reaches the analysis.
public enum MessageValidation {
    /// Longest a sample may take: one day, the longest a job may run.
    public static let maxSampleSeconds = 86_400.0
    /// Most iterations one sample may claim (a nanosecond each for a day).
    public static let maxIterations = 100_000_000_000_000

    /// Whether a sample's numbers are ones a real measurement can produce.
    public static func problem(in sample: Sample) -> String? {
        if sample.iterations < 1 || sample.iterations > maxIterations {
            return "sample \(sample.index) claims \(sample.iterations) iterations (allowed: 1…\(maxIterations))"
        }
        for (name, value) in [("wall_seconds", sample.wallSeconds), ("cpu_seconds", sample.cpuSeconds)] {
            guard value.isFinite, value >= 0, value <= maxSampleSeconds else {
                return "sample \(sample.index) has \(name) \(value) (allowed: 0…\(Int(maxSampleSeconds)) s, finite)"
            }
        }
        for (name, value) in [("allocations", sample.allocations), ("allocated_bytes", sample.allocatedBytes)] {
            if let value, value < 0 { return "sample \(sample.index) has negative \(name) \(value)" }
        }
        return nil
    }

    /// Checks the next sample: in range, and numbered right after the last one.
    public static func problem(in sample: Sample, expectedIndex: Int) -> String? {
        guard sample.index == expectedIndex else {
            return "sample index \(sample.index) where \(expectedIndex) was due (indexes must be unique and consecutive from 0)"
        }
        return problem(in: sample)
    }

    /// Checks a summary against the request and the samples sent before it.
    /// `workloadNames` are the names the workload may go by (its `name`
    /// field, its file's stem); empty skips that check.
    public static func problem(in summary: JobSummary, request: JobRequest, samples: [Sample],
                               workloadNames: Set<String>) -> String? {
        if !workloadNames.isEmpty, !workloadNames.contains(summary.workload) {
            return "the summary names workload \(Self.quoted(summary.workload)), but the job was \(workloadNames.sorted().joined(separator: " or "))"
        }
        if summary.variant != request.variant {
            return "the summary names variant \(Self.quoted(summary.variant)), but the job was \(request.variant)"
        }
        if summary.size != request.size { return "the summary names size \(summary.size), but the job was \(request.size)" }
        if summary.seed != request.seed { return "the summary names seed \(summary.seed), but the job was \(request.seed)" }
        let measured = samples.filter { !$0.warmup }.count
        if summary.samples != measured {
            return "the summary counts \(summary.samples) measured samples, but \(measured) were sent"
        }
        let numbers: [(String, Double?)] = [
            ("median_seconds", summary.medianSeconds), ("median_cpu_seconds", summary.medianCPUSeconds),
            ("allocations_per_iteration", summary.allocationsPerIteration),
            ("allocated_bytes_per_iteration", summary.allocatedBytesPerIteration),
            ("overhead_fraction", summary.overheadFraction),
        ]
        for (name, value) in numbers {
            if let value, !(value.isFinite && value >= 0 && value <= 1e18) {
                return "the summary's \(name) is \(value) (allowed: finite, 0…1e18)"
            }
        }
        for (name, value) in summary.counters where !value.isFinite || abs(value) > 1e18 {
            return "the summary's counter \(Self.quoted(name)) is \(value) (allowed: finite, at most 1e18 in size)"
        }
        if let peak = summary.peakMemoryBytes, peak < 0 { return "the summary's peak_memory_bytes is negative (\(peak))" }
        if let iterations = summary.iterationsPerSample, iterations < 1 || iterations > maxIterations {
            return "the summary's iterations_per_sample is \(iterations) (allowed: 1…\(maxIterations))"
        }
        if let retaken = summary.retakenSamples, retaken < 0 { return "the summary's retaken_samples is negative (\(retaken))" }
        return nil
    }

    private static func quoted(_ text: String) -> String {
        "\"" + String(text.unicodeScalars.prefix(80).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) }) + "\""
    }
}
