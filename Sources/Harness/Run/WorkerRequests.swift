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
/// (it then warms up without `warmup_seconds`). The talk's `title_en` is
/// blanked too, for the same reason: it labels pages and nothing else.
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

    /// The text without its top-level `measurement` section and its
    /// `talk.title_en`, and the section's settings; the text as given (and
    /// no settings) when it does not parse, or does not parse to the same
    /// workload without them.
    static func prepare(_ source: String, file: String) -> Prepared {
        let unchanged = Prepared(source: source, measurement: nil)
        guard let original = try? WorkloadLoader.load(source: source, file: file) else { return unchanged }
        let withoutSection = withoutMeasurement(source)
        let stripped = withoutTalkKey("title_en", withoutSection)
        guard stripped != source else { return unchanged }
        guard var reread = try? WorkloadLoader.load(source: stripped, file: file),
              reread.measurement == MeasurementSettings(), reread.talk.titleEnglish == nil else { return unchanged }
        reread.measurement = original.measurement
        reread.talk.titleEnglish = original.talk.titleEnglish
        guard reread == original else { return unchanged }
        return Prepared(source: stripped, measurement: withoutSection == source ? nil : original.measurement)
    }

    /// `source` without `key` inside its top-level `talk:` entry: in block
    /// style the key's line (and its continuation lines) blank, in flow
    /// style (`talk: {…}`) the `key: value` pair cut from the braces.
    static func withoutTalkKey(_ key: String, _ source: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix("talk:") || lines[i].hasPrefix("talk :") else { i += 1; continue }
            if lines[i].contains("{") { lines[i] = withoutFlowKey(key, lines[i]); i += 1; continue }
            i += 1
            while i < lines.count, lines[i].isEmpty || lines[i].first == " " || lines[i].first == "\t" || lines[i].first == "#" {
                let body = lines[i].drop { $0 == " " || $0 == "\t" }
                let indent = lines[i].count - body.count
                guard body.hasPrefix(key + ":") || body.hasPrefix(key + " :") else { i += 1; continue }
                lines[i] = ""
                i += 1
                // A folded or multi-line value continues on deeper-indented lines.
                while i < lines.count, !lines[i].isEmpty,
                      lines[i].prefix { $0 == " " || $0 == "\t" }.count > indent {
                    lines[i] = ""
                    i += 1
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `line` with `key: value` removed from its braces; the value ends at
    /// the first comma or closing brace outside quotes.
    private static func withoutFlowKey(_ key: String, _ line: String) -> String {
        let chars = Array(line)
        var quote: Character? = nil
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if let q = quote { if c == q { quote = nil }; i += 1; continue }
            if c == "\"" || c == "'" { quote = c; i += 1; continue }
            let startsPair = (c == "{" || c == ",")
            guard startsPair else { i += 1; continue }
            var j = i + 1
            while j < chars.count, chars[j] == " " { j += 1 }
            guard String(chars[j..<min(j + key.count, chars.count)]) == key else { i += 1; continue }
            var k = j + key.count
            while k < chars.count, chars[k] == " " { k += 1 }
            guard k < chars.count, chars[k] == ":" else { i += 1; continue }
            var end = k + 1
            var q: Character? = nil
            while end < chars.count {
                let e = chars[end]
                if let open = q { if e == open { q = nil } } else if e == "\"" || e == "'" { q = e } else if e == "," || e == "}" { break }
                end += 1
            }
            // Keep the brace that opened the pair; drop the comma after a first pair.
            let keepFrom = c == "{" ? i + 1 : i
            let resumeAt = (c == "{" && end < chars.count && chars[end] == ",") ? end + 1 : end
            return String(chars[..<keepFrom]) + withoutFlowKey(key, String(chars[resumeAt...]))
        }
        return line
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
