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
///
/// For the same reason a job's request carries only its own variant: the
/// other variants' entries and the `expectations` section (the harness's to
/// check) are blanked, so an older worker never refuses a workload for a
/// variant that uses a parameter it lacks while it runs one it has.
///
/// A variant that no expectation times (its claims are on exact counters
/// and digests) is measured with at most ``countedOnlySamples`` samples
/// unless `--samples` asks otherwise: they give the report its times, and
/// more would measure what no verdict reads. A variant a ratio claim on
/// time compares runs in at least ``Workload/ratioProcesses`` processes
/// (``JobPlanner``), its samples spread over them
/// (``Workload/samples(of:)``).
public struct WorkerRequests: Sendable {
    struct Prepared: Sendable {
        var source: String
        var measurement: MeasurementSettings?
        /// The workload the file holds; nil when it does not load.
        var workload: Workload?
    }
    /// Samples for a variant whose claims read no time.
    public static let countedOnlySamples = 3

    private let prepared: [String: Prepared]
    /// Workload path → variant → the text with only that variant, where it could be cut out.
    private let perVariant: [String: [String: String]]

    /// - Parameter sources: workload path → the file's text, as planned.
    public init(sources: [String: String]) {
        var prepared: [String: Prepared] = [:], perVariant: [String: [String: String]] = [:]
        for (path, source) in sources {
            let entry = Self.prepare(source, file: path)
            prepared[path] = entry
            perVariant[path] = entry.workload.map { Self.variantSources(entry.source, workload: $0, file: path) } ?? [:]
        }
        self.prepared = prepared
        self.perVariant = perVariant
    }

    /// The request for `job`: its workload's text without the measurement
    /// section, the expectations and the other variants, and the
    /// measurement settings (`--samples` first; fewer samples for a variant
    /// no claim times) as fields.
    public func request(for job: PlannedJob) -> JobRequest {
        let entry = prepared[job.workloadPath]
        let source = perVariant[job.workloadPath]?[job.variant] ?? entry?.source
        var request = JobRequest(workloadPath: job.workloadPath, workloadSource: source, variant: job.variant,
                                 size: job.size, seed: job.seed, samples: job.requestedSamples)
        let counted = entry?.workload.map { w in !w.expectations.contains { $0.timedVariants.contains(job.variant) } } ?? false
        // Sent when the measurement section was cut from the text (else the
        // worker reads it there), and whenever a ratio variant's samples are
        // spread over extra processes, which the text does not say.
        let planned = entry?.workload?.samples(of: job.variant)
        let samples = entry?.measurement != nil || planned != entry?.workload?.measurement.samples ? planned : nil
        request.samples = job.requestedSamples ?? (counted ? min(samples ?? Self.countedOnlySamples, Self.countedOnlySamples) : samples)
        if let m = entry?.measurement {
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
        guard let original = try? WorkloadLoader.load(source: source, file: file) else { return Prepared(source: source) }
        let unchanged = Prepared(source: source, workload: original)
        let withoutSection = withoutMeasurement(source)
        let stripped = withoutTalkKey("title_en", withoutSection)
        guard stripped != source else { return unchanged }
        guard var reread = try? WorkloadLoader.load(source: stripped, file: file),
              reread.measurement == MeasurementSettings(), reread.talk.titleEnglish == nil else { return unchanged }
        reread.measurement = original.measurement
        reread.talk.titleEnglish = original.talk.titleEnglish
        guard reread == original else { return unchanged }
        return Prepared(source: stripped, measurement: withoutSection == source ? nil : original.measurement, workload: original)
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
                      lines[i].prefix(while: { $0 == " " || $0 == "\t" }).count > indent {
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

    /// For each variant of `workload`, whose prepared text is `source`, the
    /// text with the `expectations` section and every other variant's entry
    /// blank; a variant is left out (its jobs get the whole text) when the
    /// cut text does not read back as exactly the workload with only that
    /// variant and no expectations.
    static func variantSources(_ source: String, workload: Workload, file: String) -> [String: String] {
        guard workload.variants.count > 1 || !workload.expectations.isEmpty else { return [:] }
        let withoutExpectations = withoutTopLevel("expectations", source)
        var result: [String: String] = [:]
        for variant in workload.variants {
            let cut = onlyVariant(variant.name, withoutExpectations)
            guard var reread = try? WorkloadLoader.load(source: cut, file: file), reread.expectations.isEmpty,
                  reread.variants == [variant] else { continue }
            reread.variants = workload.variants
            reread.expectations = workload.expectations
            reread.measurement = workload.measurement
            reread.talk.titleEnglish = workload.talk.titleEnglish
            guard reread == workload else { continue }
            result[variant.name] = cut
        }
        return result
    }

    /// `source` with the entries of its top-level `variants:` block other
    /// than `name`'s blank (block style only; flow style is left as is).
    static func onlyVariant(_ name: String, _ source: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("variants:") }),
              lines[start].trimmingCharacters(in: .whitespaces) == "variants:" else { return source }
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        func isFiller(_ line: String) -> Bool {
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.isEmpty || t.hasPrefix("#")
        }
        var i = start + 1
        var entryIndent: Int?
        var keep = true
        while i < lines.count {
            let line = lines[i]
            if isFiller(line) { if !keep { lines[i] = "" }; i += 1; continue }
            let depth = indent(line)
            if depth == 0 { break }   // the next top-level key
            if entryIndent == nil { entryIndent = depth }
            if depth == entryIndent {
                var key = line.dropFirst(depth).prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces)
                if key.count >= 2, let q = key.first, q == "\"" || q == "'", key.last == q { key = String(key.dropFirst().dropLast()) }
                keep = key == name
            } else if depth < entryIndent! {
                return source   // an indentation this reading does not follow
            }
            if !keep { lines[i] = "" }
            i += 1
        }
        return lines.joined(separator: "\n")
    }

    /// `source` with the lines of its top-level `key:` entry blank: the
    /// key's line and every following line that is indented, blank or a
    /// comment, up to the next top-level line.
    static func withoutTopLevel(_ key: String, _ source: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix(key + ":") || lines[i].hasPrefix(key + " :") else { i += 1; continue }
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

    /// `source` with the lines of its top-level `measurement:` entry blank:
    /// the key's line and every following line that is indented, blank or
    /// a comment, up to the next top-level line.
    static func withoutMeasurement(_ source: String) -> String { withoutTopLevel("measurement", source) }
}
